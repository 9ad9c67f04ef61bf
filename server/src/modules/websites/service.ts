import { createWebsitesContext, type WebsitesDeps } from './context';
import { createWebsiteCrawl } from './crawl';
import { createWebsiteExports } from './exports';
import { createWebsiteSites } from './sites';
import { createWebsiteTranslation } from './translate';

export type { SegmentTranslator } from '../../engines/types';
export { PREVIEW_ASSET_PREFIX, PREVIEW_PREFIX, websiteHistoryState, type WebsitesDeps, type WebsitesSettings } from './context';
export type { WebsitePageJson } from './sites';
export type { PageStatus, WebDomain } from '../../db/tables/websites';
export { TranslatorMissing } from './translate';

/**
 * The websites service, composed of its parts: sites.ts (add, list, re-crawl and delete sites,
 * their pages, the month's page count, the history entry), crawl.ts (the website-crawl job),
 * translate.ts (the translate request and the website-translate job) and exports.ts (one
 * translated page, the preview, ZIP and XLIFF export, XLIFF import), over the shared helpers
 * of context.ts.
 */
export function createWebsitesService(deps: WebsitesDeps) {
  const ctx = createWebsitesContext(deps);
  const crawl = createWebsiteCrawl(ctx);
  const sites = createWebsiteSites(ctx, crawl);
  const translation = createWebsiteTranslation(ctx);
  const output = createWebsiteExports(ctx);
  return {
    addWebsite: sites.addWebsite,
    listWebsites: sites.listWebsites,
    getWebsite: sites.getWebsite,
    recrawl: sites.recrawl,
    deleteWebsite: sites.deleteWebsite,
    listPages: sites.listPages,
    translate: translation.translate,
    translatedPage: output.translatedPage,
    previewPage: output.previewPage,
    previewAsset: output.previewAsset,
    exportZip: output.exportZip,
    exportXliff: output.exportXliff,
    importXliff: output.importXliff,
    pagesUsedThisMonth: sites.pagesUsedThisMonth,

    // --- job handlers
    runCrawl: crawl.runCrawl,
    runTranslate: translation.runTranslate,
  };
}

export type WebsitesService = ReturnType<typeof createWebsitesService>;
