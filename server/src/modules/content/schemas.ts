import { z } from 'zod';
import type { createEntryRequest, updateEntryRequest } from '../../../../contract/content';
import { formNumber } from '../../http/validation';

export const CONTENT_SECTIONS = ['page', 'blog', 'case-studies'] as const;
export const POST_SECTIONS = ['blog', 'case-studies'] as const;
/** The fixed pages kept in the database; terms and privacy come from the site settings. */
export const FIXED_PAGE_SLUGS = ['about', 'careers', 'contact', 'faqs', 'help'] as const;
export const LEGAL_PAGE_SLUGS = ['terms', 'privacy'] as const;

// The request bodies' schemas (create, update, preview) are in the shared contract (contract/content.ts).

export const sectionQuerySchema = z.object({ section: z.enum(CONTENT_SECTIONS).optional() });
export const postSectionSchema = z.object({ section: z.enum(POST_SECTIONS) });
/** The path's slug as it came: an unknown one is a 404, not a validation error. */
export const pageParamSchema = z.object({ slug: z.string() });
export const postParamSchema = postSectionSchema.extend({ slug: z.string() });
export const idParamSchema = z.object({ id: formNumber(z.number().int().positive()) });

export type CreateEntryInput = z.output<typeof createEntryRequest>;
export type UpdateEntryInput = z.output<typeof updateEntryRequest>;
