import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, createTestDatabase, openSharedTestDatabase, testEngine } from '../../test/database';
import { LEASE_QUEUE_SETTINGS } from '../../test/fixtures/lease-job';
import { RESTART_QUEUE_SETTINGS } from '../../test/fixtures/restart-job';
import { JobQueue } from './queue';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const silent = pino({ level: process.env.QUEUE_TEST_LOG ?? 'silent' });

describe('pg-boss completions that fail', () => {
  it('are reported as the queue error, not as an unhandled rejection (its worker does not await them)', async () => {
    void JobQueue; // importing the queue module is what installs the handling
    const boss = new PgBoss({ db: { executeSql: async () => Promise.reject(new Error('terminating connection due to administrator command')) }, schema: 'pgboss' });
    const errors: unknown[] = [];
    boss.on('error', (error) => errors.push(error));
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // As pg-boss's worker calls them: not awaited.
      void boss.complete('some-queue', randomUUID());
      void boss.fail('some-queue', randomUUID(), new Error('handler failed'));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(unhandled).toEqual([]);
      expect(errors).toHaveLength(2);
      // A caller that awaits still sees the failure.
      await expect(boss.complete('some-queue', randomUUID())).rejects.toThrow('administrator command');
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});

describe(`job queue (${testEngine})`, () => {
  it('runs a job sent by one queue in the worker of another (api enqueues, worker handles)', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    const handled: string[] = [];
    const worker = new JobQueue({ executor: test.database, logger: silent, runsWorkers: true, pollingIntervalSeconds: 0.5 });
    worker.define({ name: 'test-restart', settings: RESTART_QUEUE_SETTINGS, handle: async (data) => void handled.push(data.value) });
    await worker.start();
    cleanups.push(() => worker.stop({ graceful: false }));

    const api = new JobQueue({ executor: test.database, logger: silent, runsWorkers: false });
    api.define({ name: 'test-restart', settings: RESTART_QUEUE_SETTINGS, handle: async () => {} });
    await api.start();
    cleanups.push(() => api.stop({ graceful: false }));
    await api.send('test-restart', { value: 'hello' });
    await expect.poll(() => handled, { timeout: 10_000 }).toEqual(['hello']);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    let attempts = 0;
    const queue = new JobQueue({ executor: test.database, logger: silent, runsWorkers: true, pollingIntervalSeconds: 0.5 });
    queue.define({
      name: 'test-restart',
      settings: { ...RESTART_QUEUE_SETTINGS, retryDelay: 1 },
      handle: async () => {
        attempts += 1;
        if (attempts < 2) throw new Error('temporary failure');
      },
    });
    await queue.start();
    cleanups.push(() => queue.stop({ graceful: false }));
    const id = await queue.send('test-restart', { value: 'x' });
    await expect.poll(async () => (await queue.boss.getJobById('test-restart', id!))?.state, { timeout: 15_000 }).toBe('completed');
    expect(attempts).toBe(2);
  });

  it('finishes a job whose worker process was killed mid-job, after a restart', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-restart-'));
    cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
    const { target, drop } = await createSharedTestDatabase(path.join(dir, 'db'));
    cleanups.push(drop);

    // 1. A worker process takes the job and is killed (SIGKILL: no cleanup at all).
    const fixture = path.resolve(import.meta.dirname, '../../test/fixtures/restart-worker.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, target], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    await expect.poll(() => output, { timeout: 30_000, interval: 100 }).toMatch(/STARTED \S+ survives/);
    const jobId = /STARTED (\S+)/.exec(output)![1]!;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));

    // 2. A new worker on the same database finds the abandoned job and completes it.
    const database = await openSharedTestDatabase(target);
    cleanups.push(() => database.close());
    const handled: string[] = [];
    const queue = new JobQueue({ executor: database, logger: silent, runsWorkers: true, pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 });
    queue.define({ name: 'test-restart', settings: RESTART_QUEUE_SETTINGS, handle: async (data, meta) => void handled.push(`${meta.id}:${data.value}`) });
    await queue.start();
    cleanups.push(() => queue.stop({ graceful: false }));
    await expect.poll(() => handled, { timeout: 30_000, interval: 200 }).toEqual([`${jobId}:survives`]);
    const job = await queue.boss.getJobById('test-restart', jobId);
    expect(job?.retryCount).toBeGreaterThanOrEqual(1);
  }, 90_000);

  it('takes over a job whose lease lapsed (its worker died) at once, despite the retry delay, and runs it once across two workers', async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    const api = new JobQueue({ executor: test.database, logger: silent, runsWorkers: false });
    api.define({ name: 'test-lease', settings: LEASE_QUEUE_SETTINGS, handle: async () => {} });
    await api.start();
    cleanups.push(() => api.stop({ graceful: false }));
    const id = await api.send('test-lease', { value: 'abandoned' });
    // What a worker killed two minutes ago leaves behind: the job active, its lease long lapsed.
    await test.database.executeSql("update pgboss.job set state = 'active', started_on = now() - interval '2 minutes' where name = 'test-lease'");

    const handled: string[] = [];
    for (const name of ['one', 'two']) {
      const worker = new JobQueue({ executor: test.database, logger: silent, runsWorkers: true, pollingIntervalSeconds: 0.5 });
      worker.define({ name: 'test-lease', settings: LEASE_QUEUE_SETTINGS, handle: async (data, meta) => void handled.push(`${name}:${meta.id}:${data.value}`) });
      await worker.start();
      cleanups.push(() => worker.stop({ graceful: false }));
    }
    await expect.poll(async () => (await api.boss.getJobById('test-lease', id!))?.state, { timeout: 30_000, interval: 200 }).toBe('completed');
    expect(handled).toHaveLength(1);
    expect(handled[0]).toMatch(new RegExp(`^(one|two):${id}:abandoned$`));
    expect((await api.boss.getJobById('test-lease', id!))?.retryCount).toBe(1);
  }, 120_000);

  it("renews a running job's lease (heartbeat), and aborts the run once another worker has the job", async () => {
    const test = await createTestDatabase();
    cleanups.push(() => test.drop());
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let signal: AbortSignal | undefined;
    let runs = 0;
    const worker = new JobQueue({ executor: test.database, logger: silent, runsWorkers: true, pollingIntervalSeconds: 0.5 });
    worker.define({
      name: 'test-lease',
      settings: LEASE_QUEUE_SETTINGS,
      handle: async (_data, meta) => {
        runs++;
        signal = meta.signal;
        await released;
      },
    });
    await worker.start();
    cleanups.push(() => worker.stop({ graceful: false }));
    const id = await worker.send('test-lease', { value: 'long' });
    await expect.poll(() => runs, { timeout: 30_000 }).toBe(1);
    const expiry = async () => {
      const { rows } = await test.database.executeSql("select extract(epoch from expire_in)::float as lease, state from pgboss.job where name = 'test-lease'");
      return rows[0] as { lease: number; state: string };
    };
    // The queue's lease is 20 s; a heartbeat moves the expiry past it (elapsed time + 20 s).
    await expect.poll(async () => (await expiry()).lease, { timeout: 30_000, interval: 250 }).toBeGreaterThan(20);
    expect(await worker.reclaimLapsed()).toBe(0);
    expect((await expiry()).state).toBe('active');
    expect(signal?.aborted).toBe(false);

    // Another worker has taken the job over: the next heartbeat finds it gone and aborts this run.
    await test.database.executeSql(`update pgboss.job set state = 'retry' where name = 'test-lease' and id = '${id}'`);
    await expect.poll(() => signal?.aborted, { timeout: 30_000, interval: 200 }).toBe(true);
    release();
  }, 120_000);
});
