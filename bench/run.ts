// npm run bench: starts the built server and measures each scenario with autocannon,
// then prints one table. Pass scenario name filters as arguments to run a subset.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { printDocumentsTable, runDocumentsBench } from './documents';
import { runScaleOutBench } from './scale-out';
import { printEventLoopTable, runEventLoopBench } from './event-loop';
import { printEnginesTable, runEnginesBench } from './engines';
import { foundationScenarios } from './scenarios/foundation';
import { translateScenarios } from './scenarios/translate';
import type { Scenario } from './scenarios/types';
import { postgresCpuMs, processCpuMs, startServer } from './server';
import { printTable } from './table';

const scenarios: Scenario[] = [...foundationScenarios, ...translateScenarios];

const filters = process.argv.slice(2);
const selected = filters.length ? scenarios.filter((s) => filters.some((f) => s.name.includes(f))) : scenarios;

const root = path.resolve(import.meta.dirname, '..');
// As `npm start` does: the dictionary engine's Debian packages (without them every translation answers 503).
execSync('node scripts/system-packages.mjs start', { cwd: root, stdio: 'inherit' });
if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
// The server is measured as `npm start` runs it, compiled, from the code as it is now.
else execSync('node scripts/build-server.mjs', { cwd: root, stdio: 'inherit' });

/**
 * Issue 19: a bare Fastify route is measured in the same run, beside Lisan, with the same
 * load; each translate row says what share of it Lisan serves (target: at least 25 %), on
 * PGlite and, with BENCH_DATABASE_URL (an empty PostgreSQL database), on PostgreSQL too.
 */
const bare = await startServer({}, 'bench/bare-server.ts', '/api/translate');
let bareRps = 0;
/** The bare route's CPU per request (µs): its server's, and the load generator's for it. */
let bareCpu = { server: 0, bench: 0 };
try {
  const bareOptions = { method: 'POST' as const, body: JSON.stringify({ text: 'Good morning! How are you today?', source_lang: 'en', target_lang: 'ar' }), headers: { 'content-type': 'application/json' }, connections: Number(process.env.BENCH_CONNECTIONS ?? 50) }; // as the translate rows
  await autocannon({ url: `${bare.url}/api/translate`, duration: 2, ...bareOptions });
  const before = { server: processCpuMs(bare.pid), bench: process.cpuUsage() };
  const result = await autocannon({ url: `${bare.url}/api/translate`, duration: 10, ...bareOptions });
  bareRps = result.requests.average;
  const benchUsage = process.cpuUsage(before.bench);
  bareCpu = { server: (((processCpuMs(bare.pid) ?? 0) - (before.server ?? 0)) * 1000) / result.requests.total, bench: (benchUsage.user + benchUsage.system) / result.requests.total };
} finally {
  await bare.stop();
}

// BENCH_SKIP_PGLITE=1 with BENCH_DATABASE_URL: PostgreSQL only (quicker experiments).
const databases: Array<{ name: string; env: Record<string, string> }> = process.env.BENCH_SKIP_PGLITE && process.env.BENCH_DATABASE_URL ? [] : [{ name: 'PGlite', env: {} }];
if (process.env.BENCH_DATABASE_URL) databases.push({ name: 'PostgreSQL', env: { DATABASE_URL: process.env.BENCH_DATABASE_URL } });

const rows: Array<Record<string, string>> = [];
for (const database of databases) {
const server = await startServer(database.env);
try {
  for (const scenario of selected) {
    const extraOptions = (await scenario.prepare?.(server)) ?? {};
    const url = `${server.url}${scenario.path}`;
    // A short warm-up fills caches and JIT before measuring.
    await autocannon({ url, connections: 10, duration: 2, ...scenario.options, ...extraOptions });
    await scenario.reset?.(server);
    const cpuBefore = { server: processCpuMs(server.pid), postgres: database.name === 'PostgreSQL' ? postgresCpuMs() : 0, bench: process.cpuUsage() };
    const result = await autocannon({ url, connections: 100, duration: 10, ...scenario.options, ...extraOptions });
    // CPU per request (µs): the server's threads, PostgreSQL's processes and the load generator.
    // Steadier than req/s on a shared machine, where neighbours move throughput by 10-30 %.
    const perRequest = (before: number | undefined, after: number | undefined) =>
      before === undefined || after === undefined || !result.requests.total ? '?' : (((after - before) * 1000) / result.requests.total).toFixed(0);
    const cpu = {
      server: perRequest(cpuBefore.server, processCpuMs(server.pid)),
      postgres: database.name === 'PostgreSQL' ? perRequest(cpuBefore.postgres, postgresCpuMs()) : '0',
      bench: perRequest(0, (({ user, system }) => (user + system) / 1000)(process.cpuUsage(cpuBefore.bench))),
    };
    const rps = result.requests.average;
    const p50 = result.latency.p50;
    const p99 = result.latency.p99;
    const target = scenario.target ?? {};
    const service = await scenario.serviceTimes?.(server);
    const share = bareRps ? rps / bareRps : 0;
    const met =
      (target.minShareOfBare === undefined || share >= target.minShareOfBare) &&
      (target.minRequestsPerSecond === undefined || rps >= target.minRequestsPerSecond) &&
      (target.maxP99Ms === undefined || p99 <= target.maxP99Ms) &&
      (target.maxServiceP99Ms === undefined || (service !== undefined && service.p99Ms < target.maxServiceP99Ms));
    const targetText = [
      target.minRequestsPerSecond !== undefined ? `≥ ${target.minRequestsPerSecond} req/s` : null,
      target.maxP99Ms !== undefined ? `p99 ≤ ${target.maxP99Ms} ms` : null,
      target.maxServiceP99Ms !== undefined ? `service p99 < ${target.maxServiceP99Ms} ms` : null,
      target.minShareOfBare !== undefined ? `≥ ${Math.round(target.minShareOfBare * 100)} % of bare Fastify` : null,
    ]
      .filter(Boolean)
      .join(', ');
    const errors = result.errors + result.timeouts + result.non2xx;
    rows.push({
      scenario: scenario.name,
      database: database.name,
      'req/s': rps.toFixed(0),
      ...(target.minShareOfBare !== undefined ? { 'vs bare Fastify': `${(share * 100).toFixed(1)} % of ${bareRps.toFixed(0)}` } : {}),
      'p50 ms': String(p50),
      'p99 ms': String(p99),
      // Which statuses the errors were (e.g. "487 (429)"), so a failing row says why.
      errors: errors ? `${errors} (${Object.keys(result.statusCodeStats ?? {}).filter((code) => !code.startsWith('2')).join(', ') || 'no answer'})` : '0',
      'CPU µs/req (server + PostgreSQL; load)': `${cpu.server} + ${cpu.postgres}; ${cpu.bench}`,
      // The host's speed moves every figure; the same host's bare route moves with it, so this
      // multiple is what compares runs (the load generator's work per request is the same in
      // both, and its own CPU per request shows how fast the host was).
      ...(bareCpu.server > 0 && cpu.server !== '?' ? { 'CPU vs bare route': `${((Number(cpu.server) + Number(cpu.postgres === '?' ? 0 : cpu.postgres)) / bareCpu.server).toFixed(1)}×` } : {}),
      ...(service ? { 'service p50/p99 ms': `${service.p50Ms.toFixed(2)} / ${service.p99Ms.toFixed(2)}` } : {}),
      target: targetText || '-',
      met: scenario.target ? (met && errors === 0 ? 'yes' : 'NO') : '-',
      ...((await scenario.extra?.(server)) ?? {}),
    });
  }
} finally {
  await server.stop();
}
}

if (rows.length) printTable(`Lisan benchmark (${new Date().toISOString()}, ${process.platform}, node ${process.version}, ${databases.map((d) => d.name).join(' and ')}; bare Fastify: ${bareRps.toFixed(0)} req/s, ${bareCpu.server.toFixed(0)} µs of CPU per request; load ${bareCpu.bench.toFixed(0)} µs)`, rows);

// Document filters (issue 5): analyse and merge times and peak RSS, each case in its own process.
const documentCases = ['docx', 'xlsx', 'pdf'];
const wantedDocuments = filters.length ? documentCases.filter((c) => filters.some((f) => f === 'documents' || f === c)) : documentCases;
if (wantedDocuments.length) printDocumentsTable(runDocumentsBench(wantedDocuments));

// Scale-out (issue 16): signed-in translate on one and on two api processes sharing PostgreSQL.
if (!filters.length || filters.some((f) => 'scale-out'.includes(f))) {
  const scaleOut = await runScaleOutBench();
  if (typeof scaleOut === 'string') console.log(`\n${scaleOut}`);
  else printTable('Scale-out: POST /api/translate, signed-in users, 100 connections shared by the apis, 10 s', scaleOut);
}
// API latency while the largest document translates (issue 17 item 2).
if (!filters.length || filters.some((f) => f === 'event-loop')) printEventLoopTable(await runEventLoopBench());
// Engine throughput (issue 13): the local engine with 1 and 2 workers next to the dictionary.
if (!filters.length || filters.includes('engines')) printEnginesTable(await runEnginesBench());
