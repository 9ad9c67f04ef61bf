import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { RateLimiter } from './rate-limit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('rate limits (group-committed hits)', () => {
  it('60 concurrent hits on a limit of 25 from two limiters (two processes): exactly 25 allowed, each told its own place', async () => {
    const key = `test:concurrent:${Date.now()}`;
    const other = new RateLimiter(t.container.database.db, () => new Date(), { batchConcurrency: 3 });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? other : t.container.rateLimiter).hit(key, 25, 60)));
    expect(results.filter((r) => r.allowed)).toHaveLength(25);
    // Every allowed hit has its own remaining count: 24, 23, ... 0, once each.
    expect(results.filter((r) => r.allowed).map((r) => r.remaining).sort((a, b) => b - a)).toEqual(Array.from({ length: 25 }, (_, i) => 24 - i));
    for (const refused of results.filter((r) => !r.allowed)) expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(await t.container.rateLimiter.blockedFor(key, 25, 60)).toBeGreaterThan(0);
  });

  it('keys and windows in one batch stay apart, and a lapsed window starts again at one', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const limiter = new RateLimiter(t.container.database.db, () => now);
    const stamp = Date.now();
    const [a1, b1, a2, c1] = await Promise.all([limiter.hit(`a${stamp}`, 2, 60), limiter.hit(`b${stamp}`, 1, 60), limiter.hit(`a${stamp}`, 2, 60), limiter.hit(`c${stamp}`, 5, 600)]);
    expect([a1!.allowed, a2!.allowed, b1!.allowed, c1!.allowed]).toEqual([true, true, true, true]);
    expect((await limiter.hit(`a${stamp}`, 2, 60)).allowed).toBe(false);
    now = new Date(now.getTime() + 61_000);
    const fresh = await limiter.hit(`a${stamp}`, 2, 60);
    expect(fresh).toMatchObject({ allowed: true, remaining: 1 });
  });
});
