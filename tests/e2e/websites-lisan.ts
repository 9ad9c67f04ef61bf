import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import pino from 'pino';
import { expect } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createContainer, type Container } from '../../server/src/container';
import type { SegmentTranslator } from '../../server/src/engines/types';
import { createUser } from '../../server/test/factories';
import { sharedBrowser } from './helpers';

/**
 * The Lisan of the website browser tests: the same composition root and web build as `npm start`, on PGlite in its own
 * data directory, with a translator the test gives (the deterministic test engine stands in for the models). Fixture
 * websites are served on 127.0.0.1, allowed with WEB_FETCH_ALLOW_HOSTS, crawled without delay. `env` adds settings
 * (another test's engines, e.g. a stand-in that holds a document's batches).
 */
export interface WebsitesLisan {
  container: Container;
  baseUrl: string;
  close(): Promise<void>;
}

export async function startWebsitesLisan(name: string, segmentTranslator?: SegmentTranslator, env: Record<string, string> = {}): Promise<WebsitesLisan> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `lisan-e2e-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    MODELS_AUTO_DOWNLOAD: 'false',
    WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'),
    WEB_FETCH_ALLOW_HOSTS: '127.0.0.1:*',
    WEB_CRAWL_DELAY_MS: '0',
    WEB_FETCH_MAX_BYTES: String(512 * 1024),
    ...env,
  });
  const container = await createContainer(config, 'all', { logger: pino({ level: 'warn' }), segmentTranslator, jobPollingIntervalSeconds: 0.5 });
  await container.start();
  const app: FastifyInstance = await buildApp(container);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    container,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await container.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new user on the plan `planSlug`, signed in through the sign-in screen (POST /mt/login) in a fresh context of the
 * shared Chromium, in `locale`, whose cookie banner is already answered (it would cover the screenshots);
 * `contexts` collects the context for closing.
 */
export async function signedInWebsitesPage(
  lisan: WebsitesLisan,
  contexts: BrowserContext[],
  options: { locale: 'en' | 'ar'; planSlug?: string; trialEndsAt?: Date | null; viewport?: { width: number; height: number } },
): Promise<Page> {
  const { locale, planSlug = 'hobbyist', trialEndsAt = null, viewport = { width: 1280, height: 900 } } = options;
  const password = 'website-e2e-1';
  const plan = await lisan.container.plans.getBySlug(planSlug);
  const user = await createUser(lisan.container, { name: locale === 'ar' ? 'سارة' : 'Sarah', plan_id: plan.id, trial_ends_at: trialEndsAt, password });
  const context = await (await sharedBrowser()).newContext({ baseURL: lisan.baseUrl, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport, reducedMotion: 'reduce', acceptDownloads: true });
  contexts.push(context);
  await context.addCookies([{ name: 'locale', value: locale, url: lisan.baseUrl }]);
  await context.addInitScript(() => window.localStorage.setItem('lisan.consent', 'declined'));
  const page = await context.newPage();
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(user.email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('main form button[type="submit"]').first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
  return page;
}
