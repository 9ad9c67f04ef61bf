import { buildServer } from '../../scripts/build-server.mjs';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../server/test/node-process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'e2e-admin-password' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    wsEndpoint: string;
    dataDir: string;
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string) {
  // Start-up (migrations, engines) takes minutes on a loaded machine.
  const deadline = Date.now() + Number(process.env.E2E_STARTUP_SECONDS ?? 300) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Lisan exited with ${child.exitCode} before it was ready:\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Lisan did not become healthy at ${url}:\n${output()}`);
}

/**
 * Starts the real product (npm start's process, compiled: API, worker and built web app on one port,
 * fresh PGlite data directory, mail to the outbox) and one shared Chromium for all files.
 */
export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  await fs.access(path.join(root, 'web/dist/index.html')).catch(() => {
    throw new Error('web/dist is missing: run `npm run build` before the browser tests (npm test does).');
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  // The server as npm start runs it: compiled (built again here, so it is today's code).
  const { main } = await buildServer();
  const child = spawn(process.execPath, ['--enable-source-maps', main, 'all'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      MAIL_URL: '',
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every browser test signs up and in from 127.0.0.1: scale the per-IP attempt limits.
      AUTH_RATE_LIMIT_SCALE: '50',
      // No models are downloaded from Mozilla in the browser tests (no internet; see provision.test.ts).
      MODELS_AUTO_DOWNLOAD: 'false',
      // Production mode turns the sandbox gateway off; the browser tests pay through it.
      PAYMENTS_SANDBOX: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));

  let browser: BrowserServer | null = null;
  try {
    [browser] = await Promise.all([
      chromium.launchServer({
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
      }),
      waitForHealth(baseUrl, child, () => log),
    ]);
  } catch (error) {
    child.kill('SIGKILL');
    await browser?.close();
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', dataDir);

  return async () => {
    await browser?.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(null);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(null);
      });
    });
    if (process.env.LISAN_E2E_LOG) await fs.writeFile(process.env.LISAN_E2E_LOG, log);
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
