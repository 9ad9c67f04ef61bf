import * as deepl from 'deepl-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { deeplOptions, keyUsage, userWithKey } from './testing';

/** DeepL's official Node client, unchanged, against a Lisan listening on a local port. */
let t: TestApp;
let serverUrl: string;

beforeAll(async () => {
  t = await createTestApp({ startQueue: true });
  serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

const translator = (key: string) => new deepl.Translator(key, deeplOptions(serverUrl));

describe('deepl-node against /v2', () => {
  it('translateText: one text, a batch, detection and tag handling', async () => {
    const { key, user, id } = await userWithKey(t);
    const client = translator(key);
    const one = await client.translateText('Good morning.', null, 'ar');
    expect(one.text).toBe('صباح الخير.');
    expect(one.detectedSourceLang).toBe('en');
    expect(one.billedCharacters).toBe(13);

    const batch = await client.translateText(['Good morning.', 'Thank you.'], 'en', 'ar');
    expect(batch).toHaveLength(2);
    expect(batch[0]!.text).toBe('صباح الخير.');
    expect(batch[1]!.text).toMatch(/\p{Script=Arabic}/u);

    const back = await client.translateText('صباح الخير.', null, 'en-US');
    expect(back.detectedSourceLang).toBe('ar');
    expect(back.text.toLowerCase()).toContain('morning');

    const html = await client.translateText('<p>Good morning. <b>Thank you.</b></p><code>Good morning</code>', 'en', 'ar', { tagHandling: 'html' });
    expect(html.text).toMatch(/^<p>صباح الخير\. <b>[^<]*\p{Script=Arabic}[^<]*<\/b><\/p><code>Good morning<\/code>$/u);

    // Each text is one request of the plan's daily quota (the HTML text's runs go as one);
    // each API request is one history entry marked as API, holding its texts.
    const history = await t.container.database.db.selectFrom('history_entries').select(['channel', 'type', 'title']).where('user_id', '=', user.id).orderBy('created_at').execute();
    expect(history).toHaveLength(4);
    expect(history.map((entry) => entry.title)).toContain('Good morning. Thank you.');
    expect(await t.container.entitlements.used(await t.container.entitlements.entitlementsFor({ user }), 'text_requests')).toBe(5);
    expect(history.every((entry) => entry.channel === 'api' && entry.type === 'text')).toBe(true);
    const usage = await keyUsage(t, id);
    expect(usage.requests).toBe(4);
    expect(usage.characters).toBeGreaterThan(40);
  });

  it('getUsage and the language lists', async () => {
    const { key } = await userWithKey(t, { daily_text_requests: 30, char_limit: 1000, monthly_api_characters: 50_000 });
    const client = translator(key);
    await client.translateText('Thank you.', 'en', 'ar');
    const usage = await client.getUsage();
    // The usage ledger's API characters of the month against the plan's monthly allowance.
    expect(usage.character).toMatchObject({ count: 10, limit: 50_000 });
    expect(usage.document).toMatchObject({ count: 0, limit: 10 });
    expect((await client.getSourceLanguages()).map((lang) => lang.code).sort()).toEqual(['ar', 'en']);
    expect((await client.getTargetLanguages()).map((lang) => lang.code).sort()).toEqual(['ar', 'en-GB', 'en-US']);
  });

  it('typed errors: a bad key is an AuthorizationError, an exhausted quota a QuotaExceededError', async () => {
    await expect(translator('lsn_not-a-real-key').translateText('Hello', null, 'ar')).rejects.toBeInstanceOf(deepl.AuthorizationError);
    const { key, id } = await userWithKey(t, { daily_text_requests: 1 });
    const client = translator(key);
    await client.translateText('Hello', null, 'ar');
    await expect(client.translateText('Hello again', null, 'ar')).rejects.toBeInstanceOf(deepl.QuotaExceededError);
    // The key's usage is counted while a request translates: the refused one is taken back.
    expect(await keyUsage(t, id)).toEqual({ requests: 1, characters: 5, documents: 0 });
  });

  it('the month\'s API characters are a quota of their own: past it, a QuotaExceededError, and nothing is counted', async () => {
    const { key, id } = await userWithKey(t, { daily_text_requests: 100, monthly_api_characters: 20 });
    const client = translator(key);
    await client.translateText(['Good morning.', 'Thanks.'], null, 'ar'); // 13 + 7 characters: exactly the allowance
    // Refused in the statement that would save it, then (refused lately) before the engine: the same answer, nothing taken either way.
    await expect(client.translateText('Hi', null, 'ar')).rejects.toBeInstanceOf(deepl.QuotaExceededError);
    await expect(client.translateText('Hello', null, 'ar')).rejects.toBeInstanceOf(deepl.QuotaExceededError);
    expect(await keyUsage(t, id)).toEqual({ requests: 1, characters: 20, documents: 0 });
    const usage = await client.getUsage();
    expect(usage.character).toMatchObject({ count: 20, limit: 20 });
    // Two texts counted; the refused request gave its text request back.
    expect(((await (await fetch(`${serverUrl}/v2/usage`, { headers: { authorization: `DeepL-Auth-Key ${key}` } })).json()) as { text_request_count: number }).text_request_count).toBe(2);
  });
});

describe('/v2 bad input answers in DeepL shape ({"message"}, DeepL statuses)', () => {
  const post = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/v2/translate', headers: { authorization: `DeepL-Auth-Key ${key}`, ...headers }, payload: payload as string });

  it('unknown parameters, wrong types, unsupported languages and missing text are 400', async () => {
    const { key } = await userWithKey(t);
    const unknown = await post(key, { text: ['Hi'], target_lang: 'AR', colour: 'blue' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: 'Unknown parameter: colour' });
    const wrongType = await post(key, { text: [1, 2], target_lang: 'AR' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ message: "Value for 'text' not supported." });
    const objectTarget = await post(key, { text: 'Hi', target_lang: { code: 'AR' } });
    expect(objectTarget.json()).toEqual({ message: "Value for 'target_lang' not supported." });
    const german = await post(key, 'text=Hallo&target_lang=DE', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(german.statusCode).toBe(400);
    expect(german.json()).toEqual({ message: "Value for 'target_lang' not supported." });
    const missing = await post(key, { target_lang: 'AR' });
    expect(missing.json()).toEqual({ message: "Parameter 'text' not specified." });
    const malformed = await post(key, '{"text": [', { 'content-type': 'application/json' });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json())).toEqual(['message']);
    // A body no parser reads is named by its type (not by Fastify's error code), in the caller's language.
    const xml = await post(key, '<text>Hi</text>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toEqual({ message: 'Unsupported content type application/xml.' });
    const arabicXml = await post(key, '<text>Hi</text>', { 'content-type': 'application/xml', 'accept-language': 'ar' });
    expect(arabicXml.json()).toEqual({ message: 'نوع المحتوى application/xml غير مدعوم.' });
  });

  it('51 texts are refused with 413, a 10 MB body with 413, both in DeepL shape', async () => {
    const { key } = await userWithKey(t);
    const many = await post(key, { text: Array.from({ length: 51 }, (_, i) => `Text ${i}`), target_lang: 'AR' });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ message: 'Too many texts: at most 50 per request.' });
    const huge = await post(key, JSON.stringify({ text: ['x'.repeat(10 * 1024 * 1024)], target_lang: 'AR' }), { 'content-type': 'application/json' });
    expect(huge.statusCode).toBe(413);
    expect(Object.keys(huge.json())).toEqual(['message']);
  });

  it('form bodies take repeated text fields, as DeepL does', async () => {
    const { key } = await userWithKey(t);
    const response = await post(key, 'text=Good%20morning.&text=Thank%20you.&target_lang=ar&source_lang=EN&split_sentences=1&preserve_formatting=1&formality=prefer_more', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.statusCode).toBe(200);
    expect(response.json().translations).toHaveLength(2);
    expect(response.json().translations[0]).toEqual({ detected_source_language: 'EN', text: 'صباح الخير.' });
  });

  it('model_type and outline_detection take only the values DeepL lists', async () => {
    const { key } = await userWithKey(t);
    for (const [name, value] of [
      ['model_type', 'fastest'],
      ['outline_detection', 'maybe'],
    ]) {
      const refused = await post(key, { text: ['Hi'], target_lang: 'AR', [name!]: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: `Value for '${name}' not supported.` });
    }
    const accepted = await post(key, { text: ['<p>Good morning.</p>'], target_lang: 'AR', tag_handling: 'xml', outline_detection: false, model_type: 'prefer_quality_optimized' });
    expect(accepted.statusCode).toBe(200);
    expect((await post(key, 'text=Hi&target_lang=AR&outline_detection=0&model_type=latency_optimized', { 'content-type': 'application/x-www-form-urlencoded' })).statusCode).toBe(200);
  });

  it('multipart form fields are read as DeepL reads them (curl -F), a repeated text as a list', async () => {
    const { key } = await userWithKey(t);
    const form = new FormData();
    form.append('text', 'Good morning.');
    form.append('text', 'Thank you.');
    form.append('target_lang', 'AR');
    const response = await fetch(`${serverUrl}/v2/translate`, { method: 'POST', headers: { authorization: `DeepL-Auth-Key ${key}` }, body: form });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { translations: Array<{ text: string }> };
    expect(body.translations.map((translation) => translation.text)[0]).toBe('صباح الخير.');
    expect(body.translations).toHaveLength(2);
    const single = new FormData();
    single.append('text', 'Good morning.');
    single.append('target_lang', 'AR');
    single.append('colour', 'blue');
    const unknown = await fetch(`${serverUrl}/v2/translate`, { method: 'POST', headers: { authorization: `DeepL-Auth-Key ${key}` }, body: single });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: 'Unknown parameter: colour' });
    // A field longer than the parser keeps is refused, not cut off and used.
    const long = new FormData();
    long.append('text', 'Good morning.');
    long.append('target_lang', 'AR');
    long.append('context', 'x'.repeat(70 * 1024));
    const tooLong = await fetch(`${serverUrl}/v2/translate`, { method: 'POST', headers: { authorization: `DeepL-Auth-Key ${key}` }, body: long });
    expect(tooLong.status).toBe(413);
    expect(await tooLong.json()).toEqual({ message: 'The request is too large. The limit is 64 KB.' });
  });

  it('an unknown /v2 path is a DeepL-shaped 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/v2/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(Object.keys(response.json())).toEqual(['message']);
  });
});

describe('/v2 glossaries: glossary_ids and duplicate entries', () => {
  it("deepl-node's glossaryIds names the glossary to use; two ids, or glossary_id with glossary_ids, are a 400", async () => {
    const { key } = await userWithKey(t);
    const client = translator(key);
    const glossary = await client.createGlossary('Products', 'en', 'ar', new deepl.GlossaryEntries({ entries: { widget: 'أداة' } }));
    const used = await client.translateText('The widget works.', 'en', 'ar', { glossaryIds: [glossary.glossaryId] });
    expect(used.text).toContain('أداة');
    // A JSON array and a repeated form field are read the same way.
    const ask = (payload: unknown, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url: '/v2/translate', headers: { authorization: `DeepL-Auth-Key ${key}`, ...headers }, payload: payload as string });
    expect((await ask({ text: ['The widget works.'], source_lang: 'EN', target_lang: 'AR', glossary_ids: [glossary.glossaryId] })).statusCode).toBe(200);
    const unknown = await ask({ text: ['Hi'], source_lang: 'EN', target_lang: 'AR', glossary_ids: ['00000000-0000-0000-0000-000000000000'] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Glossary not found.' });
    const two = await ask(`text=Hi&source_lang=EN&target_lang=AR&glossary_ids=${glossary.glossaryId}&glossary_ids=00000000-0000-0000-0000-000000000000`, { 'content-type': 'application/x-www-form-urlencoded' });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toEqual({ message: "Only one glossary per request is supported; 'glossary_ids' lists 2." });
    const both = await ask({ text: ['Hi'], source_lang: 'EN', target_lang: 'AR', glossary_id: glossary.glossaryId, glossary_ids: [glossary.glossaryId] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toEqual({ message: "Send either 'glossary_id' or 'glossary_ids', not both." });
  });

  it('entries listing a source term twice are refused with a 400 naming it, and nothing is added', async () => {
    const { key, client: web } = await userWithKey(t);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v2/glossaries',
      headers: { authorization: `DeepL-Auth-Key ${key}` },
      payload: { name: 'Twice', source_lang: 'EN', target_lang: 'AR', entries_format: 'tsv', entries: 'a\tب\nb\tد\na\tج' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Duplicate source entry in the glossary: "a" is listed more than once.' });
    expect((await web.get('/api/user/glossary')).json().data).toEqual([]);
  });
});
