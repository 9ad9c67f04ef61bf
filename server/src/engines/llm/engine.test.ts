import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startStandIn, type StandIn } from '../remote/test-servers/stand-in';
import { LlmEngine } from './engine';
import { openAiHandler, type OpenAiStandInOptions } from './openai-stand-in';
import { EN_AR, engineErrorOf } from '../../../test/engines/engine-errors';

describe('LLM adapter (OpenAI-compatible chat completions, against a loopback stand-in)', () => {
  const options: OpenAiStandInOptions = { apiKey: 'sk-test', misbehave: [] };
  let server: StandIn;
  let engine: LlmEngine;

  beforeAll(async () => {
    server = await startStandIn(openAiHandler(options));
    engine = new LlmEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000 });
  });
  afterEach(() => {
    options.misbehave = [];
    options.supportsJsonSchema = true;
  });
  afterAll(() => server.close());

  it('asks for one structured answer per segment (json_schema) and maps it back by id', async () => {
    const out = await engine.translate(['Hello world.', '  ', 'Pay <x1>now</x1> <x2/>.'], EN_AR);
    expect(out).toEqual(['مرحبا العالم.', '  ', 'ادفع <x1>الآن</x1> <x2/>.']);
    const request = server.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('gpt-test');
    expect(request.body.temperature).toBe(0);
    expect(request.body.response_format.type).toBe('json_schema');
    expect(request.body.response_format.json_schema.strict).toBe(true);
    expect(request.body.response_format.json_schema.schema.required).toEqual(['translations']);
    expect(JSON.parse(request.body.messages[1].content)).toEqual({
      segments: [
        { id: 1, text: 'Hello world.' },
        { id: 2, text: 'Pay <x1>now</x1> <x2/>.' },
      ],
    });
    const system: string = request.body.messages[0].content;
    expect(system).toMatch(/from English to Arabic/);
    expect(system).toMatch(/Modern Standard Arabic/);
    expect(system).toMatch(/<x1>…<\/x1>/);
  });

  it('gives domain-aware instructions and injects only the glossary terms that occur', async () => {
    const out = await engine.translate(['The contract price is good.'], {
      source: 'en',
      target: 'ar',
      domain: 'legal',
      glossary: [
        { source: 'contract price', target: 'ثمن العقد' },
        { source: 'warranty', target: 'الضمان' },
      ],
    });
    expect(out).toEqual(['ال ثمن العقد هو جيد.']);
    const system: string = server.requests.at(-1)!.body.messages[0].content;
    expect(system).toMatch(/Domain: legal\. .*defined terms consistent/);
    expect(system).toContain('- contract price => ثمن العقد');
    expect(system).not.toContain('warranty');

    await engine.translate(['مرحبا العالم'], { source: 'ar', target: 'en', domain: 'ecommerce' });
    const second: string = server.requests.at(-1)!.body.messages[0].content;
    expect(second).toMatch(/from Arabic to English/);
    expect(second).toMatch(/Domain: e-commerce\. .*SKUs/);
  });

  it('retries once when the answer drifts (missing, merged, unknown ids, not JSON, cut off) and then succeeds', async () => {
    for (const misbehaviour of ['drop-last', 'merge', 'extra-id', 'not-json', 'truncated'] as const) {
      options.misbehave = [misbehaviour, undefined];
      const before = server.requests.length;
      expect(await engine.translate(['Hello.', 'World.'], EN_AR)).toEqual(['مرحبا.', 'العالم.']);
      expect(server.requests.length - before).toBe(2);
    }
    options.misbehave = ['fenced'];
    expect(await engine.translate(['Hello.'], EN_AR)).toEqual(['مرحبا.']);
  });

  it('fails with a non-retryable EngineError when the answer drifts twice', async () => {
    options.misbehave = ['drop-last', 'merge'];
    const error = await engineErrorOf(engine.translate(['Hello.', 'World.'], EN_AR));
    expect(error).toMatchObject({ engineId: 'llm', retryable: false });
    expect(error.message).toMatch(/did not line up with the segments twice: no translation for id 2/);
    options.misbehave = ['refusal'];
    expect((await engineErrorOf(engine.translate(['Hello.'], EN_AR))).message).toMatch(/refused/);
  });

  it('falls back to json_object on servers without json_schema, and remembers it', async () => {
    options.supportsJsonSchema = false;
    const fresh = new LlmEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'local-model', timeoutMs: 2000 });
    const before = server.requests.length;
    expect(await fresh.translate(['Hello.'], EN_AR)).toEqual(['مرحبا.']);
    expect(await fresh.translate(['World.'], EN_AR)).toEqual(['العالم.']);
    expect(server.requests.slice(before).map((r) => r.body.response_format.type)).toEqual(['json_schema', 'json_object', 'json_object']);
  });

  it('maps errors: 401 final, 429 with Retry-After and 5xx retryable, timeouts retryable', async () => {
    const wrongKey = new LlmEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-wrong', model: 'gpt-test', timeoutMs: 2000 });
    expect(await engineErrorOf(wrongKey.translate(['Hello'], EN_AR))).toMatchObject({ retryable: false, message: 'llm answered 401: Incorrect API key provided.' });
    server.script({
      status: 429,
      headers: { 'retry-after': '20' },
      body: { error: { message: 'Rate limit reached for requests', type: 'requests', param: null, code: 'rate_limit_exceeded' } },
    });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, retryAfterMs: 20_000 });
    server.script({ status: 503, body: { error: { message: 'The engine is currently overloaded', type: 'server_error', param: null, code: null } } });
    expect(await engineErrorOf(engine.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true });
    const quick = new LlmEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 150 });
    server.script({ delayMs: 2000 });
    expect(await engineErrorOf(quick.translate(['Hello'], EN_AR))).toMatchObject({ retryable: true, message: 'Timed out after 150 ms' });
    const aborted = new AbortController();
    aborted.abort();
    expect(await engineErrorOf(engine.translate(['Hello'], { ...EN_AR, signal: aborted.signal }))).toMatchObject({ retryable: false, message: 'Aborted' });
  });

  it('sends large jobs in several requests, ids restarting per request, order kept', async () => {
    const small = new LlmEngine({ baseUrl: `${server.url}/v1`, apiKey: 'sk-test', model: 'gpt-test', timeoutMs: 2000, batchSize: 4 });
    let before = server.requests.length;
    const segments = Array.from({ length: 10 }, (_, i) => `Hello ${i}`);
    expect(await small.translate(segments, EN_AR)).toEqual(segments.map((_, i) => `مرحبا ${i}`));
    const sent = () => server.requests.slice(before).map((r) => JSON.parse(r.body.messages[1].content).segments.length);
    expect(sent()).toEqual([4, 4, 2]);
    // Segments of 3,601 characters: two fit in a request (about 8,000), the third goes in the next.
    before = server.requests.length;
    const long = Array.from({ length: 3 }, (_, i) => `${'Hello '.repeat(600)}${i}`);
    expect(await engine.translate(long, EN_AR)).toEqual(long.map((_, i) => `${'مرحبا '.repeat(600)}${i}`));
    expect(sent()).toEqual([2, 1]);
  });

  it('is English<->Arabic only', async () => {
    expect(engine.supports('en', 'ar') && engine.supports('ar', 'en')).toBe(true);
    expect(engine.supports('ar', 'ar')).toBe(false);
    expect(await engineErrorOf(engine.translate(['x'], { ...EN_AR, target: 'en' }))).toMatchObject({ retryable: false });
  });
});
