import { translate as libreTranslate } from 'libretranslate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { userWithKey } from './testing';

/** The npm `libretranslate` client unchanged, and plain HTTP as LibreTranslate's own web client sends it. */
let t: TestApp;
let apiurl: string;

beforeAll(async () => {
  t = await createTestApp();
  apiurl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('LibreTranslate surface', () => {
  it('the npm libretranslate client translates with a key (it reads /languages, then posts JSON with apiKey)', async () => {
    const { key, user } = await userWithKey(t);
    expect(await libreTranslate({ query: 'Good morning.', source: 'en', target: 'ar', apiurl, apiKey: key })).toBe('صباح الخير.');
    expect(await libreTranslate({ query: 'Good morning.', target: 'ar', apiurl, apiKey: key })).toBe('صباح الخير.');
    const history = await t.container.database.db.selectFrom('history_entries').select('channel').where('user_id', '=', user.id).execute();
    expect(history.map((entry) => entry.channel)).toEqual(['api', 'api']);
  });

  it('answers a list of texts, detection and alternatives in its shapes; a multipart form as its web client sends', async () => {
    const { key } = await userWithKey(t);
    const list = await fetch(`${apiurl}/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ q: ['Good morning.', 'صباح الخير.'], source: 'auto', target: 'ar', api_key: key, alternatives: 2 }),
    });
    expect(list.status).toBe(200);
    const body = await list.json();
    expect(body.translatedText).toEqual(['صباح الخير.', 'صباح الخير.']);
    expect(body.detectedLanguage).toEqual([
      { confidence: 100, language: 'en' },
      { confidence: 100, language: 'ar' },
    ]);
    expect(body.alternatives).toEqual([[], []]);

    const form = multipart({ q: '<p>Good morning.</p>', source: 'en', target: 'ar', format: 'html', api_key: key, secret: '' });
    const html = await t.app.inject({ method: 'POST', url: '/translate', payload: form.payload, headers: form.headers });
    expect(html.statusCode).toBe(200);
    expect(html.json()).toEqual({ translatedText: '<p>صباح الخير.</p>' });

    const detect = await t.app.inject({ method: 'POST', url: '/detect', payload: `q=${encodeURIComponent('مرحبا بكم')}&api_key=${key}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(detect.json()).toEqual([{ confidence: 100, language: 'ar' }]);

    const languages = await (await fetch(`${apiurl}/languages`)).json();
    expect(languages).toEqual([
      { code: 'ar', name: 'Arabic', targets: ['en'] },
      { code: 'en', name: 'English', targets: ['ar'] },
    ]);
    const settings = await (await fetch(`${apiurl}/frontend/settings`)).json();
    expect(settings).toMatchObject({ apiKeys: true, keyRequired: true, filesTranslation: true });
  });

  it('errors are {"error": "..."}: no key, a bad key, unknown parameters, wrong types, 51 texts, a 10 MB body', async () => {
    const { key } = await userWithKey(t);
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/translate', payload: payload as string, headers: { 'content-type': 'application/json' } });
    const noKey = await post({ q: 'Hi', source: 'en', target: 'ar' });
    expect(noKey.statusCode).toBe(403);
    expect(noKey.json()).toEqual({ error: 'Invalid API key. Check the key, or create one in Account settings > API keys.' });
    expect((await post({ q: 'Hi', target: 'ar', api_key: 'lsn_wrong' })).statusCode).toBe(403);
    const unknown = await post({ q: 'Hi', target: 'ar', api_key: key, speed: 'fast' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'Unknown parameter: speed' });
    const wrongType = await post({ q: { text: 'Hi' }, target: 'ar', api_key: key });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({ error: "Value for 'q' not supported." });
    const french = await post({ q: 'Hi', target: 'fr', api_key: key });
    expect(french.json()).toEqual({ error: "Value for 'target' not supported." });
    const many = await post({ q: Array.from({ length: 51 }, () => 'Hi'), target: 'ar', api_key: key });
    expect(many.statusCode).toBe(413);
    expect(many.json()).toEqual({ error: 'Too many texts: at most 50 per request.' });
    const huge = await post(JSON.stringify({ q: 'x'.repeat(10 * 1024 * 1024), target: 'ar', api_key: key }));
    expect(huge.statusCode).toBe(413);
    expect(Object.keys(huge.json())).toEqual(['error']);
    const xml = await t.app.inject({ method: 'POST', url: '/translate', payload: '<q>Hi</q>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(400);
    expect(xml.json()).toEqual({ error: 'Unsupported content type application/xml.' });
  });

  it('POST /languages answers as GET does (older LibreTranslate clients post to it), with no key and no CSRF token', async () => {
    const posted = await t.app.inject({ method: 'POST', url: '/languages', payload: {} });
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual((await t.app.inject({ method: 'GET', url: '/languages' })).json());
  });

  it('CORS as LibreTranslate: every answer allows any origin, preflights answer GET, POST and the headers asked; /v2 has none', async () => {
    const { key, client } = await userWithKey(t);
    // A browser's preflight, sent here with the signed-in session's cookies and no CSRF token: neither gets in its way.
    const preflight = await client.request({
      method: 'OPTIONS',
      url: '/translate',
      csrf: false,
      headers: { origin: 'https://cms.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST',
      'access-control-allow-headers': 'content-type,authorization',
    });
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    expect(preflight.headers['set-cookie']).toBeUndefined();
    for (const url of ['/detect', '/translate_file', '/languages', '/frontend/settings']) {
      expect((await t.app.inject({ method: 'OPTIONS', url, headers: { origin: 'https://cms.example', 'access-control-request-method': 'POST' } })).headers['access-control-allow-origin']).toBe('*');
    }

    const cross = { origin: 'https://cms.example', 'content-type': 'application/json' };
    const translated = await t.app.inject({ method: 'POST', url: '/translate', headers: cross, payload: { q: 'Good morning.', source: 'en', target: 'ar', api_key: key } });
    expect(translated.statusCode).toBe(200);
    expect(translated.headers['access-control-allow-origin']).toBe('*');
    const refused = await t.app.inject({ method: 'POST', url: '/translate', headers: cross, payload: { q: 'Hi', target: 'ar' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    expect((await t.app.inject({ method: 'GET', url: '/languages', headers: { origin: 'https://cms.example' } })).headers['access-control-allow-origin']).toBe('*');

    // DeepL's API offers no CORS: no preflight route, no header; the web app's routes neither.
    const deeplPreflight = await t.app.inject({ method: 'OPTIONS', url: '/v2/translate', headers: { origin: 'https://cms.example', 'access-control-request-method': 'POST' } });
    expect(deeplPreflight.statusCode).toBe(404);
    expect(deeplPreflight.headers['access-control-allow-origin']).toBeUndefined();
    const deeplAnswer = await t.app.inject({ method: 'POST', url: '/v2/translate', headers: { ...cross, authorization: `DeepL-Auth-Key ${key}` }, payload: { text: ['Hi'], target_lang: 'AR' } });
    expect(deeplAnswer.statusCode).toBe(200);
    expect(deeplAnswer.headers['access-control-allow-origin']).toBeUndefined();
    expect((await client.get('/api/user/api-keys')).headers['access-control-allow-origin']).toBeUndefined();
  });
});
