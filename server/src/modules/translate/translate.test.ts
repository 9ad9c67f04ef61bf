import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { EngineError, type TranslationEngine } from '../../engines/types';
import { addTestSignIn, createTestTeam, createTestUser, parseTranslation, signedInClient } from './testing';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
// A year ahead of the real clock, so session cookies set at "now" are never already expired.
let clock = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 10, 10));

/** A stand-in LLM engine: the interface, answering from the glossary it is given. */
const llmEngine: TranslationEngine & { jobs: unknown[] } = {
  id: 'llm',
  jobs: [],
  supports: (source, target) => source !== target,
  async translate(segments, job) {
    this.jobs.push(job);
    return segments.map((segment) => `[llm ${job.domain}] ${segment}`);
  },
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extend: addTestSignIn,
    overrides: { now: () => clock, extraEngines: [llmEngine] },
  });
});
afterAll(() => t.close());
beforeEach(async () => {
  clock = new Date(clock.getTime() + 86_400_000); // a fresh UTC day: fresh quotas
  await t.container.settings.update({ guest_text_quota: '20', guest_words_count: '2000' });
});

const translate = (client: ReturnType<TestApp['client']>, body: Record<string, unknown>, options: { ip?: string } = {}) =>
  client.request({ method: 'POST', url: '/api/translate', payload: body, remoteAddress: options.ip ?? '203.0.113.1' });

describe('POST /api/translate: the contract', () => {
  it('answers 200 with data and dictionary as JSON text, type and message null', async () => {
    const response = await translate(t.client(), { text: 'Good morning. The company signed the contract!\n\nThank you.', source_lang: 'en', target_lang: 'ar', domain: 'legal', token: 'browser-token-1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'dictionary', 'message', 'status', 'type']);
    expect(body).toMatchObject({ status: 200, type: null, message: null });
    expect(typeof body.data).toBe('string');
    expect(typeof body.dictionary).toBe('string');
    const { data, dictionary } = parseTranslation(body);
    expect(data.project_id).toMatch(UUID);
    expect(data).toMatchObject({ source_lang: 'en', target_lang: 'ar', domain: 'legal', engine: 'dictionary', llm: false, detected: false });
    expect(data.segments.map((s) => s.source)).toEqual(['Good morning.', 'The company signed the contract!', 'Thank you.']);
    expect(data.segments.map((s) => s.separator)).toEqual([' ', '\n\n', '']);
    expect(data.segments[0]!.target).toBe('صباح الخير.');
    // The legal glossary (contract -> العقد) applies through the engine.
    expect(data.segments[1]!.target).toContain('العقد');
    for (const segment of data.segments) expect(segment.translationId).toMatch(UUID);
    expect(dictionary).toEqual([]);
  });

  it('detects the source language when source_lang is auto', async () => {
    const response = await translate(t.client(), { text: 'ذهب الولد إلى المدرسة.', source_lang: 'auto', target_lang: 'en' });
    const { data } = parseTranslation(response.json());
    expect(data).toMatchObject({ source_lang: 'ar', target_lang: 'en', detected: true, domain: 'general' });
    expect(data.segments[0]!.target).toBe('Went boy to school.');
  });

  it('adds dictionary entries for inputs of at most three words', async () => {
    const short = parseTranslation((await translate(t.client(), { text: 'books', source_lang: 'en', target_lang: 'ar' })).json());
    expect(short.dictionary).toEqual([
      { word: 'books', translations: ['الكتب'] },
      { word: 'book', translations: ['الكتاب'] },
    ]);
    const three = parseTranslation((await translate(t.client(), { text: 'big red house', source_lang: 'en', target_lang: 'ar' })).json());
    expect(three.dictionary.map((e) => e.word)).toEqual(expect.arrayContaining(['big', 'red', 'house']));
    const four = parseTranslation((await translate(t.client(), { text: 'a big red house', source_lang: 'en', target_lang: 'ar' })).json());
    expect(four.dictionary).toEqual([]);
  });

  it('validates the input (422) in both languages', async () => {
    const missing = await translate(t.client(), { source_lang: 'en', target_lang: 'ar' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'The text to translate is required.', errors: { text: ['The text to translate is required.'] } });
    const blank = await translate(t.client(), { text: '   ', target_lang: 'ar' });
    expect(blank.json().errors.text).toEqual(['The text to translate is required.']);
    const arabic = t.client();
    arabic.locale = 'ar';
    expect((await translate(arabic, { target_lang: 'ar' })).json().errors.text).toEqual(['النص المراد ترجمته مطلوب.']);
    const badTarget = await translate(t.client(), { text: 'hi', target_lang: 'fr' });
    expect(badTarget.json().errors.target_lang).toEqual(['The selected target language is invalid.']);
    const badDomain = await translate(t.client(), { text: 'hi', target_lang: 'ar', domain: 'medical' });
    expect(badDomain.json().errors.domain).toEqual(['The selected domain is invalid.']);
    const same = await translate(t.client(), { text: 'hi', source_lang: 'en', target_lang: 'en' });
    expect(same.json().errors.target_lang).toEqual(['The source and target languages must be different.']);
    const already = await translate(arabic, { text: 'مرحبا', source_lang: 'auto', target_lang: 'ar' });
    expect(already.statusCode).toBe(422);
    expect(already.json().errors.text).toEqual(['النص مكتوب أصلًا باللغة الهدف.']);
  });

  it('refuses a request without the CSRF token (419)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/translate', payload: { text: 'hi', target_lang: 'ar' } });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /api/translate: guests', () => {
  it('counts guests per day by browser token and IP together', async () => {
    await t.container.settings.update({ guest_text_quota: '3' });
    const guest = t.client();
    for (let i = 1; i <= 3; i++) {
      const ok = await translate(guest, { text: `Hello ${i}`, target_lang: 'ar', token: 'token-A' }, { ip: '198.51.100.1' });
      expect(ok.statusCode).toBe(200);
      expect(parseTranslation(ok.json()).data.usage).toEqual({ text_requests_today: i, request_quota: 3, char_limit: 2000 });
    }
    const refused = await translate(guest, { text: 'Hello 4', target_lang: 'ar', token: 'token-A' }, { ip: '198.51.100.1' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ status: 402, type: 'request_quota', message: 'Your request quota exceeds the requests limit' });
    // A new token from the same IP, or the same token from another IP: still refused.
    expect((await translate(guest, { text: 'Hi', target_lang: 'ar', token: 'token-B' }, { ip: '198.51.100.1' })).statusCode).toBe(402);
    expect((await translate(guest, { text: 'Hi', target_lang: 'ar', token: 'token-A' }, { ip: '198.51.100.2' })).statusCode).toBe(402);
    // Without a token the IP counts alone.
    expect((await translate(guest, { text: 'Hi', target_lang: 'ar' }, { ip: '198.51.100.1' })).statusCode).toBe(402);
    // Another browser on another network is a new guest.
    expect((await translate(guest, { text: 'Hi', target_lang: 'ar', token: 'token-C' }, { ip: '198.51.100.3' })).statusCode).toBe(200);
    // Refusals were not counted: the next day starts at one.
    clock = new Date(clock.getTime() + 86_400_000);
    const tomorrow = await translate(guest, { text: 'Hello again', target_lang: 'ar', token: 'token-A' }, { ip: '198.51.100.1' });
    expect(parseTranslation(tomorrow.json()).data.usage.text_requests_today).toBe(1);
  });

  it('answers the quota message in Arabic for an Arabic locale', async () => {
    await t.container.settings.update({ guest_text_quota: '1' });
    const guest = t.client();
    guest.locale = 'ar';
    await translate(guest, { text: 'One', target_lang: 'ar', token: 'ar-guest' }, { ip: '198.51.100.9' });
    const refused = await translate(guest, { text: 'Two', target_lang: 'ar', token: 'ar-guest' }, { ip: '198.51.100.9' });
    expect(refused.json()).toEqual({ status: 402, type: 'request_quota', message: 'لقد استنفدت ترجماتك المتاحة لهذا اليوم.' });
  });

  it('limits guests to guest_words_count characters', async () => {
    await t.container.settings.update({ guest_words_count: '20' });
    const ok = await translate(t.client(), { text: 'مرحبا بكم في لسان!!!', target_lang: 'en', token: 'chars' }, { ip: '198.51.100.20' });
    expect(ok.statusCode).toBe(200);
    const tooLong = await translate(t.client(), { text: 'x'.repeat(21), target_lang: 'ar', token: 'chars' }, { ip: '198.51.100.20' });
    expect(tooLong.statusCode).toBe(402);
    expect(tooLong.json()).toEqual({ status: 402, type: 'char_limit', message: 'Your translation exceeds the character limit' });
    const arabic = t.client();
    arabic.locale = 'ar';
    const tooLongAr = await translate(arabic, { text: 'x'.repeat(21), target_lang: 'ar' }, { ip: '198.51.100.20' });
    expect(tooLongAr.json().message).toBe('تتجاوز ترجمتك الحد المسموح به من الأحرف');
    // Refused requests are not counted.
    expect(parseTranslation(ok.json()).data.usage.text_requests_today).toBe(1);
    const next = await translate(t.client(), { text: 'short', target_lang: 'ar', token: 'chars' }, { ip: '198.51.100.20' });
    expect(parseTranslation(next.json()).data.usage.text_requests_today).toBe(2);
  });

  it('never lets concurrent requests overshoot the quota', async () => {
    await t.container.settings.update({ guest_text_quota: '5' });
    const guest = t.client();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => translate(guest, { text: `Parallel ${i}`, target_lang: 'ar', token: 'parallel' }, { ip: '198.51.100.30' })),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(responses.filter((r) => r.statusCode === 402)).toHaveLength(7);
    const counts = responses.filter((r) => r.statusCode === 200).map((r) => parseTranslation(r.json()).data.usage.text_requests_today);
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps no history for guests, and the LLM mode needs a plan (402 plan_feature)', async () => {
    const response = await translate(t.client(), { text: 'Hello', target_lang: 'ar', llm: true });
    expect(response.statusCode).toBe(402);
    // The spec's sentence, then the plans that have the feature.
    expect(response.json()).toEqual({ status: 402, type: 'plan_feature', message: 'Please upgrade your plan to use this feature. It is part of the Start-up, Pro and Enterprise plans.' });
    const count = await t.container.database.db.selectFrom('history_entries').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('POST /api/translate: signed-in users', () => {
  async function tinyPlan(limits: { daily: number; chars: number; llm?: boolean; trial?: boolean }) {
    const slug = `tiny-${Math.random().toString(36).slice(2, 8)}`;
    await t.container.database.db
      .insertInto('plans')
      .values({
        slug, name_en: 'Tiny', name_ar: 'صغيرة', price: 0, price_yearly: 0, features_en: JSON.stringify([]), features_ar: JSON.stringify([]), is_trial: limits.trial ?? false,
        daily_text_requests: limits.daily, monthly_doc_requests: 1, char_limit: limits.chars, text_words: 100, doc_words: 100, doc_chars: 100,
        monthly_files: 1, web_pages: 1, max_file_size_mb: 1, file_formats: ['docx'], llm_enabled: limits.llm ?? false,
      })
      .execute();
    await t.container.plans.invalidate();
    return slug;
  }

  it('applies the plan: char_limit and the daily request quota, and shows usage in GET /api/user', async () => {
    const plan = await tinyPlan({ daily: 2, chars: 30 });
    const { client } = await signedInClient(t, { plan });
    expect((await client.get('/api/user')).json().usage).toEqual({ text_requests_today: 0, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: null });
    expect((await translate(client, { text: 'One sentence.', target_lang: 'ar' })).statusCode).toBe(200);
    const second = await translate(client, { text: 'Two', target_lang: 'ar' });
    expect(parseTranslation(second.json()).data.usage).toEqual({ text_requests_today: 2, request_quota: 2, char_limit: 30 });
    const third = await translate(client, { text: 'Three', target_lang: 'ar' });
    expect(third.json()).toEqual({ status: 402, type: 'request_quota', message: 'Your request quota exceeds the requests limit' });
    expect((await client.get('/api/user')).json().usage).toEqual({ text_requests_today: 2, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: null });

    clock = new Date(clock.getTime() + 86_400_000);
    const tooLong = await translate(client, { text: 'x'.repeat(31), target_lang: 'ar' });
    expect(tooLong.json()).toEqual({ status: 402, type: 'char_limit', message: 'Your translation exceeds the character limit' });
    expect((await translate(client, { text: 'x'.repeat(30), target_lang: 'ar' })).statusCode).toBe(200);
    expect((await client.get('/api/user')).json().usage).toEqual({ text_requests_today: 1, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: null });
  });

  it('answers "Trial period expired" once the trial of a trial-plan user has ended', async () => {
    const ended = await signedInClient(t, { plan: 'free-trial', trialEndsAt: new Date(clock.getTime() - 1000) });
    const refused = await translate(ended.client, { text: 'Hello', target_lang: 'ar' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json()).toEqual({ status: 402, type: 'trial_expired', message: 'Trial period expired' });
    ended.client.locale = 'ar';
    expect((await translate(ended.client, { text: 'Hello', target_lang: 'ar' })).json().message).toBe('انتهت الفترة التجريبية');
    const running = await signedInClient(t, { plan: 'free-trial', trialEndsAt: new Date(clock.getTime() + 86_400_000) });
    expect((await translate(running.client, { text: 'Hello', target_lang: 'ar' })).statusCode).toBe(200);
    const paying = await signedInClient(t, { plan: 'pro', trialEndsAt: new Date(clock.getTime() - 1000) });
    expect((await translate(paying.client, { text: 'Hello', target_lang: 'ar' })).statusCode).toBe(200);
  });

  it('records a history entry of type text for signed-in users', async () => {
    const { client, user } = await signedInClient(t);
    const response = await translate(client, { text: 'The contract is ready.', target_lang: 'ar', domain: 'business' });
    const { data } = parseTranslation(response.json());
    const entry = await t.container.database.db.selectFrom('history_entries').selectAll().where('project_id', '=', data.project_id).executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ user_id: user.id, type: 'text', source_lang: 'en', target_lang: 'ar', domain: 'business', title: 'The contract is ready.', state: 'done' });
    expect(entry.preview).toBe(data.segments[0]!.target);
  });

  it('uses the LLM engine when the plan allows it, with the domain and glossary', async () => {
    const { client } = await signedInClient(t, { plan: 'start-up' });
    const response = await translate(client, { text: 'Sign the contract.', source_lang: 'en', target_lang: 'ar', domain: 'legal', llm: true });
    expect(response.statusCode).toBe(200);
    const { data } = parseTranslation(response.json());
    expect(data).toMatchObject({ engine: 'llm', llm: true });
    expect(data.llm_unavailable).toBeUndefined();
    expect(data.segments[0]!.target).toBe('[llm legal] Sign the contract.');
    expect(llmEngine.jobs.at(-1)).toMatchObject({ source: 'en', target: 'ar', domain: 'legal', glossary: expect.arrayContaining([{ source: 'contract', target: 'العقد' }]) });
    // Without llm the usual chain answers.
    expect(parseTranslation((await translate(client, { text: 'Sign the contract.', target_lang: 'ar' })).json()).data.engine).toBe('dictionary');
  });

  it('refuses the LLM mode on plans without it (plan_feature) and when the manager disabled it (llm_disabled)', async () => {
    const hobbyist = await signedInClient(t, { plan: 'hobbyist' });
    const refused = await translate(hobbyist.client, { text: 'Hello', target_lang: 'ar', llm: true });
    expect(refused.json()).toEqual({ status: 402, type: 'plan_feature', message: 'Please upgrade your plan to use this feature. It is part of the Start-up, Pro and Enterprise plans.' });
    hobbyist.client.locale = 'ar';
    expect((await translate(hobbyist.client, { text: 'Hello', target_lang: 'ar', llm: true })).json().message).toBe('يُرجى ترقية باقتك لاستخدام هذه الميزة. وهي متاحة في باقات الشركات الناشئة والاحترافية والمؤسسات.');

    const { member } = await createTestTeam(t, { plan: 'pro', llmEnabled: false });
    const disabled = await translate(member.client, { text: 'Hello', target_lang: 'ar', llm: true });
    expect(disabled.json()).toEqual({ status: 402, type: 'llm_disabled', message: 'LLM feature disabled by the account manager' });
    member.client.locale = 'ar';
    expect((await translate(member.client, { text: 'Hello', target_lang: 'ar', llm: true })).json().message).toBe('عطّل مدير الحساب ميزة النموذج اللغوي الكبير');
    // Not counted.
    expect((await member.client.get('/api/user')).json().usage.text_requests_today).toBe(0);
  });

  it("lets team members translate on the owner's plan, sharing its daily quota", async () => {
    const plan = await tinyPlan({ daily: 3, chars: 1000, llm: true });
    const { owner, member } = await createTestTeam(t, { plan });
    expect((await translate(owner.client, { text: 'One', target_lang: 'ar' })).statusCode).toBe(200);
    const second = await translate(member.client, { text: 'Two', target_lang: 'ar' });
    expect(parseTranslation(second.json()).data.usage).toEqual({ text_requests_today: 2, request_quota: 3, char_limit: 1000 });
    expect((await translate(member.client, { text: 'Three', target_lang: 'ar', llm: true })).statusCode).toBe(200);
    expect((await translate(owner.client, { text: 'Four', target_lang: 'ar' })).json().type).toBe('request_quota');
    expect((await member.client.get('/api/user')).json().usage).toEqual({ text_requests_today: 3, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: null });
  });

  it("applies the owner's trial to the whole team", async () => {
    const { owner, member } = await createTestTeam(t, { plan: 'free-trial' });
    await t.container.database.db.updateTable('users').set({ trial_ends_at: new Date(clock.getTime() - 1000) }).where('id', '=', owner.user.id).execute();
    expect((await translate(member.client, { text: 'Hello', target_lang: 'ar' })).json().type).toBe('trial_expired');
  });

  it('lets unverified users translate with their plan (verification gates account pages only)', async () => {
    const { client } = await signedInClient(t, { verified: false, plan: 'hobbyist' });
    const response = await translate(client, { text: 'Hello', target_lang: 'ar' });
    expect(parseTranslation(response.json()).data.usage.request_quota).toBe(200);
  });
});

describe('POST /api/translate: engines unavailable or failing', () => {
  it('falls back from the LLM mode with a clear engine field when no LLM engine is configured', async () => {
    const plain = await createTestApp({ extend: addTestSignIn });
    try {
      const { client } = await signedInClient(plain, { plan: 'pro' });
      const response = await client.request({ method: 'POST', url: '/api/translate', payload: { text: 'Hello', target_lang: 'ar', llm: true } });
      expect(response.statusCode).toBe(200);
      expect(parseTranslation(response.json()).data).toMatchObject({ engine: 'dictionary', llm: false, llm_unavailable: true });
    } finally {
      await plain.close();
    }
  });

  it('answers 503 when every engine fails, and does not count the request', async () => {
    const failing: TranslationEngine = {
      id: 'deepl',
      supports: () => true,
      translate: async () => {
        throw new EngineError('deepl', 'HTTP 456 quota exceeded', false);
      },
    };
    const broken = await createTestApp({ extend: addTestSignIn, env: { ENGINE_CHAIN: 'deepl' }, overrides: { extraEngines: [failing] } });
    try {
      const { client } = await signedInClient(broken);
      const response = await client.request({ method: 'POST', url: '/api/translate', payload: { text: 'Hello', target_lang: 'ar' } });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'Translation is not available right now. Please try again in a moment.' });
      client.locale = 'ar';
      const arabic = await client.request({ method: 'POST', url: '/api/translate', payload: { text: 'Hello', target_lang: 'ar' } });
      expect(arabic.json().message).toBe('الترجمة غير متاحة حاليًا. يُرجى المحاولة مرة أخرى بعد قليل.');
      expect((await client.get('/api/user')).json().usage.text_requests_today).toBe(0);
      const rows = await broken.container.database.db.selectFrom('text_translations').selectAll().execute();
      expect(rows).toEqual([]);
    } finally {
      await broken.close();
    }
  });

  it('starts without the dictionary files: the pair is unsupported and translate answers 503', async () => {
    const bare = await createTestApp({ env: { DICT_DIR: '/nonexistent/dictd' } });
    try {
      expect(bare.container.engines.dictionary.supports('en', 'ar')).toBe(false);
      const guest = bare.client();
      const response = await guest.post('/api/translate', { text: 'Hello', target_lang: 'ar' });
      expect(response.statusCode).toBe(503);
      expect((await guest.get('/api/health')).statusCode).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe('usage counters', () => {
  it('keeps guests and users apart', async () => {
    const user = await createTestUser(t);
    const usage = await t.container.entitlements.usageSnapshot(await t.container.entitlements.entitlementsFor({ user }));
    expect(usage).toEqual({ text_requests_today: 0, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: 0 });
  });
});

describe('GET /api/admin/translation-engines', () => {
  it('shows admins the engines, the chain and the service and engine timings; others get 403', async () => {
    const { client } = await signedInClient(t, { roleId: 1 });
    await client.post('/api/admin/translation-engines/reset-stats', {});
    await translate(client, { text: 'Timing check.', target_lang: 'ar' });
    const response = await client.get('/api/admin/translation-engines');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.engines).toEqual(expect.arrayContaining([{ id: 'dictionary', pairs: ['en-ar', 'ar-en'] }, { id: 'llm', pairs: ['en-ar', 'ar-en'] }]));
    expect(data.chains.general).toEqual(['dictionary']);
    expect(data.engine_stats.dictionary.calls).toBe(1);
    expect(data.service_stats.requests).toBe(1);
    expect(data.service_stats.p99Ms).toBeGreaterThan(0);
    const user = await signedInClient(t);
    expect((await user.client.get('/api/admin/translation-engines')).statusCode).toBe(403);
    expect((await t.client().get('/api/admin/translation-engines')).statusCode).toBe(401);
  });
});
