import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import { apiHeaders, helmetHeaders } from './http/security-headers';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Container } from './container';
import { registerAccess } from './http/access';
import { registerCsrf } from './http/csrf';
import { trackRequestsInFlight } from './http/in-flight';
import { registerInputGuard } from './http/input-guard';
import { FORM_FIELD_MAX_BYTES } from './http/multipart';
import { accessLogRequest } from './http/log-redact';
import { apiNotFound, isApiPath, registerErrorHandling } from './http/error-handler';
import { aliasedLocation } from '../../contract/page-aliases';
import { isPagePath } from '../../contract/page-paths';
import { resolveLocale } from './http/locale';
import { webPages } from './http/web-page';
import { registerResponseSerialization, type ZodResponses } from './http/responses';
import { billingRoutes } from './modules/billing/routes';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { contentRoutes } from './modules/content/routes';
import { authRoutes } from './modules/auth/routes';
import { documentsRoutes } from './modules/documents/routes';
import { documentTempDir } from './modules/documents/service';
import { healthRoutes } from './modules/health/routes';
import { enginesRoutes } from './modules/engines/routes';
import { plansRoutes } from './modules/plans/routes';
import { requestsRoutes } from './modules/requests/routes';
import { settingsRoutes } from './modules/settings/routes';
import { teamsRoutes } from './modules/teams/routes';
import { usersRoutes } from './modules/users/routes';
import { dictionaryRoutes } from './modules/dictionary/routes';
import { feedbackRoutes } from './modules/feedback/routes';
import { glossaryRoutes } from './modules/glossary/routes';
import { historyRoutes } from './modules/history/routes';
import { translateRoutes } from './modules/translate/routes';
import { websitesRoutes } from './modules/websites/routes';
import { apiKeyRoutes } from './modules/api/routes';
import { deeplNotFound, deeplRoutes, isDeeplPath } from './modules/api/deepl';
import { libreTranslateRoutes } from './modules/api/libretranslate';

/** Builds the HTTP application from the container's services. No business logic here. */
export async function buildApp(container: Container): Promise<FastifyInstance> {
  const { config } = container;
  const app = Fastify({
    // Access logs never carry tokens or signed-link query strings (http/log-redact.ts).
    loggerInstance: container.logger.child({}, { serializers: { req: accessLogRequest } }) as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });
  // Before the routes: shutdown waits for their handlers (http/in-flight.ts).
  trackRequestsInFlight(app);

  // HyperPay's COPYandPAY widget is a script, frames and a form served from its host.
  const paymentHosts = config.billing.hyperpay.accessToken ? [new URL(config.billing.hyperpay.url).origin] : [];
  // Browser features Lisan never uses are off, for us and anything we embed; copying a
  // translation (clipboard) and the payment widget stay allowed.
  const permissionsPolicy = [
    'accelerometer=()',
    'camera=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    'usb=()',
    'interest-cohort=()',
    'clipboard-write=(self)',
    `payment=(${['self', ...paymentHosts.map((host) => `"${host}"`)].join(' ')})`,
  ].join(', ');

  await app.register(cookie);
  app.decorateRequest('resolvedLocale', null);
  registerResponseSerialization(app);
  // Security headers (helmet's), worked out once: @fastify/helmet rebuilt the middleware and
  // re-parsed the CSP on every request (3 % of a translation's CPU in the bench).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...paymentHosts],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...paymentHosts],
        frameSrc: ["'self'", ...paymentHosts],
        frameAncestors: ["'none'"],
        formAction: ["'self'", ...paymentHosts],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: container.secureCookies,
  });
  const apiSecurityHeaders = apiHeaders(securityHeaders);

  // Pages get the full set, API answers (JSON, downloads, errors) the API's (http/security-headers.ts).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    if (isApiPath(request.url) || isDeeplPath(request.url) || request.routeOptions.config?.apiAnswers) reply.headers(apiSecurityHeaders);
    else reply.header('permissions-policy', permissionsPolicy).headers(securityHeaders);
    done();
  });

  // JSON bodies: an empty body is {}, a malformed one is a clear 400 (see error-handler).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = (body as string).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = Object.assign(new Error('Malformed JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' });
      done(error, undefined);
    }
  });

  // multipart/form-data: parsed on demand by the routes that read files (http/multipart.ts),
  // each asking for its own file size limit; these bound everything else.
  await app.register(multipart, {
    limits: { fieldNameSize: 100, fieldSize: FORM_FIELD_MAX_BYTES, fields: 50, files: 5, parts: 60, headerPairs: 100 },
  });

  registerErrorHandling(app, { bodyLimitBytes: config.bodyLimitBytes });
  registerInputGuard(app);
  registerCsrf(app, container.csrf, container.secureCookies, (request) => container.sessions.sessionIdOf(request) ?? '');
  registerAccess(app, { sessions: container.sessions, loadUser: (id) => container.users.findById(id), actors: container.actors });

  // Routes see the application typed by their declared answers (http/responses.ts).
  const routes = app.withTypeProvider<ZodResponses>();
  healthRoutes(routes, container);
  settingsRoutes(routes, container);
  plansRoutes(routes, container);
  authRoutes(routes, container);
  usersRoutes(routes, container);
  billingRoutes(routes, container);
  translateRoutes(routes, container);
  dictionaryRoutes(routes, container);
  historyRoutes(routes, container);
  feedbackRoutes(routes, container);
  glossaryRoutes(routes, container);
  adminRoutes(routes, container);
  enginesRoutes(routes, { engines: container.enginesAdmin });
  teamsRoutes(routes, container);
  websitesRoutes(routes, container);
  contentRoutes(routes, container);
  requestsRoutes(routes, container);
  analyticsRoutes(routes, container);
  documentsRoutes(routes, { documents: container.documents, rateLimiter: container.rateLimiter, documentTempDir: documentTempDir(config.dataDir) });
  apiKeyRoutes(routes, container.developerApi);
  // The DeepL- and LibreTranslate-compatible surfaces: their own error shapes, form bodies and 404s.
  await routes.register(async (scope) => deeplRoutes(scope.withTypeProvider<ZodResponses>(), container.developerApi));
  await routes.register(async (scope) => libreTranslateRoutes(scope.withTypeProvider<ZodResponses>(), container.developerApi));

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** A bundler output name: `index-B3kX9_aQ.js` (name, a dash, a content hash of 8+ characters). */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8,}\.\w+$/;

/** Serves the built web app; every non-API GET falls back to index.html (client routing): 200 for a page, 404 for any other path. */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  let pages: ReturnType<typeof webPages> | undefined;
  if (hasWeb) {
    // The build writes `.br` and `.gz` beside each text file (web/precompress.ts): sent, with Vary:
    // Accept-Encoding, to clients that accept them; they are not routes of their own.
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: false, preCompressed: true, globIgnore: ['**/*.br', '**/*.gz'] });
    // Hashed assets never change: let browsers keep them for a year. Only a file that was
    // found (200, 304, or a range of it) is; anything else under /assets/ (a 404 for an
    // asset of an older build, say) must not be cached at all.
    app.addHook('onSend', async (request, reply) => {
      if (!request.url.startsWith('/assets/')) return;
      const found = reply.statusCode === 200 || reply.statusCode === 206 || reply.statusCode === 304;
      reply.header('cache-control', found && HASHED_ASSET.test(request.url.split('?')[0]!) ? 'public, max-age=31536000, immutable' : found ? 'public, max-age=3600' : 'no-store');
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; only the API is served');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (isDeeplPath(url)) return deeplNotFound(request, reply);
    // An address people type for a page (/history, /sign-in): a permanent redirect to it, the query string kept. Cached a
    // day only, so a page later made at such an address takes it back soon.
    const alias = request.method === 'GET' || request.method === 'HEAD' ? aliasedLocation(url, request.url.slice(url.length)) : null;
    if (alias) return reply.header('cache-control', 'public, max-age=86400').redirect(alias, 301);
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url)) {
      const file = path.join(distDir, path.normalize(url).replace(/^([/\\])+/, ''));
      if (file.startsWith(distDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(distDir, file));
      }
      if (!path.extname(url)) {
        // The page in the language the app will speak (its catalog preloaded), revalidated each time.
        const page = (pages ??= webPages(distDir))[resolveLocale(request)];
        reply.header('cache-control', 'no-cache').header('vary', 'Cookie, Accept-Language');
        // An address that is no page of the app (contract/page-paths) is a 404, so that crawlers and link checkers see
        // it: the same page, which shows its "not found" page. No ETag: a 304 is an answer for a page that exists.
        if (!isPagePath(url)) return reply.code(404).type('text/html; charset=utf-8').send(page.html);
        reply.header('etag', page.etag);
        if (request.headers['if-none-match'] === page.etag) return reply.code(304).send();
        return reply.type('text/html; charset=utf-8').send(page.html);
      }
    }
    return apiNotFound(request, reply);
  });
}
