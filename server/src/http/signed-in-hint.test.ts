// The readable "signed in" hint cookie beside the session cookie (http/sessions.ts): set with
// it, cleared with it, set for a session that predates it, and cleared when it outlives its session.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { createUser, signIn, signUp, uniqueEmail } from '../modules/auth/auth.test-support';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from './sessions';

let t: TestApp;
let webDist: string;
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  // https: secure cookies; a built web app, so a page load goes through the same hooks; the
  // queue, for the mails of sign-up and deletion.
  webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-web-'));
  await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Lisan</title>');
  t = await createTestApp({ startQueue: true, env: { APP_URL: 'https://lisan.test', WEB_DIST_DIR: webDist } });
});

afterAll(async () => {
  await t.close();
  await fs.rm(webDist, { recursive: true, force: true });
});

type Cookie = { name: string; value: string; path?: string; sameSite?: string; secure?: boolean; httpOnly?: boolean; expires?: Date; maxAge?: number };
const cookieOf = (response: { cookies: unknown[] }, name: string) => (response.cookies as Cookie[]).find((cookie) => cookie.name === name);
const cleared = (cookie: Cookie | undefined) => cookie !== undefined && cookie.value === '' && cookie.maxAge === 0;
const db = () => t.container.database.db;

/** A client whose session is valid but that has no hint (signed in before the hint existed). */
async function sessionWithoutHint(remember = false) {
  const user = await createUser(t);
  const client = t.client();
  await client.request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123', remember }, remoteAddress: freshIp() });
  client.cookies.delete(SIGNED_IN_COOKIE);
  return { user, client };
}

/** The hint with the session cookie's path, SameSite, Secure and expiry, but readable by script. */
function expectHintBesideSession(response: { cookies: unknown[] }) {
  const session = cookieOf(response, SESSION_COOKIE)!;
  const hint = cookieOf(response, SIGNED_IN_COOKIE)!;
  expect(hint.value).toBe('1');
  expect(hint.httpOnly).toBeFalsy();
  expect(session.httpOnly).toBe(true);
  expect({ path: hint.path, sameSite: hint.sameSite, secure: hint.secure, expires: hint.expires?.getTime() }).toEqual({
    path: session.path,
    sameSite: session.sameSite,
    secure: session.secure,
    expires: session.expires?.getTime(),
  });
  expect(hint).toMatchObject({ path: '/', sameSite: 'Lax', secure: true });
}

describe('the signed-in hint cookie', () => {
  it('comes with the session cookie at sign-up, ending with the browser like it', async () => {
    const response = await signUp(t.client(), { email: uniqueEmail('hint-signup'), remoteAddress: freshIp() });
    expect(response.statusCode, response.body).toBe(201);
    expectHintBesideSession(response);
    expect(cookieOf(response, SIGNED_IN_COOKIE)!.expires).toBeUndefined();
  });

  it('comes with the session cookie at sign-in, with the same expiry under "remember me"', async () => {
    const user = await createUser(t);
    const response = await t.client().request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123', remember: true }, remoteAddress: freshIp() });
    expect(response.statusCode).toBe(204);
    expectHintBesideSession(response);
    expect(cookieOf(response, SIGNED_IN_COOKIE)!.expires).toBeInstanceOf(Date);
  });

  it('is cleared with the session cookie at sign-out and at account deletion', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user.email, 'password123', freshIp());
    expect(client.cookies.get(SIGNED_IN_COOKIE)).toBe('1');
    const signOut = await client.post('/mt/logout');
    expect(cleared(cookieOf(signOut, SESSION_COOKIE))).toBe(true);
    expect(cleared(cookieOf(signOut, SIGNED_IN_COOKIE))).toBe(true);
    expect(client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);

    const leaving = await signIn(t, user.email, 'password123', freshIp());
    const deletion = await leaving.post('/api/user/delete-account', { password: 'password123' });
    expect(deletion.statusCode).toBe(200);
    expect(cleared(cookieOf(deletion, SIGNED_IN_COOKIE))).toBe(true);
  });

  it('is set on a signed-in request whose session predates it, then left alone', async () => {
    const { client } = await sessionWithoutHint();
    const first = await client.get('/api/user');
    expect(first.statusCode).toBe(200);
    expect(cookieOf(first, SIGNED_IN_COOKIE)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', secure: true });
    expect(cookieOf(first, SIGNED_IN_COOKIE)!.httpOnly).toBeFalsy();
    expect(cookieOf(first, SIGNED_IN_COOKIE)!.expires).toBeUndefined();
    // Once the browser has it, answers carry no cookie.
    expect(cookieOf(await client.get('/api/user'), SIGNED_IN_COOKIE)).toBeUndefined();
  });

  it('is set on a page load too, with the expiry the remembered session cookie was given', async () => {
    const { user, client } = await sessionWithoutHint(true);
    const session = await db().selectFrom('sessions').select(['created_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const page = await client.get('/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const hint = cookieOf(page, SIGNED_IN_COOKIE)!;
    expect(hint.value).toBe('1');
    const { sessionRememberDays } = t.container.config;
    expect(hint.expires!.getTime()).toBe(Math.floor((new Date(session.created_at).getTime() + sessionRememberDays * 86_400_000) / 1000) * 1000);
  });

  it('is cleared when it arrives without a valid session: revoked, expired, or no session cookie at all', async () => {
    const revoked = await sessionWithoutHint();
    revoked.client.cookies.set(SIGNED_IN_COOKIE, '1');
    await t.container.sessions.endAllForUser(revoked.user.id);
    const answer = await revoked.client.get('/api/user');
    expect(answer.statusCode).toBe(401);
    expect(cleared(cookieOf(answer, SIGNED_IN_COOKIE))).toBe(true);
    expect(revoked.client.cookies.has(SIGNED_IN_COOKIE)).toBe(false);

    const expired = await sessionWithoutHint();
    expired.client.cookies.set(SIGNED_IN_COOKIE, '1');
    await db().updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000) }).where('user_id', '=', expired.user.id).execute();
    expect(cleared(cookieOf(await expired.client.get('/translate'), SIGNED_IN_COOKIE))).toBe(true);

    const stray = await t.app.inject({ method: 'GET', url: '/', cookies: { [SIGNED_IN_COOKIE]: '1' } });
    expect(stray.statusCode).toBe(200);
    expect(cleared(cookieOf(stray, SIGNED_IN_COOKIE))).toBe(true);
  });

  it('is never set for a guest', async () => {
    const guest: TestClient = t.client();
    for (const url of ['/', '/translate', '/api/plans', '/api/user']) {
      const response = await guest.get(url);
      expect(cookieOf(response, SIGNED_IN_COOKIE), url).toBeUndefined();
    }
  });
});
