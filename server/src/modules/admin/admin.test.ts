import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import type { UserRow } from '../../db/schema';

let t: TestApp;
let admin: TestClient;
let member: UserRow;
let adminUser: UserRow;

beforeAll(async () => {
  t = await createTestApp();
  adminUser = await createUser(t.container, { name: 'Root', email: 'root@lisan.test', role_id: 1 });
  member = await createUser(t.container, { name: 'Yusuf Haddad', email: 'yusuf@example.com' });
  await createUser(t.container, { name: 'Amal Saleh', email: 'amal@example.com', role_id: 3 });
  admin = await t.client().signInAs(adminUser.id);
});
afterAll(() => t.close());

const ADMIN_ROUTES: Array<[method: 'GET' | 'POST', url: string, body?: unknown]> = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/users/1'],
  ['POST', '/api/admin/user-plan', { user_id: 1, plan_id: 1 }],
  ['POST', '/api/admin/user/add-trial-days', { user_id: 1, days: 3 }],
  ['POST', '/api/admin/update-site-settings', { guest_text_quota: '20' }],
  ['GET', '/api/admin/audit-log'],
  ['GET', '/api/admin/site-settings'],
];

describe('admin access', () => {
  it.each(ADMIN_ROUTES)('%s %s: 401 for guests, 403 for every other role', async (method, url, body) => {
    const guest = t.client();
    expect((await guest.request({ method, url, payload: body as object })).statusCode).toBe(401);
    for (const role of [2, 3, 4, 5]) {
      const user = await createUser(t.container, { role_id: role });
      const client = await t.client().signInAs(user.id);
      expect((await client.request({ method, url, payload: body as object })).statusCode, `role ${role}`).toBe(403);
    }
  });
});

describe('GET /api/admin/users', () => {
  it('searches by name or e-mail, filters by role and plan, paginates', async () => {
    const all = (await admin.get('/api/admin/users')).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(3);
    const byName = (await admin.get('/api/admin/users?q=haddad')).json();
    expect(byName.data.map((u: { email: string }) => u.email)).toEqual(['yusuf@example.com']);
    const byEmail = (await admin.get('/api/admin/users?q=AMAL@')).json();
    expect(byEmail.data).toHaveLength(1);
    const owners = (await admin.get('/api/admin/users?role_id=3')).json();
    expect(owners.data.every((u: { role_id: string }) => u.role_id === '3')).toBe(true);
    const pro = await t.container.plans.getBySlug('pro');
    expect((await admin.get(`/api/admin/users?plan_id=${pro.id}`)).json().data).toEqual([]);
    const page = (await admin.get('/api/admin/users?per_page=1&page=2')).json();
    expect(page.data).toHaveLength(1);
    expect(page.meta).toMatchObject({ page: 2, per_page: 1 });
    expect((await admin.get('/api/admin/users?per_page=1000')).statusCode).toBe(422);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await admin.get('/api/admin/users?q=%25')).json().data).toEqual([]);
  });
});

describe('changing a user', () => {
  it("sets a user's plan and records it in the audit log", async () => {
    const pro = await t.container.plans.getBySlug('pro');
    const response = await admin.post('/api/admin/user-plan', { user_id: member.id, plan_id: pro.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('updated successfully');
    const detail = (await admin.get(`/api/admin/users/${member.id}`)).json().data;
    expect(detail.plan.slug).toBe('pro');
    expect(detail.request_quota).toBe(pro.daily_text_requests);
    const log = (await admin.get(`/api/admin/audit-log?target_type=user&target_id=${member.id}`)).json().data;
    expect(log[0]).toMatchObject({ action: 'user.plan.update', actor_email: 'root@lisan.test', before: { plan: { slug: 'free-trial' } }, after: { plan: { slug: 'pro' } } });
  });

  it('goes through billing: subscription, quotas, team seats and the audit log agree', async () => {
    const startUp = await t.container.plans.getBySlug('start-up');
    const trial = await t.container.plans.getBySlug('free-trial');
    const owner = await createUser(t.container, { name: 'Team Owner' });
    const ownerClient = await t.client().signInAs(owner.id);
    const granted = await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: startUp.id, seats: 7 });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().data).toMatchObject({ plan: { slug: 'start-up' }, subscription: { plan_id: startUp.id, seats: 7, source: 'admin', status: 'active' } });
    const subscription = (await ownerClient.get('/api/user/subscription')).json().data.data;
    expect(subscription).toMatchObject({ status: 'active', source: 'admin', amount: 0, seats: 7, plan: { slug: 'start-up' }, trial: null });
    const profile = (await ownerClient.get('/api/user')).json();
    expect(profile).toMatchObject({ plan: { slug: 'start-up', status: 'active', seats: 7 }, request_quota: startUp.daily_text_requests, trial_expired: false });
    expect((await ownerClient.post('/api/team', { name: 'Granted team' })).json().data.seats).toBe(7);

    // A later grant with other seats resizes the team; seats on an individual plan are refused.
    expect((await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: startUp.id, seats: 9 })).statusCode).toBe(200);
    expect((await ownerClient.get('/api/team')).json().data.seats).toBe(9);
    // The admin's user page reads the current seats from here: what a grant with the seats left empty keeps.
    expect((await admin.get(`/api/admin/users/${owner.id}`)).json().data.plan).toMatchObject({ slug: 'start-up', seats: 9 });
    const pro = await t.container.plans.getBySlug('pro');
    expect((await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: pro.id })).json().data.subscription.seats).toBe(9);
    expect((await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: startUp.id })).json().data.subscription.seats).toBe(9);
    const hobbyist = await t.container.plans.getBySlug('hobbyist');
    const refused = await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: hobbyist.id, seats: 3 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.seats).toEqual(['Only team plans can have more than one seat.']);

    // Back to the trial plan: the subscription ends and the team keeps the owner's seat only.
    expect((await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: trial.id })).statusCode).toBe(200);
    expect((await ownerClient.get('/api/user/subscription')).json().data.data).toMatchObject({ plan: { slug: 'free-trial' }, source: null, seats: null });
    expect((await ownerClient.get('/api/team')).json().data.seats).toBe(1);

    const log = (await admin.get(`/api/admin/audit-log?target_type=user&target_id=${owner.id}`)).json().data;
    expect(log.map((entry: { action: string }) => entry.action)).toEqual(Array(5).fill('user.plan.update'));
    expect(log[0]).toMatchObject({ before: { plan: { slug: 'start-up' }, subscription: { seats: 9, source: 'admin' } }, after: { plan: { slug: 'free-trial' }, subscription: null } });
    expect(log[4]).toMatchObject({ before: { plan: { slug: 'free-trial' }, subscription: null }, after: { subscription: { seats: 7, source: 'admin' } } });
  });

  it("changing only the seats of the user's team plan keeps its period and billing; another plan starts a new period", async () => {
    const startUp = await t.container.plans.getBySlug('start-up');
    const pro = await t.container.plans.getBySlug('pro'); // a team plan too
    const owner = await createUser(t.container, { name: 'Seats Owner' });
    const ownerClient = await t.client().signInAs(owner.id);
    expect((await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: startUp.id, seats: 4 })).statusCode).toBe(200);
    expect((await ownerClient.post('/api/team', { name: 'Seats team' })).json().data.seats).toBe(4);
    // A period bought at the gateway, half gone.
    const db = t.container.database.db;
    const start = new Date(Date.now() - 15 * 86_400_000);
    const end = new Date(Date.now() + 15 * 86_400_000);
    await db.updateTable('subscriptions').set({ gateway: 'sandbox', frequency: 'yearly', current_period_start: start, current_period_end: end }).where('user_id', '=', owner.id).execute();
    const period = () => db.selectFrom('subscriptions').select(['current_period_start', 'current_period_end', 'gateway', 'frequency', 'seats', 'status']).where('user_id', '=', owner.id).executeTakeFirstOrThrow();

    const resized = await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: startUp.id, seats: 6 });
    expect(resized.statusCode, resized.body).toBe(200);
    expect(resized.json().data.subscription).toEqual({ plan_id: startUp.id, status: 'active', frequency: 'yearly', seats: 6, source: 'paid', period_end: end.toISOString() });
    const row = await period();
    expect(row).toMatchObject({ gateway: 'sandbox', frequency: 'yearly', seats: 6, status: 'active' });
    expect(new Date(row.current_period_start).toISOString()).toBe(start.toISOString());
    expect(new Date(row.current_period_end).toISOString()).toBe(end.toISOString());
    expect((await ownerClient.get('/api/team')).json().data.seats).toBe(6);
    // The audit entry says the seats changed, and nothing else did.
    const [entry] = (await admin.get(`/api/admin/audit-log?target_type=user&target_id=${owner.id}`)).json().data;
    expect(entry).toMatchObject({ action: 'user.plan.update', before: { subscription: { seats: 4 } }, after: { subscription: { seats: 6 } } });
    expect({ ...entry.before, subscription: { ...entry.before.subscription, seats: 6 } }).toEqual(entry.after);

    // Another plan is a new grant, as before: a new monthly period from now, by the admin.
    const moved = (await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: pro.id, seats: 6 })).json().data.subscription;
    expect(moved).toMatchObject({ plan_id: pro.id, frequency: 'monthly', seats: 6, source: 'admin' });
    expect(new Date(moved.period_end).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    // The same plan granted again without seats is a new grant too (the admin page does not offer it).
    await db.updateTable('subscriptions').set({ current_period_end: end }).where('user_id', '=', owner.id).execute();
    const again = (await admin.post('/api/admin/user-plan', { user_id: owner.id, plan_id: pro.id })).json().data.subscription;
    expect(again).toMatchObject({ plan_id: pro.id, frequency: 'monthly', seats: 6, source: 'admin' });
    expect(again.period_end).not.toBe(end.toISOString());
  });

  it('refuses an unknown plan and an unknown user', async () => {
    expect((await admin.post('/api/admin/user-plan', { user_id: member.id, plan_id: 9999 })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/user-plan', { user_id: 9999, plan_id: 1 })).statusCode).toBe(404);
  });

  it('adds trial days from the current end of the trial', async () => {
    // A user still on the trial (the grant above ended the member's trial).
    const trialUser = await createUser(t.container);
    const before = (await t.container.users.findById(trialUser.id))!.trial_ends_at!;
    const response = await admin.post('/api/admin/user/add-trial-days', { user_id: trialUser.id, days: 5 });
    expect(response.statusCode).toBe(200);
    const after = (await t.container.users.findById(trialUser.id))!.trial_ends_at!;
    expect(new Date(after).getTime() - new Date(before).getTime()).toBe(5 * 86_400_000);
    expect((await admin.post('/api/admin/user/add-trial-days', { user_id: member.id, days: 0 })).statusCode).toBe(422);
  });
});

describe('POST /api/admin/update-site-settings', () => {
  it("keeps the invoice's seller (name, address lines, VAT number) for the admin only, logged, never in the public settings", async () => {
    const seller = {
      invoice_seller_name: ' Lisan Translation Co. ',
      invoice_seller_name_ar: 'شركة لسان للترجمة',
      invoice_seller_address: '12 King Fahd Road\nRiyadh 12345',
      invoice_seller_vat_number: '310123456700003',
    };
    expect((await admin.post('/api/admin/update-site-settings', seller)).statusCode).toBe(200);
    const stored = (await admin.get('/api/admin/site-settings')).json().data as Array<{ setting_name: string; setting_value: string }>;
    expect(Object.fromEntries(stored.filter((s) => s.setting_name.startsWith('invoice_seller_')).map((s) => [s.setting_name, s.setting_value]))).toEqual({ ...seller, invoice_seller_name: 'Lisan Translation Co.' });
    const publicNames = ((await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().data as Array<{ setting_name: string }>).map((s) => s.setting_name);
    expect(publicNames.filter((name) => name.startsWith('invoice_'))).toEqual([]);
    const log = (await admin.get('/api/admin/audit-log?action=site_settings.update')).json().data;
    expect(log[0].after).toMatchObject({ invoice_seller_vat_number: '310123456700003', invoice_seller_name_ar: 'شركة لسان للترجمة' });
    // Too long a VAT number is refused, named as the field reads in each language.
    const bad = await admin.post('/api/admin/update-site-settings', { invoice_seller_vat_number: '3'.repeat(41) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.invoice_seller_vat_number[0]).toContain('seller VAT number');
    admin.locale = 'ar';
    const badArabic = await admin.post('/api/admin/update-site-settings', { invoice_seller_name_ar: 'ب'.repeat(201) });
    admin.locale = 'en';
    expect(badArabic.statusCode).toBe(422);
    expect(badArabic.json().errors.invoice_seller_name_ar[0]).toContain('اسم البائع بالعربية');
    // Emptied again: invoices fall back to the environment's seller.
    expect(
      (await admin.post('/api/admin/update-site-settings', { invoice_seller_name: '', invoice_seller_name_ar: '', invoice_seller_address: '', invoice_seller_vat_number: '' })).statusCode,
    ).toBe(200);
  });

  it('updates settings, serves them at once, and logs before and after', async () => {
    const response = await admin.post('/api/admin/update-site-settings', { guest_text_quota: 25, guest_allowed_format: 'docx, PDF', webinar_text_ar: 'ندوة جديدة' });
    expect(response.statusCode).toBe(200);
    const settings = (await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().data as Array<{ setting_name: string; setting_value: string }>;
    const value = (name: string) => settings.find((s) => s.setting_name === name)?.setting_value;
    expect(value('guest_text_quota')).toBe('25');
    expect(value('guest_allowed_format')).toBe('docx,pdf');
    expect(value('webinar_text_ar')).toBe('ندوة جديدة');
    const log = (await admin.get('/api/admin/audit-log?action=site_settings.update')).json().data;
    expect(log[0].before).toMatchObject({ guest_text_quota: '20' });
    expect(log[0].after).toMatchObject({ guest_text_quota: '25' });
  });

  it('lists every editable setting with the gateway and format choices', async () => {
    const body = (await admin.get('/api/admin/site-settings')).json();
    expect(body.data).toHaveLength(19);
    // The invoice's seller last, empty until set (migrations 0360 and 0520, the name in Arabic).
    expect(body.data.slice(-4)).toEqual([
      { setting_name: 'invoice_seller_name', setting_value: '' },
      { setting_name: 'invoice_seller_name_ar', setting_value: '' },
      { setting_name: 'invoice_seller_address', setting_value: '' },
      { setting_name: 'invoice_seller_vat_number', setting_value: '' },
    ]);
    expect(body.payment_gateways).toContain('sandbox');
    expect(body.formats).toEqual(['docx', 'xlsx', 'pptx', 'xliff', 'pdf']);
  });

  it('validates every kind of setting, in English and in Arabic', async () => {
    const bad = await admin.post('/api/admin/update-site-settings', { guest_text_quota: '-1', guest_doc_quota: 'ten', guest_allowed_format: 'exe', payment_gateway: 'paypal', webinar_link_en: 'javascript:alert(1)', no_such_setting: 'x' });
    expect(bad.statusCode).toBe(422);
    const errors = bad.json().errors;
    expect(Object.keys(errors).sort()).toEqual(['guest_allowed_format', 'guest_doc_quota', 'guest_text_quota', 'input', 'webinar_link_en'].sort());
    expect(errors.guest_text_quota[0]).toBe('The guest text quota must be a positive whole number.');
    expect(errors.input[0]).toContain('no_such_setting');
    const gateway = await admin.post('/api/admin/update-site-settings', { payment_gateway: 'paypal' });
    expect(gateway.json().errors.payment_gateway[0]).toMatch(/sandbox/);
    admin.locale = 'ar';
    const arabic = await admin.post('/api/admin/update-site-settings', { guest_text_quota: '0' });
    expect(arabic.json().errors.guest_text_quota[0]).toMatch(/عددًا صحيحًا موجبًا/);
    admin.locale = null;
  });

  it('names the terms as the footer does ("terms of use" / «شروط الاستخدام») in their messages', async () => {
    const tooLong = { terms_conditions: 'x'.repeat(200_001), terms_conditions_ar: 'س'.repeat(200_001) };
    // The locale cookie stays once set (an earlier test set Arabic): English is asked for by name.
    admin.locale = 'en';
    const english = (await admin.post('/api/admin/update-site-settings', tooLong)).json().errors;
    expect(english.terms_conditions[0]).toContain('English terms of use');
    expect(english.terms_conditions_ar[0]).toContain('Arabic terms of use');
    admin.locale = 'ar';
    const arabic = (await admin.post('/api/admin/update-site-settings', tooLong)).json().errors;
    admin.locale = 'en';
    expect(arabic.terms_conditions[0]).toContain('شروط الاستخدام بالإنجليزية');
    expect(arabic.terms_conditions_ar[0]).toContain('شروط الاستخدام بالعربية');
  });
});
