import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deadlocksFound } from '../../test/database';
import { createTestApp, type TestApp } from '../../test/harness';
import { watchStatements } from '../../test/statements';
import { RateLimiter, type RowLookup } from './rate-limit';

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

  it('batches in flight at once (four processes) count every hit and never deadlock, whatever order their keys came in (PostgreSQL)', async () => {
    const { database } = t.container;
    const before = await deadlocksFound(database);
    const limiters = Array.from({ length: 4 }, () => new RateLimiter(database.db, () => new Date()));
    const keys = Array.from({ length: 12 }, (_, i) => `test:many:${Date.now()}:${i}`);
    const interleaved = [...keys.filter((_, i) => i % 2), ...keys.filter((_, i) => !(i % 2))];
    for (let round = 0; round < 20; round++) {
      // One batch per limiter at once, each in its own order.
      const orders = [keys, [...keys].reverse(), interleaved, [...interleaved].reverse()];
      const results = await Promise.all(orders.map((order, i) => Promise.all(order.map((key) => limiters[i]!.hit(key, 1000, 600)))));
      expect(results.flat().every((r) => r.allowed)).toBe(true);
    }
    const rows = await database.db.selectFrom('rate_limits').select(['key', 'hits']).where('key', 'in', keys).execute();
    expect(rows.reduce((sum, row) => sum + row.hits, 0)).toBe(20 * 4 * keys.length);
    expect(await deadlocksFound(database, { settle: true })).toBe(before);
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

  it('reads go in the same batch as hits of two window lengths: each read sees its counter as it was before the batch', async () => {
    const limiter = new RateLimiter(t.container.database.db);
    const stamp = Date.now();
    const [blocked, free] = [`blocked${stamp}`, `free${stamp}`];
    for (let i = 0; i < 3; i++) await limiter.hit(blocked, 3, 600);
    const [readBlocked, hit60, readFree, hit600, readMissing] = await Promise.all([
      limiter.blockedFor(blocked, 3, 600),
      limiter.hit(`k${stamp}`, 5, 60),
      limiter.blockedFor(free, 1, 600),
      // A hit of a key read in the same batch: the read sees the count before it.
      limiter.hit(free, 1, 600),
      limiter.blockedFor(`missing${stamp}`, 1, 60),
    ]);
    expect(readBlocked).toBeGreaterThan(590);
    expect(readFree).toBe(0);
    expect(readMissing).toBe(0);
    expect(hit60).toMatchObject({ allowed: true, remaining: 4 });
    expect(hit600).toMatchObject({ allowed: true, remaining: 0 });
    // Afterwards the hit counts: the key is at its limit of one.
    expect(await limiter.blockedFor(free, 1, 600)).toBeGreaterThan(590);
  });

  it('look-ups of another table go in the statement of the hits and reads (or alone), each answering its own row or undefined', async () => {
    const limiter = new RateLimiter(t.container.database.db);
    const stamp = Date.now();
    const lookup: RowLookup<{ key: string; hits: number; at: Date }> = {
      sql: (keys, params) => `select "key", json_build_object('key', "key", 'hits', "hits", 'at', "window_started_at") as "row" from "rate_limits" where "key" in (${keys.map((key) => `$${params.push(key)}`).join(', ')})`,
      parse: (row) => ({ key: row.key as string, hits: row.hits as number, at: new Date(row.at as string) }),
    };
    const [a, b] = [`lookup-a${stamp}`, `lookup-b${stamp}`];
    for (let i = 0; i < 2; i++) await limiter.hit(a, 10, 60);
    const watched = watchStatements(t.container.database.db);
    try {
      const [rowA, hit, rowMissing, read, rowA2] = await Promise.all([limiter.lookup(lookup, a), limiter.hit(a, 10, 60), limiter.lookup(lookup, b), limiter.blockedFor(a, 3, 60), limiter.lookup(lookup, a)]);
      // One statement; the look-up sees the table as it was before the batch's hits, as a read does.
      expect(watched.seen).toHaveLength(1);
      expect(rowA).toMatchObject({ key: a, hits: 2 });
      expect(rowA!.at).toBeInstanceOf(Date);
      expect(rowA2).toEqual(rowA);
      expect(rowMissing).toBeUndefined();
      expect(hit).toMatchObject({ allowed: true, remaining: 7 });
      expect(read).toBe(0);
      // Without a hit: the look-ups (and reads) alone.
      watched.seen.length = 0;
      expect(await Promise.all([limiter.lookup(lookup, a), limiter.lookup(lookup, b)])).toEqual([expect.objectContaining({ key: a, hits: 3 }), undefined]);
      expect(watched.seen).toHaveLength(1);
    } finally {
      watched.stop();
    }
  });
});
