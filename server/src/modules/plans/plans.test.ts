import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { watchStatements } from '../../../test/statements';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/plans', () => {
  it('lists the seeded plans in order with the bilingual fields of spec section 3', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(response.statusCode).toBe(200);
    const plans = response.json().data;
    expect(plans.map((p: { slug: string }) => p.slug)).toEqual(['free-trial', 'hobbyist', 'start-up', 'pro', 'enterprise']);
    for (const plan of plans) {
      for (const field of ['name_en', 'name_ar', 'symbol_en', 'symbol_ar', 'price_en', 'price_ar', 'button_text_en', 'button_text_ar', 'description_en', 'description_ar', 'text_under_button_en', 'text_under_button_ar', 'badge_color_en', 'badge_color_ar', 'badge_title_en', 'badge_title_ar']) {
        expect(plan, `${plan.slug}.${field}`).toHaveProperty(field);
        expect(typeof plan[field]).toBe('string');
      }
      // features: single-key objects keyed by their 1-based position
      plan.features_en.forEach((feature: Record<string, string>, index: number) => expect(Object.keys(feature)).toEqual([String(index + 1)]));
      expect(plan.features_ar).toHaveLength(plan.features_en.length);
      expect(plan.limits).toEqual(
        expect.objectContaining({ daily_text_requests: expect.any(Number), monthly_doc_requests: expect.any(Number), char_limit: expect.any(Number), doc_words: expect.any(Number), max_file_size_mb: expect.any(Number), web_pages: expect.any(Number), file_formats: expect.any(Array) }),
      );
    }
    const pro = plans.find((p: { slug: string }) => p.slug === 'pro');
    expect(pro).toMatchObject({ name_en: 'Pro', name_ar: 'الاحترافية', price: 59, price_yearly: 590 });
  });

  it('defaults price_ar to "0" when it is empty', async () => {
    await t.container.database.db.updateTable('plans').set({ price_ar: '' }).where('slug', '=', 'hobbyist').execute();
    await t.container.plans.invalidate();
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data;
    expect(plans.find((p: { slug: string }) => p.slug === 'hobbyist').price_ar).toBe('0');
  });

  it('hides archived plans', async () => {
    await t.container.database.db.updateTable('plans').set({ archived_at: new Date() }).where('slug', '=', 'enterprise').execute();
    await t.container.plans.invalidate();
    const plans = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data;
    expect(plans.map((p: { slug: string }) => p.slug)).not.toContain('enterprise');
    // Its subscribers keep it until renewal, and every request of theirs asks for it: it is
    // served from the same cache as the plans on sale, without a statement.
    const enterprise = await t.container.plans.getBySlug('enterprise');
    const statements = watchStatements(t.container.database.db);
    try {
      expect((await t.container.plans.getById(enterprise.id)).archived_at).not.toBeNull();
      expect((await t.container.plans.getBySlug('enterprise')).id).toBe(enterprise.id);
    } finally {
      statements.stop();
    }
    expect(statements.seen).toEqual([]);
    expect((await t.container.plans.listActive()).map((plan) => plan.slug)).toEqual(['free-trial', 'hobbyist', 'start-up', 'pro']);
  });
});
