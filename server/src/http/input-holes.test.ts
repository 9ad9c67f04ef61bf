import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { createUser } from '../../test/factories';
import { CSRF_COOKIE, CSRF_HEADER } from './csrf';
import { redactUrl } from './log-redact';

// Issue 17 items 6-9: NUL bytes, loose numbers, asset caching, CSRF binding, log redaction,
// Permissions-Policy. Each case failed before the change it covers.

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

let t: TestApp;
let webDir: string;
let adminId: number;
let userId: number;
let planId: number;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join((await import('node:os')).tmpdir(), 'lisan-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Lisan</title>');
  await fs.writeFile(path.join(webDir, 'assets', 'index-B3kX9_aQ.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir }, overrides: { logger: pino({ level: 'info' }, logStream) } });
  adminId = (await createUser(t.container, { role_id: 1 })).id;
  userId = (await createUser(t.container)).id;
  planId = (await t.container.database.db.selectFrom('plans').select('id').where('slug', '!=', 'free-trial').orderBy('id').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await t.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('NUL bytes (item 6)', () => {
  const nul = 'a\u0000b';
  const cases: Array<{ name: string; as?: 'admin' | 'user'; method: 'GET' | 'POST'; url: string; body?: unknown; field: string }> = [
    { name: 'register', method: 'POST', url: '/mt/register', body: { name: nul, email: 'n@example.com', password: 'password123', password_confirmation: 'password123' }, field: 'name' },
    { name: 'profile update', as: 'user', method: 'POST', url: '/api/user/update', body: { name: nul }, field: 'name' },
    { name: 'translate as a guest', method: 'POST', url: '/api/translate', body: { text: nul, target_lang: 'ar' }, field: 'text' },
    { name: 'translate signed in', as: 'user', method: 'POST', url: '/api/translate', body: { text: nul, target_lang: 'ar' }, field: 'text' },
    { name: 'feedback', method: 'POST', url: '/api/feedback', body: { message: nul }, field: 'message' },
    { name: 'contact', method: 'POST', url: '/api/contact', body: { name: 'N', email: 'n@example.com', message: nul }, field: 'message' },
    { name: 'glossary', as: 'user', method: 'POST', url: '/api/user/glossary', body: { source_lang: 'en', target_lang: 'ar', source_term: nul, target_term: 'x' }, field: 'source_term' },
    { name: 'history search', as: 'user', method: 'GET', url: '/api/user/translation-history?q=a%00b', field: 'q' },
    { name: 'admin user search', as: 'admin', method: 'GET', url: '/api/admin/users?q=a%00b', field: 'q' },
    { name: 'a nested key', method: 'POST', url: '/api/feedback', body: { message: 'ok', meta: { list: ['x', nul] } }, field: 'meta.list.1' },
  ];

  for (const testCase of cases) {
    it(`answers 422 naming the field: ${testCase.name}`, async () => {
      const client = t.client();
      if (testCase.as) await client.signInAs(testCase.as === 'admin' ? adminId : userId);
      const response = testCase.method === 'GET' ? await client.get(testCase.url) : await client.post(testCase.url, testCase.body);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[testCase.field][0]).toMatch(/must not contain NUL characters/);
    });
  }

  it('answers in Arabic for an Arabic caller', async () => {
    const client = t.client();
    client.locale = 'ar';
    const response = await client.post('/api/translate', { text: nul, target_lang: 'ar' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/المحرف الصفري/);
  });

  it('checks multipart text fields too', async () => {
    const boundary = '----lisan';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nN\r\n--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nn@example.com\r\n--${boundary}\r\nContent-Disposition: form-data; name="message"\r\n\r\na\u0000b\r\n--${boundary}--\r\n`;
    const response = await t.client().request({ method: 'POST', url: '/api/requests', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors.message[0]).toMatch(/NUL/);
  });
});

describe('numbers (item 7)', () => {
  it('refuses an array, a boolean and an empty string as an id', async () => {
    const client = await t.client().signInAs(userId);
    for (const plan_id of [[planId], true, '', null, '2abc']) {
      const response = await client.post('/api/user/save-plan', { plan_id, frequency: 'monthly' });
      expect(response.statusCode, `${JSON.stringify(plan_id)}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors)).toContain('plan_id');
    }
  });

  it('still takes a number, and digits from a form or a query string', async () => {
    const admin = await t.client().signInAs(adminId);
    expect((await admin.get('/api/admin/users?per_page=5&page=1')).statusCode).toBe(200);
    expect((await admin.get('/api/admin/users?per_page=5,6')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/users?per_page=5&per_page=6')).statusCode).toBe(422);
    expect((await admin.post('/api/admin/user/add-trial-days', { user_id: String(userId), days: 3 })).statusCode).toBe(200);
    expect((await admin.post('/api/admin/user/add-trial-days', { user_id: [userId], days: 3 })).statusCode).toBe(422);
  });
});

describe('asset caching (item 8)', () => {
  it('caches an existing hashed asset for a year', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-B3kX9_aQ.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never caches a missing asset', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-OLDBUILD.js' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('hardening (item 9)', () => {
  it('binds the CSRF token to the session and rotates it at sign-in', async () => {
    const client = t.client();
    await client.post('/api/feedback', { message: 'before' });
    const guestToken = client.cookies.get(CSRF_COOKIE)!;
    await client.signInAs(userId);
    const signedInToken = client.cookies.get(CSRF_COOKIE)!;
    expect(signedInToken).toBeTruthy();
    expect(signedInToken).not.toBe(guestToken);
    // The guest's token no longer passes with the session cookie.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { message: 'x' },
      headers: { [CSRF_HEADER]: guestToken },
      cookies: { ...Object.fromEntries(client.cookies), [CSRF_COOKIE]: guestToken },
    });
    expect(stale.statusCode).toBe(419);
    // The token of one session does not pass for another.
    const other = await t.client().signInAs(adminId);
    const crossed = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      payload: { message: 'x' },
      headers: { [CSRF_HEADER]: signedInToken },
      cookies: { ...Object.fromEntries(other.cookies), [CSRF_COOKIE]: signedInToken },
    });
    expect(crossed.statusCode).toBe(419);
    expect((await client.post('/api/feedback', { message: 'after' })).statusCode).toBe(200);
  });

  it('keeps tokens and signed-link query strings out of the access log', async () => {
    await t.app.inject({ method: 'GET', url: '/email/verify/7/abcdef0123?expires=1999999999&signature=deadbeefcafe' });
    await t.app.inject({ method: 'GET', url: '/api/plans?token=supersecret123&lang=ar' });
    await t.app.inject({ method: 'GET', url: '/email/change/changetokensecret0123456789' });
    // The looks the links' pages take with the same parts.
    await t.app.inject({ method: 'GET', url: '/api/email-change/lookchangetoken0123456789' });
    await t.app.inject({ method: 'GET', url: '/api/email-verify/7/abcdef4567?expires=1999999999&signature=feedfacecafe' });
    await t.app.inject({ method: 'GET', url: '/api/password-reset/resettokensecret0123456789' });
    const log = logLines.join('');
    expect(log).toContain('/api/plans?token=[redacted]&lang=ar');
    expect(log).toContain('/email/change/[redacted]');
    expect(log).toContain('/api/email-change/[redacted]');
    expect(log).toContain('/api/email-verify/7/[redacted]?[redacted]');
    expect(log).toContain('/api/password-reset/[redacted]');
    for (const secret of ['deadbeefcafe', 'abcdef0123', 'supersecret123', 'changetokensecret', 'lookchangetoken', 'abcdef4567', 'feedfacecafe', 'resettokensecret']) expect(log).not.toContain(secret);
    expect(redactUrl('/mt/login/google/callback?code=abc&state=xyz')).toBe('/mt/login/google/callback?code=[redacted]&state=[redacted]');
  });

  it("keeps the e-mail address of a confirm page's address out of the access log", async () => {
    await t.app.inject({ method: 'GET', url: '/email/verify?status=change_confirm&email=new.address%40example.com&token=abc123secret' });
    const log = logLines.join('');
    expect(log).toContain('/email/verify?status=change_confirm&email=[redacted]&token=[redacted]');
    for (const secret of ['new.address', 'abc123secret']) expect(log).not.toContain(secret);
  });

  it('sends a Permissions-Policy header with pages', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    expect(response.headers['permissions-policy']).toMatch(/camera=\(\)/);
    expect(response.headers['permissions-policy']).toMatch(/microphone=\(\)/);
  });
});
