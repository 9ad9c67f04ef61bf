// The readable "signed in" hint cookie beside the session cookie (http/sessions.ts): set with
// it, cleared with it, set for a session that predates it, cleared when it outlives its session,
// and saying "unverified" while the user's e-mail address is not verified.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../test/harness';
import { createUser, linkIn, signIn, signUp, uniqueEmail, waitForMail } from '../modules/auth/auth.test-support';
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
function expectHintBesideSession(response: { cookies: unknown[] }, value: '1' | 'unverified' = '1') {
  const session = cookieOf(response, SESSION_COOKIE)!;
  const hint = cookieOf(response, SIGNED_IN_COOKIE)!;
  expect(hint.value).toBe(value);
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
  it('comes with the session cookie at sign-up, ending with the browser like it, and says the address is unverified', async () => {
    const response = await signUp(t.client(), { email: uniqueEmail('hint-signup'), remoteAddress: freshIp() });
    expect(response.statusCode, response.body).toBe(201);
    expectHintBesideSession(response, 'unverified');
    expect(cookieOf(response, SIGNED_IN_COOKIE)!.expires).toBeUndefined();
  });

  it('says "unverified" until the address is verified, then "1" from the next request on (a page load included)', async () => {
    const client = t.client();
    const email = uniqueEmail('hint-verify');
    expect((await signUp(client, { email, remoteAddress: freshIp() })).statusCode).toBe(201);
    expect(client.cookies.get(SIGNED_IN_COOKIE)).toBe('unverified');
    // The user call still answers 450 (the spec's status); the hint already says so, so no cookie moves.
    const before = await client.get('/api/user');
    expect(before.statusCode).toBe(450);
    expect(cookieOf(before, SIGNED_IN_COOKIE)).toBeUndefined();
    // The link confirmed in another browser: this browser's next request (here a page load) learns of it.
    const link = new URL(linkIn(await waitForMail(t, email, 'Verify your e-mail address'), '/email/verify/'));
    expect((await t.client().post(`${link.pathname}${link.search}`)).statusCode).toBe(200);
    const page = await client.get('/check-email');
    expect(page.statusCode).toBe(200);
    expect(cookieOf(page, SIGNED_IN_COOKIE)).toMatchObject({ value: '1', path: '/', sameSite: 'Lax', secure: true });
    expect(cookieOf(page, SIGNED_IN_COOKIE)!.expires).toBeUndefined();
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('says "unverified" at sign-in for an unverified user, and a hint that says otherwise is corrected by the 450', async () => {
    const user = await createUser(t, { verified: false });
    const client = t.client();
    const login = await client.request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123', remember: true }, remoteAddress: freshIp() });
    expect(login.statusCode).toBe(204);
    expectHintBesideSession(login, 'unverified');
    // A hint set before it told verification apart.
    client.cookies.set(SIGNED_IN_COOKIE, '1');
    const answer = await client.get('/api/user');
    expect(answer.statusCode).toBe(450);
    expect(cookieOf(answer, SIGNED_IN_COOKIE)).toMatchObject({ value: 'unverified', path: '/', sameSite: 'Lax', secure: true });
    expect(cookieOf(answer, SIGNED_IN_COOKIE)!.expires).toBeInstanceOf(Date);
    expect(client.cookies.get(SIGNED_IN_COOKIE)).toBe('unverified');
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

  it('is set on a page load too, with the remembered session\'s expiry', async () => {
    const { user, client } = await sessionWithoutHint(true);
    const session = await db().selectFrom('sessions').select(['expires_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const page = await client.get('/dashboard');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const hint = cookieOf(page, SIGNED_IN_COOKIE)!;
    expect(hint.value).toBe('1');
    expect(hint.expires!.getTime()).toBe(Math.floor(new Date(session.expires_at).getTime() / 1000) * 1000);
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

  it('slides with a remembered session: both cookies get the expiry the server extended it to', async () => {
    const { sessionRememberDays } = t.container.config;
    const user = await createUser(t);
    const client = t.client();
    const login = await client.request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123', remember: true }, remoteAddress: freshIp() });
    const token = cookieOf(login, SESSION_COOKIE)!.value;
    // As if signed in ten days ago and last seen two minutes ago: the next request extends the session.
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await db()
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 120_000), expires_at: new Date(tenDaysAgo.getTime() + sessionRememberDays * 86_400_000) })
      .where('user_id', '=', user.id)
      .execute();
    t.container.actors.clear();
    const before = Date.now();
    const answer = await client.get('/api/user');
    expect(answer.statusCode).toBe(200);
    const session = cookieOf(answer, SESSION_COOKIE)!;
    expect(session.value).toBe(token);
    expect(session.httpOnly).toBe(true);
    const row = await db().selectFrom('sessions').select(['expires_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThanOrEqual(before + sessionRememberDays * 86_400_000);
    expect(session.expires!.getTime()).toBe(Math.floor(new Date(row.expires_at).getTime() / 1000) * 1000);
    expectHintBesideSession(answer);
    // Within the minute nothing moves, so answers carry no cookie.
    t.container.actors.clear();
    const next = await client.get('/api/user');
    expect(cookieOf(next, SESSION_COOKIE)).toBeUndefined();
    expect(cookieOf(next, SIGNED_IN_COOKIE)).toBeUndefined();
  });

  it('leaves a session that ends with the browser a browser-session cookie when it slides', async () => {
    const user = await createUser(t);
    const client = t.client();
    await client.request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123' }, remoteAddress: freshIp() });
    await db().updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 120_000) }).where('user_id', '=', user.id).execute();
    t.container.actors.clear();
    const answer = await client.get('/api/user');
    expect(answer.statusCode).toBe(200);
    expect(cookieOf(answer, SESSION_COOKIE)).toBeUndefined();
    expect(cookieOf(answer, SIGNED_IN_COOKIE)).toBeUndefined();
    const row = await db().selectFrom('sessions').select(['last_seen_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(Date.now() - new Date(row.last_seen_at).getTime()).toBeLessThan(60_000);
  });

  it('is never set for a guest', async () => {
    const guest: TestClient = t.client();
    for (const url of ['/', '/translate', '/api/plans', '/api/user']) {
      const response = await guest.get(url);
      expect(cookieOf(response, SIGNED_IN_COOKIE), url).toBeUndefined();
    }
  });
});
