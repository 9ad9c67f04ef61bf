import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { verifyPassword } from './passwords';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('admin bootstrap', () => {
  it('creates one admin with the given password, once', async () => {
    const first = await t.container.users.bootstrapAdmin({ email: 'boss@example.com', password: 'correct horse' });
    expect(first?.admin.role_id).toBe(1);
    expect(await verifyPassword(first!.admin.password_hash, 'correct horse')).toBe(true);
    expect(await t.container.users.bootstrapAdmin({ email: 'other@example.com' })).toBeNull();
  });

  it('generates a strong password when none is given', async () => {
    await t.container.database.db.deleteFrom('users').execute();
    const created = await t.container.users.bootstrapAdmin({ email: 'gen@example.com' });
    expect(created!.password.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword(created!.admin.password_hash, created!.password)).toBe(true);
    expect(created!.admin).toMatchObject({ name: 'Administrator', locale: 'en' });
  });

  it('names the admin «المسؤول» and speaks Arabic to them when ADMIN_LOCALE is ar; ADMIN_NAME names them in any language', async () => {
    await t.container.database.db.deleteFrom('users').execute();
    const arabic = await t.container.users.bootstrapAdmin({ email: 'ar@example.com', locale: 'ar' });
    expect(arabic!.admin).toMatchObject({ name: 'المسؤول', locale: 'ar' });
    await t.container.database.db.deleteFrom('users').execute();
    const named = await t.container.users.bootstrapAdmin({ email: 'named@example.com', locale: 'ar', name: 'Salma Haddad' });
    expect(named!.admin).toMatchObject({ name: 'Salma Haddad', locale: 'ar' });
  });
});

describe('GET /api/user', () => {
  it("returns the user and their plan's limits", async () => {
    const trial = await t.container.plans.getBySlug('free-trial');
    const user = await t.container.database.db
      .insertInto('users')
      .values({ name: 'Layla', email: 'layla@example.com', email_verified_at: new Date(), plan_id: trial.id, trial_ends_at: new Date(Date.now() + 5.5 * 86_400_000), personal_info: {}, company_info: {} })
      .returningAll()
      .executeTakeFirstOrThrow();
    const profile = await t.container.users.getProfile(user);
    expect(profile).toMatchObject({
      name: 'Layla',
      role_id: '2',
      has_password: false,
      char_limit: trial.char_limit,
      request_quota: trial.daily_text_requests,
      doc_request_quota: trial.monthly_doc_requests,
      max_doc_size: trial.max_file_size_mb,
      doc_words_count: trial.doc_words,
      file_formats: trial.file_formats,
      trial_remaining_days: 6,
      plan: { slug: 'free-trial', name_en: 'Free trial', name_ar: 'تجربة مجانية' },
    });
  });
});
