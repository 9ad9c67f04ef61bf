import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LibreTranslateEngine } from './libretranslate';
import { libreTranslateHandler } from './test-servers/libretranslate';
import { startStandIn, type StandIn } from './test-servers/stand-in';
import { EN_AR, engineErrorOf } from '../../../test/engines/engine-errors';

describe('LibreTranslate adapter (against a loopback stand-in speaking its API)', () => {
  let server: StandIn;
  let engine: LibreTranslateEngine;

  beforeAll(async () => {
    server = await startStandIn(libreTranslateHandler({ apiKey: 'lt-key' }));
    engine = new LibreTranslateEngine({ url: server.url, apiKey: 'lt-key', timeoutMs: 2000 });
  });
  afterAll(() => server.close());

  it('sends q as an array with source, target, format html and api_key, and reads translatedText[]', async () => {
    const out = await engine.translate(['Hello world.', 'The contract is good.'], EN_AR);
    expect(out).toEqual(['مرحبا العالم.', 'ال العقد هو جيد.']);
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/translate');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual({ q: ['Hello world.', 'The contract is good.'], source: 'en', target: 'ar', format: 'html', api_key: 'lt-key' });
  });

  it('keeps placeholders (as HTML the service preserves), escapes text, keeps outer whitespace and skips empty segments', async () => {
    const out = await engine.translate([' Pay <x1>now</x1> & <x2/> thank you <x3>the <x4>new</x4> price</x3>.\n', '', '<x5/>', 'a < b'], EN_AR);
    expect(out).toEqual([' ادفع <x1>الآن</x1> & <x2/> شكرا لك <x3>ال <x4>الجديد</x4> السعر</x3>.\n', '', '<x5/>', 'a < b']);
    expect(server.requests.at(-1)!.body.q).toEqual([
      'Pay <span data-x="1">now</span> &amp; <img data-x="2"> thank you <span data-x="3">the <span data-x="4">new</span> price</span>.',
      'a &lt; b',
    ]);
  });

  it('protects glossary terms with translate="no" so the service leaves them', async () => {
    const out = await engine.translate(['The contract price is good.'], { ...EN_AR, glossary: [{ source: 'contract price', target: 'قيمة العقد' }] });
    expect(out).toEqual(['ال قيمة العقد هو جيد.']);
    expect(server.requests.at(-1)!.body.q[0]).toContain('<span translate="no" class="notranslate">قيمة العقد</span>');
  });

  it('maps a bad key (403) and a bad request (400) to non-retryable errors with the service message', async () => {
    const wrongKey = new LibreTranslateEngine({ url: server.url, apiKey: 'nope', timeoutMs: 2000 });
    const error = await engineErrorOf(wrongKey.translate(['Hello'], EN_AR));
    expect(error).toMatchObject({ engineId: 'libretranslate', retryable: false, message: 'libretranslate answered 403: Invalid API key' });
    server.script({ status: 400, body: { error: 'ar is not supported' } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false, message: 'libretranslate answered 400: ar is not supported' });
  });

  it('maps 429 with Retry-After to a retryable error carrying retryAfterMs, and 5xx to retryable', async () => {
    server.script({ status: 429, headers: { 'retry-after': '12' }, body: { error: 'Too many request limits violations' } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, retryAfterMs: 12_000 });
    server.script({ status: 500, body: { error: 'Internal Server Error' } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, retryAfterMs: undefined });
    server.script({ status: 502, body: '<html>Bad Gateway</html>' });
    expect((await engineErrorOf(engine.translate(['Hello'], EN_AR))).message).toMatch(/502: <html>Bad Gateway/);
  });

  it('gives up after its own timeout (retryable), and on the job signal (timeout retryable, abort not)', async () => {
    const quick = new LibreTranslateEngine({ url: server.url, apiKey: 'lt-key', timeoutMs: 150 });
    server.script({ delayMs: 2000 });
    const started = Date.now();
    expect(await engineErrorOf(quick.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, message: 'Timed out after 150 ms' });
    expect(Date.now() - started).toBeLessThan(1500);

    server.script({ delayMs: 2000 });
    expect(await engineErrorOf(engine.translate(['Hello'], { ...EN_AR, signal: AbortSignal.timeout(100) }))).toMatchObject({ retryable: true, message: 'Timed out' });

    const controller = new AbortController();
    server.script({ delayMs: 2000 });
    const pending = engine.translate(['Hello'], { ...EN_AR, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await engineErrorOf(pending)).toMatchObject({ retryable: false, message: 'Aborted' });
  });

  it('rejects an answer that does not line up with the request, and reports an unreachable service as retryable', async () => {
    server.script({ status: 200, body: { translatedText: ['only one'] } });
    expect(await engineErrorOf(engine.translate(['Hello', 'World'], EN_AR))).toMatchObject({ retryable: false, message: 'libretranslate answered 1 translations for 2 texts' });
    const closed = await startStandIn(libreTranslateHandler());
    const url = closed.url;
    await closed.close();
    const gone = new LibreTranslateEngine({ url, timeoutMs: 1000 });
    expect((await engineErrorOf(gone.translate(['Hello'], EN_AR))).message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/);
  });

  it('splits long jobs into requests of at most 50 texts and about 20,000 characters, and keeps the order', async () => {
    let before = server.requests.length;
    const segments = Array.from({ length: 120 }, (_, i) => `Hello ${i}`);
    const out = await engine.translate(segments, EN_AR);
    expect(out).toEqual(segments.map((_, i) => `مرحبا ${i}`));
    expect(server.requests.slice(before).map((r) => r.body.q.length)).toEqual([50, 50, 20]);
    // Texts of 9,601 characters: two fit in a request, the third goes in the next.
    before = server.requests.length;
    const long = Array.from({ length: 3 }, (_, i) => `${'Hello '.repeat(1600)}${i}`);
    expect(await engine.translate(long, EN_AR)).toEqual(long.map((_, i) => `${'مرحبا '.repeat(1600)}${i}`));
    expect(server.requests.slice(before).map((r) => r.body.q.length)).toEqual([2, 1]);
  });

  it('serves English<->Arabic only', () => {
    expect(engine.supports('en', 'ar') && engine.supports('ar', 'en')).toBe(true);
    expect(engine.supports('en', 'en')).toBe(false);
  });
});
