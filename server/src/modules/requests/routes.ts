import path from 'node:path';
import { statusMessage, statusOnly } from '../../../../contract/common';
import { contactMessagePage, requestReceived, serviceRequestPage } from '../../../../contract/requests';
import type { RateLimiter } from '../../http/rate-limit';
import { resolveLocale } from '../../http/locale';
import { answers, file, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { contentDisposition } from '../documents/documents.fns';
import { t } from '../../i18n/messages';
import { readRequestForm } from './form';
import { contactSchema, handledSchema, idParamSchema, listRequestsQuerySchema, pageQuerySchema, serviceRequestSchema, statusSchema } from './schemas';
import type { RequestsService } from './service';

/** Per IP: requests carry files, so fewer per hour than contact messages. */
export const REQUEST_RATE = { limit: 10, windowSeconds: 3600 };
export const CONTACT_RATE = { limit: 10, windowSeconds: 3600 };

export function requestsRoutes(
  app: App,
  deps: { requests: RequestsService; rateLimiter: RateLimiter; config: { dataDir: string; requestFileMaxBytes: number } },
) {
  const { requests, rateLimiter } = deps;
  // Received on local disk, checked, then moved into the file storage by the service.
  const uploadDir = path.join(deps.config.dataDir, 'tmp', 'requests');

  app.post('/api/requests', { schema: answers({ 201: requestReceived }) }, async (request, reply) => {
    await rateLimiter.consume(`requests:ip:${request.ip}`, REQUEST_RATE.limit, REQUEST_RATE.windowSeconds);
    const { fields, upload } = await readRequestForm(request, { dir: uploadDir, maxFileBytes: deps.config.requestFileMaxBytes });
    try {
      const locale = resolveLocale(request);
      const { format, ...context } = await requests.requestFormContext(upload);
      const input = parseInput(serviceRequestSchema(context), fields);
      const result = await requests.submitRequest(input, { upload, format, userId: request.actor?.user.id ?? null, locale });
      return reply.code(201).send({ status: 201, message: t(locale, 'requests.received', { reference: result.reference }), data: result });
    } catch (error) {
      await upload?.discard();
      throw error;
    }
  });

  app.post('/api/contact', { schema: answers(statusMessage) }, async (request) => {
    await rateLimiter.consume(`contact:ip:${request.ip}`, CONTACT_RATE.limit, CONTACT_RATE.windowSeconds);
    const locale = resolveLocale(request);
    await requests.submitContactMessage(parseInput(contactSchema, request.body), { userId: request.actor?.user.id ?? null, locale });
    return { status: 200, message: t(locale, 'requests.contact_received') };
  });

  const config = { access: 'admin' as const };
  app.get('/api/admin/requests', { config, schema: answers(serviceRequestPage) }, async (request) => requests.listRequests(parseInput(listRequestsQuerySchema, request.query)));
  app.post('/api/admin/requests/:id/status', { config, schema: answers(statusOnly) }, async (request) => {
    await requests.setStatus(parseInput(idParamSchema, request.params).id, parseInput(statusSchema, request.body).status);
    return { status: 200 };
  });
  app.get('/api/admin/requests/:id/file', { config, schema: answers(file('application/octet-stream', 'The attached document, with its own content type.')) }, async (request, reply) => {
    const file = await requests.requestFile(parseInput(idParamSchema, request.params).id);
    reply.type(file.type).header('content-disposition', contentDisposition(file.name)).header('content-length', String(file.size));
    return reply.send(file.stream);
  });
  app.get('/api/admin/contact-messages', { config, schema: answers(contactMessagePage) }, async (request) => requests.listContactMessages(parseInput(pageQuerySchema, request.query).page));
  app.post('/api/admin/contact-messages/:id/handled', { config, schema: answers(statusOnly) }, async (request) => {
    await requests.setContactHandled(parseInput(idParamSchema, request.params).id, parseInput(handledSchema, request.body).handled);
    return { status: 200 };
  });
}
