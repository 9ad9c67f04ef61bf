import type { Actor } from '../../http/access';
import { mergeApplied, shownApplied, type StoredAppliedSummary } from '../../pipeline/applied.fns';
import { Invalid, NotFound } from '../../http/errors';
import { checkUrl, resolvePublic, SsrfRefused, effectivePort } from '../../http/ssrf';
import type { WebsitesContext } from './context';
import type { WebsiteCrawl } from './crawl';
import type { PageFilter } from './repo';
import type { WebsitePageRow, WebsiteRow, WebsiteScope } from '../../db/tables/websites';
import { cleanUrl, parseSiteUrl } from './urls.fns';

function toPageJson(previewBase: string, page: Omit<WebsitePageRow, 'html' | 'translations' | 'segment_origins' | 'segment_terms'>) {
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
    // Stored with the page's translation, not recomputed.
    applied: active ? shownApplied(page.applied) : null,
  };
}

export type WebsitePageJson = ReturnType<typeof toPageJson>;

/**
 * Sites and their pages: adding (URL check, plan, rate limit, history entry, first crawl),
 * listing, re-crawling and deleting a site, listing its pages, the month's page count, and the
 * site's history entry (re-opened or deleted from the history screen).
 */
export function createWebsiteSites(ctx: WebsitesContext, crawl: WebsiteCrawl) {
  const { deps, repo, settings, previewBase, ownedSite, siteJson, toSiteJson, syncHistory, planFor } = ctx;
  const { startCrawl } = crawl;

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
    /** The history list's website entries: their translated pages' summaries added up, as the site's view does (null: no page has one). */
    applied: async (projectIds) => {
      const pages = new Map<string, StoredAppliedSummary[]>();
      for (const row of await repo.appliedOfProjects(projectIds)) {
        if (!row.applied) continue;
        const list = pages.get(row.project_id) ?? [];
        list.push(row.applied);
        pages.set(row.project_id, list);
      }
      return new Map([...pages].map(([projectId, parts]) => [projectId, mergeApplied(parts)]));
    },
  });

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

  /** Crawls a site again (unless a crawl is running): new and changed pages are found, unchanged translations kept. */
  async function recrawlSite(actor: Actor, site: WebsiteRow) {
    if (site.state === 'crawling') return siteJson(site);
    const plan = await planFor(actor.user);
    await deps.rateLimiter.consume(`websites:crawl:${actor.user.id}`, settings.crawlsPerHour, 3600);
    const pageLimit = site.scope === 'page' ? 1 : Math.min(plan.web_pages, settings.maxPages);
    const updated = await repo.beginCrawl(site.id, pageLimit, deps.now());
    await syncHistory(site.id);
    await startCrawl(updated);
    return siteJson(updated);
  }

  return {
    async addWebsite(actor: Actor, input: { url: string; scope: WebsiteScope }) {
      const url = await checkSiteUrl(input.url);
      // The same address with the same scope again is the site the user has: crawled again, not listed twice.
      const existing = await repo.findSiteOfUserByUrl(actor.user.id, cleanUrl(url), input.scope);
      if (existing) return recrawlSite(actor, existing);
      const plan = await planFor(actor.user);
      await deps.rateLimiter.consume(`websites:crawl:${actor.user.id}`, settings.crawlsPerHour, 3600);
      const pageLimit = input.scope === 'page' ? 1 : Math.min(plan.web_pages, settings.maxPages);
      const site = await repo.createSite({ user_id: actor.user.id, url: cleanUrl(url), scope: input.scope, page_limit: pageLimit, title: url.hostname, now: deps.now() });
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

    /** The site, with its translated pages' memory segments and glossary terms added up (their stored summaries). */
    async getWebsite(actor: Actor, id: number) {
      const site = await ownedSite(actor, id);
      return { ...(await siteJson(site)), applied: mergeApplied(await repo.appliedOfActivePages(site.id)) };
    },

    /** Crawls the site again: new and changed pages are found, unchanged translations kept. */
    async recrawl(actor: Actor, id: number) {
      return recrawlSite(actor, await ownedSite(actor, id));
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

    /** Web pages the user translated this calendar month (UTC): their own count in the usage ledger. */
    async pagesUsedThisMonth(userId: number) {
      const user = await deps.users.findById(userId);
      return user ? (await deps.entitlements.usageOf(await deps.entitlements.entitlementsFor({ user }))).web_pages_this_month : 0;
    },
  };
}
