import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GoogleTranslateEngine } from './google';
import { googleError, googleHandler } from './test-servers/google';
import { startStandIn, type StandIn } from './test-servers/stand-in';
import { EN_AR, engineErrorOf } from '../../../test/engines/engine-errors';

describe('Google Cloud Translation v2 adapter (against a loopback stand-in speaking its API)', () => {
  let server: StandIn;
  let engine: GoogleTranslateEngine;

  beforeAll(async () => {
    server = await startStandIn(googleHandler({ apiKey: 'g-key' }));
    engine = new GoogleTranslateEngine({ url: server.url, apiKey: 'g-key', timeoutMs: 2000 });
  });
  afterAll(() => server.close());

  it('posts language/translate/v2 with the key, q[], source, target and format html; reads data.translations', async () => {
    expect(await engine.translate(['Hello world.', 'Thank you.'], EN_AR)).toEqual(['مرحبا العالم.', 'شكرا لك.']);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/language/translate/v2');
    expect(request.query.get('key')).toBe('g-key');
    expect(request.body).toEqual({ q: ['Hello world.', 'Thank you.'], source: 'en', target: 'ar', format: 'html', model: 'nmt' });
  });

  it("keeps placeholders through HTML and decodes the service's entities (&#39;)", async () => {
    const out = await engine.translate(["It's <x1>the <x2>new</x2></x1> price <x3/> & more"], EN_AR);
    expect(out).toEqual(["It's <x1>ال <x2>الجديد</x2></x1> السعر <x3/> & more"]);
    expect(server.requests.at(-1)!.body.q[0]).toBe('It\'s <span data-x="1">the <span data-x="2">new</span></span> price <img data-x="3"> &amp; more');
  });

  it('leaves glossary terms to the notranslate span', async () => {
    const out = await engine.translate(['Hello world'], { ...EN_AR, glossary: [{ source: 'world', target: 'الدنيا' }] });
    expect(out).toEqual(['مرحبا الدنيا']);
  });

  it('maps errors: bad key 400 and daily quota 403 final; 403 rateLimitExceeded, 429 and 500 retryable', async () => {
    const wrongKey = new GoogleTranslateEngine({ url: server.url, apiKey: 'bad', timeoutMs: 2000 });
    expect(await engineErrorOf(wrongKey.translate(['Hello'], EN_AR))).toMatchObject({
      engineId: 'google',
      retryable: false,
      message: 'google answered 400: API key not valid. Please pass a valid API key. (badRequest)',
    });
    server.script({ status: 403, body: googleError(403, 'PERMISSION_DENIED', 'Daily Limit Exceeded', 'dailyLimitExceeded') });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false });
    server.script({ status: 403, body: googleError(403, 'PERMISSION_DENIED', 'User Rate Limit Exceeded', 'userRateLimitExceeded') });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, message: 'google answered 403: User Rate Limit Exceeded (userRateLimitExceeded)' });
    server.script({ status: 429, headers: { 'retry-after': '30' }, body: googleError(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded', 'rateLimitExceeded') });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, retryAfterMs: 30_000 });
    server.script({ status: 500, body: googleError(500, 'INTERNAL', 'Internal error encountered.', 'backendError') });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true });
  });

  it('times out and honours the job signal', async () => {
    const quick = new GoogleTranslateEngine({ url: server.url, apiKey: 'g-key', timeoutMs: 150 });
    server.script({ delayMs: 2000 });
    expect(await engineErrorOf(quick.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, message: 'Timed out after 150 ms' });
    server.script({ delayMs: 2000 });
    expect(await engineErrorOf(engine.translate(['Hello'], { ...EN_AR, signal: AbortSignal.timeout(80) }))).toMatchObject({ retryable: true, message: 'Timed out' });
  });

  it('sends at most 100 texts and about 25,000 characters per request, and rejects a misaligned or non-JSON answer', async () => {
    const before = server.requests.length;
    const segments = Array.from({ length: 130 }, (_, i) => `Thank you ${i}`);
    expect(await engine.translate(segments, EN_AR)).toEqual(segments.map((_, i) => `شكرا لك ${i}`));
    expect(server.requests.slice(before).map((r) => r.body.q.length)).toEqual([100, 30]);
    // Texts of 12,001 characters: two fit in a request (about 25,000), the third goes in the next.
    const long = Array.from({ length: 3 }, (_, i) => `${'Hello '.repeat(2000)}${i}`);
    const beforeLong = server.requests.length;
    expect(await engine.translate(long, EN_AR)).toEqual(long.map((_, i) => `${'مرحبا '.repeat(2000)}${i}`));
    expect(server.requests.slice(beforeLong).map((r) => r.body.q.length)).toEqual([2, 1]);
    server.script({ status: 200, body: { data: { translations: [{ translatedText: 'x' }, { translatedText: 'y' }] } } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false, message: 'google answered 2 translations for 1 texts' });
    server.script({ status: 200, body: 'not json' });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false, message: 'google sent an answer that is not JSON' });
  });
});
