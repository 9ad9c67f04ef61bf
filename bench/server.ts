import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../server/test/node-process';

/** Linux counts process CPU time in clock ticks of 1/100 s (USER_HZ). */
const CLOCK_TICKS = 100;

export interface BenchServer {
  url: string;
  /** The server's process id (its CPU time: /proc/PID/stat). */
  pid?: number;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * What `npm start` runs: the compiled server (npm run build). BENCH_FROM_SOURCES=1 runs the
 * TypeScript sources through tsx instead, to compare the two.
 */
export const PRODUCT_ENTRY = process.env.BENCH_FROM_SOURCES ? 'server/src/main.ts' : 'dist/server/main.mjs';

/** Starts the product as `npm start` does (one process, PGlite in a fresh DATA_DIR unless env.DATABASE_URL says otherwise). */
export async function startServer(env: Record<string, string> = {}, entry = PRODUCT_ENTRY, healthPath = '/api/health'): Promise<BenchServer> {
  const root = path.resolve(import.meta.dirname, '..');
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-bench-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // BENCH_NODE_ARGS: more node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it under load).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const loader = entry.endsWith('.ts') ? ['--import', 'tsx'] : ['--enable-source-maps'];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, ...loader, entry, 'all'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', ADMIN_PASSWORD: 'bench-admin-password', MODELS_AUTO_DOWNLOAD: 'false', API_KEY_REQUESTS_PER_MINUTE: '1000000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server not healthy:\n${output}`);
    try {
      if ((await fetch(`${url}${healthPath}`)).status < 500) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux; undefined elsewhere). */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** CPU time (ms) of every PostgreSQL server process on this machine (its backends do a PostgreSQL run's database work). */
export function postgresCpuMs(): number | undefined {
  let total = 0;
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        if (!readFileSync(`/proc/${entry}/cmdline`, 'utf8').startsWith('postgres')) continue;
        total += processCpuMs(Number(entry)) ?? 0;
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return undefined;
  }
  return total;
}
