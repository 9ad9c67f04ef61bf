// Issue 16: the same signed-in POST /api/translate load against one and against two `api`
// processes sharing one PostgreSQL database, so the scaling shows as a ratio. Needs PostgreSQL
// (BENCH_DATABASE_URL, or a server on 127.0.0.1:5432); a fresh database is made and dropped.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startLisanProcess, type LisanProcess } from '../server/test/node-process';
import { PRODUCT_ENTRY } from './server';
import { resetStats, serviceTimes, userOptions } from './scenarios/translate';

const CONNECTIONS = 100;
const SECONDS = 10;

async function measure(apis: LisanProcess[]) {
  // The connections are shared between the apis, as a round-robin load balancer would.
  const per = Math.floor(CONNECTIONS / apis.length);
  const run = (duration: number) =>
    Promise.all(
      apis.map(async (api) => autocannon({ url: `${api.url}/api/translate`, duration, ...(await userOptions(api)), connections: per })),
    );
  await run(2); // warm-up
  await Promise.all(apis.map((api) => resetStats(api)));
  const results = await run(SECONDS);
  const services = await Promise.all(apis.map((api) => serviceTimes(api)));
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0),
    serviceP99: Math.max(...services.map((s) => s.p99Ms)),
  };
}

export async function runScaleOutBench(): Promise<Array<Record<string, string>> | string> {
  const base = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const name = `lisan_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return `two-api run skipped: no PostgreSQL at ${new URL(base).host} (set BENCH_DATABASE_URL)`;
  }
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dirs: string[] = [];
  const apis: LisanProcess[] = [];
  try {
    for (let i = 0; i < 2; i++) {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-bench-api-'));
      dirs.push(dataDir);
      apis.push(await startLisanProcess('api', { DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'bench-admin-password', ADMIN_EMAIL: 'admin@lisan.local',
        // Each api registers its own bench users from 127.0.0.1 against the one shared limit.
        AUTH_RATE_LIMIT_SCALE: '50',
      }, { compiled: PRODUCT_ENTRY.endsWith('.mjs') ? PRODUCT_ENTRY : undefined }));
    }
    const one = await measure(apis.slice(0, 1));
    const two = await measure(apis);
    const row = (label: string, m: typeof one) => ({
      topology: label,
      'req/s': m.rps.toFixed(0),
      'p99 ms': String(m.p99),
      'service p99 ms': m.serviceP99.toFixed(2),
      errors: String(m.errors),
      'ratio to one api': (m.rps / one.rps).toFixed(2),
    });
    return [row('1 api (PostgreSQL)', one), row('2 apis (PostgreSQL)', two)];
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
