import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installShutdown } from './shutdown';

// Issue 17 item 3: SIGTERM/SIGINT always end the process within a bounded time, whatever
// the state of stdout, jobs or connections. The real server runs as a child process.

const main = path.resolve(import.meta.dirname, 'main.ts');
const children: ChildProcess[] = [];
const dirs: string[] = [];

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts `main.ts all` on PGlite with stdout and stderr piped to us; resolves once /api/health answers. */
async function startServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-shutdown-'));
  dirs.push(dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', main, 'all'], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'development', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SHUTDOWN_GRACE_SECONDS: '3', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  child.stdout!.on('data', () => {});
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up: ${stderr}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { child, port, exited, stderr: () => stderr };
}

/** Closes our end of the child's stdout pipe: its next log line meets EPIPE. */
async function closeStdout(child: ChildProcess, port: number) {
  child.stdout!.destroy();
  // Requests make the server log (LOG_LEVEL=info), writing into the closed pipe.
  for (let i = 0; i < 5; i++) await fetch(`http://127.0.0.1:${port}/api/health`).then((response) => response.text());
}

describe('shutdown of the real process', () => {
  it('ends on SIGTERM after a clean drain although its stdout pipe is closed', async () => {
    const server = await startServer();
    await closeStdout(server.child, server.port);
    expect(server.child.exitCode).toBeNull(); // EPIPE did not crash it
    server.child.kill('SIGTERM');
    const { code, signal } = await server.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  });

  it('ends on SIGINT when a connection never finishes its request (drain, then force)', async () => {
    const server = await startServer();
    await closeStdout(server.child, server.port);
    // A request whose headers never end: the drain waits for it until the grace period ends.
    const socket = net.connect(server.port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write('POST /api/feedback HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"mess');
    socket.on('error', () => {});
    server.child.kill('SIGINT');
    const { code, signal } = await server.exited;
    socket.destroy();
    // Drained (0) or forced by the grace timer (1); never killed by a signal, never left running.
    expect(signal).toBeNull();
    expect([0, 1]).toContain(code);
  });
});

describe('installShutdown', () => {
  it('arms the force timer before logging, so a throwing logger cannot keep the process alive', async () => {
    const codes: number[] = [];
    const throwing = {
      info: () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      },
      error: () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      },
    };
    const { trigger } = installShutdown({ logger: throwing as never, graceMs: 50, drain: () => new Promise(() => {}), exit: (code) => codes.push(code), signals: [], watchdog: false });
    trigger('SIGTERM');
    await expect.poll(() => codes).toEqual([1]);
    // A second signal exits at once.
    trigger('SIGTERM');
    expect(codes).toEqual([1, 143]);
  });
});
