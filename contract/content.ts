// Content pages, blog posts and case studies (shared/API.md "Content"): what visitors read,
// bodies rendered from Markdown to sanitized HTML, and the admin's editor.
import { z } from 'zod';
import { dataOf, requiredString } from './common';

export const postSection = z.enum(['blog', 'case-studies']);
export type PostSection = z.output<typeof postSection>;
export const contentSection = z.enum(['page', 'blog', 'case-studies']);
export type ContentSection = z.output<typeof contentSection>;

// Request bodies (the server parses them with these schemas; error values are catalog keys).

const MAX_BODY = 100_000;

const slug = requiredString('validation.required')
  .toLowerCase()
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'content.slug_format' });

const title = requiredString('content.title_required').max(200);
const summary = z.string().trim().max(500).default('');
const body = z.string().max(MAX_BODY).default('');

const fields = {
  title_en: title,
  title_ar: title,
  summary_en: summary,
  summary_ar: summary,
  body_en: body,
  body_ar: body,
  published: z.boolean().default(false),
};

/** POST /api/admin/content: a new blog post or case study. */
export const createEntryRequest = z.object({ section: postSection, slug, ...fields });

/** POST /api/admin/content/:id: every field of an entry (the section stays). */
export const updateEntryRequest = z.object({ slug: slug.optional(), ...fields });

export const previewRequest = z.object({ markdown: z.string().max(MAX_BODY).default('') });
export type CreateEntryRequest = z.input<typeof createEntryRequest>;
export type UpdateEntryRequest = z.input<typeof updateEntryRequest>;
export type PreviewRequest = z.input<typeof previewRequest>;
/** What the admin's editor sends: every field filled in (the update's parsed shape), the section on creation. */
export type EntryRequest = z.output<typeof updateEntryRequest> & { section?: PostSection };

/** Timestamps of entries: ISO text, or null (never published; terms and privacy have none). */
const when = z.string().nullable();

/** A page or post as visitors read it: both languages, bodies as sanitized HTML. */
export const publicEntry = z.object({
  section: contentSection,
  slug: z.string(),
  title_en: z.string(),
  title_ar: z.string(),
  summary_en: z.string(),
  summary_ar: z.string(),
  html_en: z.string(),
  html_ar: z.string(),
  published_at: when,
  updated_at: when,
});
export type PublicEntry = z.output<typeof publicEntry>;

/** A published post of a list (no body). */
export const postSummary = publicEntry.omit({ html_en: true, html_ar: true });
export type PostSummary = z.output<typeof postSummary>;

/** One entry of the admin's list (no body). */
export const adminListItem = postSummary.extend({
  id: z.number().int(),
  published: z.boolean(),
});
export type AdminListItem = z.output<typeof adminListItem>;

/** An entry as the admin edits it: the Markdown sources; `fixed` for the fixed pages (no new slug, no delete). */
export const adminEntry = adminListItem.extend({ fixed: z.boolean(), body_en: z.string(), body_ar: z.string(), created_at: when });
export type AdminEntry = z.output<typeof adminEntry>;

/** GET /api/content/pages/:slug and GET /api/content/:section/:slug. */
export const publicEntryAnswer = dataOf(publicEntry);
/** GET /api/content/:section. */
export const postList = dataOf(z.array(postSummary));
/** GET /api/admin/content. */
export const adminContentList = dataOf(z.array(adminListItem));
/** GET, POST /api/admin/content/:id and POST /api/admin/content (201). */
export const adminEntryAnswer = dataOf(adminEntry);
/** POST /api/admin/content/preview: the Markdown as visitors would get it. */
export const contentPreview = dataOf(z.object({ html: z.string() }));
export type ContentPreview = z.output<typeof contentPreview>['data'];
