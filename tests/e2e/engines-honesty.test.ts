import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { BrowserContext, Page } from 'playwright-core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { createContainer, type Container } from '../../server/src/container';
import { buildTinyModelPair } from '../../server/src/engines/bergamot/testing/tiny-model';
import { createUser } from '../../server/test/factories';
import { closeBrowserConnection, screenshot, sharedBrowser } from './helpers';

/**
 * Honesty about the engine (issue 13, item 5), in the browser. Two real Lisans side by
 * side, each with the engines `npm start` builds from its environment: one with no model
 * (only the dictionary answers: every screen says "dictionary gloss"), one with a neural
 * model installed in MODELS_DIR (the tiny float32 test model through the real WASM
 * engine: the notes are gone and the translation says it is neural).
 */
interface Server {
  container: Container;
  app: FastifyInstance;
  url: string;
  dataDir: string;
}
const servers: Server[] = [];
const contexts: BrowserContext[] = [];
let bare: Server;
let withModel: Server;

async function startServer(modelsDir: string | null): Promise<Server> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-e2e-engines-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.resolve(import.meta.dirname, '../../web/dist'),
    MODELS_DIR: modelsDir ?? path.join(dataDir, 'models'),
    BERGAMOT_WORKERS: '1',
  });
  const container = await createContainer(config, 'all', { logger: pino({ level: 'warn' }), jobPollingIntervalSeconds: 0.5 });
  await container.start();
  const app = await buildApp(container);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const server = { container, app, url: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`, dataDir };
  servers.push(server);
  return server;
}

beforeAll(async () => {
  const modelsRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-e2e-models-'));
  buildTinyModelPair(modelsRoot);
  [bare, withModel] = await Promise.all([startServer(null), startServer(modelsRoot)]);
}, 300_000);

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
  for (const server of servers) {
    await server.app.close();
    await server.container.close();
    await fs.rm(server.dataDir, { recursive: true, force: true });
  }
});

const VIEWPORTS = { desktop: { width: 1366, height: 900 }, mobile: { width: 390, height: 844 } } as const;

async function openPage(server: Server, locale: 'en' | 'ar', viewport: keyof typeof VIEWPORTS = 'desktop'): Promise<Page> {
  const context = await (await sharedBrowser()).newContext({ baseURL: server.url, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: VIEWPORTS[viewport], reducedMotion: 'reduce' });
  contexts.push(context);
  await context.addCookies([{ name: 'locale', value: locale, url: server.url }]);
  await context.addInitScript(() => window.localStorage.setItem('lisan.consent', 'declined'));
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('main form button[type="submit"]').first().click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).not.toBe('/login');
}

async function member(server: Server, locale: 'en' | 'ar') {
  const hobbyist = await server.container.plans.getBySlug('hobbyist');
  const user = await createUser(server.container, { plan_id: hobbyist.id, trial_ends_at: null, password: 'engines-e2e-1' });
  return { email: user.email, password: 'engines-e2e-1', locale };
}

/** Opens a screen and waits for its engines' state, so an absent note is really absent. */
async function gotoWithStatus(page: Page, url: string) {
  await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname === '/api/engines'), page.goto(url)]);
}

const notice = (page: Page, screen: string) => page.locator(`[data-testid="gloss-notice"][data-screen="${screen}"]`);

const TEXTS = {
  en: { heroGloss: 'Translation between English and Arabic', hero: 'Accurate, secure translation', text: 'word-by-word gloss', documents: 'documents come back as a word-by-word dictionary gloss', websites: 'pages are rendered as a word-by-word dictionary gloss', source: 'The book is new.', neural: "Lisan's built-in neural engine" },
  ar: { heroGloss: 'الترجمة بين الإنجليزية والعربية', hero: 'ترجمة دقيقة وآمنة', text: 'ترجمة حرفية كلمةً بكلمة', documents: 'تعود المستندات بترجمة حرفية', websites: 'تُعرض الصفحات بترجمة حرفية', source: 'الكتاب جديد.', neural: 'المحرك العصبي' },
} as const;

describe('no neural model installed: every screen says the output is a dictionary gloss', () => {
  for (const locale of ['en', 'ar'] as const) {
    const text = TEXTS[locale];
    it(`home (text screen) and documents screen, desktop and mobile (${locale})`, async () => {
      const status = await (await fetch(`${bare.url}/api/engines`)).json();
      expect(status.data).toEqual({
        directions: [
          { source: 'en', target: 'ar', engine: 'dictionary', gloss: true },
          { source: 'ar', target: 'en', engine: 'dictionary', gloss: true },
        ],
        gloss: true,
      });

      for (const viewport of ['desktop', 'mobile'] as const) {
        const page = await openPage(bare, locale, viewport);
        await page.goto('/');
        // The hero does not promise accurate translation; the translator says what it gives.
        await notice(page, 'text').waitFor();
        expect(await page.locator('.hero__title').innerText()).toContain(text.heroGloss);
        expect(await notice(page, 'text').innerText()).toContain(text.text);
        await screenshot(page, `gloss-home-${locale}-${viewport}`);

        await page.goto('/translate/documents');
        await notice(page, 'documents').waitFor();
        expect(await notice(page, 'documents').innerText()).toContain(text.documents);
        await screenshot(page, `gloss-documents-${locale}-${viewport}`);
      }
    }, 120_000);

    it(`a text translation names the dictionary; websites screen (${locale})`, async () => {
      // After a translation, the result's own notice names the dictionary.
      const page = await openPage(bare, locale);
      await page.goto('/');
      await page.getByTestId('source-text').fill(text.source);
      await page.getByTestId('translate').click();
      await expect.poll(() => page.getByTestId('engine-notice').getAttribute('data-engine'), { timeout: 15_000 }).toBe('dictionary');

      const account = await member(bare, locale);
      for (const viewport of ['desktop', 'mobile'] as const) {
        const signed = await openPage(bare, locale, viewport);
        await signIn(signed, account.email, account.password);
        await signed.goto('/web-extraction');
        await notice(signed, 'websites').waitFor();
        expect(await notice(signed, 'websites').innerText()).toContain(text.websites);
        await screenshot(signed, `gloss-websites-${locale}-${viewport}`);
      }

    }, 120_000);
  }
});

describe('a neural model installed: the notes are gone and the translation says it is neural', () => {
  for (const locale of ['en', 'ar'] as const) {
    const text = TEXTS[locale];
    it(`text, documents and websites screens (${locale})`, async () => {
      const status = await (await fetch(`${withModel.url}/api/engines`)).json();
      expect(status.data.gloss).toBe(false);
      expect(status.data.directions.map((d: { engine: string }) => d.engine)).toEqual(['local', 'local']);

      const page = await openPage(withModel, locale);
      await page.goto('/');
      await page.getByTestId('source-text').waitFor();
      await expect.poll(() => page.locator('.hero').getAttribute('data-gloss')).toBe('false');
      expect(await page.locator('.hero__title').innerText()).toContain(text.hero);
      await page.getByTestId('source-text').fill(text.source);
      await page.getByTestId('translate').click();
      await expect.poll(() => page.getByTestId('engine-notice').getAttribute('data-engine'), { timeout: 30_000 }).toBe('local');
      expect(await page.getByTestId('engine-notice').innerText()).toContain(text.neural);
      expect(await page.getByTestId('gloss-notice').count()).toBe(0);
      await screenshot(page, `neural-home-${locale}`);

      await gotoWithStatus(page, '/translate/documents');
      await page.getByTestId('documents-panel').waitFor();
      expect(await page.getByTestId('gloss-notice').count()).toBe(0);

      const account = await member(withModel, locale);
      const signed = await openPage(withModel, locale);
      await signIn(signed, account.email, account.password);
      await gotoWithStatus(signed, '/web-extraction');
      await signed.getByTestId('website-add-form').waitFor();
      expect(await signed.getByTestId('gloss-notice').count()).toBe(0);
    }, 120_000);
  }
});

describe('models arrive while Lisan runs: the notes go away without a restart', () => {
  it('the no-model server gets a model in MODELS_DIR and the signal `npm run models:install` sends; the open screen turns neural', async () => {
    const page = await openPage(bare, 'en');
    await gotoWithStatus(page, '/');
    await notice(page, 'text').waitFor();

    // What `npm run models:install <folder>` does: the files into MODELS_DIR, then the
    // "engines" signal on the cache bus (every process refreshes its local engine).
    buildTinyModelPair(bare.container.config.modelsDir);
    await bare.container.cache.invalidate('engines');
    await expect.poll(async () => (await (await fetch(`${bare.url}/api/engines`)).json()).data.gloss, { timeout: 30_000 }).toBe(false);

    await gotoWithStatus(page, '/');
    await page.getByTestId('source-text').fill(TEXTS.en.source);
    await page.getByTestId('translate').click();
    await expect.poll(() => page.getByTestId('engine-notice').getAttribute('data-engine'), { timeout: 30_000 }).toBe('local');
    expect(await page.getByTestId('gloss-notice').count()).toBe(0);
    await screenshot(page, 'neural-after-hot-swap-en');
  }, 120_000);
});
