// npm run bench: starts the built server and measures each scenario with autocannon,
// then prints one table. Pass scenario name filters as arguments to run a subset.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { printDocumentsTable, runDocumentsBench } from './documents';
import { foundationScenarios } from './scenarios/foundation';
import { translateScenarios } from './scenarios/translate';
import type { Scenario } from './scenarios/types';
import { startServer } from './server';

const scenarios: Scenario[] = [...foundationScenarios, ...translateScenarios];

const filters = process.argv.slice(2);
const selected = filters.length ? scenarios.filter((s) => filters.some((f) => s.name.includes(f))) : scenarios;

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'web/dist/index.html'))) execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });

const server = await startServer();
const rows: Array<Record<string, string>> = [];
try {
  for (const scenario of selected) {
    const extraOptions = (await scenario.prepare?.(server)) ?? {};
    const url = `${server.url}${scenario.path}`;
    // A short warm-up fills caches and JIT before measuring.
    await autocannon({ url, connections: 10, duration: 2, ...scenario.options, ...extraOptions });
    await scenario.reset?.(server);
    const result = await autocannon({ url, connections: 100, duration: 10, ...scenario.options, ...extraOptions });
    const rps = result.requests.average;
    const p50 = result.latency.p50;
    const p99 = result.latency.p99;
    const target = scenario.target ?? {};
    const service = await scenario.serviceTimes?.(server);
    const met =
      (target.minRequestsPerSecond === undefined || rps >= target.minRequestsPerSecond) &&
      (target.maxP99Ms === undefined || p99 <= target.maxP99Ms) &&
      (target.maxServiceP99Ms === undefined || (service !== undefined && service.p99Ms < target.maxServiceP99Ms));
    const targetText = [
      target.minRequestsPerSecond !== undefined ? `≥ ${target.minRequestsPerSecond} req/s` : null,
      target.maxP99Ms !== undefined ? `p99 ≤ ${target.maxP99Ms} ms` : null,
      target.maxServiceP99Ms !== undefined ? `service p99 < ${target.maxServiceP99Ms} ms` : null,
    ]
      .filter(Boolean)
      .join(', ');
    const errors = result.errors + result.timeouts + result.non2xx;
    rows.push({
      scenario: scenario.name,
      'req/s': rps.toFixed(0),
      'p50 ms': String(p50),
      'p99 ms': String(p99),
      errors: String(errors),
      ...(service ? { 'service p50/p99 ms': `${service.p50Ms.toFixed(2)} / ${service.p99Ms.toFixed(2)}` } : {}),
      target: targetText || '-',
      met: scenario.target ? (met && errors === 0 ? 'yes' : 'NO') : '-',
      ...((await scenario.extra?.(server)) ?? {}),
    });
  }
} finally {
  await server.stop();
}

if (rows.length) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`\nLisan benchmark (${new Date().toISOString()}, ${process.platform}, node ${process.version}, PGlite)\n`);
  console.log(line(columns));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(columns.map((c) => row[c] ?? '')));
}

// Document filters (issue 5): analyse and merge times and peak RSS, each case in its own process.
const documentCases = ['docx', 'xlsx', 'pdf'];
const wantedDocuments = filters.length ? documentCases.filter((c) => filters.some((f) => f === 'documents' || f === c)) : documentCases;
if (wantedDocuments.length) printDocumentsTable(runDocumentsBench(wantedDocuments));
