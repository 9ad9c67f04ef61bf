// Content pages, blog posts and case studies (shared/API.md "Content"): what visitors read,
// bodies rendered from Markdown to sanitized HTML, and the admin's editor.
import { z } from 'zod';
import { dataOf } from './common';

export const postSection = z.enum(['blog', 'case-studies']);
export type PostSection = z.output<typeof postSection>;
export const contentSection = z.enum(['page', 'blog', 'case-studies']);
export type ContentSection = z.output<typeof contentSection>;

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
