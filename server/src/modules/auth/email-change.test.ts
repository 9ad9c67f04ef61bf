import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { sha256Hex } from './auth.fns';
import { createUser, linkIn, sentMails, signedInUser, signIn, testClock, uniqueEmail, waitForMail } from './auth.test-support';

let t: TestApp;
const clock = testClock();
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter}`;

beforeAll(async () => {
  t = await createTestApp({ startQueue: true, overrides: { now: clock.now } });
});

afterAll(() => t.close());

const db = () => t.container.database.db;

const signedIn = (values: Parameters<typeof createUser>[1] = {}) => signedInUser(t, values, freshIp());

/** Asks for the change and returns the link mailed to the new address. */
async function requestChange(client: Awaited<ReturnType<typeof signedIn>>['client'], email: string) {
  const answer = await client.post('/api/user/change-email', { email, password: 'password123' });
  expect(answer.statusCode).toBe(200);
  return linkIn(await waitForMail(t, email, 'Confirm your new e-mail address'), '/email/change/');
}

const pathOf = (url: string) => new URL(url).pathname;

/** Opens the link as a mail scanner or a browser does (GET, no session): where it leads. */
async function open(link: string) {
  const answer = await t.client().get(pathOf(link));
  expect(answer.statusCode).toBe(302);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.headers.location as string;
}

/** The page a live link leads to: the token only, which the page's button posts back (the address is in no URL). */
const confirmPage = (token: string) => `/email/verify?${new URLSearchParams({ status: 'change_confirm', token }).toString()}`;
const tokenOf = (link: string) => pathOf(link).split('/').pop()!;

/** What the link's page asks before showing its button: the new address while the link is live, else why it is dead. */
async function look(token: string) {
  const answer = await t.client().get(`/api/email-change/${token}`);
  expect(answer.statusCode).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  return answer.json();
}

/** An address, plain or percent-encoded, anywhere in a URL. */
const carriesAddress = (url: string, email: string) => url.includes(email) || url.includes(encodeURIComponent(email)) || /@|%40/i.test(url);

describe('changing the e-mail address', () => {
  it('mails the link to the new address only; opening it changes nothing, the POST of its page switches, and the new address signs in', async () => {
    const { user, client } = await signedIn({ name: 'Salma' });
    const other = await signIn(t, user.email, 'password123', freshIp()); // a second session elsewhere
    const newEmail = uniqueEmail('new');
    const answer = await client.post('/api/user/change-email', { email: newEmail.toUpperCase(), password: 'password123' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().message).toBe(`We sent a confirmation link to \u2066${newEmail}\u2069. Your address changes once you confirm the change through it.`);
    expect(answer.json().user).toMatchObject({ email: user.email, email_change: { email: newEmail, expires_at: expect.any(String), expired: false } });

    const confirm = await waitForMail(t, newEmail, 'Confirm your new e-mail address');
    const notice = await waitForMail(t, user.email, 'A change of your e-mail address was requested');
    expect(notice.text).toContain(newEmail);
    expect(notice.text).not.toMatch(/https?:\/\/\S*\/email\/change/);
    expect(notice.html).not.toContain('/email/change/');
    const link = linkIn(confirm, '/email/change/');
    // Neither the link nor the page it leads to carries the new address (browser history, proxies and logs keep URLs).
    expect(carriesAddress(link, newEmail)).toBe(false);

    // Nothing changes before the change is confirmed; the token is stored as its hash only.
    const row = await db().selectFrom('email_changes').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const token = tokenOf(link);
    expect(row.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await client.get('/api/user')).json().email).toBe(user.email);

    // Opening the link (a mail scanner, then the person) changes nothing and uses nothing up: it leads to the page
    // that names the new address, whose button confirms.
    expect(await open(link)).toBe(confirmPage(token));
    expect(carriesAddress(await open(link), newEmail)).toBe(false);
    const opened = await client.get(pathOf(link));
    expect(opened.headers.location).toBe(confirmPage(token));
    // The page asks for the address with the token, and that uses nothing up either.
    expect(await look(token)).toEqual({ status: 'change_confirm', email: newEmail });
    expect((await client.get('/api/user')).json()).toMatchObject({ email: user.email, email_change: { email: newEmail, expired: false } });
    expect(await db().selectFrom('email_changes').select('token_hash').where('user_id', '=', user.id).executeTakeFirst()).toEqual({ token_hash: sha256Hex(token) });
    expect(sentMails(t).filter((mail) => mail.subject === 'Your e-mail address was changed' && mail.to === user.email)).toEqual([]);

    const confirmed = await client.post(pathOf(link));
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ status: 'email_changed', message: `Your e-mail address is now \u2066${newEmail}\u2069.` });
    const profile = (await client.get('/api/user')).json();
    expect(profile).toMatchObject({ email: newEmail, email_verified_at: expect.any(String), email_change: null });
    // The session that confirmed stays; the other one ended.
    expect((await other.get('/api/user')).statusCode).toBe(401);
    const changed = await waitForMail(t, user.email, 'Your e-mail address was changed');
    expect(changed.text).toContain(newEmail);
    expect(changed.html).not.toContain('href=');

    expect((await t.client().request({ method: 'POST', url: '/mt/login', payload: { email: newEmail, password: 'password123' }, remoteAddress: freshIp() })).statusCode).toBe(204);
    const old = await t.client().request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123' }, remoteAddress: freshIp() });
    expect(old.statusCode).toBe(422);

    // The link works once: its page now says it was used, and a second confirmation is refused.
    expect(await open(link)).toBe('/email/verify?status=change_invalid');
    expect(await look(token)).toEqual({ status: 'change_invalid', email: null });
    const again = await t.client().post(pathOf(link));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: 'This link is invalid or has already been used.', errors: { token: ['This link is invalid or has already been used.'] } });
  });

  it('a page opened from the earlier redirect (its URL named the address) still works until the link expires: the token alone counts', async () => {
    const { user, client } = await signedIn();
    const newEmail = uniqueEmail('oldform');
    const link = await requestChange(client, newEmail);
    const token = tokenOf(link);
    // What that page kept from its URL: the token (the address it named is not read, whatever it says).
    const oldForm = new URLSearchParams({ status: 'change_confirm', email: 'someone-else@example.com', token });
    expect(await look(oldForm.get('token')!)).toEqual({ status: 'change_confirm', email: newEmail });
    const confirmed = await client.post(`/email/change/${oldForm.get('token')}`);
    expect(confirmed.json()).toEqual({ status: 'email_changed', message: `Your e-mail address is now \u2066${newEmail}\u2069.` });
    expect((await db().selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(newEmail);
    // Past its 60 minutes such a page's link is dead like any other: the page says it expired.
    const late = await requestChange(client, uniqueEmail('oldform-late'));
    clock.advance(61 * 60_000);
    expect(await look(tokenOf(late))).toEqual({ status: 'change_expired', email: null });
  });

  it('is confirmed only by a POST that carries the CSRF token (a cross-site form cannot)', async () => {
    const { user, client } = await signedIn();
    const link = await requestChange(client, uniqueEmail('csrf'));
    expect((await t.client().request({ method: 'POST', url: pathOf(link), csrf: false })).statusCode).toBe(419);
    expect((await client.get('/api/user')).json()).toMatchObject({ email: user.email, email_change: { expired: false } });
  });

  it('confirmed signed out, it switches the address and ends every session of the user', async () => {
    const { user, client } = await signedIn();
    const newEmail = uniqueEmail('out');
    const link = await requestChange(client, newEmail);
    expect(await open(link)).toBe(confirmPage(tokenOf(link)));
    expect((await t.client().post(pathOf(link))).json().status).toBe('email_changed');
    expect((await client.get('/api/user')).statusCode).toBe(401);
    const row = await db().selectFrom('users').select(['email']).where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.email).toBe(newEmail);
  });

  it('refuses with 422 field errors: bad address, same address, wrong password, taken address, missing password', async () => {
    const { user, client } = await signedIn();
    const taken = await createUser(t);
    const refuse = async (body: Record<string, unknown>) => {
      const answer = await client.post('/api/user/change-email', body);
      expect(answer.statusCode).toBe(422);
      return answer.json().errors;
    };
    expect(await refuse({ email: 'not-an-address', password: 'password123' })).toEqual({ email: ['wrong email'] });
    expect(await refuse({ email: user.email.toUpperCase(), password: 'password123' })).toEqual({ email: ['This is already the e-mail address of your account.'] });
    expect(await refuse({ email: uniqueEmail(), password: 'wrong-password' })).toEqual({ password: ['The password is incorrect.'] });
    // A taken address is said only after the password matched.
    expect(await refuse({ email: taken.email, password: 'wrong-password' })).toEqual({ password: ['The password is incorrect.'] });
    expect(await refuse({ email: taken.email, password: 'password123' })).toEqual({ email: ['The email has already been taken.'] });
    expect(await refuse({ email: uniqueEmail() })).toEqual({ password: ['Password is required'] });
    expect(await db().selectFrom('email_changes').selectAll().where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses an account without a password, pointing to setting one, in Arabic too', async () => {
    const { client } = await signedIn({ password: null });
    const answer = await client.post('/api/user/change-email', { email: uniqueEmail(), password: 'anything' });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual({ password: ['Set a password first: the change of address is confirmed with it.'] });
    client.locale = 'ar';
    const arabic = await client.post('/api/user/change-email', { email: uniqueEmail(), password: 'anything' });
    expect(arabic.json().errors).toEqual({ password: ['عيِّن كلمة مرور أولًا، فبها يُؤكَّد تغيير البريد الإلكتروني.'] });
  });

  it('is refused signed out and with an unverified address', async () => {
    expect((await t.client().post('/api/user/change-email', { email: uniqueEmail(), password: 'password123' })).statusCode).toBe(401);
    const { client } = await signedIn({ verified: false });
    expect((await client.post('/api/user/change-email', { email: uniqueEmail(), password: 'password123' })).statusCode).toBe(450);
  });

  it('an expired link says so and changes nothing; the account shows the change as expired until a resend', async () => {
    const { user, client } = await signedIn();
    const newEmail = uniqueEmail('late');
    const link = await requestChange(client, newEmail);
    clock.advance(61 * 60_000);
    // Opening it says so and leaves the change for the account's card to offer a new link.
    expect(await open(link)).toBe('/email/verify?status=change_expired');
    expect(await look(tokenOf(link))).toEqual({ status: 'change_expired', email: null });
    expect((await client.get('/api/user')).json()).toMatchObject({ email: user.email, email_change: { email: newEmail, expired: true } });
    const resent = await client.post('/api/user/change-email/resend');
    expect(resent.json().user.email_change).toMatchObject({ email: newEmail, expired: false });
    // Confirming the dead link is refused and uses it up: the newer link is the change now, and it was replaced.
    clock.advance(61 * 60_000);
    const refused = await t.client().post(pathOf(link));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ token: ['This link is invalid or has already been used.'] });
    const late = await requestChange(client, uniqueEmail('later'));
    clock.advance(61 * 60_000);
    client.locale = 'ar';
    const expired = await client.post(pathOf(late));
    expect(expired.statusCode).toBe(422);
    expect(expired.json().errors).toEqual({ token: ['انتهت صلاحية هذا الرابط. يمكنك إرسال رابط جديد من تبويب المعلومات الأساسية في حسابك.'] });
    expect((await client.get('/api/user')).json()).toMatchObject({ email: user.email, email_change: null });
  });

  it('an invalid link says so, when opened and when confirmed', async () => {
    for (const token of ['not-a-token', 'A'.repeat(43)]) {
      expect(await open(`http://lisan.test/email/change/${token}`)).toBe('/email/verify?status=change_invalid');
      expect(await look(token)).toEqual({ status: 'change_invalid', email: null });
      const refused = await t.client().post(`/email/change/${token}`);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ token: ['This link is invalid or has already been used.'] });
    }
  });

  it('refuses cleanly when the address was taken before the link was confirmed', async () => {
    const { user, client } = await signedIn();
    const newEmail = uniqueEmail('race');
    const link = await requestChange(client, newEmail);
    await createUser(t, { email: newEmail });
    expect(await open(link)).toBe('/email/verify?status=change_taken');
    expect(await look(tokenOf(link))).toEqual({ status: 'change_taken', email: null });
    const refused = await client.post(pathOf(link));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ email: ['The new address is now used by another account, so your address was not changed.'] });
    expect((await client.get('/api/user')).json()).toMatchObject({ email: user.email, email_change: null });
  });

  it('a resend replaces the link (the first one dies); cancel drops the change', async () => {
    const { user, client } = await signedIn({ locale: 'ar' });
    const newEmail = uniqueEmail('resend');
    expect((await client.post('/api/user/change-email', { email: newEmail, password: 'password123' })).statusCode).toBe(200);
    const first = await waitForMail(t, newEmail, 'أكِّد بريدك الإلكتروني الجديد');
    expect(first.html).toContain('dir="rtl"');
    const resent = await client.post('/api/user/change-email/resend');
    expect(resent.statusCode).toBe(200);
    expect(resent.json().user.email_change.email).toBe(newEmail);
    await expect.poll(() => sentMails(t).filter((mail) => mail.to === newEmail).length).toBe(2);
    const second = sentMails(t).filter((mail) => mail.to === newEmail)[1]!;
    const firstLink = linkIn(first, '/email/change/');
    const secondLink = linkIn(second, '/email/change/');
    expect(secondLink).not.toBe(firstLink);
    expect(await open(firstLink)).toBe('/email/verify?status=change_invalid');
    expect((await t.client().post(pathOf(firstLink))).statusCode).toBe(422);
    expect(await open(secondLink)).toBe(confirmPage(tokenOf(secondLink)));

    const canceled = await client.post('/api/user/change-email/cancel');
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().user.email_change).toBeNull();
    expect(await open(secondLink)).toBe('/email/verify?status=change_invalid');
    expect((await client.get('/api/user')).json().email).toBe(user.email);
    expect((await client.post('/api/user/change-email/resend')).statusCode).toBe(422);
  });

  it('is rate-limited per user', async () => {
    const { client } = await signedIn();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await client.post('/api/user/change-email', { email: uniqueEmail('many'), password: 'password123' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
