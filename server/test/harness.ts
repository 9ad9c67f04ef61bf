import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { createContainer, type Container, type ContainerOverrides, type ProcessRole } from '../src/container';
import { CSRF_COOKIE, CSRF_HEADER } from '../src/http/csrf';
import type { Transport } from '../src/mail/mailer';
import { createTestDatabase, type TestDatabase } from './database';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: path.join(os.tmpdir(), 'lisan-test'), MODELS_AUTO_DOWNLOAD: 'false', ...env });
}

/** Captures mail in memory: the transport the tests hand to the container. */
export function memoryTransport() {
  const sent: Array<{ from: string; to: string; messageId?: string; subject: string; text: string; html: string }> = [];
  const transport: Transport & { sent: typeof sent } = {
    sent,
    async send(message) {
      sent.push(message);
      return `<test-${sent.length}@lisan.test>`;
    },
    close() {},
  };
  return transport;
}

export interface TestApp {
  app: FastifyInstance;
  container: Container;
  testDatabase: TestDatabase;
  dataDir: string;
  /** A client that keeps cookies and sends the CSRF header, as the web app does. */
  client(): TestClient;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  role?: ProcessRole;
  overrides?: ContainerOverrides;
  /** Add routes (test-only endpoints) before the app is ready. */
  extend?: (app: FastifyInstance, container: Container) => void | Promise<void>;
  startQueue?: boolean;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDatabase = await createTestDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-test-'));
  const config = testConfig({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(dataDir, 'no-web'), ...options.env });
  const container = await createContainer(config, options.role ?? 'all', {
    database: testDatabase.database,
    logger: pino({ level: 'silent' }),
    mailTransport: memoryTransport(),
    jobPollingIntervalSeconds: 0.5,
    ...options.overrides,
  });
  if (options.startQueue) await container.start();
  const app = await buildApp(container);
  // Test-only sign-in, so route tests need not go through the sign-in screens' rules.
  app.post('/__test/sign-in', async (request, reply) => {
    const { user_id, remember } = request.body as { user_id: number; remember?: boolean };
    await container.sessions.start(request, reply, { userId: user_id, remember });
    return reply.code(204).send();
  });
  await options.extend?.(app, container);
  await app.ready();
  return {
    app,
    container,
    testDatabase,
    dataDir,
    client: () => new TestClient(app),
    async close() {
      await app.close();
      await container.close();
      await testDatabase.drop().catch(() => {});
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A browser-like client over app.inject: a cookie jar and the XSRF header on writes. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  locale: string | null = null;

  constructor(private readonly app: FastifyInstance) {}

  private remember(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{ name: string; value: string; maxAge?: number; expires?: Date }>) {
      const expired = cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() <= Date.now()) || cookie.value === '';
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  async request(options: InjectOptions & { csrf?: boolean }): Promise<LightMyRequestResponse> {
    const method = (options.method ?? 'GET').toUpperCase();
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...(options.headers as Record<string, string>) };
    if (method !== 'GET' && method !== 'HEAD' && options.csrf !== false) {
      if (!this.cookies.has(CSRF_COOKIE)) this.remember(await this.app.inject({ method: 'GET', url: '/mt/csrf-cookie' }));
      headers[CSRF_HEADER] ??= this.cookies.get(CSRF_COOKIE)!;
    }
    if (this.locale) this.cookies.set('locale', this.locale);
    const { csrf: _csrf, ...rest } = options;
    const response = await this.app.inject({ ...rest, method: method as InjectOptions['method'], headers, cookies: Object.fromEntries(this.cookies) });
    this.remember(response);
    return response;
  }

  /** Signs this client in as the user (test-only route registered by createTestApp). */
  async signInAs(userId: number) {
    const response = await this.post('/__test/sign-in', { user_id: userId });
    if (response.statusCode !== 204) throw new Error(`test sign-in failed: ${response.statusCode} ${response.body}`);
    return this;
  }

  get(url: string, headers: Record<string, string> = {}) {
    return this.request({ method: 'GET', url, headers });
  }

  post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'], headers });
  }
}
