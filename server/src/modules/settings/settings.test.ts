import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { openDatabase } from '../../db/client';
import { CacheBus } from '../../db/cache';
import pino from 'pino';
import { createSettingsRepo } from './repo';
import { createSettingsService } from './service';
import { guestLimitsFrom, PUBLIC_SETTING_NAMES } from './settings.fns';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/site-settings', () => {
  it('lists exactly the public names of spec section 3 with the defaults of section 9', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ setting_name: string; setting_value: string }>;
    expect(data.map((d) => d.setting_name).sort()).toEqual([...PUBLIC_SETTING_NAMES].sort());
    const value = (name: string) => data.find((d) => d.setting_name === name)?.setting_value;
    expect(value('guest_text_quota')).toBe('20');
    expect(value('guest_doc_quota')).toBe('2');
    expect(value('guest_allowed_format')).toBe('docx');
    expect(value('guest_file_size')).toBe('2');
    expect(value('guest_words_count')).toBe('2000');
    expect(value('guest_doc_words_count')).toBe('2000');
    expect(value('payment_gateway')).toBe('sandbox');
    expect(value('terms_conditions_ar')).toMatch(/شروط الاستخدام/);
    expect(value('webinar_text_ar')).toBeTruthy();
  });

  it('never lists a private setting', async () => {
    await t.container.database.db.insertInto('site_settings').values({ setting_name: 'stripe_secret', setting_value: 'sk_live_x', is_public: false, updated_at: new Date() }).execute();
    await t.container.settings.update({ guest_text_quota: '20' });
    const response = await t.app.inject({ method: 'GET', url: '/api/site-settings' });
    expect(response.body).not.toContain('sk_live_x');
  });

  it('serves a change at once after an update (cache invalidated)', async () => {
    await t.app.inject({ method: 'GET', url: '/api/site-settings' }); // warm the cache
    await t.container.settings.update({ guest_text_quota: '35' });
    const data = (await t.app.inject({ method: 'GET', url: '/api/site-settings' })).json().data;
    expect(data.find((d: { setting_name: string }) => d.setting_name === 'guest_text_quota').setting_value).toBe('35');
    expect((await t.container.settings.guestLimits()).textQuota).toBe(35);
    await t.container.settings.update({ guest_text_quota: '20' });
  });

  it('invalidates the cache of another process through NOTIFY', async () => {
    // A second service over its own connection stands for another api process.
    const other = t.testDatabase.url ? await openDatabase({ url: t.testDatabase.url, poolSize: 2 }) : t.container.database;
    const bus = new CacheBus(other, pino({ level: 'silent' }));
    await bus.start();
    const otherSettings = createSettingsService({ repo: createSettingsRepo(other.db), cache: bus, now: () => new Date() });
    try {
      expect(await otherSettings.get('guest_doc_quota')).toBe('2');
      await t.container.settings.update({ guest_doc_quota: '7' });
      await expect.poll(() => otherSettings.get('guest_doc_quota'), { timeout: 5_000 }).toBe('7');
    } finally {
      await t.container.settings.update({ guest_doc_quota: '2' });
      await bus.stop();
      if (other !== t.container.database) await other.close();
    }
  });
});

describe('guest limits', () => {
  it('falls back to the spec defaults for missing or invalid values', () => {
    expect(guestLimitsFrom(new Map())).toEqual({ textQuota: 20, docQuota: 2, allowedFormats: ['docx'], fileSizeMb: 2, wordsCount: 2000, docWordsCount: 2000 });
    expect(guestLimitsFrom(new Map([['guest_text_quota', '-3'], ['guest_allowed_format', 'docx, PDF']]))).toMatchObject({ textQuota: 20, allowedFormats: ['docx', 'pdf'] });
  });
});
