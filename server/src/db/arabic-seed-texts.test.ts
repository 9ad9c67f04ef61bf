import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

// Migration 0160: the seeded Arabic plan and banner texts follow the Arabic review.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('seeded Arabic texts', () => {
  it('names the best-value badge and the webinar without calques, and starts the formats feature with Arabic', async () => {
    const db = t.container.database.db;
    const plans = await db.selectFrom('plans').select(['slug', 'badge_title_ar', 'features_ar']).execute();
    const features = plans.flatMap((plan) => (plan.features_ar as Array<Record<string, string>>).flatMap((item) => Object.values(item)));
    expect(features).toContain('الصيغ: DOCX وXLSX وPPTX وXLIFF وPDF');
    expect(features.filter((text) => /^[A-Za-z]/.test(text))).toEqual([]);
    expect(plans.map((plan) => plan.badge_title_ar)).not.toContain('أفضل قيمة');
    expect(plans.map((plan) => plan.badge_title_ar)).toContain('الأوفر');
    const webinar = await db.selectFrom('site_settings').select('setting_value').where('setting_name', '=', 'webinar_text_ar').executeTakeFirstOrThrow();
    expect(webinar.setting_value).toContain('كيف تحقق أقصى استفادة');
  });

  it("the trial promises what it gives, not \"every feature\" (it has no LLM mode; migration 0200)", async () => {
    const trial = await t.container.database.db.selectFrom('plans').select(['description_en', 'description_ar', 'llm_enabled']).where('slug', '=', 'free-trial').executeTakeFirstOrThrow();
    expect(trial.llm_enabled).toBe(false);
    expect(trial.description_en).not.toMatch(/every feature/i);
    expect(trial.description_ar).not.toContain('كل الميزات');
    expect(trial.description_ar).toContain('لمدة أسبوع');
  });

  it('the privacy notice says what the analytics record, in both languages (migration 0190)', async () => {
    const rows = await t.container.database.db.selectFrom('site_settings').select(['setting_name', 'setting_value']).where('setting_name', 'in', ['privacy_policy_en', 'privacy_policy_ar']).execute();
    const text = Object.fromEntries(rows.map((row) => [row.setting_name, row.setting_value]));
    expect(text.privacy_policy_en).toContain('record your visits');
    expect(text.privacy_policy_en).toContain('masked');
    expect(text.privacy_policy_en).not.toContain('anonymous usage analytics');
    expect(text.privacy_policy_ar).toContain('نسجّل زياراتك');
    expect(text.privacy_policy_ar).not.toContain('المجهولة');
  });
});
