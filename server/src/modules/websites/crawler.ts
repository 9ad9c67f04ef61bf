/**
 * The crawl of one website: start page, robots.txt, sitemap.xml (and sitemap indexes),
 * then the site's own links breadth first, within the page and depth limits, a few
 * requests at a time per host with a pause between them. Every page found is listed
 * (Detected); one that cannot be translated is listed with the reason it was skipped. The
 * page limit counts the pages that can be translated; addresses found past it are listed as
 * skipped (`page_limit`) without being fetched, so the user sees what the plan left out.
 * A re-crawl compares each page's text hash: changed pages return to Detected, unchanged
 * translations stay as they are. A folder and its index page ("/docs/" and "/docs/index.html")
 * are one page, listed under the folder's address (urls.fns normalizePageUrl).
 */
import type { Logger } from 'pino';
import { analyzeHtml, decodeHtmlBytes } from '../../formats/html';
import { FetchRefused, type WebFetcher } from '../../http/web-fetch';
import { ALLOW_ALL, DISALLOW_ALL, crawlDelayFor, isAllowedByRobots, parseRobots, type Robots } from './robots.fns';
import { parseSitemap } from './sitemap.fns';
import type { WebsitesRepo } from './repo';
import type { WebsiteRow } from '../../db/tables/websites';
import { cleanUrl, isSameSite, localPathFor, normalizePageUrl, siteKey, withSuffix } from './urls.fns';

export interface CrawlSettings {
  /** robots.txt product token, e.g. "LisanBot". */
  robotsToken: string;
  maxDepth: number;
  /** Requests in flight at once to the site. */
  concurrency: number;
  /** Pause between two requests of one slot (robots.txt Crawl-delay wins when longer, up to maxDelayMs). */
  delayMs: number;
  maxDelayMs: number;
  maxSitemaps: number;
  robotsMaxBytes: number;
}

export interface CrawlDeps {
  repo: WebsitesRepo;
  fetcher: WebFetcher;
  now: () => Date;
  logger: Logger;
  settings: CrawlSettings;
}

export interface CrawlResult {
  listed: number;
  html: number;
  /** Addresses found past the page limit, listed as skipped (page_limit) without being fetched. */
  overLimit: number;
  /** Why the crawl failed (no usable page at all), null when it succeeded. */
  error: string | null;
}

interface QueueItem {
  /** The page's normal form: what it is listed and told apart under ("/docs/" for "/docs/index.html"). */
  url: string;
  /** The address as found (fragment aside), which is the one fetched: some servers answer only it. */
  fetchUrl: string;
  depth: number;
}

/** A skipped page's reason and detail from a fetch failure. */
function skipOf(error: unknown): { reason: string; detail: string } {
  if (error instanceof FetchRefused) {
    return { reason: error.reason === 'content_type' ? 'not_html' : error.reason, detail: error.detail.slice(0, 300) };
  }
  return { reason: 'network', detail: String((error as Error)?.message ?? error).slice(0, 300) };
}

const sleep = (ms: number) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/** Serialises the page writes of one crawl (local paths are assigned check-then-insert). */
function createLock() {
  let tail = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(fn, fn);
    tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };
}

export async function crawlWebsite(deps: CrawlDeps, site: WebsiteRow, signal?: AbortSignal): Promise<CrawlResult> {
  const { repo, fetcher, settings, logger } = deps;
  const generation = site.crawl_generation;
  const start = new URL(site.url);
  const siteKeys = new Set([siteKey(start)]);
  const robotsByOrigin = new Map<string, Promise<Robots>>();
  // Why an origin's robots.txt could not be read at all (the server unreachable): its pages are
  // skipped for that reason, not as "blocked by robots.txt", which the site never said.
  const robotsUnreachable = new Map<string, { reason: string; detail: string }>();
  const queue: QueueItem[] = [];
  const seen = new Set<string>();
  const withLock = createLock();
  const pageLimit = site.page_limit;
  // Addresses the crawl takes in at most: the pages it may translate, the skipped ones beside them.
  const maxQueued = Math.max(pageLimit * 4, 50);
  let listed = 0;
  let htmlPages = 0;
  let overLimit = 0;
  let startError: string | null = null;
  let delayMs = settings.delayMs;
  // A deleted site or a newer crawl of it stops this one (checked every few pages).
  let superseded = false;
  let visits = 0;
  async function checkStillCurrent() {
    const current = await repo.findSite(site.id);
    superseded = !current || current.crawl_generation !== generation;
  }

  function robotsFor(url: URL): Promise<Robots> {
    let robots = robotsByOrigin.get(url.origin);
    if (!robots) {
      robots = (async () => {
        try {
          const result = await fetcher.fetch(`${url.origin}/robots.txt`, { accept: 'text', maxBytes: settings.robotsMaxBytes, signal });
          if (result.status >= 200 && result.status < 300) return parseRobots(result.body.toString('utf8'));
          // RFC 9309: 4xx means no rules; 5xx means "assume complete disallow".
          return result.status >= 500 ? DISALLOW_ALL : ALLOW_ALL;
        } catch (error) {
          // A refused address is refused for the pages too, with that reason; an oversized or
          // odd robots.txt is no rule at all. Only an unreachable server means "disallow all".
          if (error instanceof FetchRefused && ['too_large', 'content_type', 'blocked_address', 'scheme', 'credentials', 'invalid_url'].includes(error.reason)) return ALLOW_ALL;
          logger.info({ err: error, origin: url.origin }, 'robots.txt unreachable: nothing may be crawled');
          robotsUnreachable.set(url.origin, skipOf(error));
          return DISALLOW_ALL;
        }
      })();
      robotsByOrigin.set(url.origin, robots);
      void robots.then((r) => {
        const crawlDelay = crawlDelayFor(r, settings.robotsToken);
        if (crawlDelay !== undefined) delayMs = Math.min(Math.max(delayMs, crawlDelay * 1000), settings.maxDelayMs);
      });
    }
    return robots;
  }

  function enqueue(raw: string, depth: number) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return;
    }
    if (!isSameSite(url, siteKeys)) return;
    const normalized = normalizePageUrl(url);
    if (seen.has(normalized) || seen.size >= maxQueued) return;
    seen.add(normalized);
    queue.push({ url: normalized, fetchUrl: cleanUrl(url), depth });
  }

  /**
   * Lists a page (insert or update), keeping translations whose text did not change. `onlyNew`:
   * a page this crawl did not visit (past the page limit) is added if unknown, and a row an
   * earlier crawl left is kept as it was (as pages no longer linked are).
   */
  async function store(url: string, depth: number, values: { title?: string; words?: number; lang?: 'en' | 'ar'; html?: string | null; textHash?: string | null; segmentCount?: number; skip?: { reason: string; detail: string } | null; onlyNew?: boolean }) {
    await withLock(async () => {
      const now = deps.now();
      let existing = await repo.findPageByUrl(site.id, url);
      if (values.onlyNew && (existing || indexAddressed.has(url))) return;
      // Listed by an earlier crawl under its index address: that row is this page, renamed to the normal form.
      let renamed: { url: string } | undefined;
      const earlier = indexAddressed.get(url);
      if (!existing && earlier) {
        indexAddressed.delete(url);
        existing = await repo.findPageByUrl(site.id, earlier);
        if (existing) renamed = { url };
      }
      const skipped = values.skip ?? null;
      const common = {
        title: values.title ?? existing?.title ?? '',
        words: values.words ?? 0,
        lang: values.lang ?? null,
        html: values.html ?? null,
        text_hash: values.textHash ?? null,
        segment_count: values.segmentCount ?? 0,
        skip_reason: skipped?.reason ?? null,
        skip_detail: skipped?.detail ?? null,
        depth: existing ? Math.min(existing.depth, depth) : depth,
        crawl_generation: generation,
        last_crawled_at: now,
        ...renamed,
      };
      if (!existing) {
        let localPath = localPathFor(url);
        if (await repo.localPathTaken(site.id, localPath)) localPath = withSuffix(localPath, String(Date.now().toString(36)));
        await repo.insertPage({ website_id: site.id, url, local_path: localPath, now, ...common });
        return;
      }
      const textChanged = existing.text_hash !== common.text_hash;
      if (!textChanged && !skipped) {
        // Same text: markup changes are taken, the translation (aligned by segment) stays valid.
        await repo.updatePage(existing.id, common);
        return;
      }
      // New text (or the page is gone): an existing translation no longer matches it.
      const hadWork = existing.status !== 'Detected' || existing.translated_hash !== null;
      await repo.updatePage(existing.id, {
        ...common,
        status: existing.status === 'Pending' && !skipped ? 'Pending' : 'Detected',
        changed_at: hadWork ? now : existing.changed_at,
        translations: existing.status === 'Pending' && !skipped ? undefined : null,
        translated_hash: existing.status === 'Pending' && !skipped ? undefined : null,
        translated_at: existing.status === 'Pending' && !skipped ? undefined : null,
      });
    });
  }

  /** Why robots.txt keeps this address out (or why it could not be read), null when it may be fetched. */
  async function robotsSkip(url: URL): Promise<{ reason: string; detail: string } | null> {
    const robots = await robotsFor(url);
    if (isAllowedByRobots(robots, settings.robotsToken, url)) return null;
    return robotsUnreachable.get(url.origin) ?? { reason: 'robots', detail: 'robots.txt' };
  }

  async function visit(item: QueueItem, isStart: boolean) {
    const url = new URL(item.fetchUrl);
    const kept = await robotsSkip(url);
    if (kept) {
      await store(item.url, item.depth, { skip: kept });
      if (isStart) startError = kept.reason;
      return;
    }
    let result;
    try {
      result = await fetcher.fetch(item.fetchUrl, { accept: 'html', signal });
    } catch (error) {
      const skip = skipOf(error);
      await store(item.url, item.depth, { skip });
      if (isStart) startError = skip.reason;
      return;
    }
    const finalUrl = new URL(result.url);
    if (isStart && result.redirects.length && finalUrl.href !== url.href) {
      // The start page moved (http -> https, apex -> www): the new host is the site too.
      siteKeys.add(siteKey(finalUrl));
    }
    if (!isSameSite(finalUrl, siteKeys)) {
      await store(item.url, item.depth, { skip: { reason: 'off_site_redirect', detail: result.url.slice(0, 300) } });
      if (isStart) startError = 'off_site_redirect';
      return;
    }
    let pageUrl = item.url;
    const finalNormalized = normalizePageUrl(finalUrl);
    if (finalNormalized !== item.url) {
      // Listed under the URL that answered; a second path to a known page is not listed twice.
      if (seen.has(finalNormalized) && !isStart) {
        listed--;
        return;
      }
      seen.add(finalNormalized);
      pageUrl = finalNormalized;
    }
    if (result.status < 200 || result.status >= 300) {
      await store(pageUrl, item.depth, { skip: { reason: 'http_status', detail: String(result.status) } });
      if (isStart) startError = 'http_status';
      return;
    }
    const html = decodeHtmlBytes(result.body, result.charset);
    // Links are resolved against the address that answered ("/docs/index.html" and "/docs/" share a folder anyway).
    const analysis = analyzeHtml(html, cleanUrl(finalUrl));
    htmlPages++;
    await store(pageUrl, item.depth, {
      // No <title>: the path stands in (pageDownloadName, urls.fns, names no file after it).
      title: analysis.title || new URL(pageUrl).pathname,
      words: analysis.words,
      lang: analysis.lang,
      html,
      textHash: analysis.textHash,
      segmentCount: analysis.segments.length,
      skip: null,
    });
    if (site.scope === 'site' && item.depth < settings.maxDepth) {
      for (const link of analysis.links) enqueue(link, item.depth + 1);
    }
  }

  async function readSitemaps() {
    const origin = new URL(site.url).origin;
    const robots = await robotsFor(new URL(site.url));
    const pending = [...new Set([...robots.sitemaps, `${origin}/sitemap.xml`])];
    const done = new Set<string>();
    while (pending.length && done.size < settings.maxSitemaps && seen.size < maxQueued) {
      const sitemapUrl = pending.shift()!;
      if (done.has(sitemapUrl)) continue;
      done.add(sitemapUrl);
      let parsedUrl: URL;
      try {
        parsedUrl = new URL(sitemapUrl);
      } catch {
        continue;
      }
      if (!isSameSite(parsedUrl, siteKeys)) continue;
      try {
        await sleep(delayMs);
        const result = await fetcher.fetch(sitemapUrl, { accept: 'xml', signal });
        if (result.status < 200 || result.status >= 300) continue;
        const sitemap = parseSitemap(decodeHtmlBytes(result.body, result.charset));
        if (sitemap.kind === 'index') pending.push(...sitemap.urls);
        else for (const loc of sitemap.urls) enqueue(loc, 1);
      } catch (error) {
        logger.info({ err: error, sitemap: sitemapUrl }, 'sitemap skipped');
      }
    }
  }

  // Pages an earlier crawl listed under a folder's index address, by their normal form (the oldest row wins).
  const indexAddressed = new Map<string, string>();
  for (const row of await repo.listIndexAddressedPages(site.id)) {
    const normal = normalizePageUrl(row.url);
    if (normal !== row.url && !indexAddressed.has(normal)) indexAddressed.set(normal, row.url);
  }

  // 1. The start page decides the site's host (after redirects) and whether there is a site at all.
  enqueue(site.url, 0);
  const first = queue.shift()!;
  listed = 1;
  await visit(first, true);

  // 2. Whole sites: sitemap.xml, then the links, breadth first.
  if (site.scope === 'site' && htmlPages > 0) {
    await readSitemaps();
    let inFlight = 0;
    const waiting: Array<() => void> = [];
    const notify = () => {
      for (const wake of waiting.splice(0)) wake();
    };
    const worker = async () => {
      for (;;) {
        if (signal?.aborted || superseded) return;
        // The limit counts pages that can be translated: a visit in flight may give one, so wait for it.
        if (htmlPages + inFlight >= pageLimit) {
          if (inFlight === 0) return;
          await new Promise<void>((resolve) => waiting.push(resolve));
          continue;
        }
        const item = queue.shift();
        if (!item) {
          if (inFlight === 0) return;
          await new Promise<void>((resolve) => waiting.push(resolve));
          continue;
        }
        listed++;
        inFlight++;
        try {
          if (++visits % 10 === 0) await checkStillCurrent();
          if (superseded) continue;
          await sleep(delayMs);
          await visit(item, false);
        } catch (error) {
          logger.warn({ err: error, url: item.url }, 'page visit failed');
        } finally {
          inFlight--;
          notify();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, settings.concurrency) }, worker));

    // 3. What the limit left in the queue is listed, not fetched: skipped past the page limit (or
    // by robots.txt, when it keeps the address out anyway), so the user sees why it is missing.
    if (!signal?.aborted && !superseded) {
      for (const item of queue.splice(0)) {
        const skip = (await robotsSkip(new URL(item.fetchUrl))) ?? { reason: 'page_limit', detail: String(pageLimit) };
        await store(item.url, item.depth, { skip, onlyNew: true });
        overLimit++;
      }
    }
  }

  return { listed, html: htmlPages, overLimit, error: htmlPages > 0 ? null : (startError ?? 'no_pages') };
}
