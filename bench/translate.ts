/**
 * Benchmark of POST /api/translate with the dictionary engine on PGlite (issue 4).
 *
 * Starts the real application (API, on-disk PGlite in a temporary DATA_DIR, queue
 * workers off) on a loopback port and drives it with autocannon, 50 connections:
 *   - guests: each connection its own browser token (guest quota raised for the run);
 *   - signed-in users: 50 users, one session each, on the Enterprise plan.
 * Reports requests/s and latency p50/p99 as the client sees them, the server's own
 * service time (p50/p99, from Fastify's reply.elapsedTime) and, apart, the engine time
 * (the router's per-call timings).
 *
 * `npm run bench` calls `benchTranslate()`; `node --import tsx bench/translate.ts` runs it alone.
 * Options by environment: BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (50).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import pino from 'pino';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createContainer } from '../server/src/container';
import { openDatabase } from '../server/src/db/client';
import { CSRF_COOKIE } from '../server/src/http/csrf';
import { SESSION_COOKIE } from '../server/src/http/sessions';

export interface BenchRow {
  name: string;
  requests: number;
  non2xx: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  serviceP50Ms: number;
  serviceP99Ms: number;
  engineP50Ms: number;
  engineP99Ms: number;
}

const SAMPLE_TEXTS = [
  'The company signed the contract with our partners yesterday.',
  'Please send the invoice to the finance department before Friday.',
  'Good morning! How are you today?',
  'ذهب الولد إلى المدرسة صباحًا.',
  'شكرا لكم على الترجمة الممتازة.',
  'Free shipping on every order over fifty dollars.',
];

function percentile(values: number[], p: number) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const round = (value: number) => Math.round(value * 100) / 100;

interface ServerReady {
  type: 'ready';
  url: string;
  csrf: string;
  sessions: string[];
}

/**
 * The server half, in a child process (so the load generator does not share its event
 * loop): builds the app, prepares guests and users, answers 'stats' and 'reset' messages.
 */
async function runBenchServer(connections: number) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-bench-'));
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: path.join(dataDir, 'no-web') });
  const logger = pino({ level: 'silent' });
  // BENCH_PGLITE=memory measures in-memory PGlite (as the tests use) instead of on disk.
  const database = process.env.BENCH_PGLITE === 'memory' ? await openDatabase({ logger }) : undefined;
  const container = await createContainer(config, 'all', { logger, database });
  const app = await buildApp(container);
  const serviceTimes: number[] = [];
  app.addHook('onResponse', async (request, reply) => {
    if (request.url === '/api/translate') serviceTimes.push(reply.elapsedTime);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // Guests: raise the daily guest quota so the run measures throughput, not refusals.
  await container.settings.update({ guest_text_quota: '100000000' });
  const db = container.database.db;
  const enterprise = await container.plans.getBySlug('enterprise');
  await db.updateTable('plans').set({ daily_text_requests: 100_000_000 }).where('id', '=', enterprise.id).execute();
  await container.plans.invalidate();
  const sessions: string[] = [];
  for (let i = 0; i < connections; i++) {
    const user = await db
      .insertInto('users')
      .values({ name: `Bench ${i}`, email: `bench-${i}@example.com`, password_hash: null, email_verified_at: new Date(), personal_info: {}, company_info: {}, plan_id: enterprise.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = randomBytes(32).toString('base64url');
    await db
      .insertInto('sessions')
      .values({ id: createHash('sha256').update(token).digest('hex'), user_id: user.id, data: {}, remember: true, ip: '127.0.0.1', user_agent: 'bench', last_seen_at: new Date(), expires_at: new Date(Date.now() + 86_400_000) })
      .execute();
    sessions.push(token);
  }

  process.on('message', async (message: { type: string }) => {
    if (message.type === 'reset') {
      serviceTimes.length = 0;
      container.engines.router.resetStats();
      process.send!({ type: 'reset-done' });
    } else if (message.type === 'stats') {
      const engine = container.engines.router.stats().dictionary ?? { p50Ms: 0, p99Ms: 0 };
      process.send!({ type: 'stats', serviceP50Ms: percentile(serviceTimes, 50), serviceP99Ms: percentile(serviceTimes, 99), engineP50Ms: engine.p50Ms, engineP99Ms: engine.p99Ms });
    } else if (message.type === 'stop') {
      await app.close();
      await container.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
  process.send!({ type: 'ready', url, csrf: container.csrf.issue(), sessions } satisfies ServerReady);
}

export async function benchTranslate(options: { durationSeconds?: number; connections?: number; log?: (line: string) => void } = {}): Promise<BenchRow[]> {
  const duration = options.durationSeconds ?? Number(process.env.BENCH_DURATION ?? 10);
  const connections = options.connections ?? Number(process.env.BENCH_CONNECTIONS ?? 50);
  const log = options.log ?? ((line: string) => console.log(line));
  const child = fork(fileURLToPath(import.meta.url), ['--bench-server', String(connections)], { execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=' + process.env.BENCH_CPU_PROF] : [])], stdio: 'inherit' });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (message: any) => {
        if (message?.type !== type) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(message as T);
      };
      const onExit = (code: number) => reject(new Error(`bench server exited with code ${code}`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { url, csrf, sessions } = await next<ServerReady>('ready');

  try {
    const run = async (name: string, requestFor: (client: number, n: number) => { body: string; cookie: string }) => {
      child.send({ type: 'reset' });
      await next('reset-done');
      let clientIndex = 0;
      const result = await autocannon({
        url: `${url}/api/translate`,
        connections,
        duration,
        setupClient: (client: any) => {
          const index = clientIndex++ % connections;
          client.setRequests(
            Array.from({ length: SAMPLE_TEXTS.length }, (_, n) => {
              const { body, cookie } = requestFor(index, n);
              return { method: 'POST', path: '/api/translate', body, headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': csrf, cookie } };
            }),
          );
        },
      });
      child.send({ type: 'stats' });
      const stats = await next<{ serviceP50Ms: number; serviceP99Ms: number; engineP50Ms: number; engineP99Ms: number }>('stats');
      const row: BenchRow = {
        name,
        requests: result.requests.total,
        non2xx: result.non2xx,
        requestsPerSecond: round(result.requests.average),
        latencyP50Ms: result.latency.p50,
        latencyP99Ms: result.latency.p99,
        serviceP50Ms: round(stats.serviceP50Ms),
        serviceP99Ms: round(stats.serviceP99Ms),
        engineP50Ms: round(stats.engineP50Ms),
        engineP99Ms: round(stats.engineP99Ms),
      };
      log(
        `${row.name}: ${row.requestsPerSecond} req/s, latency p50 ${row.latencyP50Ms} ms p99 ${row.latencyP99Ms} ms, ` +
          `service p50 ${row.serviceP50Ms} ms p99 ${row.serviceP99Ms} ms, engine p50 ${row.engineP50Ms} ms p99 ${row.engineP99Ms} ms, ` +
          `${row.requests} requests, ${row.non2xx} non-2xx`,
      );
      return row;
    };

    const body = (n: number, extra: Record<string, unknown> = {}) => {
      const text = SAMPLE_TEXTS[n % SAMPLE_TEXTS.length]!;
      return JSON.stringify({ text, source_lang: 'auto', target_lang: /[\u0600-\u06FF]/.test(text) ? 'en' : 'ar', domain: 'general', ...extra });
    };
    const rows: BenchRow[] = [];
    const only = process.env.BENCH_ONLY;
    if (only !== 'users') rows.push(
      await run('POST /api/translate, guests (dictionary engine)', (client, n) => ({
        body: body(n, { token: `bench-guest-${client}` }),
        cookie: `${CSRF_COOKIE}=${csrf}`,
      })),
    );
    if (only !== 'guests') rows.push(
      await run('POST /api/translate, signed-in users (dictionary engine)', (client, n) => ({
        body: body(n),
        cookie: `${CSRF_COOKIE}=${csrf}; ${SESSION_COOKIE}=${sessions[client]}`,
      })),
    );
    return rows;
  } finally {
    child.send({ type: 'stop' });
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.argv[2] === '--bench-server') {
  runBenchServer(Number(process.argv[3] ?? 50)).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  benchTranslate()
    .then((rows) => {
      console.table(rows);
      const ok = rows.every((row) => row.requestsPerSecond >= 800 && row.serviceP99Ms < 25 && row.non2xx === 0);
      console.log(ok ? 'Target met: >= 800 req/s and service p99 < 25 ms.' : 'Target NOT met: >= 800 req/s and service p99 < 25 ms.');
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
