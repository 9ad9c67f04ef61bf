import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Logger } from 'pino';
import type { UserRow } from '../../db/schema';
import type { EntitlementsService } from '../entitlements/service';
import type { SegmentTranslator } from '../../engines/types';
import type { Actor } from '../../http/access';
import type { HistoryService } from '../history/service';
import type { MemoryApprovals } from '../translate/memory';
import { LimitExceeded, NotFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { SubresourceRewriter } from '../../formats/html';
import type { SsrfPolicy } from '../../http/ssrf';
import type { WebFetcher } from '../../http/web-fetch';
import type { JobQueue } from '../../jobs/queue';
import type { CrawlSettings } from './crawler';
import type { WebsitesRepo } from './repo';
import type { WebsiteRow } from '../../db/tables/websites';
import type { PageCounts } from '../../../../contract/websites';

// The websites module's shared part: its dependencies and settings, signed preview links, the
// site a user owns and its JSON, the site's history entry, the plan check. Internal to the
// module; callers use service.ts.

export interface WebsitesSettings {
  /** Upper bound on a site's page limit (pages that can be translated; skipped ones are listed beside them), whatever the plan says. */
  maxPages: number;
  crawl: CrawlSettings;
  /** Segments and characters per translator call (the toolkit's batcher). */
  batchSegments: number;
  batchChars: number;
  /** Sites a user may add or re-crawl per hour. */
  crawlsPerHour: number;
}

export interface WebsitesDeps {
  repo: WebsitesRepo;
  queue: JobQueue;
  users: { findById(id: number): Promise<UserRow | undefined> };
  /** Plans, trials, limits and the usage ledger (entitlements module). */
  entitlements: EntitlementsService;
  rateLimiter: RateLimiter;
  fetcher: WebFetcher;
  policy: SsrfPolicy;
  now: () => Date;
  logger: Logger;
  settings: WebsitesSettings;
  /** Signs preview links (the application key). */
  appKey: Buffer;
  translator?: SegmentTranslator;
  /** Reviewed XLIFF units enter the pipeline's translation memory as approved translations. */
  approvals: Pick<MemoryApprovals, 'approve'>;
  /** Every site is a translation-history project of type "website". */
  history: Pick<HistoryService, 'record' | 'updateState' | 'registerType' | 'remove'>;
}

export const PREVIEW_PREFIX = '/preview/websites';
/** Where the preview loads a page's http: images and fonts, and its stylesheets, through Lisan (exports.ts previewAsset). */
export const PREVIEW_ASSET_PREFIX = '/preview/website-assets';
/** A preview link stays valid this long (rounded up to the hour, so links are stable for a while). */
const PREVIEW_LINK_HOURS = 12;

export type WebsitesContext = ReturnType<typeof createWebsitesContext>;

/** The helpers the websites files share, over one set of dependencies. */
export function createWebsitesContext(deps: WebsitesDeps) {
  const { repo, settings, logger } = deps;

  function signPreview(siteId: number, expires: number) {
    return createHmac('sha256', deps.appKey).update(`website-preview:${siteId}:${expires}`).digest('base64url');
  }

  /**
   * Where a site's translated pages are previewed: a signed, expiring path prefix. The
   * preview is an opaque-origin sandbox, so navigating between its pages sends no cookies;
   * the signature in the path is what lets those requests in (and only for this site).
   */
  function previewBase(siteId: number) {
    return `${PREVIEW_PREFIX}/${siteId}/${previewToken(siteId)}`;
  }

  /** The preview link's credential: its expiry and signature. */
  function previewToken(siteId: number) {
    const hour = 3_600_000;
    const expires = Math.ceil(deps.now().getTime() / hour) * hour + PREVIEW_LINK_HOURS * hour;
    const seconds = expires / 1000;
    return `${seconds}.${signPreview(siteId, seconds)}`;
  }

  function signAsset(siteId: number, url: string) {
    return createHmac('sha256', deps.appKey).update(`website-preview-asset:${siteId}:${url}`).digest('base64url');
  }

  /**
   * Where a site's preview loads an image, stylesheet or font from: an http: one through Lisan
   * (an https: Lisan's browser upgrades it to https, which breaks on a site without HTTPS), and
   * every stylesheet and font, https: too (a stylesheet's own http: URLs are rewritten only when
   * Lisan serves it: one loaded from the site keeps them, and the browser upgrades or blocks them;
   * a font is fetched in CORS mode from the sandboxed frame's opaque origin, which a site whose
   * fonts send no access-control-allow-origin refuses, while Lisan's answer allows it), under the
   * preview's token and a signature of that very URL, so Lisan fetches only what it wrote into
   * the site's own preview, never an address someone made up; null (as it is) for others (https: images).
   */
  function previewAssetRewriter(siteId: number): SubresourceRewriter {
    const token = previewToken(siteId);
    return (url, kind) =>
      url.protocol === 'http:' || (kind !== 'other' && url.protocol === 'https:')
        ? `${PREVIEW_ASSET_PREFIX}/${siteId}/${token}/${signAsset(siteId, url.href)}?url=${encodeURIComponent(url.href)}`
        : null;
  }

  function previewAssetSignatureValid(siteId: number, url: string, signature: string) {
    const expected = Buffer.from(signAsset(siteId, url));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  function previewTokenValid(siteId: number, token: string) {
    const [secondsText, signature] = token.split('.');
    const seconds = Number(secondsText);
    if (!signature || !Number.isInteger(seconds) || seconds * 1000 <= deps.now().getTime()) return false;
    const expected = Buffer.from(signPreview(siteId, seconds));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  async function ownedSite(actor: Actor, id: number): Promise<WebsiteRow> {
    const site = await repo.findSiteOfUser(id, actor.user.id);
    // Another user's site answers exactly like a missing one.
    if (!site) throw new NotFound();
    return site;
  }

  async function siteJson(site: WebsiteRow) {
    const counts = (await repo.pageCounts([site.id])).get(site.id)!;
    return toSiteJson(site, counts);
  }

  function toSiteJson(site: WebsiteRow, counts: PageCounts) {
    return {
      id: site.id,
      project_id: site.project_id,
      url: site.url,
      scope: site.scope,
      state: site.state,
      title: site.title,
      error: site.error,
      page_limit: site.page_limit,
      target_lang: site.target_lang,
      domain: site.domain,
      pages: counts,
      translating: counts.pending > 0,
      created_at: new Date(site.created_at).toISOString(),
      updated_at: new Date(site.updated_at).toISOString(),
      crawled_at: site.crawled_at ? new Date(site.crawled_at).toISOString() : null,
    };
  }

  /**
   * Brings the site's history entry in step with the site: state, name (the start page's
   * title once crawled), languages and domain (the last translate request's target, the
   * other language as source; before any request, the start page's language and "auto").
   */
  async function syncHistory(siteId: number) {
    const site = await repo.findSite(siteId);
    if (!site) return;
    const counts = (await repo.pageCounts([site.id])).get(site.id)!;
    const start = await repo.findPageByUrl(site.id, site.url);
    await deps.history.updateState(site.project_id, {
      state: websiteHistoryState(site, counts),
      // The site's name once a page title is known; until then (and for a failed crawl) its address.
      title: site.title && site.title !== new URL(site.url).hostname ? site.title : site.url,
      // Translated pages are those not already in the target language: the source is the other one.
      sourceLang: site.target_lang ? (site.target_lang === 'ar' ? 'en' : 'ar') : (start?.lang ?? 'auto'),
      targetLang: site.target_lang ?? 'auto',
      domain: site.domain ?? 'general',
    });
  }

  /**
   * Refuses web extraction to plans without it and to expired trials (402), the way text
   * translation does: the trial that counts is the plan owner's (the team owner's for a member).
   */
  async function planFor(user: UserRow) {
    const entitlements = await deps.entitlements.entitlementsFor({ user });
    if (entitlements.trial.expired) throw new LimitExceeded('trial_expired', 'billing.trial_expired');
    if (!entitlements.features.webExtraction) throw await deps.entitlements.planFeatureMissing('webExtraction', 'websites.upgrade');
    return { entitlements, web_pages: entitlements.limits.webPagesPerMonth };
  }

  return { deps, repo, settings, logger, previewBase, previewTokenValid, previewAssetRewriter, previewAssetSignatureValid, ownedSite, siteJson, toSiteJson, syncHistory, planFor };
}

/**
 * The state of a site's history entry: crawling, failed (the crawl found no usable page),
 * translating (pages Pending), done (pages translated, none Pending), ready (crawled,
 * nothing translated yet).
 */
export function websiteHistoryState(site: Pick<WebsiteRow, 'state'>, counts: { pending: number; active: number }) {
  if (site.state === 'failed' || site.state === 'crawling') return site.state;
  if (counts.pending > 0) return 'translating';
  return counts.active > 0 ? 'done' : 'ready';
}
