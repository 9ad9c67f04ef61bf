import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { createTrialUser, signIn, signInRoute, subscribeInDatabase, testClock } from '../../../test/billing-fixtures';

const clock = testClock('2026-03-01T00:00:00Z');
let t: TestApp;
let admin: TestClient;

const newPlan = {
  name_en: 'Team Plus',
  name_ar: 'الفرق بلس',
  price: 39,
  price_yearly: 390,
  is_team: true,
  price_en: '39',
  price_ar: '39',
  features_en: ['Shared glossary', 'Priority support'],
  features_ar: [{ '1': 'مسرد مشترك' }, { '2': 'دعم ذو أولوية' }],
  button_text_en: 'Choose Team Plus',
  button_text_ar: 'اختر الفرق بلس',
  description_en: 'For growing teams.',
  description_ar: 'للفرق النامية.',
  badge_color_en: '#1d4ed8',
  badge_color_ar: '#1d4ed8',
  badge_title_en: 'New',
  badge_title_ar: 'جديد',
  daily_text_requests: 2000,
  monthly_doc_requests: 200,
  char_limit: 10000,
  text_words: 2000,
  doc_words: 150000,
  doc_chars: 900000,
  monthly_files: 200,
  web_pages: 800,
  max_file_size_mb: 30,
  file_formats: ['docx', 'xlsx', 'pdf'],
  llm_enabled: true,
};

beforeAll(async () => {
  t = await createTestApp({ role: 'api', startQueue: true, overrides: { now: clock.now }, extend: signInRoute });
  await createTrialUser(t, { email: 'root@example.com', roleId: 1 });
  await createTrialUser(t, { email: 'member@example.com' });
  admin = await signIn(t, 'root@example.com');
});
afterAll(() => t.close());

const publicSlugs = async () => (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data.map((p: { slug: string }) => p.slug);

describe('admin plan routes', () => {
  it('answer 401 to guests and 403 to non-admins', async () => {
    const guest = t.client();
    const member = await signIn(t, 'member@example.com');
    for (const [method, url] of [
      ['GET', '/api/admin/plans'],
      ['POST', '/api/admin/plans'],
      ['POST', '/api/admin/plans/update/1'],
      ['POST', '/api/admin/plans/delete/1'],
    ] as const) {
      expect((await guest.request({ method, url, payload: {} })).statusCode, `${method} ${url} guest`).toBe(401);
      expect((await member.request({ method, url, payload: {} })).statusCode, `${method} ${url} member`).toBe(403);
    }
  });

  it('lists every plan, archived ones too, with subscriber counts', async () => {
    const response = await admin.get('/api/admin/plans');
    expect(response.statusCode).toBe(200);
    const plans = response.json().data;
    expect(plans.map((p: { slug: string }) => p.slug)).toEqual(expect.arrayContaining(['free-trial', 'hobbyist', 'start-up', 'pro', 'enterprise']));
    expect(plans.find((p: { slug: string }) => p.slug === 'free-trial').subscribers).toBe(2);
  });

  // The column counted users by their plan field: a team's members (whose field follows the owner's), an ended
  // subscription's or an expired trial's leftover field all counted. It counts the plan's subscribers now.
  it('counts the subscribers of each plan now: live subscriptions (active or past due) and running trials, a team once', async () => {
    const countsNow = async () => new Map<string, number>((await admin.get('/api/admin/plans')).json().data.map((p: { slug: string; subscribers: number }) => [p.slug, p.subscribers]));
    const before = await countsNow();
    const db = t.container.database.db;
    const plan = (slug: string) => t.container.plans.getBySlug(slug);
    const [pro, startUp, trial] = await Promise.all([plan('pro'), plan('start-up'), plan('free-trial')]);
    const day = 86_400_000;
    for (const name of ['active', 'pastdue', 'ended', 'leftover', 'owner', 'manager', 'member', 'trialing', 'expired']) await createTrialUser(t, { email: `count-${name}@example.com` });
    await subscribeInDatabase(t, 'count-active@example.com', { plan: 'pro' });
    await subscribeInDatabase(t, 'count-pastdue@example.com', { plan: 'pro', overdue: true });
    await subscribeInDatabase(t, 'count-ended@example.com', { plan: 'pro' });
    await db.updateTable('subscriptions').set({ status: 'ended', ended_at: clock.now() }).where('user_id', '=', db.selectFrom('users').select('id').where('email', '=', 'count-ended@example.com')).execute();
    // A plan field with no subscription behind it (the subscription is gone, the field was left behind).
    await db.updateTable('users').set({ plan_id: pro.id, trial_ends_at: null }).where('email', '=', 'count-leftover@example.com').execute();
    // A team of three on the owner's Start-up: one subscription; the members' plan field is Start-up too.
    await subscribeInDatabase(t, 'count-owner@example.com', { plan: 'start-up', seats: 3 });
    const id = async (email: string) => (await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
    const team = await db.insertInto('teams').values({ name: 'Counted team', owner_id: await id('count-owner@example.com'), seats: 3 }).returning('id').executeTakeFirstOrThrow();
    for (const email of ['count-owner@example.com', 'count-manager@example.com', 'count-member@example.com']) await db.insertInto('team_members').values({ team_id: team.id, user_id: await id(email) }).execute();
    await db.updateTable('users').set({ plan_id: startUp.id }).where('email', 'in', ['count-manager@example.com', 'count-member@example.com']).execute();
    await db.updateTable('users').set({ plan_id: trial.id, trial_ends_at: new Date(clock.now().getTime() - day) }).where('email', '=', 'count-expired@example.com').execute();

    const after = await countsNow();
    expect(after.get('pro')! - before.get('pro')!, 'active and past due; not ended, not a leftover field').toBe(2);
    expect(after.get('start-up')! - before.get('start-up')!, 'the team once, by its owner').toBe(1);
    // Of the nine new accounts only "trialing" is on a running trial (the rest subscribed, or their trial expired, or joined a team).
    expect(after.get('free-trial')! - before.get('free-trial')!, 'running trials only').toBe(1);
  });

  it('creates a plan with every bilingual field and the quotas; GET /api/plans shows it at once', async () => {
    expect(await publicSlugs()).not.toContain('team-plus');
    const response = await admin.post('/api/admin/plans', newPlan);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      slug: 'team-plus',
      name_ar: 'الفرق بلس',
      features_en: [{ '1': 'Shared glossary' }, { '2': 'Priority support' }],
      features_ar: [{ '1': 'مسرد مشترك' }, { '2': 'دعم ذو أولوية' }],
      price: 39,
      price_yearly: 390,
      limits: { daily_text_requests: 2000, max_file_size_mb: 30, file_formats: ['docx', 'xlsx', 'pdf'] },
    });
    expect(await publicSlugs()).toContain('team-plus');
    const invalid = await admin.post('/api/admin/plans', { ...newPlan, name_en: '', char_limit: 0 });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors.name_en).toEqual(['Name is required']);
    expect((await admin.post('/api/admin/plans', { ...newPlan, slug: 'pro' })).json().errors.slug).toEqual(['Another plan already uses this slug.']);
  });

  // The plan form shows each field's 422 message under it: in both languages the message names the field as the
  // form labels it ("Text translations per day"), never by its key ("daily text requests", "symbol en").
  it('names every plan field in its 422 messages as the plan form labels it, in English and in Arabic', async () => {
    const missing = { ...newPlan } as Record<string, unknown>;
    const quotas = ['daily_text_requests', 'monthly_doc_requests', 'char_limit', 'text_words', 'doc_words', 'doc_chars', 'monthly_files', 'web_pages', 'max_file_size_mb'];
    for (const quota of quotas) delete missing[quota];
    const tooLong = 'x'.repeat(600);
    const wrong = {
      ...missing,
      sort_order: -1,
      price: -1,
      price_yearly: -1,
      included_seats: 0,
      monthly_api_characters: -1,
      symbol_en: tooLong,
      symbol_ar: tooLong,
      price_en: tooLong,
      button_text_en: tooLong,
      description_en: tooLong,
      text_under_button_ar: tooLong,
      badge_color_en: tooLong,
      badge_title_ar: tooLong,
      name_en: tooLong,
    };
    const english = (await admin.post('/api/admin/plans', wrong)).json().errors as Record<string, string[]>;
    expect(english).toMatchObject({
      daily_text_requests: ['The text translations per day field is required.'],
      monthly_doc_requests: ['The document translations per month field is required.'],
      char_limit: ['The characters per text field is required.'],
      text_words: ['The words per text field is required.'],
      doc_words: ['The words per document field is required.'],
      doc_chars: ['The characters per document field is required.'],
      monthly_files: ['The files per month field is required.'],
      web_pages: ['The web pages field is required.'],
      max_file_size_mb: ['The largest file (MB) field is required.'],
      sort_order: ['The order on the pricing page field must be at least 0.'],
      price: ['The price per user per month field must be at least 0.'],
      price_yearly: ['The price per user per year field must be at least 0.'],
      included_seats: ['The seats included field must be at least 1.'],
      monthly_api_characters: ['The API characters per month field must be at least 0.'],
      symbol_en: ['The English currency symbol field must not be greater than 8 characters.'],
      symbol_ar: ['The Arabic currency symbol field must not be greater than 8 characters.'],
      price_en: ['The English price text field must not be greater than 40 characters.'],
      button_text_en: ['The English button text field must not be greater than 80 characters.'],
      description_en: ['The English description field must not be greater than 500 characters.'],
      text_under_button_ar: ['The Arabic text under the button field must not be greater than 160 characters.'],
      badge_color_en: ['The English badge colour field must not be greater than 32 characters.'],
      badge_title_ar: ['The Arabic badge title field must not be greater than 40 characters.'],
      name_en: ['The English name field must not be greater than 80 characters.'],
    });
    const arabicAdmin = await signIn(t, 'root@example.com');
    arabicAdmin.locale = 'ar';
    const arabic = (await arabicAdmin.post('/api/admin/plans', wrong)).json().errors as Record<string, string[]>;
    expect(arabic).toMatchObject({
      daily_text_requests: ['حقل «الترجمات النصية يوميًا» مطلوب.'],
      monthly_doc_requests: ['حقل «ترجمات المستندات شهريًا» مطلوب.'],
      char_limit: ['حقل «عدد الأحرف لكل نص» مطلوب.'],
      max_file_size_mb: ['حقل «أكبر حجم للملف (ميغابايت)» مطلوب.'],
      sort_order: ['يجب ألا تقل قيمة «الترتيب في صفحة الأسعار» عن 0.'],
      symbol_en: ['يجب ألا يتجاوز حقل «رمز العملة بالإنجليزية» 8 أحرف.'],
    });
    // No message shows a field's key, in either language.
    for (const messages of [english, arabic]) for (const [field, list] of Object.entries(messages)) for (const message of list) expect(message, field).not.toMatch(/[a-z]_[a-z]|\b(en|ar)\b/);
  });

  it('updates a plan and drops the cached public list', async () => {
    const plan = (await admin.get('/api/admin/plans')).json().data.find((p: { slug: string }) => p.slug === 'team-plus');
    const response = await admin.post(`/api/admin/plans/update/${plan.id}`, { price: 45, badge_title_en: 'Hot' });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('updated successfully');
    const listed = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data.find((p: { slug: string }) => p.slug === 'team-plus');
    expect(listed).toMatchObject({ price: 45, badge_title_en: 'Hot', name_en: 'Team Plus' });
    expect((await admin.post('/api/admin/plans/update/999999', { price: 1 })).statusCode).toBe(404);
    // The audit log keeps who changed the plan and its fields before and after.
    const [entry] = (await admin.get(`/api/admin/audit-log?target_type=plan&target_id=${plan.id}`)).json().data;
    expect(entry).toMatchObject({ action: 'plan.update', actor_email: 'root@example.com', before: { price: plan.price, badge_title_en: plan.badge_title_en }, after: { price: 45, badge_title_en: 'Hot' } });
    expect(entry.after).not.toHaveProperty('subscribers');
    // Each quota once, flat: not also under the public shape's `limits` (the log showed every changed quota twice).
    expect(entry.after).toMatchObject({ char_limit: plan.char_limit, file_formats: plan.file_formats });
    expect(entry.after).not.toHaveProperty('limits');
  });

  it('changes only the fields an update names: the others keep their values, not the defaults of a new plan', async () => {
    const before = (await admin.get('/api/admin/plans')).json().data.find((p: { slug: string }) => p.slug === 'enterprise');
    expect(before.api_enabled || before.llm_enabled || before.file_formats.length > 1).toBe(true);
    const response = await admin.post(`/api/admin/plans/update/${before.id}`, { monthly_api_characters: 1_000_000 });
    expect(response.statusCode).toBe(200);
    const after = (await admin.get(`/api/admin/plans/${before.id}`)).json().data;
    expect(after).toEqual({ ...before, monthly_api_characters: 1_000_000, limits: { ...before.limits, monthly_api_characters: 1_000_000 }, ...(after.updated_at ? { updated_at: after.updated_at } : {}) });
  });

  it('deletes an unused plan, and archives one in use (its subscribers keep it until renewal)', async () => {
    const plans = (await admin.get('/api/admin/plans')).json().data;
    const teamPlus = plans.find((p: { slug: string }) => p.slug === 'team-plus');
    const deleted = await admin.post(`/api/admin/plans/delete/${teamPlus.id}`, {});
    expect(deleted.json()).toMatchObject({ outcome: 'deleted', message: 'Plan deleted.' });
    expect((await admin.get('/api/admin/plans')).json().data.map((p: { slug: string }) => p.slug)).not.toContain('team-plus');

    // A subscriber on Hobbyist, then Hobbyist is archived.
    await createTrialUser(t, { email: 'hobby@example.com' });
    const client = await signIn(t, 'hobby@example.com');
    await client.post('/api/user/update-billing', { card_name: 'H', card_number: '4242424242424242', expiry: '12/30', cvv: '123' });
    const hobbyist = plans.find((p: { slug: string }) => p.slug === 'hobbyist');
    expect((await client.post('/api/user/subscribe', { plan_id: hobbyist.id, frequency: 'monthly' })).statusCode).toBe(200);
    const archived = await admin.post(`/api/admin/plans/delete/${hobbyist.id}`, {});
    expect(archived.json()).toMatchObject({ outcome: 'archived' });
    const actions = async (id: number) => (await admin.get(`/api/admin/audit-log?target_type=plan&target_id=${id}`)).json().data.map((entry: { action: string }) => entry.action);
    expect(await actions(teamPlus.id)).toContain('plan.delete');
    expect(await actions(hobbyist.id)).toEqual(['plan.archive']);
    expect(await publicSlugs()).not.toContain('hobbyist');
    const profile = (await client.get('/api/user')).json();
    expect(profile.plan.slug).toBe('hobbyist');
    expect((await client.get(`/api/user/plans/${hobbyist.id}`)).json().data.name_en).toBe('Hobbyist');
    expect((await client.post('/api/user/subscribe', { plan_id: hobbyist.id, frequency: 'yearly' })).statusCode).toBe(201);

    // At renewal the subscriber moves to the active plan nearest in price (same audience).
    clock.advance(31 * 86_400_000);
    await t.container.billing.sweep();
    const after = await signIn(t, 'hobby@example.com');
    expect((await after.get('/api/user')).json().plan.slug).not.toBe('hobbyist');
    admin = await signIn(t, 'root@example.com');
    const restored = await admin.post(`/api/admin/plans/update/${hobbyist.id}`, { archived: false });
    expect(restored.json().data.archived).toBe(false);
    expect(await publicSlugs()).toContain('hobbyist');
  });
});
