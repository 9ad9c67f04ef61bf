import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { llmMode } from './service';
import { createUser, multipartBody, signedInUser, signIn, signUp, testClock, uniqueEmail, waitForMail } from '../auth/auth.test-support';

let t: TestApp;
const clock = testClock();
let ipCounter = 0;
const freshIp = () => `203.0.113.${++ipCounter}`;

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 tiny jpeg body'), Buffer.from([0xff, 0xd9])]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]);

beforeAll(async () => {
  t = await createTestApp({ startQueue: true, overrides: { now: clock.now } });
});

afterAll(() => t.close());

const db = () => t.container.database.db;

const signedIn = (values: Parameters<typeof createUser>[1] = {}) => signedInUser(t, values, freshIp());

function upload(client: TestClient, fields: Record<string, string>, files: Parameters<typeof multipartBody>[1] = {}) {
  const body = multipartBody(fields, files);
  return client.request({ method: 'POST', url: '/api/user/update', payload: body.payload, headers: body.headers });
}

describe('GET /api/user', () => {
  it('answers 401 signed out and 450 with an unverified address', async () => {
    expect((await t.client().get('/api/user')).statusCode).toBe(401);
    const { client } = await signedIn({ verified: false });
    const answer = await client.get('/api/user');
    expect(answer.statusCode).toBe(450);
    expect(answer.json().message).toBe('Your email address is not verified.');
  });

  it("answers the user with their plan's limits (spec section 4)", async () => {
    const { user, client } = await signedIn({ name: 'Omar' });
    await db().insertInto('social_accounts').values({ user_id: user.id, provider: 'linkedin', subject: `li-${user.id}`, email: user.email }).execute();
    const profile = (await client.get('/api/user')).json();
    expect(profile).toEqual({
      id: user.id,
      name: 'Omar',
      email: user.email,
      role_id: '2',
      email_verified_at: expect.any(String),
      locale: 'en',
      has_password: true,
      email_change: null,
      social: { google: false, linkedin: true },
      personal_info: { phone: '', job_title: '', country: '' },
      company: { name: '', website: '', address: '', logo_url: null },
      settings: { source_lang: 'auto', target_lang: 'ar', domain: 'general' },
      // A trial has no subscription yet: no frequency or period; it expires with the trial.
      plan: { id: user.plan_id, slug: 'free-trial', name_en: 'Free trial', name_ar: 'تجربة مجانية', is_trial: true, frequency: null, seats: null, starts_at: null, expires_at: new Date(user.trial_ends_at!).toISOString(), status: 'trial' },
      char_limit: 5000,
      request_quota: 50,
      doc_request_quota: 5,
      max_doc_size: 5,
      doc_words_count: 5000,
      file_formats: ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'],
      web_pages_quota: 10,
      // The trial's 10 pages a month: paid plans give more.
      web_pages_upgradable: true,
      // The free trial includes the developer API: its characters of the month against the allowance.
      api_characters_quota: 500_000,
      usage: { text_requests_today: 0, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: 0 },
      trial_remaining_days: 7,
      trial_ends_at: new Date(user.trial_ends_at!).toISOString(),
      trial_expired: false,
      pending_invoice: null,
      llm_enabled: false,
      llm_mode: 'not_in_plan',
      api_enabled: true,
      team: null,
      // Signed in right after the account was made: its first visit.
      first_session: true,
    });
  });

  it('tells the first visit (the session sign-up opened) from a return (a later sign-in)', async () => {
    const email = uniqueEmail('first');
    const newcomer = t.client();
    expect((await signUp(newcomer, { email, name: 'Nadia', remoteAddress: freshIp() })).statusCode).toBe(201);
    await db().updateTable('users').set({ email_verified_at: new Date() }).where('email', '=', email).execute();
    expect((await newcomer.get('/api/user')).json().first_session).toBe(true);

    // The same account signing in again two hours after its first session (the database's clock).
    await sql`update users set first_signed_in_at = first_signed_in_at - interval '2 hours' where email = ${email}`.execute(db());
    const returning = await signIn(t, email, 'password123', freshIp());
    expect((await returning.get('/api/user')).json().first_session).toBe(false);
    // The writes answer the profile too, with the same greeting.
    expect((await returning.post('/api/user/settings', { source_lang: 'en', target_lang: 'ar', domain: 'legal' })).json().user.first_session).toBe(false);
  });
});

describe('the first visit of an account made for its user', () => {
  // The admin made at first start from ADMIN_EMAIL/ADMIN_PASSWORD was greeted "Welcome back," at their first sign-in:
  // the greeting was measured from the account's creation, the server's first start, not from its first session.
  it('greets an admin made at first start as new at their first sign-in, days after the server started', async () => {
    const email = uniqueEmail('first-admin');
    expect(await t.container.users.bootstrapAdmin({ email, password: 'admin-password-1' })).not.toBeNull();
    await sql`update users set created_at = now() - interval '3 days' where email = ${email}`.execute(db());
    const admin = await signIn(t, email, 'admin-password-1', freshIp());
    expect((await admin.get('/api/user')).json().first_session).toBe(true);
    const stored = await db().selectFrom('users').select(['created_at', 'first_signed_in_at']).where('email', '=', email).executeTakeFirstOrThrow();
    expect(stored.first_signed_in_at!.getTime() - new Date(stored.created_at).getTime()).toBeGreaterThan(2 * 86_400_000);

    // Signing in again two hours after that first session is a return.
    await sql`update users set first_signed_in_at = first_signed_in_at - interval '2 hours' where email = ${email}`.execute(db());
    const returning = await signIn(t, email, 'admin-password-1', freshIp());
    expect((await returning.get('/api/user')).json().first_session).toBe(false);
  });
});

describe('the LLM mode on the profile (llm_mode)', () => {
  it('says why the switch is locked: the plan first, then the team, then the server', () => {
    expect(llmMode({ llmInPlan: false, llmDisabledByTeam: false }, true)).toBe('not_in_plan');
    expect(llmMode({ llmInPlan: true, llmDisabledByTeam: true }, true)).toBe('disabled_by_team');
    expect(llmMode({ llmInPlan: true, llmDisabledByTeam: false }, false)).toBe('not_configured');
    expect(llmMode({ llmInPlan: true, llmDisabledByTeam: false }, true)).toBe('available');
  });

  it('a plan with the LLM mode on a server without an LLM engine: not_configured', async () => {
    const { user, client } = await signedIn();
    await db().updateTable('plans').set({ llm_enabled: true }).where('id', '=', user.plan_id!).execute();
    try {
      await t.container.cache.invalidate('plans');
      const profile = (await client.get('/api/user')).json();
      expect(profile).toMatchObject({ llm_enabled: true, llm_mode: 'not_configured' });
    } finally {
      await db().updateTable('plans').set({ llm_enabled: false }).where('id', '=', user.plan_id!).execute();
      await t.container.cache.invalidate('plans');
    }
  });
});

describe('POST /api/user/update', () => {
  it('updates the name, personal and company info ("user profile updated successfully")', async () => {
    const { client } = await signedIn();
    const response = await client.post('/api/user/update', {
      name: '  Mona Khalil ',
      phone: '+971 (4) 555-0100',
      job_title: 'Translator',
      country: 'UAE',
      company_name: 'Khalil Translations',
      company_website: 'https://khalil.example',
      company_address: 'Dubai',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('user profile updated successfully');
    expect(response.json().user).toMatchObject({
      name: 'Mona Khalil',
      personal_info: { phone: '+971 (4) 555-0100', job_title: 'Translator', country: 'UAE' },
      company: { name: 'Khalil Translations', website: 'https://khalil.example', address: 'Dubai', logo_url: null },
    });

    // Fields left out keep their value; an empty text clears one.
    const partial = await client.post('/api/user/update', { name: 'Mona', country: '' });
    expect(partial.json().user).toMatchObject({ name: 'Mona', personal_info: { phone: '+971 (4) 555-0100', country: '' }, company: { name: 'Khalil Translations' } });

    const arabic = t.client();
    for (const [name, value] of client.cookies) arabic.cookies.set(name, value);
    arabic.locale = 'ar';
    expect((await arabic.post('/api/user/update', { name: 'منى' })).json().message).toBe('تم تحديث الملف الشخصي بنجاح');
  });

  it('validates the fields', async () => {
    const { client } = await signedIn();
    const response = await client.post('/api/user/update', { name: '', phone: 'call me', company_website: 'javascript:alert(1)', country: 'x'.repeat(101) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['Name is required'],
      phone: ['The phone number may contain only digits, spaces and + - ( ).'],
      company_website: ['The website must be an address starting with http:// or https://.'],
      country: ['This field is too long.'],
    });
  });

  it('takes a PNG, JPEG or WebP logo by its content and serves it safely to anyone with its unguessable address', async () => {
    const { client } = await signedIn();
    for (const [content, type] of [
      [PNG, 'image/png'],
      [JPEG, 'image/jpeg'],
      [WEBP, 'image/webp'],
    ] as const) {
      // The declared type and name do not matter; the bytes do.
      const response = await upload(client, { name: 'Logo Owner', company_name: 'ACME' }, { logo: { name: 'logo.bin', type: 'application/octet-stream', content } });
      expect(response.statusCode).toBe(200);
      const logoUrl = response.json().user.company.logo_url as string;
      expect(logoUrl).toMatch(/^\/api\/files\/logos\/[\w-]{22}\.(png|jpg|webp)$/);
      const served = await t.app.inject({ method: 'GET', url: logoUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.rawPayload.equals(content)).toBe(true);
    }
  });

  it('replaces and removes the logo, deleting the old file', async () => {
    const { client } = await signedIn();
    const first = (await upload(client, { name: 'A' }, { logo: { name: 'a.png', type: 'image/png', content: PNG } })).json().user.company.logo_url;
    const second = (await upload(client, { name: 'A' }, { logo: { name: 'b.png', type: 'image/png', content: PNG } })).json().user.company.logo_url;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    const removed = await upload(client, { name: 'A', remove_logo: '1' });
    expect(removed.json().user.company.logo_url).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
  });

  it('refuses a file that is not a PNG, JPEG or WebP image, whatever its name and declared type', async () => {
    const { client } = await signedIn();
    for (const content of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('GIF89a....'), Buffer.from('%PDF-1.7')]) {
      const response = await upload(client, { name: 'A' }, { logo: { name: 'logo.png', type: 'image/png', content } });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ logo: ['The logo must be a PNG, JPEG or WebP image.'] });
    }
    client.locale = 'ar';
    const arabic = await upload(client, { name: 'A' }, { logo: { name: 'logo.png', type: 'image/png', content: Buffer.from('text') } });
    expect(arabic.json().message).toBe('يجب أن يكون الشعار صورة بصيغة PNG أو JPEG أو WebP.');
  });

  it('refuses a logo over 2 MB with 413', async () => {
    const { client } = await signedIn();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const response = await upload(client, { name: 'A' }, { logo: { name: 'big.png', type: 'image/png', content: big } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The logo must not be larger than 2 MB.' });
    const exact = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 - PNG.length)]);
    expect((await upload(client, { name: 'A' }, { logo: { name: 'ok.png', type: 'image/png', content: exact } })).statusCode).toBe(200);
  });

  it('answers 404 for a logo name that is malformed or unknown', async () => {
    for (const url of ['/api/files/logos/..%2F..%2Fetc%2Fpasswd', '/api/files/logos/abc.png', `/api/files/logos/${'A'.repeat(22)}.png`, `/api/files/logos/${'A'.repeat(22)}.html`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('needs a verified, signed-in user', async () => {
    expect((await t.client().post('/api/user/update', { name: 'x' })).statusCode).toBe(401);
    const { client } = await signedIn({ verified: false });
    expect((await client.post('/api/user/update', { name: 'x' })).statusCode).toBe(450);
  });
});

describe('POST /api/user/settings', () => {
  it('saves the language and the translation defaults ("updated successfully")', async () => {
    const { client, user } = await signedIn();
    const response = await client.post('/api/user/settings', { locale: 'ar', source_lang: 'en', target_lang: 'ar', domain: 'legal' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('updated successfully');
    expect(response.json().user).toMatchObject({ locale: 'ar', settings: { source_lang: 'en', target_lang: 'ar', domain: 'legal' } });
    expect((await db().selectFrom('users').select('locale').where('id', '=', user.id).executeTakeFirstOrThrow()).locale).toBe('ar');
    expect((await client.post('/api/user/settings', { target_lang: 'en', source_lang: 'ar' })).json().user.settings).toEqual({
      source_lang: 'ar',
      target_lang: 'en',
      domain: 'legal',
    });
  });

  it('refuses unknown values and the same language on both sides', async () => {
    const { client } = await signedIn();
    const bad = await client.post('/api/user/settings', { locale: 'fr', domain: 'medical' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['locale', 'domain']);
    const same = await client.post('/api/user/settings', { target_lang: 'en', source_lang: 'en' });
    expect(same.json().errors).toEqual({ target_lang: ['The source and target languages must be different.'] });
  });
});

describe('POST /api/user/password-update', () => {
  it('changes the password, keeps this session, ends the others and e-mails the owner', async () => {
    const { user, client } = await signedIn({ locale: 'ar' });
    const other = await signIn(t, user.email, 'password123', freshIp());
    const response = await client.post('/api/user/password-update', { old_password: 'password123', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'password updated successfully' });
    expect((await client.get('/api/user')).statusCode).toBe(200);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    await signIn(t, user.email, 'brand-new-pass', freshIp());
    const mail = await waitForMail(t, user.email, 'تم تغيير كلمة المرور');
    expect(mail.text).toContain('/forgot-password');
  });

  it('answers the spec messages and refuses a wrong old password', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/user/password-update', {})).json().errors).toEqual({
      old_password: ['Old Password is required'],
      password: ['Password is required'],
      password_confirmation: ['Password Confirmation is required'],
    });
    const wrong = await client.post('/api/user/password-update', { old_password: 'not-it-at-all', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ old_password: ['The current password is incorrect.'] });
    const mismatch = await client.post('/api/user/password-update', { old_password: 'password123', password: 'brand-new-pass', password_confirmation: 'brand-new-pasz' });
    expect(mismatch.json().errors).toEqual({ password_confirmation: ['The password confirmation does not match.'] });
    client.locale = 'ar';
    expect((await client.post('/api/user/password-update', { password: 'x' })).json().errors).toEqual({
      old_password: ['كلمة المرور الحالية مطلوبة'],
      password: ['يجب ألا تقل كلمة المرور عن 8 أحرف.'],
      password_confirmation: ['تأكيد كلمة المرور مطلوب'],
    });
  });

  it('lets an account without a password (social sign-up) set one without an old password', async () => {
    const { user, client } = await signedIn({ password: null });
    expect((await client.get('/api/user')).json().has_password).toBe(false);
    const response = await client.post('/api/user/password-update', { password: 'first-password', password_confirmation: 'first-password' });
    expect(response.statusCode).toBe(200);
    expect((await client.get('/api/user')).json().has_password).toBe(true);
    await signIn(t, user.email, 'first-password', freshIp());
  });

  it('limits guesses of the old password', async () => {
    const { client } = await signedIn();
    const body = { old_password: 'guess-guess', password: 'brand-new-pass', password_confirmation: 'brand-new-pass' };
    for (let i = 0; i < 10; i++) expect((await client.post('/api/user/password-update', body)).statusCode).toBe(422);
    expect((await client.post('/api/user/password-update', body)).statusCode).toBe(429);
  });
});

describe('POST /api/user/disconnect', () => {
  it('refuses while the account has no password: "Not so fast, ..." in English and Arabic', async () => {
    const { user, client } = await signedIn({ password: null });
    await db().insertInto('social_accounts').values({ user_id: user.id, provider: 'google', subject: `g-${user.id}`, email: user.email }).execute();
    const response = await client.post('/api/user/disconnect', { provider: 'google' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Not so fast, you will need to set a password to be able to disconnect');
    client.locale = 'ar';
    expect((await client.post('/api/user/disconnect', { provider: 'google' })).json().message).toBe('مهلًا، عليك تعيين كلمة مرور أولًا لتتمكن من إلغاء الربط');
    expect((await client.get('/api/user')).json().social.google).toBe(true);
  });

  it('unlinks a connected provider once a password is set, and says when none is connected', async () => {
    const { user, client } = await signedIn();
    await db().insertInto('social_accounts').values({ user_id: user.id, provider: 'google', subject: `g2-${user.id}`, email: user.email }).execute();
    const response = await client.post('/api/user/disconnect', { provider: 'google' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: 'updated successfully', user: { social: { google: false, linkedin: false } } });
    const again = await client.post('/api/user/disconnect', { provider: 'google' });
    expect(again.json().errors).toEqual({ provider: ['This sign-in method is not connected to your account.'] });
    expect((await client.post('/api/user/disconnect', { provider: 'facebook' })).statusCode).toBe(422);
  });
});

describe('POST /api/user/delete-account', () => {
  it('deletes the account, its files, sessions and links after the password is re-entered, and says goodbye by e-mail', async () => {
    const { user, client } = await signedIn({ locale: 'ar' });
    const other = await signIn(t, user.email, 'password123', freshIp());
    const logoUrl = (await upload(client, { name: 'Leaving' }, { logo: { name: 'a.png', type: 'image/png', content: PNG } })).json().user.company.logo_url;
    await t.container.storage.put(`users/${user.id}/documents/report.docx`, Buffer.from('doc'));
    await db().insertInto('social_accounts').values({ user_id: user.id, provider: 'linkedin', subject: `li-del-${user.id}`, email: user.email }).execute();
    await db().insertInto('password_reset_tokens').values({ user_id: user.id, token_hash: 'x', expires_at: clock.now() }).execute();

    const response = await client.post('/api/user/delete-account', { password: 'password123' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Your account has been deleted.' });
    expect(client.cookies.has('lisan_session')).toBe(false);

    expect(await db().selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('social_accounts').select('id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await db().selectFrom('password_reset_tokens').select('user_id').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.container.storage.get(`users/${user.id}/documents/report.docx`)).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
    expect((await other.get('/api/user')).statusCode).toBe(401);
    expect((await t.client().request({ method: 'POST', url: '/mt/login', payload: { email: user.email, password: 'password123' }, remoteAddress: freshIp() })).statusCode).toBe(422);
    await waitForMail(t, user.email, 'تم حذف حسابك');
  });

  it('needs the right password', async () => {
    const { client } = await signedIn();
    expect((await client.post('/api/user/delete-account', {})).json().errors).toEqual({ password: ['Password is required'] });
    const wrong = await client.post('/api/user/delete-account', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ password: ['The password is incorrect.'] });
    expect((await client.get('/api/user')).statusCode).toBe(200);
  });

  it('asks an account without a password to type its e-mail address instead', async () => {
    const { user, client } = await signedIn({ password: null });
    expect((await client.post('/api/user/delete-account', {})).json().errors).toEqual({ email: ['Email is required'] });
    expect((await client.post('/api/user/delete-account', { email: 'someone@else.com' })).json().errors).toEqual({
      email: ['Type the e-mail address of your account to confirm.'],
    });
    expect((await client.post('/api/user/delete-account', { email: user.email.toUpperCase() })).statusCode).toBe(200);
    expect(await db().selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses the owner of a team until it is handed over or dissolved, in English and Arabic', async () => {
    const startUp = await t.container.plans.getBySlug('start-up');
    const { user, client } = await signedIn();
    await db().updateTable('users').set({ plan_id: startUp.id }).where('id', '=', user.id).execute();
    expect((await client.post('/api/team', { name: 'Owner & Co' })).statusCode).toBe(201);

    const response = await client.post('/api/user/delete-account', { password: 'password123' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Hand over or dissolve your team before deleting your account.' });
    client.locale = 'ar';
    expect((await client.post('/api/user/delete-account', { password: 'password123' })).json().message).toBe('يجب نقل ملكية فريقك أو حلّه قبل حذف حسابك.');
    expect((await client.get('/api/user')).statusCode).toBe(200);

    // Once the team is dissolved, the account can go.
    expect((await client.post('/api/team/delete', {})).statusCode).toBe(200);
    expect((await client.post('/api/user/delete-account', { password: 'password123' })).statusCode).toBe(200);
    expect(await db().selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
  });

  it('lets an unverified account delete itself, and needs a session', async () => {
    const { user, client } = await signedIn({ verified: false, email: uniqueEmail('typo') });
    expect((await client.post('/api/user/delete-account', { password: 'password123' })).statusCode).toBe(200);
    expect(await db().selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect((await t.client().post('/api/user/delete-account', { password: 'password123' })).statusCode).toBe(401);
  });
});
