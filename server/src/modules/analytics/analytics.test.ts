import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { fillDays, reportRange } from './analytics.fns';
import { ANALYTICS_RETENTION_CRON, ANALYTICS_RETENTION_JOB } from './jobs';
import { createAnalyticsRepo } from './repo';
import { PAGE_VIEW_RATE } from './routes';
import { createAnalyticsService } from './service';

const DAY_MS = 86_400_000;
let clock = new Date('2031-05-10T12:00:00Z');
const ids: Record<string, number> = {};
let t: TestApp;
let admin: TestClient;
let member: TestClient;
let memberId: number;

beforeAll(async () => {
  t = await createTestApp({
    env: { ANALYTICS_BATCH_MAX_EVENTS: '50', ANALYTICS_BATCH_MAX_BYTES: '65536', RECORDING_RETENTION_DAYS: '30', PAGE_VIEW_RETENTION_DAYS: '90' },
    overrides: { now: () => clock },
    startQueue: true,
  });
  ids['analyst@example.com'] = (await createUser(t.container, { email: 'analyst@example.com', role_id: 1 })).id;
  memberId = ids['visitor@example.com'] = (await createUser(t.container, { email: 'visitor@example.com' })).id;
  admin = await t.client().signInAs(ids['analyst@example.com']!);
  member = await t.client().signInAs(ids['visitor@example.com']!);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.container.rateLimiter.reset('analytics:page-views:ip:127.0.0.1');
  await t.container.rateLimiter.reset('analytics:recordings:ip:127.0.0.1');
});

const db = () => t.container.database.db;
const pageViews = () => db().selectFrom('page_views').selectAll().orderBy('id').execute();

/** rrweb events as the recorder emits them: a Meta event, a full snapshot, then incremental ones. */
function rrwebEvents(startMs: number, count: number) {
  const events: Array<Record<string, unknown>> = [
    { type: 4, data: { href: 'http://localhost/', width: 1280, height: 900 }, timestamp: startMs },
    { type: 2, data: { node: { type: 0, childNodes: [], id: 1 }, initialOffset: { top: 0, left: 0 } }, timestamp: startMs + 5 },
  ];
  for (let i = 0; i < count - 2; i++) events.push({ type: 3, data: { source: 1, positions: [{ x: i, y: i, id: 1, timeOffset: 0 }] }, timestamp: startMs + 10 + i });
  return events;
}

function batch(recordingId: string, visitorId: string, sequence: number, events: unknown[]) {
  return { recording_id: recordingId, visitor_id: visitorId, sequence, locale: 'en', path: '/pricing?coupon=SECRET', events };
}

describe('POST /api/analytics/page-views', () => {
  it('stores a page view with the visitor id and the signed-in user when the visitor consented', async () => {
    const visitor = randomUUID();
    const response = await member.post('/api/analytics/page-views', { path: '/reset-password?token=abc#x', locale: 'ar', referrer: 'https://search.example/q?secret=1', visitor_id: visitor });
    expect(response.statusCode).toBe(204);
    const last = (await pageViews()).at(-1)!;
    expect(last).toMatchObject({ path: '/reset-password', locale: 'ar', referrer: 'https://search.example/q', visitor_id: visitor, user_id: memberId });
  });

  it('stores no identifier at all without consent (no visitor id: no user id either)', async () => {
    const response = await member.post('/api/analytics/page-views', { path: '/about', locale: 'en' });
    expect(response.statusCode).toBe(204);
    const last = (await pageViews()).at(-1)!;
    expect(last).toMatchObject({ path: '/about', visitor_id: null, user_id: null, referrer: null });
  });

  it('refuses bad payloads with the 422 envelope and malformed JSON with 400', async () => {
    const before = (await pageViews()).length;
    const missing = await t.client().post('/api/analytics/page-views', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['locale', 'path']);
    for (const body of [
      { path: 'about', locale: 'en' },
      { path: '//evil.example/x', locale: 'en' },
      { path: '/about', locale: 'fr' },
      { path: '/about', locale: 'en', visitor_id: 'not-a-uuid' },
      { path: 42, locale: 'en' },
    ]) {
      expect((await t.client().post('/api/analytics/page-views', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await t.client().post('/api/analytics/page-views', { path: 'x', locale: 'en' })).json().errors.path).toEqual(['The path must start with a slash.']);
    const malformed = await t.client().request({ method: 'POST', url: '/api/analytics/page-views', payload: '{"path":', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect((await pageViews()).length).toBe(before);
  });

  it('refuses an oversized body with 413 naming its own limit', async () => {
    const response = await t.client().post('/api/analytics/page-views', { path: '/about', locale: 'en', referrer: 'x'.repeat(20_000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The request is too large. The limit is 16 KB.');
  });

  it('needs the CSRF token like every other write', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/analytics/page-views', payload: { path: '/', locale: 'en' } });
    expect(response.statusCode).toBe(419);
  });

  it('is rate limited per IP (429 with Retry-After)', async () => {
    for (let i = 0; i < PAGE_VIEW_RATE.limit; i++) await t.container.rateLimiter.hit('analytics:page-views:ip:127.0.0.1', PAGE_VIEW_RATE.limit, PAGE_VIEW_RATE.windowSeconds);
    const response = await t.client().post('/api/analytics/page-views', { path: '/', locale: 'en' });
    expect(response.statusCode).toBe(429);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /api/analytics/recordings', () => {
  const recordingId = randomUUID();
  const visitorId = randomUUID();
  const start = clock.getTime();

  it('stores batches in order, each once, compressed, and replays them in time order', async () => {
    const first = rrwebEvents(start, 20);
    const second = rrwebEvents(start + 1000, 10).slice(2);
    expect((await member.post('/api/analytics/recordings', batch(recordingId, visitorId, 0, first))).statusCode).toBe(204);
    // The second batch arrives twice (a retry): stored once.
    expect((await member.post('/api/analytics/recordings', batch(recordingId, visitorId, 1, second))).statusCode).toBe(204);
    expect((await member.post('/api/analytics/recordings', batch(recordingId, visitorId, 1, second))).statusCode).toBe(204);

    const row = await db().selectFrom('session_recordings').selectAll().where('id', '=', recordingId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ visitor_id: visitorId, user_id: memberId, chunk_count: 2, event_count: 28, first_path: '/pricing', locale: 'en' });
    expect(new Date(row.first_event_at!).getTime()).toBe(start);
    const chunks = await db().selectFrom('session_recording_chunks').select(['sequence', 'events_gzip']).where('recording_id', '=', recordingId).execute();
    expect(chunks).toHaveLength(2);
    expect(Buffer.from(chunks[0]!.events_gzip).subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(true);

    const list = (await admin.get('/api/admin/recordings')).json();
    expect(list.meta).toMatchObject({ total: 1, retention_days: 30 });
    expect(list.data[0]).toMatchObject({ id: recordingId, visitor_id: visitorId, user_id: memberId, chunks: 2, events: 28, first_path: '/pricing' });
    // Replays are listed by an opaque visitor id: the e-mail is only on the user's own admin page.
    expect(list.data[0]).not.toHaveProperty('user_email');
    expect(JSON.stringify(list)).not.toContain('visitor@example.com');
    expect(list.data[0].duration_ms).toBe(1000 + 10 + 7);

    const replay = (await admin.get(`/api/admin/recordings/${recordingId}`)).json().data;
    expect(replay.events).toHaveLength(28);
    expect(replay.events[0]).toMatchObject({ type: 4 });
    expect(replay.events[1]).toMatchObject({ type: 2 });
    const times = replay.events.map((e: { timestamp: number }) => e.timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('refuses a batch for another visitor’s recording (403)', async () => {
    const response = await t.client().post('/api/analytics/recordings', batch(recordingId, randomUUID(), 2, rrwebEvents(start, 3)));
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('This recording belongs to another visitor.');
  });

  it('refuses bad payloads (422): no visitor id means no consent, so no recording', async () => {
    const id = randomUUID();
    const noVisitor = await t.client().post('/api/analytics/recordings', { ...batch(id, visitorId, 0, rrwebEvents(start, 3)), visitor_id: undefined });
    expect(noVisitor.statusCode).toBe(422);
    expect(noVisitor.json().errors.visitor_id).toBeDefined();
    for (const body of [
      { ...batch(id, visitorId, 0, []) },
      { ...batch(id, visitorId, 0, rrwebEvents(start, 3)), events: 'lots' },
      { ...batch(id, visitorId, 0, [{ type: 'x', timestamp: 1 }]) },
      { ...batch('nope', visitorId, 0, rrwebEvents(start, 3)) },
      { ...batch(id, visitorId, -1, rrwebEvents(start, 3)) },
    ]) {
      expect((await t.client().post('/api/analytics/recordings', body)).statusCode).toBe(422);
    }
    expect(await db().selectFrom('session_recordings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('caps batches: too many events or too many bytes answer 413', async () => {
    const id = randomUUID();
    const tooMany = await t.client().post('/api/analytics/recordings', batch(id, visitorId, 0, rrwebEvents(start, 51)));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('A batch may hold at most 50 events.');
    const huge = rrwebEvents(start, 3);
    (huge[1]!.data as Record<string, unknown>).padding = 'x'.repeat(70_000);
    const tooBig = await t.client().post('/api/analytics/recordings', batch(id, visitorId, 0, huge));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('The request is too large. The limit is 64 KB.');
    expect(await db().selectFrom('session_recordings').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it('is rate limited per IP (429)', async () => {
    for (let i = 0; i < 120; i++) await t.container.rateLimiter.hit('analytics:recordings:ip:127.0.0.1', 120, 60);
    expect((await t.client().post('/api/analytics/recordings', batch(randomUUID(), visitorId, 0, rrwebEvents(start, 3)))).statusCode).toBe(429);
  });
});

describe('admin analytics', () => {
  it('answers 401 without a session and 403 for other roles', async () => {
    const id = randomUUID();
    for (const url of ['/api/admin/analytics/page-views', '/api/admin/recordings', `/api/admin/recordings/${id}`]) {
      expect((await t.client().get(url)).statusCode, url).toBe(401);
      expect((await member.get(url)).statusCode, url).toBe(403);
    }
    expect((await member.post(`/api/admin/recordings/${id}/delete`, {})).statusCode).toBe(403);
  });

  it('reports page views per day and the top pages of a range', async () => {
    await db().deleteFrom('page_views').execute();
    const visitorA = randomUUID();
    const visitorB = randomUUID();
    const views: Array<[string, string, string | null]> = [
      ['2031-05-01T08:00:00Z', '/', visitorA],
      ['2031-05-01T09:00:00Z', '/pricing', visitorA],
      ['2031-05-01T23:59:00Z', '/pricing', visitorB],
      ['2031-05-03T00:01:00Z', '/pricing', null],
      ['2031-05-03T10:00:00Z', '/about', visitorB],
      ['2031-04-30T23:59:00Z', '/outside', visitorA],
    ];
    for (const [at, path, visitor] of views) {
      clock = new Date(at);
      expect((await t.client().post('/api/analytics/page-views', { path, locale: 'en', ...(visitor ? { visitor_id: visitor } : {}) })).statusCode).toBe(204);
    }
    clock = new Date('2031-05-10T12:00:00Z');

    const report = (await admin.get('/api/admin/analytics/page-views?from=2031-05-01&to=2031-05-03')).json().data;
    expect(report.from).toBe('2031-05-01');
    // PAGE_VIEW_RETENTION_DAYS is 90 here: the first day kept is 90 days before today (2031-05-10, the last view's clock).
    expect(report.earliest_day).toBe('2031-02-09');
    expect(report.totals).toEqual({ views: 5, visitors: 2 });
    expect(report.days).toEqual([
      { day: '2031-05-01', views: 3, visitors: 2 },
      { day: '2031-05-02', views: 0, visitors: 0 },
      { day: '2031-05-03', views: 2, visitors: 1 },
    ]);
    expect(report.top_pages).toEqual([
      { path: '/pricing', views: 3, visitors: 2 },
      { path: '/', views: 1, visitors: 1 },
      { path: '/about', views: 1, visitors: 1 },
    ]);

    // One page's report: its views per day and in total, whatever the other pages' ranks.
    const pricing = (await admin.get('/api/admin/analytics/page-views?from=2031-05-01&to=2031-05-03&path=%2Fpricing')).json().data;
    expect(pricing.totals).toEqual({ views: 3, visitors: 2 });
    expect(pricing.days.map((d: { views: number }) => d.views)).toEqual([2, 0, 1]);
    expect(pricing.top_pages).toEqual([{ path: '/pricing', views: 3, visitors: 2 }]);
    expect((await admin.get('/api/admin/analytics/page-views?path=nowhere')).statusCode).toBe(422);

    const defaults = (await admin.get('/api/admin/analytics/page-views')).json().data;
    expect(defaults).toMatchObject({ from: '2031-04-11', to: '2031-05-10' });
    expect(defaults.days).toHaveLength(30);
    expect(defaults.totals.views).toBe(6);
  });

  it('validates the range (422)', async () => {
    expect((await admin.get('/api/admin/analytics/page-views?from=2031-05-03&to=2031-05-01')).json().errors.from).toEqual(['The start of the range must not be after its end.']);
    // Too long, and starting before the first day kept (2031-02-09 here): both are said, each with what to choose.
    expect((await admin.get('/api/admin/analytics/page-views?from=2029-01-01&to=2031-05-01')).json().errors.from).toEqual([
      'Page views before 9 February 2031 are no longer kept. Choose 9 February 2031 or a later day.',
      'Choose a range of at most 366 days.',
    ]);
    expect((await admin.get('/api/admin/analytics/page-views?from=2031-02-30')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/analytics/page-views?from=yesterday')).statusCode).toBe(422);
  });

  // PAGE_VIEW_RETENTION_DAYS is 90 and today 2031-05-10: page views before 2031-02-09 are deleted. A range reaching
  // before that day is refused (it would read zero for days whose views were deleted), naming the day in words.
  it('refuses a range before the first day kept or after today, in the reader\'s language (422)', async () => {
    const before = await admin.get('/api/admin/analytics/page-views?from=2031-02-08&to=2031-03-01');
    expect(before.statusCode).toBe(422);
    expect(before.json()).toEqual({
      message: 'Page views before 9 February 2031 are no longer kept. Choose 9 February 2031 or a later day.',
      errors: { from: ['Page views before 9 February 2031 are no longer kept. Choose 9 February 2031 or a later day.'] },
    });
    // The first day kept itself is answered.
    const first = await admin.get('/api/admin/analytics/page-views?from=2031-02-09&to=2031-03-01');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ from: '2031-02-09', earliest_day: '2031-02-09' });
    // Both ends before it: said under each.
    expect((await admin.get('/api/admin/analytics/page-views?from=2031-01-01&to=2031-02-01')).json().errors).toEqual({
      from: ['Page views before 9 February 2031 are no longer kept. Choose 9 February 2031 or a later day.'],
      to: ['Page views before 9 February 2031 are no longer kept. Choose 9 February 2031 or a later day.'],
    });
    // "to" after today (its days have no views yet): refused under "to"; today itself is answered.
    expect((await admin.get('/api/admin/analytics/page-views?from=2031-05-01&to=2031-05-11')).json().errors).toEqual({ to: ['Choose 10 May 2031 or an earlier day.'] });
    expect((await admin.get('/api/admin/analytics/page-views?from=2031-05-01&to=2031-05-10')).statusCode).toBe(200);

    const arabic = await t.client().signInAs(ids['analyst@example.com']!);
    arabic.locale = 'ar';
    expect((await arabic.get('/api/admin/analytics/page-views?from=2031-02-08&to=2031-03-01')).json().errors.from).toEqual([
      'لم تعد مشاهدات الصفحات قبل يوم 9 فبراير 2031 محفوظة. اختر يوم 9 فبراير 2031 أو يومًا بعده.',
    ]);
    expect((await arabic.get('/api/admin/analytics/page-views?from=2031-05-01&to=2031-05-11')).json().errors.to).toEqual(['اختر يوم 10 مايو 2031 أو يومًا قبله.']);
  });

  // The admin page asks once, without "from": the answer says which range it used. With fewer than 30 days kept
  // (a service of this database that keeps 10), that range starts on the first day kept, not on deleted days.
  it('answers without "from" with the last 30 days, or the days kept when fewer are', async () => {
    const answer = (await admin.get('/api/admin/analytics/page-views')).json().data;
    expect(answer).toMatchObject({ from: '2031-04-11', to: '2031-05-10', earliest_day: '2031-02-09' });
    const shortRetention = createAnalyticsService({
      repo: createAnalyticsRepo(db()),
      now: () => clock,
      options: { recordingRetentionDays: 30, pageViewRetentionDays: 10, maxEventsPerBatch: 50 },
    });
    const report = await shortRetention.pageViewReport({});
    expect(report).toMatchObject({ from: '2031-04-30', to: '2031-05-10', earliest_day: '2031-04-30' });
    expect(report.days).toHaveLength(11);
    await expect(shortRetention.pageViewReport({ from: '2031-04-29' })).rejects.toMatchObject({ fields: { from: [{ key: 'analytics.day_not_kept' }] } });
  });

  it('deletes a recording on request, and answers 404 for an unknown one', async () => {
    const id = randomUUID();
    await t.client().post('/api/analytics/recordings', batch(id, randomUUID(), 0, rrwebEvents(clock.getTime(), 3)));
    expect((await admin.post(`/api/admin/recordings/${id}/delete`, {})).statusCode).toBe(200);
    expect((await admin.get(`/api/admin/recordings/${id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/admin/recordings/${id}/delete`, {})).statusCode).toBe(404);
    expect((await admin.get('/api/admin/recordings/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('retention job', () => {
  it('is scheduled daily by cron', async () => {
    const { rows } = await t.container.database.executeSql('select name, cron, timezone from pgboss.schedule where name = $1', [ANALYTICS_RETENTION_JOB]);
    expect(rows).toEqual([{ name: ANALYTICS_RETENTION_JOB, cron: ANALYTICS_RETENTION_CRON, timezone: 'UTC' }]);
  });

  it('deletes recordings idle for longer than the retention (with their chunks) and old page views, keeping the rest', async () => {
    await db().deleteFrom('session_recordings').execute();
    await db().deleteFrom('page_views').execute();
    const visitor = randomUUID();
    const old = randomUUID();
    const recent = randomUUID();

    clock = new Date('2031-06-01T00:00:00Z');
    await t.client().post('/api/analytics/recordings', batch(old, visitor, 0, rrwebEvents(clock.getTime(), 5)));
    await t.client().post('/api/analytics/page-views', { path: '/old', locale: 'en' });
    clock = new Date(clock.getTime() + 20 * DAY_MS);
    await t.client().post('/api/analytics/recordings', batch(recent, visitor, 0, rrwebEvents(clock.getTime(), 5)));
    await t.client().post('/api/analytics/page-views', { path: '/recent', locale: 'en' });

    // 31 days after the first recording, 11 after the second.
    clock = new Date(Date.parse('2031-06-01T00:00:00Z') + 31 * DAY_MS);
    await t.container.queue.send(ANALYTICS_RETENTION_JOB, {});
    await expect.poll(async () => (await db().selectFrom('session_recordings').select('id').execute()).map((r) => r.id), { timeout: 15_000 }).toEqual([recent]);
    expect(await db().selectFrom('session_recording_chunks').select('recording_id').where('recording_id', '=', old).execute()).toEqual([]);
    // Page views are kept 90 days here: both stay.
    expect((await pageViews()).map((v) => v.path)).toEqual(['/old', '/recent']);

    // Running it again deletes nothing more; 100 days on, the old page view goes too.
    expect(await t.container.analytics.purgeExpired()).toEqual({ recordings: 0, pageViews: 0 });
    clock = new Date(Date.parse('2031-06-01T00:00:00Z') + 100 * DAY_MS);
    expect(await t.container.analytics.purgeExpired()).toEqual({ recordings: 1, pageViews: 1 });
    expect((await pageViews()).map((v) => v.path)).toEqual(['/recent']);
    // The report names the first day still kept: after the deleted view's day (06-01), not after the kept one's (06-21)
    // (the service itself: the admin's session has expired by this clock).
    expect((await t.container.analytics.pageViewReport({})).earliest_day).toBe('2031-06-11');
    clock = new Date('2031-05-10T12:00:00Z');
  });
});

describe('report helpers', () => {
  it('defaults to the last 30 days and fills missing days with zeros', () => {
    const range = reportRange({}, new Date('2031-03-01T10:00:00Z'));
    expect(range).toMatchObject({ from: '2031-01-31', to: '2031-03-01' });
    // Fewer than 30 days kept: the default starts on the first day kept; a "from" given is kept as it is (and refused).
    expect(reportRange({}, new Date('2031-03-01T10:00:00Z'), '2031-02-20')).toMatchObject({ from: '2031-02-20', to: '2031-03-01' });
    expect(reportRange({ to: '2031-02-25' }, new Date('2031-03-01T10:00:00Z'), '2031-02-20')).toMatchObject({ from: '2031-02-20', to: '2031-02-25' });
    expect(reportRange({ from: '2031-02-01' }, new Date('2031-03-01T10:00:00Z'), '2031-02-20')).toMatchObject({ from: '2031-02-01' });
    // More kept: the 30 days.
    expect(reportRange({}, new Date('2031-03-01T10:00:00Z'), '2030-01-01')).toMatchObject({ from: '2031-01-31' });
    expect(fillDays('2031-02-27', '2031-03-01', [{ day: '2031-02-28', views: 4, visitors: 2 }])).toEqual([
      { day: '2031-02-27', views: 0, visitors: 0 },
      { day: '2031-02-28', views: 4, visitors: 2 },
      { day: '2031-03-01', views: 0, visitors: 0 },
    ]);
  });
});
