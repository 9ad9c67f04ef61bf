import { describe, expect, it } from 'vitest';
import { AllEnginesFailed, batchSegments, createEngineRouter, NoEngineAvailable, protectGlossaryTerms, protectLiterals, Semaphore } from './router';
import { EngineError, type Lang, type Segment, type TranslationEngine, type TranslationJob } from './types';

/** A stand-in engine implementing the interface, scripted per call. */
function standIn(
  id: string,
  behaviour: (segments: Segment[], job: TranslationJob, call: number) => Promise<string[]> | string[] = (segments) => segments.map((s) => `${id}:${s}`),
  supports: (source: Lang, target: Lang) => boolean = () => true,
) {
  const calls: Array<{ segments: Segment[]; job: TranslationJob }> = [];
  const engine: TranslationEngine & { calls: typeof calls } = {
    id,
    calls,
    supports,
    async translate(segments, job) {
      calls.push({ segments, job });
      return behaviour(segments, job, calls.length);
    },
  };
  return engine;
}

const request = { source: 'en' as const, target: 'ar' as const, domain: 'general' as const };
const noSleep = () => {
  const delays: number[] = [];
  return { delays, sleep: async (ms: number) => void delays.push(ms) };
};

describe('engine router', () => {
  it('tries the chain in order and records which engine answered', async () => {
    const first = standIn('local');
    const second = standIn('dictionary');
    const router = createEngineRouter({ engines: [first, second], chain: ['local', 'dictionary'] });
    const result = await router.translate(['a', 'b'], request);
    expect(result.targets).toEqual(['local:a', 'local:b']);
    expect(result.engine).toBe('local');
    expect(result.failures).toEqual([]);
    expect(second.calls).toHaveLength(0);
  });

  it('skips engines that are not registered or do not support the pair', async () => {
    const arOnly = standIn('local', undefined, (source) => source === 'ar');
    const dictionary = standIn('dictionary');
    const router = createEngineRouter({ engines: [arOnly, dictionary], chain: ['deepl', 'local', 'dictionary'] });
    expect(router.chainFor(request)).toEqual(['dictionary']);
    expect((await router.translate(['x'], request)).engine).toBe('dictionary');
  });

  it('routes by domain and puts the LLM first for llm requests', async () => {
    const engines = [standIn('llm'), standIn('deepl'), standIn('local'), standIn('dictionary')];
    const router = createEngineRouter({ engines, chain: ['local', 'dictionary'], chainByDomain: { legal: ['deepl', 'dictionary'] } });
    expect(router.chainFor({ ...request, domain: 'legal' })).toEqual(['deepl', 'dictionary']);
    expect(router.chainFor(request)).toEqual(['local', 'dictionary']);
    expect(router.chainFor({ ...request, llm: true })).toEqual(['llm', 'local', 'dictionary']);
    expect((await router.translate(['x'], { ...request, domain: 'legal' })).engine).toBe('deepl');
    expect((await router.translate(['x'], { ...request, llm: true })).engine).toBe('llm');
  });

  it('retries a retryable failure with exponential backoff, honouring retryAfterMs', async () => {
    const { delays, sleep } = noSleep();
    const flaky = standIn('deepl', (segments, _job, call) => {
      if (call === 1) throw new EngineError('deepl', 'HTTP 503', true);
      if (call === 2) throw new EngineError('deepl', 'HTTP 503', true);
      if (call === 3) throw new EngineError('deepl', 'HTTP 429', true, { retryAfterMs: 1_500 });
      return segments.map((s) => `ok:${s}`);
    });
    const router = createEngineRouter({ engines: [flaky], chain: ['deepl'], retries: 3, backoffMs: 100, sleep, random: () => 1 });
    const result = await router.translate(['x'], request);
    expect(result.targets).toEqual(['ok:x']);
    expect(result.calls).toBe(4);
    expect(delays).toEqual([100, 200, 1_500]);
  });

  it('caps the backoff and stops retrying after the limit, then falls back', async () => {
    const { delays, sleep } = noSleep();
    const down = standIn('deepl', () => {
      throw new EngineError('deepl', 'HTTP 502', true);
    });
    const dictionary = standIn('dictionary');
    const router = createEngineRouter({ engines: [down, dictionary], chain: ['deepl', 'dictionary'], retries: 2, backoffMs: 4_000, maxBackoffMs: 5_000, sleep, random: () => 1 });
    const result = await router.translate(['x'], request);
    expect(down.calls).toHaveLength(3);
    expect(delays).toEqual([4_000, 5_000]);
    expect(result.engine).toBe('dictionary');
    expect(result.failures).toEqual([{ engine: 'deepl', message: 'HTTP 502', attempts: 3 }]);
  });

  it('does not retry a non-retryable failure: it falls back at once', async () => {
    const { delays, sleep } = noSleep();
    const broken = standIn('google', () => {
      throw new EngineError('google', 'HTTP 403 invalid key', false);
    });
    const crashing = standIn('local', () => {
      throw new TypeError('boom');
    });
    const dictionary = standIn('dictionary');
    const router = createEngineRouter({ engines: [broken, crashing, dictionary], chain: ['google', 'local', 'dictionary'], sleep });
    const result = await router.translate(['x'], request);
    expect(broken.calls).toHaveLength(1);
    expect(crashing.calls).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(result.engine).toBe('dictionary');
    expect(result.failures.map((f) => f.engine)).toEqual(['google', 'local']);
  });

  it('times a slow engine out, aborts its call and falls back', async () => {
    let aborted = false;
    const slow = standIn('llm', (_segments, job) => {
      job.signal?.addEventListener('abort', () => (aborted = true));
      return new Promise(() => {}); // never answers
    });
    const dictionary = standIn('dictionary');
    const router = createEngineRouter({ engines: [slow, dictionary], chain: ['dictionary'], timeoutMs: { llm: 30, default: 1_000 } });
    const started = Date.now();
    const result = await router.translate(['x'], { ...request, llm: true });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(aborted).toBe(true);
    expect(result.engine).toBe('dictionary');
    expect(result.failures[0]).toMatchObject({ engine: 'llm', message: 'timed out after 30 ms' });
  });

  it('treats an answer with the wrong number of segments as a failure', async () => {
    const lossy = standIn('libretranslate', (segments) => segments.slice(1));
    const dictionary = standIn('dictionary');
    const router = createEngineRouter({ engines: [lossy, dictionary], chain: ['libretranslate', 'dictionary'] });
    const result = await router.translate(['a', 'b'], request);
    expect(result.engine).toBe('dictionary');
    expect(result.failures[0]!.message).toBe('returned 1 segments for 2');
  });

  it('throws AllEnginesFailed when the whole chain fails, NoEngineAvailable when none applies', async () => {
    const down = standIn('local', () => {
      throw new EngineError('local', 'worker crashed', false);
    });
    const router = createEngineRouter({ engines: [down], chain: ['local'] });
    await expect(router.translate(['x'], request)).rejects.toBeInstanceOf(AllEnginesFailed);
    await expect(router.translate(['x'], request)).rejects.toThrow(/local: worker crashed/);
    const empty = createEngineRouter({ engines: [], chain: ['local'] });
    await expect(empty.translate(['x'], request)).rejects.toBeInstanceOf(NoEngineAvailable);
  });

  it('limits the calls in flight per engine', async () => {
    let inFlight = 0;
    let peak = 0;
    const engine = standIn('deepl', async (segments) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 10));
      inFlight--;
      return segments;
    });
    const router = createEngineRouter({ engines: [engine], chain: ['deepl'], concurrency: { deepl: 2 } });
    await Promise.all(Array.from({ length: 8 }, (_, i) => router.translate([`s${i}`], request)));
    expect(peak).toBe(2);
    expect(engine.calls).toHaveLength(8);
  });

  it('splits large requests into batches and keeps the order', async () => {
    const engine = standIn('local');
    const router = createEngineRouter({ engines: [engine], chain: ['local'], batchSegments: 2, batchChars: 1_000 });
    const segments = ['a', 'b', 'c', 'd', 'e'];
    const result = await router.translate(segments, request);
    expect(result.targets).toEqual(segments.map((s) => `local:${s}`));
    expect(engine.calls.map((c) => c.segments)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(batchSegments(['aaaa', 'bbbb', 'cc'], 10, 8).map((b) => b.items)).toEqual([['aaaa', 'bbbb'], ['cc']]);
  });

  it('protects glossary terms with placeholders for engines that do not apply glossaries themselves', async () => {
    const local = standIn('local', (segments) => segments.map((s) => s.replace('Welcome to', 'أهلًا بك في').replace('now', 'الآن')));
    const dictionary = standIn('dictionary');
    const glossary = [{ source: 'Lisan', target: 'لسان' }];
    const router = createEngineRouter({ engines: [local, dictionary], chain: ['local', 'dictionary'] });
    const result = await router.translate(['Welcome to Lisan <x1>now</x1>.'], { ...request, glossary });
    expect(local.calls[0]!.segments).toEqual(['Welcome to <x2/> <x1>now</x1>.']);
    expect(result.targets).toEqual(['أهلًا بك في لسان <x1>الآن</x1>.']);

    const native = createEngineRouter({ engines: [dictionary], chain: ['dictionary'] });
    await native.translate(['Welcome to Lisan.'], { ...request, glossary });
    expect(dictionary.calls.at(-1)).toMatchObject({ segments: ['Welcome to Lisan.'], job: { glossary } });
  });

  it('re-inserts a glossary term whose placeholder the engine lost', () => {
    const protectedText = protectGlossaryTerms('Sign the purchase order today', [
      { source: 'order', target: 'طلب' },
      { source: 'purchase order', target: 'أمر شراء' },
    ]);
    expect(protectedText.text).toBe('Sign the <x1/> today');
    expect(protectedText.restore('وقّع اليوم')).toBe('وقّع اليوم أمر شراء');
  });

  it('never sends web addresses, e-mail addresses or markup tags to an engine, and puts them back as they were', async () => {
    expect(protectLiterals('Visit https://lisan.com/pricing?x=1, or write to info@lisan.com.')).toMatchObject({ text: 'Visit <x1/>, or write to <x2/>.' });
    expect(protectLiterals('See www.lisan.com (our site) and <a href="/x">this</a>.').text).toBe('See <x1/> (our site) and <x2/>this<x3/>.');
    expect(protectLiterals('راسلنا على info@lisan.com، أو زر https://lisan.com؟').text).toBe('راسلنا على <x1/>، أو زر <x2/>؟');
    // A document's own placeholders stay and number the new ones; "a < b > c" is no tag; no match, no change.
    expect(protectLiterals('<x1>Open</x1> <b>now</b> <x2/>').text).toBe('<x1>Open</x1> <x3/>now<x4/> <x2/>');
    expect(protectLiterals('if a < b > c then @ 5').text).toBe('if a < b > c then @ 5');
    expect(protectLiterals('Good morning!').restore('صباح الخير!')).toBe('صباح الخير!');

    const glossary = [{ source: 'Lisan', target: 'لسان' }];
    const local = standIn('local');
    const router = createEngineRouter({ engines: [local], chain: ['local'] });
    const result = await router.translate(['Lisan: <b>https://lisan.com/Lisan</b> or info@lisan.com'], { ...request, glossary });
    // Addresses first (so a term inside one is not touched), then the glossary's terms, numbered after them.
    expect(local.calls[0]!.segments).toEqual(['<x5/>: <x1/><x2/><x3/> or <x4/>']);
    expect(result.targets).toEqual(['local:لسان: <b>https://lisan.com/Lisan</b> or info@lisan.com']);
    // A placeholder the engine dropped comes back at the end.
    const dropping = standIn('local', (segments) => segments.map(() => 'اكتب إلى'));
    const dropped = await createEngineRouter({ engines: [dropping], chain: ['local'] }).translate(['Write to info@lisan.com'], request);
    expect(dropped.targets).toEqual(['اكتب إلى info@lisan.com']);
  });

  it('never sends file names, paths, options, code, hashtags or handles to an engine', () => {
    const cases: Array<[string, string, string[]]> = [
      ['Open config.yaml and report.PDF, then Node.js.', 'Open <x1/> and <x2/>, then <x3/>.', ['config.yaml', 'report.PDF', 'Node.js']],
      ['Edit /etc/hosts or ~/.config/lisan/settings.', 'Edit <x1/> or <x2/>.', ['/etc/hosts', '~/.config/lisan/settings']],
      ['Run `npm install lisan` with --save-dev --port=8080, now -- then.', 'Run <x1/> with <x2/> <x3/>, now -- then.', ['`npm install lisan`', '--save-dev', '--port=8080']],
      ['Follow #Lisan and #ترجمة_فورية, or write to @lisan_app.', 'Follow <x1/> and <x2/>, or write to <x3/>.', ['#Lisan', '#ترجمة_فورية', '@lisan_app']],
      ['تابعوا #لسان وافتحوا الملف report_v2.docx الآن.', 'تابعوا <x1/> وافتحوا الملف <x2/> الآن.', ['#لسان', 'report_v2.docx']],
    ];
    for (const [input, sent, literals] of cases) {
      const result = protectLiterals(input);
      expect(result.text).toBe(sent);
      // What the engine answers gets each one back, as written.
      const restored = result.restore(result.text);
      for (const literal of literals) expect(restored).toContain(literal);
      expect(restored).toBe(input);
    }
    // Prose that only looks like them is left to the engine.
    for (const prose of ['We use C# and F#, e.g. at 5 p.m. in the U.S.', 'Prices rose 3.5% and/or fell 1/2/2024.', 'Meet me @ 5, we are #1.', 'Dr.Smith said so.', 'and/or', 'نعم/لا']) {
      expect(protectLiterals(prose).text).toBe(prose);
    }
  });

  it('stops when the client goes away instead of falling back', async () => {
    const controller = new AbortController();
    const slow = standIn('local', () => new Promise(() => {}));
    const dictionary = standIn('dictionary');
    const router = createEngineRouter({ engines: [slow, dictionary], chain: ['local', 'dictionary'] });
    const pending = router.translate(['x'], { ...request, signal: controller.signal });
    controller.abort(new Error('client closed'));
    await expect(pending).rejects.toThrow('client closed');
    expect(dictionary.calls).toHaveLength(0);
  });

  it('calls a synchronous engine at once: no concurrency slot or timer, a wrong answer still fails, a gone client still stops it', async () => {
    const sync = Object.assign(standIn('dictionary'), { synchronous: true });
    const router = createEngineRouter({ engines: [sync], chain: ['dictionary'], concurrency: 1 });
    const results = await Promise.all(['a', 'b', 'c'].map((text) => router.translate([text], request)));
    expect(results.map((r) => r.targets[0])).toEqual(['dictionary:a', 'dictionary:b', 'dictionary:c']);
    expect(results.every((r) => r.failures.length === 0)).toBe(true);
    // No abort controller of the router's own (the usual path passes its timeout's signal).
    expect(sync.calls.map((call) => call.job.signal)).toEqual([undefined, undefined, undefined]);
    const usual = standIn('local');
    await createEngineRouter({ engines: [usual], chain: ['local'] }).translate(['a'], request);
    expect(usual.calls[0]!.job.signal).toBeInstanceOf(AbortSignal);

    const glossary = [{ source: 'Lisan', target: 'لسان' }];
    const protectedSync = Object.assign(standIn('offline', (segments) => segments), { synchronous: true });
    const protecting = createEngineRouter({ engines: [protectedSync], chain: ['offline'] });
    expect((await protecting.translate(['Welcome to Lisan.'], { ...request, glossary })).targets).toEqual(['Welcome to لسان.']);
    expect(protectedSync.calls[0]!.segments).toEqual(['Welcome to <x1/>.']);

    const lossy = Object.assign(standIn('dictionary', () => []), { synchronous: true });
    await expect(createEngineRouter({ engines: [lossy], chain: ['dictionary'] }).translate(['a'], request)).rejects.toThrow(/returned 0 segments for 1/);

    const controller = new AbortController();
    controller.abort(new Error('client closed'));
    await expect(router.translate(['x'], { ...request, signal: controller.signal })).rejects.toThrow('client closed');
    expect(sync.calls).toHaveLength(3);
  });

  it('keeps per-engine timing stats', async () => {
    const router = createEngineRouter({ engines: [standIn('dictionary')], chain: ['dictionary'] });
    await router.translate(['x'], request);
    await router.translate(['y'], request);
    expect(router.stats().dictionary).toMatchObject({ calls: 2, failures: 0 });
  });
});

describe('Semaphore', () => {
  it('hands slots out first come, first served, and lets a waiter give up', async () => {
    const semaphore = new Semaphore(1);
    const release = await semaphore.acquire();
    const order: string[] = [];
    const controller = new AbortController();
    const first = semaphore.acquire().then((r) => (order.push('first'), r));
    const abandoned = semaphore.acquire(controller.signal);
    const second = semaphore.acquire().then((r) => (order.push('second'), r));
    controller.abort(new Error('gone'));
    await expect(abandoned).rejects.toThrow('gone');
    release();
    (await first)();
    (await second)();
    expect(order).toEqual(['first', 'second']);
    expect(semaphore.inFlight).toBe(0);
  });
});
