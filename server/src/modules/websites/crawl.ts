import type { WebsitesContext } from './context';
import { crawlWebsite } from './crawler';
import type { WebsiteRow } from '../../db/tables/websites';
import { normalizePageUrl } from './urls.fns';

export type WebsiteCrawl = ReturnType<typeof createWebsiteCrawl>;

/** The crawl: queued when a site is added or re-crawled, and the `website-crawl` job (crawler.ts lists the pages). */
export function createWebsiteCrawl(ctx: WebsitesContext) {
  const { deps, repo, settings, logger, syncHistory } = ctx;

  async function startCrawl(site: WebsiteRow) {
    await deps.queue.send('website-crawl', { websiteId: site.id, generation: site.crawl_generation });
  }

  return {
    startCrawl,

    /** The website-crawl job: stale generations and finished crawls are ignored (safe to run twice). */
    async runCrawl(job: { websiteId: number; generation: number }) {
      const site = await repo.findSite(job.websiteId);
      if (!site || site.crawl_generation !== job.generation) return;
      // This crawl finished: a run that stopped between the site's state and its history entry
      // (a crash) left the entry saying crawling; the job's next run writes it.
      if (site.state !== 'crawling') return syncHistory(site.id);
      const result = await crawlWebsite({ repo, fetcher: deps.fetcher, now: deps.now, logger, settings: settings.crawl }, site);
      // Pages are listed under their normal form ("/index.html" as "/"); the site keeps the address as added.
      const startPage = await repo.findPageByUrl(site.id, normalizePageUrl(site.url));
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
      logger.info({ websiteId: site.id, listed: result.listed, html: result.html, overLimit: result.overLimit, error: result.error }, 'website crawled');
    },
  };
}
