import { createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Logger } from 'pino';
import yazl from 'yazl';
import type { UserRow } from '../../db/schema';
import type { Entitlements, EntitlementsService } from '../entitlements/service';
import { ENGINE_ID, GLOSS_NOTICE } from '../../engines/dictionary/engine';
import type { Domain, Lang } from '../../engines/types';
import { describeSegments, extractSegments, renderTranslatedHtml, repairPlaceholders, type LinkRewriter } from '../../formats/html';
import type { Actor } from '../../http/access';
import type { HistoryService } from '../history/service';
import type { ApprovedTranslation, MemoryApprovals } from '../translate/memory';
import { Invalid, LimitExceeded, NotFound } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { checkUrl, resolvePublic, SsrfRefused, type SsrfPolicy, effectivePort } from '../../http/ssrf';
import type { WebFetcher } from '../../http/web-fetch';
import type { JobQueue } from '../../jobs/queue';
import { crawlWebsite, type CrawlSettings } from './crawler';
import type { PageFilter, WebsitesRepo } from './repo';
import type { PageStatus, WebDomain, WebLang, WebsitePageRow, WebsiteRow, WebsiteScope } from './tables';
import { normalizePageUrl, parseSiteUrl, relativeHref, siteKey } from './urls.fns';
import { parseXliff, XLIFF_FOOTER, XLIFF_HEADER, XliffError, xliffFile, type XliffUnit } from './xliff.fns';

export type { SegmentTranslator } from '../../engines/types';
import type { SegmentTranslator } from '../../engines/types';

/** Thrown by the translate step while no SegmentTranslator is connected. */
export class TranslatorMissing extends Error {
  constructor() {
    super('No translation engine is connected to website translation: pass a SegmentTranslator to createWebsitesService (container.ts).');
    this.name = 'TranslatorMissing';
  }
}

export interface WebsitesSettings {
  /** Upper bound on pages listed per site, whatever the plan says. */
  maxPages: number;
  crawl: CrawlSettings;
  /** Segments per translator call. */
  batchSize: number;
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
/** A preview link stays valid this long (rounded up to the hour, so links are stable for a while). */
const PREVIEW_LINK_HOURS = 12;

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A page's key for link matching: site, path and query (protocol and "www." ignored). */
function linkKey(url: URL): string {
  return `${siteKey(url)}${url.pathname}${url.search}`;
}

function toPageJson(previewBase: string, page: Omit<WebsitePageRow, 'html' | 'translations'>) {
  const active = page.status === 'Active';
  return {
    id: page.id,
    url: page.url,
    title: page.title,
    words: page.words,
    status: page.status,
    lang: page.lang,
    skip_reason: page.skip_reason,
    skip_detail: page.skip_detail,
    changed: page.changed_at !== null && !active,
    target_lang: page.target_lang,
    domain: page.domain,
    translated_at: page.translated_at ? new Date(page.translated_at).toISOString() : null,
    reviewed_at: page.reviewed_at ? new Date(page.reviewed_at).toISOString() : null,
    error: page.error,
    preview_url: active ? `${previewBase}/${encodeURI(page.local_path)}` : null,
  };
}

export type WebsitePageJson = ReturnType<typeof toPageJson>;

export function createWebsitesService(deps: WebsitesDeps) {
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
    const hour = 3_600_000;
    const expires = Math.ceil(deps.now().getTime() / hour) * hour + PREVIEW_LINK_HOURS * hour;
    const seconds = expires / 1000;
    return `${PREVIEW_PREFIX}/${siteId}/${seconds}.${signPreview(siteId, seconds)}`;
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

  function toSiteJson(site: WebsiteRow, counts: { detected: number; pending: number; active: number; skipped: number; total: number; words: number }) {
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

  deps.history.registerType('website', {
    /** What the history screen needs to re-open the site in the web extraction screen. */
    detail: async (projectId, userId) => {
      const site = await repo.findSiteByProject(projectId, userId);
      if (!site) return null;
      const counts = (await repo.pageCounts([site.id])).get(site.id)!;
      return { website_id: site.id, url: site.url, scope: site.scope, state: site.state, pages: counts, link: `/web-extraction?site=${site.id}` };
    },
    /** Deleting the entry (by hand, "delete all", or automatically) deletes the site, its pages and segments. */
    remove: async (projectIds, userId) => {
      await repo.deleteSitesByProject(projectIds, userId);
    },
  });

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

  /** The URL check at add time: syntax, scheme, and a first look at where the host points. */
  async function checkSiteUrl(input: string): Promise<URL> {
    const url = parseSiteUrl(input);
    if (!url) throw Invalid.field('url', 'websites.url_invalid');
    try {
      checkUrl(deps.policy, url);
      await Promise.race([
        resolvePublic(deps.policy, url.hostname, effectivePort(url)),
        new Promise((_, reject) => setTimeout(() => reject(Object.assign(new Error('DNS timeout'), { code: 'ETIMEOUT' })), 5_000).unref()),
      ]);
    } catch (error) {
      if (error instanceof SsrfRefused) {
        throw Invalid.field('url', error.reason === 'scheme' || error.reason === 'invalid_url' ? 'websites.url_invalid' : 'websites.url_refused');
      }
      throw Invalid.field('url', 'websites.url_unresolvable');
    }
    url.hash = '';
    return url;
  }

  async function startCrawl(site: WebsiteRow) {
    await deps.queue.send('website-crawl', { websiteId: site.id, generation: site.crawl_generation });
  }

  /** Link rewriting for one page: own translated pages -> their copies (relative, or under the preview prefix). */
  async function linkRewriterFor(site: WebsiteRow, page: WebsitePageRow, mode: 'relative' | 'preview'): Promise<LinkRewriter> {
    const paths = new Map<string, string>();
    for (const row of await repo.listTranslatedPaths(site.id)) paths.set(linkKey(new URL(row.url)), row.local_path);
    return (absolute) => {
      const target = paths.get(linkKey(absolute));
      if (target === undefined) return null;
      const href = mode === 'relative' ? relativeHref(page.local_path, target) : `${previewBase(site.id)}/${encodeURI(target)}`;
      return href + absolute.hash;
    };
  }

  function renderPage(page: WebsitePageRow, rewriteLink: LinkRewriter) {
    if (page.status !== 'Active' || !page.html || !page.translations || !page.target_lang) throw new NotFound('websites.page_not_translated');
    return renderTranslatedHtml(page.html, { pageUrl: page.url, translations: page.translations, targetLang: page.target_lang, rewriteLink }).html;
  }

  /** Translates one Pending page; false when it changed meanwhile (the caller reloads it). */
  async function translatePage(site: WebsiteRow, page: WebsitePageRow, entitlements: Entitlements): Promise<boolean> {
    if (!page.html || !page.text_hash || !page.target_lang || !page.domain) {
      await repo.updatePage(page.id, { status: 'Detected', error: 'not_translatable' });
      return true;
    }
    const segments = extractSegments(page.html);
    const source: WebLang = page.lang ?? 'en';
    const target = page.target_lang;
    const domain = page.domain;
    let translations: string[];
    let engine: string;
    const charged = source !== target && segments.length > 0;
    if (!charged) {
      // Already in the target language (or no text): the copy is the page itself, rewritten.
      translations = segments;
      engine = 'none';
    } else {
      // Every segment goes through the pipeline, whose memory (approved corrections, likes,
      // reviewed XLIFF) answers what it knows; repeated segments of the page are sent once.
      if (!deps.translator) throw new TranslatorMissing();
      const unique = [...new Set(segments)];
      const translated = new Map<string, string>();
      const engines: string[] = [];
      for (let i = 0; i < unique.length; i += settings.batchSize) {
        const batch = unique.slice(i, i + settings.batchSize);
        const result = await deps.translator(batch, { source, target, domain, ownerUserId: site.user_id });
        if (result.translations.length !== batch.length) throw new Error(`The translator answered ${result.translations.length} segments for ${batch.length}`);
        engines.push(result.engine);
        batch.forEach((segment, k) => translated.set(segment, result.translations[k]!));
      }
      // The engine that answered, or 'memory' when memory answered every segment.
      engine = engines.find((id) => id !== 'memory') ?? 'memory';
      translations = segments.map((segment) => translated.get(segment)!);
    }
    // The page is counted in the ledger (refused atomically past the plan's pages) and given back if it was not stored.
    const quota = charged ? await deps.entitlements.consume(entitlements, 'web_pages') : null;
    if (quota && !quota.allowed) {
      await repo.updatePage(page.id, { status: 'Detected', error: 'quota_exceeded' });
      return true;
    }
    try {
      const stored = await repo.storeTranslation({ id: page.id, textHash: page.text_hash!, targetLang: target, domain }, { translations, engine, now: deps.now() });
      if (!stored) await quota?.release();
      return stored;
    } catch (error) {
      await quota?.release();
      throw error;
    }
  }

  return {
    async addWebsite(actor: Actor, input: { url: string; scope: WebsiteScope }) {
      const url = await checkSiteUrl(input.url);
      const plan = await planFor(actor.user);
      await deps.rateLimiter.consume(`websites:crawl:${actor.user.id}`, settings.crawlsPerHour, 3600);
      const pageLimit = input.scope === 'page' ? 1 : Math.min(plan.web_pages, settings.maxPages);
      const site = await repo.createSite({ user_id: actor.user.id, url: normalizePageUrl(url), scope: input.scope, page_limit: pageLimit, title: url.hostname, now: deps.now() });
      // Languages are known after the crawl (source) and the translate request (target).
      await deps.history.record({
        projectId: site.project_id,
        userId: actor.user.id,
        type: 'website',
        sourceLang: 'auto',
        targetLang: 'auto',
        domain: 'general',
        title: site.url,
        // Shown under the site's name in the history: its address.
        preview: site.url,
        state: 'crawling',
      });
      await startCrawl(site);
      return siteJson(site);
    },

    async listWebsites(actor: Actor, page: number, perPage = 20) {
      const { rows, total } = await repo.listSitesOfUser(actor.user.id, page, perPage);
      const counts = await repo.pageCounts(rows.map((r) => r.id));
      return { data: rows.map((row) => toSiteJson(row, counts.get(row.id)!)), meta: { page, per_page: perPage, total } };
    },

    async getWebsite(actor: Actor, id: number) {
      return siteJson(await ownedSite(actor, id));
    },

    /** Crawls the site again: new and changed pages are found, unchanged translations kept. */
    async recrawl(actor: Actor, id: number) {
      const site = await ownedSite(actor, id);
      if (site.state === 'crawling') return siteJson(site);
      const plan = await planFor(actor.user);
      await deps.rateLimiter.consume(`websites:crawl:${actor.user.id}`, settings.crawlsPerHour, 3600);
      const pageLimit = site.scope === 'page' ? 1 : Math.min(plan.web_pages, settings.maxPages);
      const updated = await repo.beginCrawl(site.id, pageLimit, deps.now());
      await syncHistory(site.id);
      await startCrawl(updated);
      return siteJson(updated);
    },

    /** Deletes the site through its history entry (the entry goes with it); a site without one is deleted directly. */
    async deleteWebsite(actor: Actor, id: number) {
      const site = await ownedSite(actor, id);
      try {
        await deps.history.remove(actor.user.id, site.project_id);
      } catch (error) {
        if (!(error instanceof NotFound)) throw error;
        await repo.deleteSite(site.id);
      }
    },

    async listPages(actor: Actor, id: number, filter: PageFilter) {
      const site = await ownedSite(actor, id);
      const { rows, total } = await repo.listPages(site.id, filter);
      const base = previewBase(site.id);
      return { data: rows.map((row) => toPageJson(base, row)), meta: { page: filter.page, per_page: filter.perPage, total } };
    },

    /** Marks the chosen pages Pending and queues their translation (402 past the plan's monthly pages). */
    async translate(actor: Actor, id: number, input: { pageIds: number[] | 'all'; targetLang: Lang; domain: Domain }) {
      const site = await ownedSite(actor, id);
      if (site.state === 'crawling') throw Invalid.field('page_ids', 'websites.crawl_in_progress');
      const pages = await repo.pagesForTranslation(site.id, input.pageIds);
      if (input.pageIds !== 'all' && pages.length !== new Set(input.pageIds).size) throw Invalid.field('page_ids', 'websites.pages_unknown');
      const candidates = pages.filter((p) => !p.skip_reason && p.text_hash);
      if (!candidates.length) throw Invalid.field('page_ids', 'websites.nothing_to_translate');
      // Translated, unchanged pages in the same language and domain are left alone (and not charged);
      // Pending ones are queued again (a failed job's pages are retried this way).
      const upToDate = (p: (typeof candidates)[number]) =>
        p.status === 'Active' && p.translated_hash === p.text_hash && p.target_lang === input.targetLang && p.domain === input.domain;
      const toDo = candidates.filter((p) => !upToDate(p));
      const charged = toDo.filter((p) => (p.lang ?? 'en') !== input.targetLang && p.segment_count > 0).length;
      const plan = await planFor(actor.user);
      const used = await deps.entitlements.used(plan.entitlements, 'web_pages');
      if (used + charged > plan.web_pages) {
        throw new LimitExceeded('web_pages', 'websites.quota_exceeded', { count: plan.web_pages, remaining: Math.max(0, plan.web_pages - used) });
      }
      await repo.markPending(
        toDo.map((p) => p.id),
        { target_lang: input.targetLang, domain: input.domain },
      );
      await repo.updateSite(site.id, { target_lang: input.targetLang, domain: input.domain, updated_at: deps.now() });
      await syncHistory(site.id);
      if (toDo.length) await deps.queue.send('website-translate', { websiteId: site.id });
      return { queued: toDo.length, charged, unchanged: candidates.length - toDo.length, skipped: pages.length - candidates.length };
    },

    /** The translated page for GET /api/websites/{id}/pages/{pageId}/translated (own links -> preview paths). */
    async translatedPage(actor: Actor, id: number, pageId: number) {
      const site = await ownedSite(actor, id);
      const page = await repo.findPage(site.id, pageId);
      if (!page) throw new NotFound();
      return { html: renderPage(page, await linkRewriterFor(site, page, 'preview')), fileName: page.local_path.split('/').pop()! };
    },

    /** The translated page at its local path, for the sandboxed preview (own links relative); the signed token is the credential. */
    async previewPage(id: number, token: string, localPath: string) {
      if (!previewTokenValid(id, token)) throw new NotFound();
      const site = await repo.findSite(id);
      if (!site) throw new NotFound();
      const page = await repo.findPageByLocalPath(site.id, localPath || 'index.html');
      if (!page || page.status !== 'Active') throw new NotFound('websites.page_not_translated');
      return renderPage(page, await linkRewriterFor(site, page, 'relative'));
    },

    /** ZIP of the translated pages at their local paths; pages are rendered as the archive is written. */
    async exportZip(actor: Actor, id: number) {
      const site = await ownedSite(actor, id);
      const paths = await repo.listTranslatedPaths(site.id);
      if (!paths.length) throw Invalid.field('format', 'websites.no_translated_pages');
      const zip = new yazl.ZipFile();
      const byUrl = new Map(paths.map((row) => [linkKey(new URL(row.url)), row.local_path]));
      for (const entry of paths) {
        const render = async function* () {
          const page = await repo.findPage(site.id, entry.id);
          if (!page || page.status !== 'Active') return;
          const rewrite: LinkRewriter = (absolute) => {
            const target = byUrl.get(linkKey(absolute));
            return target === undefined ? null : relativeHref(page.local_path, target) + absolute.hash;
          };
          yield Buffer.from(renderPage(page, rewrite), 'utf8');
        };
        zip.addReadStream(Readable.from(render()), entry.local_path, { mtime: deps.now() });
      }
      // Pages the dictionary rendered: the archive says they are a gloss, not a translation.
      const glossed = paths.filter((entry) => entry.engine === ENGINE_ID).map((entry) => entry.local_path);
      if (glossed.length) {
        zip.addBuffer(Buffer.from(`${GLOSS_NOTICE.replace(' | ', '\n\n')}\n\n${glossed.join('\n')}\n`, 'utf8'), uniqueReadmeName(paths.map((entry) => entry.local_path)), { mtime: deps.now() });
      }
      zip.end();
      return { stream: zip.outputStream, fileName: `${new URL(site.url).hostname}-${site.target_lang ?? 'translated'}.zip` };
    },

    /** XLIFF 1.2 of the translated pages (one <file> per page), written as it is read. */
    async exportXliff(actor: Actor, id: number) {
      const site = await ownedSite(actor, id);
      const paths = await repo.listTranslatedPaths(site.id);
      if (!paths.length) throw Invalid.field('format', 'websites.no_translated_pages');
      const generate = async function* () {
        yield XLIFF_HEADER;
        let after = 0;
        for (;;) {
          const pages = await repo.listActivePagesAfter(site.id, after, 50);
          if (!pages.length) break;
          after = pages[pages.length - 1]!.id;
          for (const page of pages) {
            // Pages already in the target language were copied, not translated: nothing to review.
            if (!page.html || !page.translations || !page.target_lang || page.engine === 'none') continue;
            const described = describeSegments(page.html);
            if (described.length !== page.translations.length) continue;
            yield xliffFile({
              original: page.url,
              sourceLang: page.lang ?? 'en',
              targetLang: page.target_lang,
              title: page.title,
              ...(page.engine === ENGINE_ID ? { notice: GLOSS_NOTICE } : {}),
              units: described.map(({ segment, note }, index) => ({
                id: `p${page.id}-s${index}`,
                source: segment,
                target: page.translations![index]!,
                note,
                reviewed: page.reviewed_at !== null,
              })),
            });
          }
        }
        yield XLIFF_FOOTER;
      };
      return { stream: Readable.from(generate()), fileName: `${new URL(site.url).hostname}-${site.target_lang ?? 'translated'}.xlf` };
    },

    /** Applies a reviewed XLIFF: each unit whose source still matches its page replaces that segment's translation. */
    async importXliff(actor: Actor, id: number, text: string) {
      const site = await ownedSite(actor, id);
      let files;
      try {
        files = parseXliff(text);
      } catch (error) {
        if (error instanceof XliffError) throw Invalid.field('file', 'websites.xliff_invalid');
        throw error;
      }
      const byPage = new Map<number, Array<XliffUnit & { index: number; targetLang: string }>>();
      const skipped: Array<{ id: string; reason: string }> = [];
      for (const file of files) {
        for (const unit of file.units) {
          const match = /^p(\d+)-s(\d+)$/.exec(unit.id);
          if (!match) {
            skipped.push({ id: unit.id, reason: 'unknown_unit' });
            continue;
          }
          const list = byPage.get(Number(match[1])) ?? [];
          list.push({ ...unit, index: Number(match[2]), targetLang: file.targetLang.toLowerCase().slice(0, 2) });
          byPage.set(Number(match[1]), list);
        }
      }
      let applied = 0;
      let unchanged = 0;
      const now = deps.now();
      for (const [pageId, units] of byPage) {
        const page = await repo.findPage(site.id, pageId);
        if (!page) {
          for (const unit of units) skipped.push({ id: unit.id, reason: 'unknown_page' });
          continue;
        }
        if (page.status !== 'Active' || !page.html || !page.translations || !page.target_lang || !page.domain) {
          for (const unit of units) skipped.push({ id: unit.id, reason: 'not_translated' });
          continue;
        }
        const segments = extractSegments(page.html);
        const translations = [...page.translations];
        const appliedBefore = applied;
        const approved: ApprovedTranslation[] = [];
        const sourceLang: WebLang = page.lang ?? 'en';
        for (const unit of units) {
          const source = segments[unit.index];
          if (source === undefined) skipped.push({ id: unit.id, reason: 'unknown_unit' });
          else if (unit.targetLang && unit.targetLang !== page.target_lang) skipped.push({ id: unit.id, reason: 'language_mismatch' });
          else if (collapse(unit.source) !== collapse(source)) skipped.push({ id: unit.id, reason: 'source_changed' });
          else if (!unit.target.trim()) skipped.push({ id: unit.id, reason: 'empty_target' });
          else {
            const reviewed = repairPlaceholders(source, unit.target.trim()).text;
            if (reviewed === translations[unit.index]) unchanged++;
            else {
              translations[unit.index] = reviewed;
              applied++;
              if (sourceLang !== page.target_lang) approved.push({ source: sourceLang, target: page.target_lang, sourceText: source, targetText: reviewed });
            }
          }
        }
        if (applied > appliedBefore) {
          await repo.updatePage(page.id, { translations: JSON.stringify(translations), reviewed_at: now });
          // A reviewed unit is an approved translation: the pipeline's memory reuses it on every page, document and text.
          await deps.approvals.approve(actor.user, approved);
        }
      }
      return { applied, unchanged, skipped: skipped.slice(0, 100), skipped_count: skipped.length };
    },

    /** Web pages the user translated this calendar month (UTC): their own count in the usage ledger. */
    async pagesUsedThisMonth(userId: number) {
      const user = await deps.users.findById(userId);
      return user ? (await deps.entitlements.usageOf(await deps.entitlements.entitlementsFor({ user }))).web_pages_this_month : 0;
    },

    // --- job handlers

    /** The website-crawl job: stale generations and finished crawls are ignored (safe to run twice). */
    async runCrawl(job: { websiteId: number; generation: number }) {
      const site = await repo.findSite(job.websiteId);
      if (!site || site.crawl_generation !== job.generation || site.state !== 'crawling') return;
      const result = await crawlWebsite({ repo, fetcher: deps.fetcher, now: deps.now, logger, settings: settings.crawl }, site);
      const startPage = await repo.findPageByUrl(site.id, site.url);
      const first = startPage?.title ? startPage : (await repo.listPages(site.id, { page: 1, perPage: 1 })).rows[0];
      const current = await repo.findSite(site.id);
      if (!current || current.crawl_generation !== job.generation) return;
      await repo.updateSite(site.id, {
        state: result.error ? 'failed' : 'ready',
        error: result.error,
        title: first?.title || site.title,
        crawled_at: deps.now(),
        updated_at: deps.now(),
      });
      await syncHistory(site.id);
      logger.info({ websiteId: site.id, listed: result.listed, html: result.html, error: result.error }, 'website crawled');
    },

    /** The website-translate job: translates every Pending page of the site (safe to run twice). */
    async runTranslate(job: { websiteId: number }, attempt: { last: boolean } = { last: false }) {
      const site = await repo.findSite(job.websiteId);
      if (!site) return;
      const user = await deps.users.findById(site.user_id);
      if (!user) return;
      const entitlements = await deps.entitlements.entitlementsFor({ user });
      let after = 0;
      let failure: unknown = null;
      for (;;) {
        const page = await repo.nextPendingPage(site.id, after);
        if (!page) break;
        after = page.id;
        try {
          let done = await translatePage(site, page, entitlements);
          if (!done) {
            // Changed while we translated: once more with what is stored now.
            const fresh = await repo.findPage(site.id, page.id);
            if (fresh?.status === 'Pending') done = await translatePage(site, fresh, entitlements);
          }
        } catch (error) {
          failure = error;
          logger.warn({ err: error, websiteId: site.id, pageId: page.id }, 'page translation failed');
          await repo.updatePage(page.id, { error: error instanceof TranslatorMissing ? 'translator_unavailable' : 'translation_failed' });
          if (error instanceof TranslatorMissing) break;
        }
      }
      // pg-boss retries the job; pages already translated are not touched again. After the
      // last attempt the pages still waiting go back to Detected with the reason (nothing is
      // charged for them, and the user can ask again once the engine is back).
      if (failure && attempt.last) await repo.releasePending(site.id, failure instanceof TranslatorMissing ? 'translator_unavailable' : 'translation_failed');
      await repo.updateSite(site.id, { updated_at: deps.now() });
      await syncHistory(site.id);
      if (failure && !attempt.last) throw failure;
    },
  };
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

/** README-LISAN.txt, or a name no exported page already has. */
function uniqueReadmeName(taken: string[]): string {
  const names = new Set(taken);
  let name = 'README-LISAN.txt';
  for (let n = 2; names.has(name); n++) name = `README-LISAN-${n}.txt`;
  return name;
}

export type WebsitesService = ReturnType<typeof createWebsitesService>;
export type { PageStatus, WebDomain };
