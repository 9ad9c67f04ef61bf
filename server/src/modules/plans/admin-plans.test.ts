import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { createTrialUser, signIn, signInRoute, testClock } from '../../../test/billing-fixtures';

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
