import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { SIGNED_IN_COOKIE } from '../../http/sessions';
import { sha256Hex } from './auth.fns';
import { createUser, linkIn, sentMails, signIn, testClock, uniqueEmail, waitForMail } from './auth.test-support';

/** A used, wrong or expired reset link: the message says what to do next (the page's "Request a new link"). */
const RESET_LINK_INVALID = 'This reset link no longer works: it may have expired, been used already, or be for another e-mail address. Request a new link below.';

let t: TestApp;
const clock = testClock();
let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not spill into the next. */
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ startQueue: true, overrides: { now: clock.now }, env: { APP_URL: 'http://lisan.test' } });
});

afterAll(() => t.close());

const db = () => t.container.database.db;
const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

function register(client: TestClient, body: Record<string, unknown>, ip = freshIp()) {
  return client.request({ method: 'POST', url: '/mt/register', payload: body, remoteAddress: ip });
}

function login(client: TestClient, body: Record<string, unknown>, ip = freshIp()) {
  return client.request({ method: 'POST', url: '/mt/login', payload: body, remoteAddress: ip });
}

const newAccount = (email = uniqueEmail()) => ({ name: 'Huda Salem', email, password: 'password123', password_confirmation: 'password123' });

describe('POST /mt/register', () => {
  it('creates an account on the 7-day free trial, signs it in and sends the verification e-mail', async () => {
    const client = t.client();
    const email = uniqueEmail('new');
    const response = await register(client, { ...newAccount(email), email: `  ${email.toUpperCase()} ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Huda Salem', email, email_verified_at: null });

    const user = (await userByEmail(email))!;
    const trial = await t.container.plans.getBySlug('free-trial');
    expect(user.plan_id).toBe(trial.id);
    expect(user.role_id).toBe(2);
    expect(new Date(user.trial_ends_at!).getTime() - clock.now().getTime()).toBe(7 * 86_400_000);
    expect(user.password_hash).toMatch(/^\$argon2id\$/);
    expect(user.email_verified_at).toBeNull();

    // Signed in, but the address is not verified yet: the user call answers 450.
    expect((await client.get('/api/user')).statusCode).toBe(450);

    const mail = await waitForMail(t, email, 'Verify your e-mail address');
    expect(mail.text).toContain('Hello \u2068Huda Salem\u2069,');
    expect(linkIn(mail, '/email/verify/')).toMatch(new RegExp(`^http://lisan\\.test/email/verify/${user.id}/[0-9a-f]{40}\\?expires=\\d+&signature=[0-9a-f]{64}$`));
  });

  it('writes the verification e-mail in Arabic for an Arabic sign-up', async () => {
    const client = t.client();
    client.locale = 'ar';
    const email = uniqueEmail('arabic');
    expect((await register(client, newAccount(email))).statusCode).toBe(201);
    expect((await userByEmail(email))!.locale).toBe('ar');
    const mail = await waitForMail(t, email, 'تأكيد بريدك الإلكتروني');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.text).toContain('مرحبًا \u2068Huda Salem\u2069،');
  });

  it('takes the locale from the body over the request language', async () => {
    const email = uniqueEmail('body-locale');
    expect((await register(t.client(), { ...newAccount(email), locale: 'ar' })).statusCode).toBe(201);
    expect((await userByEmail(email))!.locale).toBe('ar');
  });

  it('answers the spec validation messages in English and in Arabic', async () => {
    const empty = await register(t.client(), {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
      password_confirmation: ['Password Confirmation is required'],
    });
    expect(empty.json().message).toBe('Name is required');

    // Empty fields, as a browser form sends them: one message each.
    const blank = await register(t.client(), { name: ' ', email: '', password: '', password_confirmation: '' });
    expect(blank.json().errors).toEqual(empty.json().errors);

    const arabicClient = t.client();
    arabicClient.locale = 'ar';
    const arabic = await register(arabicClient, { name: ' ', email: 'nope' });
    expect(arabic.json().errors).toEqual({
      name: ['الاسم مطلوب'],
      email: ['بريد إلكتروني غير صحيح'],
      password: ['كلمة المرور مطلوبة'],
      password_confirmation: ['تأكيد كلمة المرور مطلوب'],
    });
  });

  it('refuses a wrong e-mail, a short password and a confirmation that does not match', async () => {
    const wrong = await register(t.client(), { ...newAccount(), email: 'not-an-email' });
    expect(wrong.json().errors).toEqual({ email: ['wrong email'] });
    const short = await register(t.client(), { ...newAccount(), password: 'short', password_confirmation: 'short' });
    expect(short.json().errors).toEqual({ password: ['The password must be at least 8 characters.'] });
    const mismatch = await register(t.client(), { ...newAccount(), password_confirmation: 'password124' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    // Every problem in one refusal: an empty name and a wrong e-mail do not hide the mismatch.
    const all = await register(t.client(), { name: ' ', email: 'nope', password: 'password123', password_confirmation: 'password124' });
    expect(all.json().errors).toEqual({
      name: ['Name is required'],
      email: ['wrong email'],
      password_confirmation: ['The password confirmation does not match.'],
    });
  });

  it('refuses an address that is taken, whatever its case', async () => {
    const existing = await createUser(t);
    const response = await register(t.client(), newAccount(existing.email.toUpperCase()));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('limits sign-ups per IP address (429 with Retry-After)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) expect((await register(t.client(), newAccount(), ip)).statusCode).toBe(201);
    const limited = await register(t.client(), newAccount(), ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await register(t.client(), newAccount())).statusCode).toBe(201);
  });
});

describe('POST /mt/login', () => {
  it('signs in with the right pair (204), rotating the session id', async () => {
    const user = await createUser(t);
    const client = t.client();
    expect((await login(client, { email: user.email, password: 'password123' })).statusCode).toBe(204);
    const first = client.cookies.get('lisan_session')!;
    expect((await client.get('/api/user')).json()).toMatchObject({ email: user.email });

    expect((await login(client, { email: user.email.toUpperCase(), password: 'password123' })).statusCode).toBe(204);
    const second = client.cookies.get('lisan_session')!;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', cookies: { lisan_session: first } })).statusCode).toBe(401);
  });

  it('keeps the session beyond the browser only with "remember me"', async () => {
    const user = await createUser(t);
    const plain = await login(t.client(), { email: user.email, password: 'password123' });
    expect(plain.cookies.find((c) => c.name === 'lisan_session')!.expires).toBeUndefined();
    const remembered = await login(t.client(), { email: user.email, password: 'password123', remember: true });
    const cookie = remembered.cookies.find((c) => c.name === 'lisan_session')!;
    expect(cookie.expires!.getTime() - clock.now().getTime()).toBeGreaterThan(29 * 86_400_000);
    const row = await db().selectFrom('sessions').select(['remember']).where('id', '=', sha256Hex(cookie.value)).executeTakeFirstOrThrow();
    expect(row.remember).toBe(true);
  });

  it('gives the same answer for a wrong password, an unknown address and an account without a password', async () => {
    const user = await createUser(t);
    const social = await createUser(t, { password: null });
    const answers = await Promise.all([
      login(t.client(), { email: user.email, password: 'wrong-password' }),
      login(t.client(), { email: uniqueEmail('ghost'), password: 'password123' }),
      login(t.client(), { email: social.email, password: 'password123' }),
    ]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toEqual({ message: 'These credentials do not match our records.', errors: { email: ['These credentials do not match our records.'] } });
      expect(answer.cookies.find((c) => c.name === 'lisan_session' && c.value)).toBeUndefined();
    }
    const arabic = t.client();
    arabic.locale = 'ar';
    expect((await login(arabic, { email: user.email, password: 'wrong-password' })).json().message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة.');
  });

  it('answers the spec validation messages', async () => {
    expect((await login(t.client(), {})).json().errors).toEqual({ email: ['Email is required'], password: ['Password is required'] });
    expect((await login(t.client(), { email: 'x@', password: 'a' })).json().errors).toEqual({ email: ['wrong email'] });
  });

  it('limits attempts per address, the same whether or not it exists, until the window passes', async () => {
    const user = await createUser(t);
    for (const email of [user.email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 5; i++) expect((await login(t.client(), { email, password: 'wrong-password' })).statusCode).toBe(422);
      const limited = await login(t.client(), { email, password: 'password123' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^Too many requests\. Please try again in \d+ seconds\.$/);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    clock.advance(61_000);
    expect((await login(t.client(), { email: user.email, password: 'password123' })).statusCode).toBe(204);
  });

  it('forgets the failures of an address after a successful sign-in', async () => {
    const user = await createUser(t);
    for (let i = 0; i < 4; i++) await login(t.client(), { email: user.email, password: 'wrong-password' });
    expect((await login(t.client(), { email: user.email, password: 'password123' })).statusCode).toBe(204);
    for (let i = 0; i < 4; i++) expect((await login(t.client(), { email: user.email, password: 'wrong-password' })).statusCode).toBe(422);
  });

  it('limits attempts per IP address across addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i++) await login(t.client(), { email: uniqueEmail('spray'), password: 'password123' }, ip);
    const user = await createUser(t);
    expect((await login(t.client(), { email: user.email, password: 'password123' }, ip)).statusCode).toBe(429);
    expect((await login(t.client(), { email: user.email, password: 'password123' })).statusCode).toBe(204);
    clock.advance(61_000);
  });

  it('needs the CSRF token', async () => {
    const user = await createUser(t);
    const response = await t.client().request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123' }, csrf: false });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /mt/logout', () => {
  it('ends the session server-side', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user.email, 'password123', freshIp());
    const token = client.cookies.get('lisan_session')!;
    const response = await client.post('/mt/logout');
    expect(response.statusCode).toBe(204);
    expect(client.cookies.has('lisan_session')).toBe(false);
    expect(await db().selectFrom('sessions').select('id').where('id', '=', sha256Hex(token)).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/api/user', cookies: { lisan_session: token } })).statusCode).toBe(401);
  });

  it('answers 204 to a visitor who is not signed in', async () => {
    expect((await t.client().post('/mt/logout')).statusCode).toBe(204);
  });
});

describe('e-mail verification', () => {
  async function registered(locale?: 'ar') {
    const client = t.client();
    if (locale) client.locale = locale;
    const email = uniqueEmail('verify');
    expect((await register(client, newAccount(email))).statusCode).toBe(201);
    const mail = await waitForMail(t, email, locale ? 'تأكيد بريدك الإلكتروني' : 'Verify your e-mail address');
    return { client, email, link: new URL(linkIn(mail, '/email/verify/')) };
  }

  const open = (link: URL | string) => t.app.inject({ method: 'GET', url: typeof link === 'string' ? link : `${link.pathname}${link.search}` });
  const pathAndQuery = (link: URL) => `${link.pathname}${link.search}`;
  /** The page a live link leads to: the parts of the link the page's button posts back, and no address. */
  const confirmPage = (link: URL) => {
    const [, , , id, hash] = link.pathname.split('/');
    const query = new URLSearchParams({ status: 'confirm', id: id!, hash: hash!, expires: link.searchParams.get('expires')!, signature: link.searchParams.get('signature')! });
    return `/email/verify?${query.toString()}`;
  };
  /** The page's look: what its link is, asked with the parts its URL carries. */
  const look = async (link: URL | string) => {
    const url = typeof link === 'string' ? new URL(link, 'http://lisan.test') : link;
    const answer = await t.client().get(`/api${url.pathname.replace('/email/verify/', '/email-verify/')}${url.search}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json();
  };

  it('opening the e-mailed link verifies nothing (mail scanners open links); the POST of its page does, then says it already is', async () => {
    const { client, email, link } = await registered();
    for (const opener of [t.client(), client]) {
      const opened = await opener.get(pathAndQuery(link));
      expect(opened.statusCode).toBe(302);
      expect(opened.headers['cache-control']).toBe('no-store');
      expect(opened.headers.location).toBe(confirmPage(link));
      expect(decodeURIComponent(opened.headers.location as string)).not.toContain(email);
    }
    // The page asks for the address with the link's parts; looking verifies nothing either.
    expect(await look(link)).toEqual({ status: 'confirm', email });
    expect((await userByEmail(email))!.email_verified_at).toBeNull();
    expect((await client.get('/api/user')).statusCode).toBe(450);

    const confirmed = await client.post(pathAndQuery(link));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'verified', message: 'email verified' });
    // The answer moves the signed-in hint of the session that verified, so the web app asks for the user again.
    expect(client.cookies.get(SIGNED_IN_COOKIE)).toBe('1');
    expect((await userByEmail(email))!.email_verified_at).not.toBeNull();
    expect((await client.get('/api/user')).statusCode).toBe(200);

    expect((await open(link)).headers.location).toBe('/email/verify?status=already');
    expect(await look(link)).toEqual({ status: 'already', email: null });
    const again = await t.client().post(pathAndQuery(link));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'already', message: 'Your e-mail address is already verified.' });
  });

  it('refuses a tampered, expired or malformed link, when opened and when confirmed', async () => {
    const { email, link } = await registered();
    const tampered = new URL(link);
    tampered.searchParams.set('signature', 'f'.repeat(64));
    const otherExpiry = new URL(link);
    otherExpiry.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 3600));
    const otherUser = new URL(link);
    otherUser.pathname = otherUser.pathname.replace(/\/email\/verify\/\d+\//, '/email/verify/999999/');
    const noSignature = new URL(link);
    noSignature.search = '';
    const refused = async (bad: URL | string) => {
      const answer = await t.client().post(typeof bad === 'string' ? bad : pathAndQuery(bad));
      expect(answer.statusCode, String(bad)).toBe(422);
      expect(answer.json().errors).toEqual({ signature: ['The verification link is invalid or expired'] });
    };
    for (const bad of [tampered, otherExpiry, otherUser, noSignature]) {
      expect((await open(bad)).headers.location, bad.href).toBe('/email/verify?status=invalid');
      expect(await look(bad)).toEqual({ status: 'invalid', email: null });
      await refused(bad);
    }
    expect((await open('/email/verify/abc/def?expires=1&signature=x')).headers.location).toBe('/email/verify?status=invalid');
    await refused('/email/verify/abc/def?expires=1&signature=x');
    expect((await userByEmail(email))!.email_verified_at).toBeNull();

    expect(await look('/email/verify/abc/def?expires=1&signature=x')).toEqual({ status: 'invalid', email: null });

    clock.advance(61 * 60_000);
    expect((await open(link)).headers.location).toBe('/email/verify?status=invalid');
    expect(await look(link)).toEqual({ status: 'invalid', email: null });
    await refused(link);
    expect((await userByEmail(email))!.email_verified_at).toBeNull();
  });

  it('refuses a link of an address the account no longer has', async () => {
    const { email, link } = await registered();
    await db().updateTable('users').set({ email: uniqueEmail('changed') }).where('email', '=', email).execute();
    expect((await open(link)).headers.location).toBe('/email/verify?status=invalid');
    expect(await look(link)).toEqual({ status: 'invalid', email: null });
  });

  it("an old-form page (the earlier redirect put the address in its URL) still verifies with the link's parts alone", async () => {
    const { client, email, link } = await registered();
    // The page of the earlier redirect named the address; its button posts to the link's path, which never carried it.
    const [, , , id, hash] = link.pathname.split('/');
    const oldPage = new URL(`/email/verify?${new URLSearchParams({ status: 'confirm', email: 'someone.else@example.com', id: id!, hash: hash!, expires: link.searchParams.get('expires')!, signature: link.searchParams.get('signature')! }).toString()}`, 'http://lisan.test');
    const path = `/email/verify/${oldPage.searchParams.get('id')}/${oldPage.searchParams.get('hash')}`;
    const query = `?${new URLSearchParams({ expires: oldPage.searchParams.get('expires')!, signature: oldPage.searchParams.get('signature')! }).toString()}`;
    expect(await look(`${path}${query}`)).toEqual({ status: 'confirm', email });
    expect((await client.post(`${path}${query}`)).json().status).toBe('verified');
  });

  it('is confirmed only by a POST that carries the CSRF token, and answers in the caller\'s language', async () => {
    const { email, link } = await registered('ar');
    expect((await t.client().request({ method: 'POST', url: pathAndQuery(link), csrf: false })).statusCode).toBe(419);
    expect((await userByEmail(email))!.email_verified_at).toBeNull();
    const arabic = t.client();
    arabic.locale = 'ar';
    expect((await arabic.post(pathAndQuery(link))).json()).toEqual({ status: 'verified', message: 'تم التحقق من البريد الإلكتروني' });
  });

  it('sends a new link on request (202), nothing when already verified (204), 401 when signed out', async () => {
    const { client, email } = await registered('ar');
    const before = sentMails(t).filter((m) => m.to === email).length;
    const resent = await client.post('/email/verification-notification');
    expect(resent.statusCode).toBe(202);
    expect(resent.json()).toEqual({ status: 'verification-link-sent', message: 'أرسلنا رابط تحقق جديدًا إلى بريدك الإلكتروني.' });
    await expect.poll(() => sentMails(t).filter((m) => m.to === email).length, { timeout: 10_000 }).toBe(before + 1);

    const verified = await signIn(t, (await createUser(t)).email, 'password123', freshIp());
    expect((await verified.post('/email/verification-notification')).statusCode).toBe(204);
    expect((await t.client().post('/email/verification-notification')).statusCode).toBe(401);
  });

  it('limits resending to six a minute', async () => {
    const { client } = await registered();
    for (let i = 0; i < 6; i++) expect((await client.post('/email/verification-notification')).statusCode).toBe(202);
    const limited = await client.post('/email/verification-notification');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('serves the web app, not an API 404, at the result page /email/verify', async () => {
    const distDir = await fs.mkdtemp(path.join(t.dataDir, 'web-'));
    await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    const withWeb = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
    try {
      const page = await withWeb.app.inject({ method: 'GET', url: '/email/verify?status=verified' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      const api = await withWeb.app.inject({ method: 'GET', url: '/email/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.headers['content-type']).toContain('application/json');
    } finally {
      await withWeb.close();
    }
  });
});

describe('forgot and reset password', () => {
  const forgot = (client: TestClient, body: unknown, ip = freshIp()) =>
    client.request({ method: 'POST', url: '/mt/forgot-password', payload: body as Record<string, unknown>, remoteAddress: ip });
  const reset = (client: TestClient, body: unknown, ip = freshIp()) =>
    client.request({ method: 'POST', url: '/mt/reset-password', payload: body as Record<string, unknown>, remoteAddress: ip });

  async function resetLink(email: string) {
    expect((await forgot(t.client(), { email })).statusCode).toBe(200);
    const mail = await waitForMail(t, email, /Reset your password|إعادة تعيين كلمة المرور/);
    sentMails(t).splice(sentMails(t).indexOf(mail), 1); // the next request waits for its own mail
    const url = new URL(linkIn(mail, '/reset-password'));
    return { token: url.searchParams.get('token')!, url };
  }
  /** The reset page's look: the address its token resets. */
  const look = async (token: string) => {
    const answer = await t.client().get(`/api/password-reset/${encodeURIComponent(token)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    return answer.json();
  };

  it('answers "reset link emailed" alike for a known and an unknown address, and mails only the known one', async () => {
    const user = await createUser(t);
    const ghost = uniqueEmail('ghost');
    const known = await forgot(t.client(), { email: user.email });
    const unknown = await forgot(t.client(), { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ status: 'reset link emailed' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await waitForMail(t, user.email, 'Reset your password');
    expect(mail.text).toContain('This link expires in 60 minutes.');
    // The link carries the token alone: no address in a URL (browser history, proxies, logs).
    expect(linkIn(mail, '/reset-password')).toMatch(/^http:\/\/lisan\.test\/reset-password\?token=[\w-]{43}$/);
    expect(sentMails(t).some((m) => m.to === ghost)).toBe(false);

    const arabic = t.client();
    arabic.locale = 'ar';
    expect((await forgot(arabic, { email: ghost })).json()).toEqual({ status: 'أرسلنا رابط إعادة التعيين إلى بريدك الإلكتروني' });
  });

  it('stores only the hash of the token', async () => {
    const user = await createUser(t);
    const { token } = await resetLink(user.email);
    const row = await db().selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(row.token_hash).not.toContain(token);
    expect(new Date(row.expires_at).getTime() - clock.now().getTime()).toBe(60 * 60_000);
  });

  it("the page asks for its address with the token, which looking does not use up; a dead token names none", async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { token } = await resetLink(user.email);
    expect(await look(token)).toEqual({ status: 'live', email: user.email });
    expect(await look(token)).toEqual({ status: 'live', email: user.email });
    for (const bad of [`${token}x`, 'short', 'a'.repeat(43)]) expect(await look(bad)).toEqual({ status: 'invalid', email: null });

    // An old-form link (its URL named the address) resets with the token and the address the page was given.
    const oldForm = `/reset-password?${new URLSearchParams({ token, email: other.email }).toString()}`;
    const pageToken = new URLSearchParams(oldForm.split('?')[1]).get('token')!;
    const { email } = await look(pageToken);
    expect(email).toBe(user.email);
    const done = await reset(t.client(), { token: pageToken, email, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(done.statusCode).toBe(200);
    expect(await look(token)).toEqual({ status: 'invalid', email: null }); // used

    const { token: later } = await resetLink(other.email);
    const { token: newer } = await resetLink(other.email);
    expect(await look(later)).toEqual({ status: 'invalid', email: null }); // replaced
    expect(await look(newer)).toEqual({ status: 'live', email: other.email });
    clock.advance(61 * 60_000);
    expect(await look(newer)).toEqual({ status: 'invalid', email: null }); // expired
  });

  it('validates the address', async () => {
    expect((await forgot(t.client(), {})).json().errors).toEqual({ email: ['Email is required'] });
    expect((await forgot(t.client(), { email: 'nope' })).json().errors).toEqual({ email: ['wrong email'] });
  });

  it('limits requests per address (the same for unknown ones) and per IP address', async () => {
    for (const email of [(await createUser(t)).email, uniqueEmail('ghost')]) {
      for (let i = 0; i < 3; i++) expect((await forgot(t.client(), { email })).statusCode).toBe(200);
      const limited = await forgot(t.client(), { email });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(60);
    }
    const ip = freshIp();
    for (let i = 0; i < 10; i++) await forgot(t.client(), { email: uniqueEmail('spray') }, ip);
    expect((await forgot(t.client(), { email: uniqueEmail('spray') }, ip)).statusCode).toBe(429);
    clock.advance(16 * 60_000);
  });

  it('resets the password once, ends every session, verifies the address and tells the owner', async () => {
    const user = await createUser(t, { verified: false });
    const session = await signIn(t, user.email, 'password123', freshIp());
    const { token } = await resetLink(user.email);

    const response = await reset(t.client(), { token, email: user.email, password: 'new-password-1', password_confirmation: 'new-password-1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'Your password has been reset.' });

    expect((await session.get('/api/user')).statusCode).toBe(401);
    expect((await login(t.client(), { email: user.email, password: 'password123' })).statusCode).toBe(422);
    const fresh = await signIn(t, user.email, 'new-password-1', freshIp());
    expect((await fresh.get('/api/user')).statusCode).toBe(200); // the e-mailed link proved the address
    await waitForMail(t, user.email, 'Your password was changed');

    const again = await reset(t.client(), { token, email: user.email, password: 'another-pass', password_confirmation: 'another-pass' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: [RESET_LINK_INVALID] });
  });

  it('refuses an expired token, a wrong token and a token of another address', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const { token } = await resetLink(user.email);
    const body = { password: 'new-password-1', password_confirmation: 'new-password-1' };
    for (const attempt of [
      { token: `${token}x`, email: user.email },
      { token, email: other.email },
      { token, email: uniqueEmail('ghost') },
    ]) {
      const answer = await reset(t.client(), { ...attempt, ...body });
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors).toEqual({ email: [RESET_LINK_INVALID] });
    }
    clock.advance(61 * 60_000);
    const expired = await reset(t.client(), { token, email: user.email, ...body });
    expect(expired.json().errors).toEqual({ email: [RESET_LINK_INVALID] });
    const arabic = t.client();
    arabic.locale = 'ar';
    expect((await reset(arabic, { token, email: user.email, ...body })).json().message).toBe('لم يعد رابط إعادة التعيين هذا صالحًا: ربما انتهت صلاحيته أو استُخدم من قبل أو أُرسل لعنوان بريد إلكتروني آخر. اطلب رابطًا جديدًا أدناه.');
  });

  it('validates the new password', async () => {
    const empty = await reset(t.client(), {});
    expect(empty.json().errors).toEqual({
      token: ['The reset token is missing. Open the link from the e-mail again.'],
      email: ['Email is required'],
      password: ['Password is required'],
      password_confirmation: ['Password Confirmation is required'],
    });
    const weak = await reset(t.client(), { token: 'x', email: 'a@example.com', password: 'short', password_confirmation: 'other' });
    expect(weak.json().errors.password).toEqual(['The password must be at least 8 characters.']);
    const mismatch = await reset(t.client(), { token: 'x', email: 'a@example.com', password: 'long-enough', password_confirmation: 'other-value' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
  });
});
