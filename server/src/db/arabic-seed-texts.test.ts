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
});
