import { z } from 'zod';
import { pageFilterStatus } from '../../../../contract/websites';
import { DOMAINS, LANGS } from '../../engines/types';
import { blankToUndefined, requiredString, formNumber } from '../../http/validation';

export const addWebsiteBody = z.object({
  url: requiredString('websites.url_required').max(2048, { error: 'websites.url_invalid' }),
  scope: z.enum(['site', 'page'], { error: 'websites.scope_invalid' }).default('site'),
});

export const websiteParams = z.object({ id: formNumber(z.number().int().positive().max(2 ** 53 - 1)) });

export const pageParams = z.object({
  id: formNumber(z.number().int().positive().max(2 ** 53 - 1)),
  pageId: formNumber(z.number().int().positive().max(2 ** 53 - 1)),
});

export const listQuery = z.object({ page: formNumber(z.number().int().min(1).max(10_000)).default(1) });

export const pagesQuery = z.object({
  q: z.string().trim().max(200).optional(),
  // An empty status is no filter (the screen's "All statuses"); preprocessed, so a wrong one gets its own message.
  status: z.preprocess(blankToUndefined, z.enum(pageFilterStatus.options, { error: 'websites.status_invalid' }).optional()),
  page: formNumber(z.number().int().min(1).max(10_000)).default(1),
  per_page: formNumber(z.number().int().min(1).max(100)).default(25),
});

export const translateBody = z.object({
  page_ids: z.union([z.literal('all'), z.array(formNumber(z.number().int().positive())).min(1).max(10_000)], { error: 'websites.pages_required' }),
  target_lang: z.enum(LANGS as ['en', 'ar'], { error: 'websites.target_invalid' }),
  domain: z.enum(DOMAINS as ['general', 'business', 'legal', 'ecommerce'], { error: 'websites.domain_invalid' }).default('general'),
  /** Translate what fits in the month's pages left rather than be refused (402) for asking more. */
  within_quota: z.boolean().default(false),
});

export const exportQuery = z.object({ format: z.enum(['zip', 'xliff'], { error: 'websites.format_invalid' }) });

export const translatedQuery = z.object({ download: z.enum(['0', '1']).optional() });

/** The preview's fetched-through image, stylesheet or font: the site, the preview's token, the URL's signature… */
export const previewAssetParams = z.object({
  id: formNumber(z.number().int().positive().max(2 ** 53 - 1)),
  token: z.string().max(200),
  signature: z.string().max(100),
});

/** …and the URL. */
export const previewAssetQuery = z.object({ url: z.string().max(4096) });
