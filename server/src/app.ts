import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Container } from './container';
import { registerAccess } from './http/access';
import { registerCsrf } from './http/csrf';
import { apiNotFound, isApiPath, registerErrorHandling } from './http/error-handler';
import { billingRoutes } from './modules/billing/routes';
import { adminRoutes } from './modules/admin/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { contentRoutes } from './modules/content/routes';
import { authRoutes } from './modules/auth/routes';
import { documentsRoutes } from './modules/documents/routes';
import { documentTempDir } from './modules/documents/service';
import { healthRoutes } from './modules/health/routes';
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

/** Builds the HTTP application from the container's services. No business logic here. */
export async function buildApp(container: Container): Promise<FastifyInstance> {
  const { config } = container;
  const app = Fastify({
    loggerInstance: container.logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // HyperPay's COPYandPAY widget is a script, frames and a form served from its host.
  const paymentHosts = config.billing.hyperpay.accessToken ? [new URL(config.billing.hyperpay.url).origin] : [];

  await app.register(cookie);
  await app.register(helmet, {
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
    hsts: container.secureCookies,
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
    limits: { fieldNameSize: 100, fieldSize: 64 * 1024, fields: 50, files: 5, parts: 60, headerPairs: 100 },
  });

  registerErrorHandling(app, { bodyLimitBytes: config.bodyLimitBytes });
  registerCsrf(app, container.csrf, container.secureCookies);
  registerAccess(app, { sessions: container.sessions, loadUser: (id) => container.users.findById(id), actors: container.actors });

  healthRoutes(app, container);
  settingsRoutes(app, container);
  plansRoutes(app, container);
  authRoutes(app, container);
  usersRoutes(app, container);
  billingRoutes(app, container);
  translateRoutes(app, container);
  dictionaryRoutes(app, container);
  historyRoutes(app, container);
  feedbackRoutes(app, container);
  glossaryRoutes(app, container);
  adminRoutes(app, container);
  teamsRoutes(app, container);
  websitesRoutes(app, container);
  contentRoutes(app, container);
  requestsRoutes(app, container);
  analyticsRoutes(app, container);
  documentsRoutes(app, { documents: container.documents, rateLimiter: container.rateLimiter, documentTempDir: documentTempDir(config.dataDir) });

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Serves the built web app; every non-API GET falls back to index.html (client routing). */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasWeb = fs.existsSync(indexFile);
  if (hasWeb) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false, maxAge: '1h', immutable: false });
    // Hashed assets never change: let browsers keep them for a year.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; only the API is served');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0]!;
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(url)) {
      const file = path.join(distDir, path.normalize(url).replace(/^([/\\])+/, ''));
      if (file.startsWith(distDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
        return reply.sendFile(path.relative(distDir, file));
      }
      if (!path.extname(url)) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return apiNotFound(request, reply);
  });
}
