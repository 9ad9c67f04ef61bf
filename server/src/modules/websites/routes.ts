import type { FastifyReply } from 'fastify';
import { statusMessage } from '../../../../contract/common';
import { crawlStarted, translationQueued, websiteAnswer, websiteList, websitePages, xliffImported } from '../../../../contract/websites';
import { requireActor } from '../../http/access';
import { Invalid } from '../../http/errors';
import { resolveLocale } from '../../http/locale';
import { readForm } from '../../http/multipart';
import { answers, file, page as htmlPage, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { contentDisposition } from '../documents/documents.fns';
import { t } from '../../i18n/messages';
import { addWebsiteBody, exportQuery, listQuery, pageParams, pagesQuery, previewAssetParams, previewAssetQuery, translateBody, translatedQuery, websiteParams } from './schemas';
import { PREVIEW_ASSET_PREFIX, PREVIEW_PREFIX, type WebsitesService } from './service';

const config = { access: 'verified' as const };

/** Largest XLIFF file accepted for import. */
const XLIFF_MAX_BYTES = 20 * 1024 * 1024;

/**
 * Translated pages are other people's HTML: served with a CSP sandbox (an opaque origin, no
 * scripts, no forms, no plugins), only images, styles, fonts and media allowed in, and
 * framable by our own pages only.
 */
export const TRANSLATED_PAGE_CSP =
  "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline' *; font-src * data:; media-src *; frame-ancestors 'self'; form-action 'none'; base-uri 'none'";

function sendTranslatedHtml(reply: FastifyReply, html: string, download?: string) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', TRANSLATED_PAGE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'private, no-store');
  if (download) reply.header('content-disposition', contentDisposition(download));
  return reply.send(html);
}

export function websitesRoutes(app: App, deps: { websites: WebsitesService }) {
  const { websites } = deps;

  app.post('/api/websites', { config, schema: answers({ 202: crawlStarted }) }, async (request, reply) => {
    const body = parseInput(addWebsiteBody, request.body);
    const data = await websites.addWebsite(requireActor(request), body);
    return reply.code(202).send({ status: 202, message: t(resolveLocale(request), 'websites.crawl_started'), data });
  });

  app.get('/api/websites', { config, schema: answers(websiteList) }, async (request) => {
    const { page } = parseInput(listQuery, request.query);
    return websites.listWebsites(requireActor(request), page);
  });

  app.get('/api/websites/:id', { config, schema: answers(websiteAnswer) }, async (request) => {
    const { id } = parseInput(websiteParams, request.params);
    return { data: await websites.getWebsite(requireActor(request), id) };
  });

  app.post('/api/websites/:id/crawl', { config, schema: answers({ 202: crawlStarted }) }, async (request, reply) => {
    const { id } = parseInput(websiteParams, request.params);
    const data = await websites.recrawl(requireActor(request), id);
    return reply.code(202).send({ status: 202, message: t(resolveLocale(request), 'websites.crawl_started'), data });
  });

  app.post('/api/websites/:id/delete', { config, schema: answers(statusMessage) }, async (request) => {
    const { id } = parseInput(websiteParams, request.params);
    await websites.deleteWebsite(requireActor(request), id);
    return { status: 200, message: t(resolveLocale(request), 'websites.deleted') };
  });

  app.get('/api/websites/:id/pages', { config, schema: answers(websitePages) }, async (request) => {
    const { id } = parseInput(websiteParams, request.params);
    const query = parseInput(pagesQuery, request.query);
    return websites.listPages(requireActor(request), id, { q: query.q || undefined, status: query.status, page: query.page, perPage: query.per_page });
  });

  app.post('/api/websites/:id/translate', { config, schema: answers({ 202: translationQueued }) }, async (request, reply) => {
    const { id } = parseInput(websiteParams, request.params);
    const body = parseInput(translateBody, request.body);
    const data = await websites.translate(requireActor(request), id, { pageIds: body.page_ids, targetLang: body.target_lang, domain: body.domain, withinQuota: body.within_quota });
    return reply.code(202).send({ status: 202, message: t(resolveLocale(request), 'websites.translation_queued'), data });
  });

  app.get('/api/websites/:id/pages/:pageId/translated', { config, schema: answers(htmlPage('text/html', 'The translated page, sandboxed (download=1: as an attachment).')) }, async (request, reply) => {
    const { id, pageId } = parseInput(pageParams, request.params);
    const { download } = parseInput(translatedQuery, request.query);
    const page = await websites.translatedPage(requireActor(request), id, pageId);
    return sendTranslatedHtml(reply, page.html, download === '1' ? page.fileName : undefined);
  });

  app.get('/api/websites/:id/export', { config, schema: answers(file('application/zip', 'The translated pages as a ZIP (format=zip), or an XLIFF file (format=xliff, application/x-xliff+xml).')) }, async (request, reply) => {
    const { id } = parseInput(websiteParams, request.params);
    const { format } = parseInput(exportQuery, request.query);
    const actor = requireActor(request);
    const file = format === 'zip' ? await websites.exportZip(actor, id) : await websites.exportXliff(actor, id);
    reply
      .header('content-type', format === 'zip' ? 'application/zip' : 'application/x-xliff+xml; charset=utf-8')
      .header('content-disposition', contentDisposition(file.fileName))
      .header('cache-control', 'private, no-store');
    return reply.send(file.stream);
  });

  app.post('/api/websites/:id/import', { config, schema: answers(xliffImported) }, async (request) => {
    const { id } = parseInput(websiteParams, request.params);
    const actor = requireActor(request);
    const form = await readForm(request, { files: { file: { maxBytes: XLIFF_MAX_BYTES, tooLargeMessage: 'websites.xliff_too_large' } } });
    const file = form.files.file;
    if (!file) throw Invalid.field('file', 'websites.xliff_required');
    const data = await websites.importXliff(actor, id, file.content.toString('utf8'));
    return { status: 200, message: t(resolveLocale(request), 'websites.import_done', { count: data.applied }), data };
  });

  // The sandboxed preview: a path prefix of its own, so relative links between translated pages
  // work; public because the link is signed (see previewBase in the service).
  app.get(`${PREVIEW_PREFIX}/:id/:token/*`, { schema: answers(htmlPage('text/html', 'A translated page of the sandboxed preview.')) }, async (request, reply) => {
    const params = request.params as { id: string; token: string; '*': string };
    const { id } = parseInput(websiteParams, { id: params.id });
    let localPath: string;
    try {
      localPath = decodeURIComponent(params['*'] ?? '');
    } catch {
      localPath = params['*'] ?? '';
    }
    const html = await websites.previewPage(id, params.token, localPath);
    return sendTranslatedHtml(reply, html);
  });

  // The preview's http: images (an https: Lisan's browser would upgrade them to https), its
  // stylesheets (their own http: URLs rewritten) and its fonts (answered readable from the
  // frame's opaque origin), fetched from the site: public for the same reason, each URL signed.
  app.get(`${PREVIEW_ASSET_PREFIX}/:id/:token/:signature`, { schema: answers(file('image/*', 'An http: image, or a stylesheet (text/css) or font, of a previewed page, fetched from the site: the query parameter url, signed by the path (only URLs the preview itself names). A font the site sends as application/octet-stream is answered with its font type when its bytes are a font.')) }, async (request, reply) => {
    const { id, token, signature } = parseInput(previewAssetParams, request.params);
    const { url } = parseInput(previewAssetQuery, request.query);
    const asset = await websites.previewAsset(id, token, signature, url);
    reply
      .header('content-type', asset.contentType)
      .header('content-security-policy', "sandbox; default-src 'none'")
      .header('x-content-type-options', 'nosniff')
      // Asked for by the sandboxed frame, an opaque origin: another origin to Lisan's pages' same-origin default.
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'private, max-age=3600');
    // Fonts are fetched in CORS mode, here from the frame's opaque origin ("null").
    if (asset.font) reply.header('access-control-allow-origin', '*');
    return reply.send(asset.body);
  });
}
