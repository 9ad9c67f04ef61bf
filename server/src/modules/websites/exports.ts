import { Readable } from 'node:stream';
import yazl from 'yazl';
import { ENGINE_ID, GLOSS_NOTICE } from '../../engines/dictionary/engine';
import { decodeHtmlBytes, describeSegments, extractSegments, renderTranslatedHtml, repairPlaceholders, rewriteCssUrls, type LinkRewriter, type SubresourceRewriter } from '../../formats/html';
import { FetchRefused, isFontType } from '../../http/web-fetch';
import type { Actor } from '../../http/access';
import { REVIEWED_ORIGIN, reviewedApplied, termsCarried } from '../../pipeline/applied.fns';
import type { ApprovedTranslation } from '../translate/memory';
import { Invalid, NotFound } from '../../http/errors';
import type { WebsitesContext } from './context';
import type { WebLang, WebsitePageRow, WebsiteRow } from '../../db/tables/websites';
import { folderOfIndex, pageDownloadName, relativeHref, siteDownloadName, siteKey } from './urls.fns';
import { parseXliff, XLIFF_FOOTER, XLIFF_HEADER, XliffError, xliffFile, type XliffUnit } from './xliff.fns';

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A page's key for link matching: site, path and query (protocol and "www." ignored; "/a/index.html" is "/a/"). */
function linkKey(url: URL): string {
  return `${siteKey(url)}${folderOfIndex(url.pathname)}${url.search}`;
}

/**
 * The translated pages out and back in: one page (download, and the sandboxed preview behind a
 * signed link), the site as a ZIP or as XLIFF 1.2, and a reviewed XLIFF imported back.
 */
export function createWebsiteExports(ctx: WebsitesContext) {
  const { deps, repo, logger, previewBase, previewTokenValid, previewAssetRewriter, previewAssetSignatureValid, ownedSite } = ctx;

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

  /**
   * `preview`: for the sandboxed preview, where the page's scripts do not run (lazily loaded
   * images get their address) and its http: images and fonts, and its stylesheets, come through Lisan.
   */
  function renderPage(page: WebsitePageRow, rewriteLink: LinkRewriter, preview?: { rewriteSubresource: SubresourceRewriter }) {
    if (page.status !== 'Active' || !page.html || !page.translations || !page.target_lang) throw new NotFound('websites.page_not_translated');
    return renderTranslatedHtml(page.html, { pageUrl: page.url, translations: page.translations, targetLang: page.target_lang, rewriteLink, scriptless: preview !== undefined, rewriteSubresource: preview?.rewriteSubresource }).html;
  }

  return {
    /** The translated page for GET /api/websites/{id}/pages/{pageId}/translated (own links -> preview paths). */
    async translatedPage(actor: Actor, id: number, pageId: number) {
      const site = await ownedSite(actor, id);
      const page = await repo.findPage(site.id, pageId);
      if (!page) throw new NotFound();
      return { html: renderPage(page, await linkRewriterFor(site, page, 'preview')), fileName: pageDownloadName(site, page) };
    },

    /** The translated page at its local path, for the sandboxed preview (own links relative); the signed token is the credential. */
    async previewPage(id: number, token: string, localPath: string) {
      if (!previewTokenValid(id, token)) throw new NotFound();
      const site = await repo.findSite(id);
      if (!site) throw new NotFound();
      const page = await repo.findPageByLocalPath(site.id, localPath || 'index.html');
      if (!page || page.status !== 'Active') throw new NotFound('websites.page_not_translated');
      return renderPage(page, await linkRewriterFor(site, page, 'relative'), { rewriteSubresource: previewAssetRewriter(site.id) });
    },

    /**
     * An http: image, or a stylesheet or font, of the preview, fetched from the site for the
     * browser (previewAssetRewriter, context.ts): only a URL Lisan signed into this site's preview,
     * while the preview link is valid, through the crawler's fetcher (its private-address refusal
     * at every hop, size cap and time limit), and only an image, stylesheet or font (an untyped
     * file only when its bytes are a font). A stylesheet's own URLs are made absolute, its http:
     * ones and its imported stylesheets through here too. Anything else: not found.
     */
    async previewAsset(id: number, token: string, signature: string, url: string) {
      if (!previewTokenValid(id, token) || !previewAssetSignatureValid(id, url, signature) || !/^https?:/.test(url)) throw new NotFound();
      const site = await repo.findSite(id);
      if (!site) throw new NotFound();
      let result;
      try {
        result = await deps.fetcher.fetch(url, { accept: 'asset' });
      } catch (error) {
        if (!(error instanceof FetchRefused)) throw error;
        logger.info({ siteId: id, url, reason: error.reason, detail: error.detail }, 'preview asset refused');
        throw new NotFound();
      }
      if (result.status < 200 || result.status >= 300) throw new NotFound();
      if (result.mediaType === 'text/css') {
        const css = rewriteCssUrls(decodeHtmlBytes(result.body, result.charset), new URL(result.url), previewAssetRewriter(site.id));
        return { contentType: 'text/css; charset=utf-8', body: Buffer.from(css, 'utf8'), font: false };
      }
      return { contentType: result.mediaType, body: result.body, font: isFontType(result.mediaType) };
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
      return { stream: zip.outputStream, fileName: siteDownloadName(site, site.target_lang, 'zip') };
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
      return { stream: Readable.from(generate()), fileName: siteDownloadName(site, site.target_lang, 'xlf') };
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
        // Each segment's origin, when the page keeps them (translated since migration 0390): a reviewed unit becomes a correction.
        const origins = page.segment_origins?.length === translations.length ? [...page.segment_origins] : null;
        // And each segment's glossary terms (translated since migration 0400): a reviewed unit keeps those its words still carry.
        const terms = origins && page.segment_terms?.length === translations.length ? [...page.segment_terms] : null;
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
              // The page's translation the review replaces is the machine's words the correction is shown with
              // (when it is an earlier correction, the reviewer's, their team's or a review's, the approval keeps that one's machine's words).
              const machineText = translations[unit.index] ?? null;
              translations[unit.index] = reviewed;
              if (origins) origins[unit.index] = REVIEWED_ORIGIN;
              if (terms) terms[unit.index] = termsCarried(terms[unit.index] ?? [], reviewed);
              applied++;
              if (sourceLang !== page.target_lang) approved.push({ source: sourceLang, target: page.target_lang, sourceText: source, targetText: reviewed, machineText });
            }
          }
        }
        if (applied > appliedBefore) {
          // The page's summary counts the reviewed units as corrections (once each, however often reviewed), and a term a review dropped no more.
          const summary = origins && page.applied
            ? { segment_origins: JSON.stringify(origins), ...(terms ? { segment_terms: JSON.stringify(terms) } : {}), applied: JSON.stringify(reviewedApplied(page.applied, origins, terms)) }
            : {};
          await repo.updatePage(page.id, { translations: JSON.stringify(translations), reviewed_at: now, ...summary });
          // A reviewed unit is an approved translation: the pipeline's memory reuses it on every page, document and text.
          await deps.approvals.approve(actor.user, approved);
        }
      }
      return { applied, unchanged, skipped: skipped.slice(0, 100), skipped_count: skipped.length };
    },
  };
}

/** README-LISAN.txt, or a name no exported page already has. */
function uniqueReadmeName(taken: string[]): string {
  const names = new Set(taken);
  let name = 'README-LISAN.txt';
  for (let n = 2; names.has(name); n++) name = `README-LISAN-${n}.txt`;
  return name;
}
