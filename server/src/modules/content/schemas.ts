import { z } from 'zod';
import { formNumber } from '../../http/validation';

export const CONTENT_SECTIONS = ['page', 'blog', 'case-studies'] as const;
export const POST_SECTIONS = ['blog', 'case-studies'] as const;
/** The fixed pages kept in the database; terms and privacy come from the site settings. */
export const FIXED_PAGE_SLUGS = ['about', 'careers', 'contact', 'faqs', 'help'] as const;
export const LEGAL_PAGE_SLUGS = ['terms', 'privacy'] as const;

const MAX_BODY = 100_000;

const slug = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'content.slug_format' });

const title = z.string({ error: 'content.title_required' }).trim().min(1, { error: 'content.title_required' }).max(200);
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
export const createEntrySchema = z.object({ section: z.enum(POST_SECTIONS), slug, ...fields });

/** POST /api/admin/content/:id: every field of an entry (the section stays). */
export const updateEntrySchema = z.object({ slug: slug.optional(), ...fields });

export const previewSchema = z.object({ markdown: z.string().max(MAX_BODY).default('') });

export const sectionQuerySchema = z.object({ section: z.enum(CONTENT_SECTIONS).optional() });
export const postSectionSchema = z.object({ section: z.enum(POST_SECTIONS) });
/** The path's slug as it came: an unknown one is a 404, not a validation error. */
export const pageParamSchema = z.object({ slug: z.string() });
export const postParamSchema = postSectionSchema.extend({ slug: z.string() });
export const idParamSchema = z.object({ id: formNumber(z.number().int().positive()) });

export type CreateEntryInput = z.output<typeof createEntrySchema>;
export type UpdateEntryInput = z.output<typeof updateEntrySchema>;
