import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeepLEngine } from './deepl';
import { deeplHandler } from './test-servers/deepl';
import { startStandIn, type StandIn } from './test-servers/stand-in';
import { EN_AR, engineErrorOf } from '../../../test/engines/engine-errors';

describe('DeepL adapter (against a loopback stand-in speaking its API)', () => {
  let server: StandIn;
  let engine: DeepLEngine;

  beforeAll(async () => {
    server = await startStandIn(deeplHandler({ apiKey: 'dl-key:fx' }));
    engine = new DeepLEngine({ url: server.url, apiKey: 'dl-key:fx', timeoutMs: 2000 });
  });
  afterAll(() => server.close());

  it('posts /v2/translate with the DeepL-Auth-Key header, text[], language codes and XML tag handling', async () => {
    const out = await engine.translate(['Hello world.'], EN_AR);
    expect(out).toEqual(['مرحبا العالم.']);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/v2/translate');
    expect(request.headers.authorization).toBe('DeepL-Auth-Key dl-key:fx');
    expect(request.body).toEqual({ text: ['Hello world.'], source_lang: 'EN', target_lang: 'AR', tag_handling: 'xml', ignore_tags: ['g'] });

    expect(await engine.translate(['مرحبا العالم'], { ...EN_AR, source: 'ar', target: 'en' })).toEqual(['hello world']);
    expect(server.requests.at(-1)!.body).toMatchObject({ source_lang: 'AR', target_lang: 'EN-US' });
  });

  it('sends placeholders as XML tags (marked non-splitting) and gets them back, standalone ones included', async () => {
    const out = await engine.translate(['Pay <x1>now</x1> & <x2/> <x3>the <x4>new</x4> price</x3>.'], EN_AR);
    expect(out).toEqual(['ادفع <x1>الآن</x1> & <x2/> <x3>ال <x4>الجديد</x4> السعر</x3>.']);
    const body = server.requests.at(-1)!.body;
    expect(body.text).toEqual(['Pay <x1>now</x1> &amp; <x2/> <x3>the <x4>new</x4> price</x3>.']);
    expect(body.non_splitting_tags.sort()).toEqual(['x1', 'x2', 'x3', 'x4']);
  });

  it('turns <x2></x2> back into the standalone <x2/> it was, and survives placeholders that do not nest', async () => {
    server.script({ status: 200, body: { translations: [{ detected_source_language: 'EN', text: 'أ <x2></x2> ب' }] } });
    expect(await engine.translate(['a <x2/> b'], EN_AR)).toEqual(['أ <x2/> ب']);

    const out = await engine.translate(['Hello </x1> world <x1> now'], EN_AR);
    expect(out).toEqual(['مرحبا </x1> العالم <x1> الآن']);
    expect(server.requests.at(-1)!.body.text).toEqual(['Hello <xc1/> world <xo1/> now']);
  });

  it('keeps glossary terms untranslated through ignore_tags', async () => {
    const out = await engine.translate(['The new price is good.'], { ...EN_AR, glossary: [{ source: 'new price', target: 'السعر المحدث' }] });
    expect(out).toEqual(['ال السعر المحدث هو جيد.']);
    expect(server.requests.at(-1)!.body.text).toEqual(['The <g>السعر المحدث</g> is good.']);
  });

  it('maps its error answers: 403 and 456 final, 429 with Retry-After and 529/503 retryable', async () => {
    const wrongKey = new DeepLEngine({ url: server.url, apiKey: 'bad', timeoutMs: 2000 });
    expect(await engineErrorOf(wrongKey.translate(['Hello'], EN_AR))).toMatchObject({
      engineId: 'deepl',
      retryable: false,
      message: 'deepl answered 403: Authorization failure, check auth_key',
    });
    server.script({ status: 456, body: { message: 'Quota exceeded' } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false, message: 'deepl answered 456: Quota exceeded' });
    server.script({ status: 429, headers: { 'retry-after': '3' }, body: { message: 'Too many requests' } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, retryAfterMs: 3000 });
    const date = new Date(Date.now() + 60_000).toUTCString();
    server.script({ status: 503, headers: { 'retry-after': date }, body: { message: 'Service unavailable' } });
    const unavailable = await engineErrorOf(engine.translate(['Hello'], EN_AR));
    expect(unavailable.retryable).toBe(true);
    expect(unavailable.retryAfterMs).toBeGreaterThan(55_000);
    expect(unavailable.retryAfterMs).toBeLessThanOrEqual(60_000);
    server.script({ status: 529, body: { message: 'Too many requests, DeepL servers are currently experiencing high load' } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true });
  });

  it('times out (retryable) and honours the job abort signal (not retryable)', async () => {
    const quick = new DeepLEngine({ url: server.url, apiKey: 'dl-key:fx', timeoutMs: 150 });
    server.script({ delayMs: 2000 });
    expect(await engineErrorOf(quick.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, message: 'Timed out after 150 ms' });
    const controller = new AbortController();
    controller.abort();
    expect(await engineErrorOf(engine.translate(['Hello'], { ...EN_AR, signal: controller.signal }))).toMatchObject({ retryable: false });
  });

  it('sends at most 50 texts and about 60,000 characters per request and keeps the order', async () => {
    let before = server.requests.length;
    const segments = Array.from({ length: 101 }, (_, i) => `Hello ${i}`);
    expect(await engine.translate(segments, EN_AR)).toEqual(segments.map((_, i) => `مرحبا ${i}`));
    expect(server.requests.slice(before).map((r) => r.body.text.length)).toEqual([50, 50, 1]);
    // Texts of 29,995 characters: two fit in a request, the third goes in the next.
    before = server.requests.length;
    const long = Array.from({ length: 3 }, (_, i) => `${'Hello '.repeat(4999)}${i}`);
    expect(await engine.translate(long, EN_AR)).toEqual(long.map((_, i) => `${'مرحبا '.repeat(4999)}${i}`));
    expect(server.requests.slice(before).map((r) => r.body.text.length)).toEqual([2, 1]);
  });

  it('rejects a misaligned answer', async () => {
    server.script({ status: 200, body: { translations: [] } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false, message: 'deepl answered 0 translations for 1 texts' });
  });
});
