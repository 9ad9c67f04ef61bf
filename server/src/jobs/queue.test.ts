import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, createTestDatabase, openSharedTestDatabase, testEngine } from '../../test/database';
import { RESTART_QUEUE_SETTINGS } from '../../test/fixtures/restart-job';
import { JobQueue } from './queue';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

const silent = pino({ level: 'silent' });

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
});
