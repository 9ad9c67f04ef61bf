import { pageViewReportAnswer, recordingPage, recordingReplayAnswer } from '../../../../contract/analytics';
import { statusOnly } from '../../../../contract/common';
import type { RateLimiter } from '../../http/rate-limit';
import { answers, noContent, type App } from '../../http/responses';
import { parseInput } from '../../http/validation';
import { pageQuerySchema, pageViewSchema, recordingBatchSchema, recordingIdSchema, reportQuerySchema } from './schemas';
import type { AnalyticsService } from './service';

/** Page views are small; a generous per-IP rate still stops a flood. */
export const PAGE_VIEW_BODY_LIMIT = 16 * 1024;
export const PAGE_VIEW_RATE = { limit: 240, windowSeconds: 60 };
export const RECORDING_RATE = { limit: 120, windowSeconds: 60 };

export function analyticsRoutes(
  app: App,
  deps: { analytics: AnalyticsService; rateLimiter: RateLimiter; config: { analyticsBatchMaxBytes: number } },
) {
  const { analytics, rateLimiter } = deps;

  app.post('/api/analytics/page-views', { bodyLimit: PAGE_VIEW_BODY_LIMIT, schema: answers({ 204: noContent }) }, async (request, reply) => {
    await rateLimiter.consume(`analytics:page-views:ip:${request.ip}`, PAGE_VIEW_RATE.limit, PAGE_VIEW_RATE.windowSeconds);
    await analytics.recordPageView(parseInput(pageViewSchema, request.body), { userId: request.actor?.user.id ?? null });
    return reply.code(204).send();
  });

  app.post('/api/analytics/recordings', { bodyLimit: deps.config.analyticsBatchMaxBytes, schema: answers({ 204: noContent }) }, async (request, reply) => {
    await rateLimiter.consume(`analytics:recordings:ip:${request.ip}`, RECORDING_RATE.limit, RECORDING_RATE.windowSeconds);
    const userAgent = typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : null;
    await analytics.appendRecording(parseInput(recordingBatchSchema, request.body), { userId: request.actor?.user.id ?? null, userAgent });
    return reply.code(204).send();
  });

  const config = { access: 'admin' as const };
  app.get('/api/admin/analytics/page-views', { config, schema: answers(pageViewReportAnswer) }, async (request) => ({ data: await analytics.pageViewReport(parseInput(reportQuerySchema, request.query)) }));
  app.get('/api/admin/recordings', { config, schema: answers(recordingPage) }, async (request) => analytics.listRecordings(parseInput(pageQuerySchema, request.query).page));
  app.get('/api/admin/recordings/:id', { config, schema: answers(recordingReplayAnswer) }, async (request) => ({ data: await analytics.recordingEvents(parseInput(recordingIdSchema, request.params).id) }));
  app.post('/api/admin/recordings/:id/delete', { config, schema: answers(statusOnly) }, async (request) => {
    await analytics.deleteRecording(parseInput(recordingIdSchema, request.params).id);
    return { status: 200 };
  });
}
