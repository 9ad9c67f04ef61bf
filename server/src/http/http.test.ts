import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { hashPassword } from '../modules/users/passwords';
import { requireActor } from './access';
import { CSRF_COOKIE } from './csrf';
import { StorageFull } from '../storage/local';
import { LimitExceeded } from './errors';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { BODY_LIMIT_BYTES: '2048' },
    extend(app, container) {
      // Test-only endpoints exercising the shared plumbing the modules use.
      app.post('/api/test/echo', async (request) => ({ body: request.body }));
      app.get('/api/test/limited', async () => {
        throw new LimitExceeded('char_limit', 'Your translation exceeds the character limit');
      });
      app.post('/api/test/rate', async (request) => {
        await container.rateLimiter.consume(`test:${request.ip}`, 2, 60);
        return { ok: true };
      });
      app.get('/api/test/boom', async () => {
        throw new Error('secret internal detail');
      });
      // What node-postgres throws when the server terminates the backend under a query.
      app.get('/api/test/db-gone', async () => {
        throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01', severity: 'FATAL' });
      });
      app.get('/api/test/db-socket-gone', async () => {
        throw new Error('Connection terminated unexpectedly');
      });
      app.get('/api/test/disk-full', async () => {
        throw new StorageFull('users/1/logo.png', { cause: Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) });
      });
      // What both databases throw when a concurrent request made the row first, or removed the one referred to.
      app.get('/api/test/duplicate', async () => {
        throw Object.assign(new Error('duplicate key value violates unique constraint "team_members_pkey"'), { code: '23505' });
      });
      app.get('/api/test/gone-row', async () => {
        throw Object.assign(new Error('insert or update on table "x" violates foreign key constraint "x_y_fkey"'), { code: '23503' });
      });
      app.get('/api/test/admin', { config: { access: 'admin' } }, async () => ({ ok: true }));
      app.post('/api/test/sign-in', async (request, reply) => {
        const { email } = request.body as { email: string };
        const user = await container.database.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
        await container.sessions.start(request, reply, { userId: user.id });
        return reply.code(204).send();
      });
      app.post('/api/test/sign-out', { config: { access: 'user' } }, async (request, reply) => {
        requireActor(request);
        await container.sessions.end(request, reply);
        return reply.code(204).send();
      });
    },
  });
  const db = t.container.database.db;
  const passwordHash = await hashPassword('password123');
  await db
    .insertInto('users')
    .values([
      { name: 'Verified', email: 'verified@example.com', password_hash: passwordHash, email_verified_at: new Date(), personal_info: {}, company_info: {} },
      { name: 'Unverified', email: 'unverified@example.com', password_hash: passwordHash, email_verified_at: null, personal_info: {}, company_info: {} },
      { name: 'Admin', email: 'root@example.com', role_id: 1, password_hash: passwordHash, email_verified_at: new Date(), personal_info: {}, company_info: {} },
    ])
    .execute();
});

afterAll(() => t.close());

describe('CSRF', () => {
  it('GET /mt/csrf-cookie answers 204 with a readable XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/mt/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = response.cookies.find((c) => c.name === CSRF_COOKIE)!;
    expect(cookie.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie.httpOnly).toBeFalsy();
  });

  it('refuses a state-changing request without the token (419)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { a: 1 } });
    expect(response.statusCode).toBe(419);
    expect(response.json().message).toMatch(/CSRF token mismatch/);
  });

  it('refuses a header that does not match the cookie, and a forged (stale) token', async () => {
    const client = t.client();
    await client.get('/mt/csrf-cookie');
    const mismatch = await client.request({ method: 'POST', url: '/api/test/echo', payload: {}, headers: { 'x-xsrf-token': 'other.token' } });
    expect(mismatch.statusCode).toBe(419);
    const forged = 'AAAA.BBBB';
    const stale = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: {}, cookies: { [CSRF_COOKIE]: forged }, headers: { 'x-xsrf-token': forged } });
    expect(stale.statusCode).toBe(419);
  });

  it('accepts the double-submitted token', async () => {
    const response = await t.client().post('/api/test/echo', { a: 1 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ body: { a: 1 } });
  });
});

describe('error envelope', () => {
  it('answers malformed JSON with 400 and a clear message', async () => {
    const response = await t.client().request({ method: 'POST', url: '/api/test/echo', payload: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('treats an empty JSON body as {}', async () => {
    const response = await t.client().request({ method: 'POST', url: '/api/test/echo', payload: '', headers: { 'content-type': 'application/json' } });
    expect(response.json()).toEqual({ body: {} });
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.client().post('/api/test/echo', { text: 'x'.repeat(5000) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
  });

  it('answers a wrong content type with 415', async () => {
    const response = await t.client().request({ method: 'POST', url: '/api/test/echo', payload: 'a=b', headers: { 'content-type': 'text/csv' } });
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toContain('text/csv');
  });

  it('answers unknown API routes with a JSON 404, never HTML', async () => {
    for (const url of ['/api/nothing-here', '/mt/nothing', '/api']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().message).toMatch(/could not be found/);
    }
  });

  it('hides internal errors behind the generic message (no stack trace)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Whoops! Something went wrong.' });
    expect(response.body).not.toContain('secret internal detail');
  });

  it('a lost database connection is a 503 to try again, in the envelope, in the caller\'s language', async () => {
    for (const url of ['/api/test/db-gone', '/api/test/db-socket-gone']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
    }
    const arabic = await t.app.inject({ method: 'GET', url: '/api/test/db-gone', headers: { 'accept-language': 'ar' } });
    expect(arabic.json().message).toBe('الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.');
    expect(arabic.body).not.toContain('administrator');
  });

  it('no room left to store a file is a 507 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/disk-full' });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ message: 'There is no room to store files right now. Please try again later.' });
  });

  it('a write the database refused because another request changed the same rows at once is a 409, in the caller\'s language, without the database\'s words', async () => {
    for (const url of ['/api/test/duplicate', '/api/test/gone-row']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This was changed by another request at the same moment. Please reload the page and try again.' });
    }
    const arabic = await t.app.inject({ method: 'GET', url: '/api/test/duplicate', headers: { 'accept-language': 'ar' } });
    expect(arabic.json()).toEqual({ message: 'غُيِّر هذا من طلب آخر في اللحظة نفسها. يُرجى إعادة تحميل الصفحة والمحاولة مرة أخرى.' });
    expect(arabic.body).not.toContain('constraint');
  });

  it('shapes 402 usage limits as {status, type, message}', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 402, type: 'char_limit', message: 'Your translation exceeds the character limit' });
  });

  it('rate-limits with 429 and Retry-After', async () => {
    const client = t.client();
    expect((await client.post('/api/test/rate', {})).statusCode).toBe(200);
    expect((await client.post('/api/test/rate', {})).statusCode).toBe(200);
    const limited = await client.post('/api/test/rate', {});
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.json().message).toMatch(/Too many requests/);
  });
});

describe('locale', () => {
  it('answers in Arabic for the locale cookie ar, and for any non-English Accept-Language', async () => {
    const byCookie = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { locale: 'ar' } });
    expect(byCookie.json().message).toBe('لم يتم تسجيل الدخول.');
    const byHeader = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(byHeader.json().message).toBe('لم يتم تسجيل الدخول.');
  });

  it('answers in English for en, and when nothing is said', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'accept-language': 'en-GB,ar;q=0.5' } });
    expect(english.json().message).toBe('Unauthenticated.');
    const none = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(none.json().message).toBe('Unauthenticated.');
    const cookieWins = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { locale: 'en' }, headers: { 'accept-language': 'ar' } });
    expect(cookieWins.json().message).toBe('Unauthenticated.');
  });
});

describe('headers', () => {
  it('sends security headers and a request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a request id the caller sends', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans', headers: { 'x-request-id': 'trace-123' } });
    expect(response.headers['x-request-id']).toBe('trace-123');
  });
});

describe('sessions and access', () => {
  it('401 without a session, 450 when the e-mail is not verified, 200 once verified', async () => {
    expect((await t.client().get('/api/user')).statusCode).toBe(401);

    const unverified = t.client();
    await unverified.post('/api/test/sign-in', { email: 'unverified@example.com' });
    const notVerified = await unverified.get('/api/user');
    expect(notVerified.statusCode).toBe(450);

    const verified = t.client();
    await verified.post('/api/test/sign-in', { email: 'verified@example.com' });
    const me = await verified.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: 'verified@example.com', role_id: '2', has_password: true });
  });

  it('keeps the session token httpOnly and stores only its hash', async () => {
    const client = t.client();
    const response = await client.post('/api/test/sign-in', { email: 'verified@example.com' });
    const cookie = response.cookies.find((c) => c.name === 'lisan_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const rows = await t.container.database.db.selectFrom('sessions').select('id').execute();
    expect(rows.some((row) => row.id === cookie.value)).toBe(false);
  });

  it('rotates the session id at sign-in and ends it server-side at sign-out', async () => {
    const client = t.client();
    await client.post('/api/test/sign-in', { email: 'verified@example.com' });
    const first = client.cookies.get('lisan_session');
    await client.post('/api/test/sign-in', { email: 'verified@example.com' });
    const second = client.cookies.get('lisan_session');
    expect(second).not.toBe(first);
    // The old token no longer works.
    const old = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { lisan_session: first! } });
    expect(old.statusCode).toBe(401);

    expect((await client.post('/api/test/sign-out', {})).statusCode).toBe(204);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', cookies: { lisan_session: second! } });
    expect(after.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in non-admin on an admin route, 200 to an admin', async () => {
    const user = t.client();
    await user.post('/api/test/sign-in', { email: 'verified@example.com' });
    expect((await user.get('/api/test/admin')).statusCode).toBe(403);
    const admin = t.client();
    await admin.post('/api/test/sign-in', { email: 'root@example.com' });
    expect((await admin.get('/api/test/admin')).statusCode).toBe(200);
    expect((await t.client().get('/api/test/admin')).statusCode).toBe(401);
  });
});
