import { describe, expect, it } from 'vitest';
import { batchesSettled, createBatcher } from './batcher';

describe('createBatcher (group commit)', () => {
  it('writes concurrent items together, one batch in flight at a time, in order', async () => {
    const batches: number[][] = [];
    const batcher = createBatcher({
      run: async (items: number[]) => {
        batches.push(items);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return items.map((item) => item * 10);
      },
    });
    const first = batcher.submit(1);
    const rest = [2, 3, 4].map((n) => batcher.submit(n));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
    const later = await Promise.all([batcher.submit(5), batcher.submit(6)]);
    expect(later).toEqual([50, 60]);
  });

  it("sends the next batch before the previous batch's callers resume (the database works while they run)", async () => {
    const events: string[] = [];
    let release!: () => void;
    const batcher = createBatcher({
      run: async (items: number[]) => {
        events.push(`run ${items.join(',')}`);
        if (items[0] === 1) await new Promise<void>((resolve) => (release = resolve));
        return items;
      },
    });
    const first = batcher.submit(1).then(() => events.push('caller of 1 resumes'));
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.submit(2).then(() => events.push('caller of 2 resumes'));
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(['run 1', 'run 2', 'caller of 1 resumes', 'caller of 2 resumes']);
  });

  it('queues items that arrive while a batch is being written for the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const batcher = createBatcher({
      run: async (items: number[]) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return items;
      },
    });
    const a = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const b = batcher.submit(2);
    const c = batcher.submit(3);
    expect(batcher.pending).toBe(2);
    release();
    expect(await Promise.all([a, b, c])).toEqual([1, 2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
  });

  it('retries a failed batch item by item, so only the bad item fails', async () => {
    const batcher = createBatcher({
      run: async (items: number[]) => {
        if (items.includes(13)) throw new Error('unlucky');
        return items;
      },
    });
    const results = await Promise.allSettled([batcher.submit(12), batcher.submit(13), batcher.submit(14)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('unlucky');
  });

  it('sends a second batch beside the one in flight only when a full batch waits', async () => {
    const batches: number[][] = [];
    const releases: Array<() => void> = [];
    const batcher = createBatcher({
      run: async (items: number[]) => {
        batches.push(items);
        await new Promise<void>((resolve) => releases.push(resolve));
        return items;
      },
      concurrency: 3,
      maxItems: 3,
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const all = [batcher.submit(1)];
    await turn();
    // One batch in flight: two more items wait for it (a part of a batch does not go out beside it).
    all.push(batcher.submit(2), batcher.submit(3));
    await turn();
    expect(batches).toEqual([[1]]);
    // A third waiting item makes a full batch: it goes out beside the first.
    all.push(batcher.submit(4));
    await turn();
    expect(batches).toEqual([[1], [2, 3, 4]]);
    all.push(batcher.submit(5));
    await turn();
    expect(batches).toHaveLength(2);
    releases[0]!();
    await all[0];
    // The second batch is still in flight: one waiting item is not a full batch.
    expect(batches).toHaveLength(2);
    releases[1]!();
    await all[1];
    // None in flight: what waits goes out, full or not.
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    releases[2]!();
    expect(await Promise.all(all)).toEqual([1, 2, 3, 4, 5]);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const batcher = createBatcher({ run: async (items: number[]) => (sizes.push(items.length), items), maxItems: 3 });
    await Promise.all(Array.from({ length: 7 }, (_, i) => batcher.submit(i)));
    expect(sizes).toEqual([3, 3, 1]);
  });

  it('batchesSettled waits for items nobody awaits, queued or being written, failed ones included (shutdown, before the database closes)', async () => {
    const written: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const batcher = createBatcher({
      run: async (items: number[]) => {
        await gate;
        if (items.includes(3)) throw new Error('bad item');
        written.push(...items);
        return items;
      },
    });
    // Submitted and left: one in the batch being written, two queued behind it, one of them bad.
    void batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    void batcher.submit(2);
    batcher.submit(3).catch(() => {});
    expect(await batchesSettled(50)).toBe(false);
    release();
    expect(await batchesSettled(1_000)).toBe(true);
    expect(written).toEqual([1, 2]);
    expect(batcher.pending).toBe(0);
    // Idle again: nothing to wait for.
    expect(await batchesSettled(0)).toBe(true);
  });
});
