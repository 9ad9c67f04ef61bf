#!/usr/bin/env node
// The one test command (README, .ci/run): installs what the tests need, type-checks and lints,
// builds the web app, then runs every suite and ends with one line "N passed, N failed".
//   0. `tsc --noEmit` (server, web, tests, scripts: one tsconfig.json) and ESLint, side by side;
//      each counts as one test in the final line
//   1. server + web unit/API tests on PGlite (in-process)
//   2. the server suite's database tests again on PostgreSQL (TEST_DATABASE_URL, or a server on 127.0.0.1:5432)
//   3. browser tests: the built product in Debian's Chromium
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureSystemPackages } from './system-packages.mjs';

const root = path.resolve(import.meta.dirname, '..');
const resultsDir = path.join(root, '.test-results');
fs.mkdirSync(resultsDir, { recursive: true });

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return result.status ?? 1;
}

function canConnect(url) {
  return new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(1500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

/** `related`: only the test files that import one of these modules (vitest's static import graph). */
function vitest(label, projects, env = {}, related = []) {
  const report = path.join(resultsDir, `${label}.json`);
  fs.rmSync(report, { force: true });
  const command = related.length ? ['related', ...related, '--run'] : ['run'];
  const args = ['vitest', ...command, ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
  console.log(`\n=== ${label} ===`);
  const status = run('npx', args, env);
  let counted = false;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    totals.passed += json.numPassedTests ?? 0;
    totals.failed += json.numFailedTests ?? 0;
    totals.skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    counted = true;
    if ((json.numFailedTests ?? 0) > 0 || json.success === false) failures.push(label);
  }
  if (status !== 0 && !failures.includes(label)) {
    failures.push(label);
    if (!counted) totals.failed += 1;
  }
}

/** A check that is not a vitest suite (type-check, lint): one passed or one failed test. */
function check(label, command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ label, code: code ?? 1, output }));
  });
}

function record({ label, code, output }) {
  console.log(`\n=== ${label}: ${code === 0 ? 'passed' : 'FAILED'} ===`);
  const shown = output.split('\n').filter((line) => !line.startsWith('npm warn')).join('\n').trim();
  if (shown) console.log(shown);
  if (code === 0) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(label);
  }
}

ensureSystemPackages();

// Run side by side (each mostly uses one core); output is printed per step, not interleaved.
// The lint runs without ESLint's cache: a cached file is not re-checked when a type it uses
// changes elsewhere (`npm run lint` keeps the cache for quick local runs).
console.log('\n=== typecheck (tsc --noEmit) and lint (eslint) ===');
for (const result of await Promise.all([
  check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']),
  check('lint', 'npx', ['eslint', '--max-warnings', '0', '.']),
])) {
  record(result);
}

console.log('\n=== build web app ===');
if (run('npm', ['run', 'build', '--silent']) !== 0) {
  console.log(`\n${totals.passed} passed, ${totals.failed + 1} failed`);
  process.exit(1);
}

vitest('unit-and-api-pglite', ['server', 'web'], { TEST_DATABASE_URL: '' });

const pgUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
if (await canConnect(pgUrl)) {
  // Only the files that use a database: a test's database comes from server/test/database.ts (the harness
  // uses it), the one reader of TEST_DATABASE_URL. The others (document formats, engines, mail layout,
  // the deployment's build) would run the very same code a second time.
  vitest('api-postgresql', ['server'], { TEST_DATABASE_URL: pgUrl }, ['server/test/database.ts']);
} else {
  console.log(`\n=== api-postgresql: skipped (no PostgreSQL server at ${new URL(pgUrl).host}; set TEST_DATABASE_URL) ===`);
}

vitest('browser', ['e2e']);

console.log(`\nScreenshots for review: ${path.join(resultsDir, 'screenshots')}`);
if (failures.length) console.log(`Failed suites: ${failures.join(', ')}`);
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
