// Web extraction (shared/API.md "Websites"): sites, their pages, translate requests, XLIFF
// import, and a website entry's history detail. Translated pages, the preview and the
// ZIP/XLIFF exports are HTML or files, not JSON.
import { z } from 'zod';
import { dataOf, paginated, statusMessage, timestamp } from './common';
import { appliedSummary, domain, lang } from './translate';

export const websiteScope = z.enum(['site', 'page']);
export type WebsiteScope = z.output<typeof websiteScope>;
export const websiteState = z.enum(['crawling', 'ready', 'failed']);
export type WebsiteState = z.output<typeof websiteState>;
export const pageStatus = z.enum(['Detected', 'Pending', 'Active']);
export type PageStatus = z.output<typeof pageStatus>;
/** What the pages list filters on (`?status=`): a page's status, or Skipped (listed with a `skip_reason`, never translated). */
export const pageFilterStatus = z.enum(['Detected', 'Pending', 'Active', 'Skipped']);
export type PageFilterStatus = z.output<typeof pageFilterStatus>;

/**
 * A site's pages counted by status, and their words. Skipped pages (listed with a reason, never
 * translated or charged) are counted apart from the statuses: detected + pending + active are
 * the pages that can be translated, total adds the skipped ones. skipped_reasons: the skipped
 * pages per reason code ("robots": 3, "page_limit": 12).
 */
export const pageCounts = z.object({
  detected: z.number().int(),
  pending: z.number().int(),
  active: z.number().int(),
  skipped: z.number().int(),
  skipped_reasons: z.record(z.string(), z.number().int()),
  total: z.number().int(),
  words: z.number().int(),
});
export type PageCounts = z.output<typeof pageCounts>;

export const website = z.object({
  id: z.number().int(),
  /** The site's translation-history entry. */
  project_id: z.string(),
  url: z.string(),
  scope: websiteScope,
  state: websiteState,
  title: z.string(),
  /** Why the crawl failed (a reason code the screens translate). */
  error: z.string().nullable(),
  page_limit: z.number().int(),
  /** The last translate request's language and domain. */
  target_lang: lang.nullable(),
  domain: domain.nullable(),
  pages: pageCounts,
  /** Pages are Pending (queued for translation). */
  translating: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
  crawled_at: timestamp.nullable(),
  /** GET /api/websites/{id} only: the translated (Active) pages' memory segments and glossary terms, added up. */
  applied: appliedSummary.optional(),
});
export type Website = z.output<typeof website>;

export const websitePage = z.object({
  id: z.number().int(),
  url: z.string(),
  title: z.string(),
  words: z.number().int(),
  status: pageStatus,
  lang: lang.nullable(),
  /** Listed but not translatable: not_html, too_large, robots, page_limit (found past the plan's pages, not fetched), http_status, blocked_address, ... */
  skip_reason: z.string().nullable(),
  skip_detail: z.string().nullable(),
  /** The page changed since it was translated. */
  changed: z.boolean(),
  target_lang: lang.nullable(),
  domain: domain.nullable(),
  translated_at: timestamp.nullable(),
  reviewed_at: timestamp.nullable(),
  error: z.string().nullable(),
  /** The signed preview of a translated (Active) page. */
  preview_url: z.string().nullable(),
  /** A translated (Active) page: its memory segments and glossary terms; null otherwise (and for pages translated before this was kept). */
  applied: appliedSummary.nullable(),
});
export type WebsitePage = z.output<typeof websitePage>;

export const websiteList = paginated(website);
export type WebsiteList = z.output<typeof websiteList>;
export const websitePages = paginated(websitePage);
export type WebsitePages = z.output<typeof websitePages>;
export const websiteAnswer = dataOf(website);

/** POST /api/websites and POST /api/websites/{id}/crawl (202): the crawl started. */
export const crawlStarted = statusMessage.extend({ data: website });
export type CrawlStarted = z.output<typeof crawlStarted>;

/**
 * POST /api/websites/{id}/translate (202): pages queued, charged, already up to date, skipped; over_quota: pages that
 * count left as they are because the month's pages ran out (asked `within_quota`; 0 otherwise).
 */
export const translationQueued = statusMessage.extend({
  data: z.object({ queued: z.number().int(), charged: z.number().int(), unchanged: z.number().int(), skipped: z.number().int(), over_quota: z.number().int() }),
});
export type TranslationQueued = z.output<typeof translationQueued>;

/** POST /api/websites/{id}/import (200): the reviewed units applied; the first 100 skipped ones, with why. */
export const xliffImported = statusMessage.extend({
  data: z.object({
    applied: z.number().int(),
    unchanged: z.number().int(),
    skipped: z.array(z.object({ id: z.string(), reason: z.string() })),
    skipped_count: z.number().int(),
  }),
});
export type XliffImported = z.output<typeof xliffImported>;

/** A website entry's site, to re-open it in the web extraction screen (the history's detail of a `website` entry). */
export const websiteDetail = z.object({
  website_id: z.number().int(),
  url: z.string(),
  scope: websiteScope,
  state: websiteState,
  pages: pageCounts,
  link: z.string(),
});
export type WebsiteDetail = z.output<typeof websiteDetail>;
