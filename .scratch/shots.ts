import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { chromium } from 'playwright-core';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createContainer } from '../server/src/container';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-shots-'));
const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', WEB_DIST_DIR: 'web/dist' });
const container = await createContainer(config, 'all', { logger: pino({ level: 'silent' }) });
const app = await buildApp(container);
app.post('/api/test/sign-in', async (request, reply) => {
  await container.sessions.start(request, reply, { userId: (request.body as any).user_id, remember: true });
  return reply.code(204).send();
});
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address() as any;
const base = `http://127.0.0.1:${addr.port}`;
const plan = await container.plans.getBySlug('pro');
const user = await container.database.db.insertInto('users').values({ name: 'Huda Salem', email: 'huda@example.com', password_hash: null, email_verified_at: new Date(), personal_info: {}, company_info: {}, plan_id: plan.id }).returning('id').executeTakeFirstOrThrow();
const out = process.argv[2] ?? '/tmp/shots';
await fs.mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
for (const locale of ['en', 'ar'] as const) {
  const context = await browser.newContext({ baseURL: base, locale: locale === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'locale', value: locale, url: base }]);
  const page = await context.newPage();
  page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()));
  await page.goto('/#translator');
  await page.getByTestId('source-text').fill(locale === 'en' ? 'Good morning. The company signed the contract with our partners yesterday!\n\nThank you for the books.' : 'ذهب الولد إلى المدرسة. شكرا لكم على الترجمة الممتازة؟');
  await page.getByTestId('translate').click();
  await page.getByTestId('target-sentence').first().waitFor();
  await page.getByTestId('target-sentence').nth(1).hover();
  await page.getByTestId('translator').screenshot({ path: `${out}/guest-${locale}.png` });
  await page.getByTestId('source-text').fill(locale === 'en' ? 'books' : 'بالكتاب');
  await page.getByTestId('translate').click();
  await page.getByTestId('dictionary-panel').waitFor();
  await page.getByTestId('translator').screenshot({ path: `${out}/dictionary-${locale}.png` });
  // sign in
  await page.evaluate(async (id) => {
    await fetch('/mt/csrf-cookie');
    const token = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))!.split('=')[1]!);
    await fetch('/api/test/sign-in', { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': token }, body: JSON.stringify({ user_id: id }) });
  }, user.id);
  await page.goto('/translate');
  await page.getByTestId('source-text').fill(locale === 'en' ? 'The invoice is ready. Please sign the purchase order.' : 'الفاتورة جاهزة. يرجى توقيع أمر الشراء.');
  await page.getByTestId('domain').selectOption('business');
  await page.getByTestId('translate').click();
  await page.getByTestId('target-sentence').first().waitFor();
  await page.getByTestId('like').click();
  await page.getByTestId('suggest').click();
  await page.getByTestId('suggest-dialog').waitFor();
  await page.screenshot({ path: `${out}/suggest-${locale}.png` });
  await page.keyboard.press('Escape');
  await page.goto('/user/translation-history');
  await page.getByTestId('history-entry').first().waitFor();
  await page.screenshot({ path: `${out}/history-${locale}.png`, fullPage: true });
  await page.getByTestId('history-delete-all').click();
  await page.getByTestId('confirm-delete-all').waitFor();
  await page.screenshot({ path: `${out}/delete-all-${locale}.png` });
  await context.close();
}
await browser.close();
await app.close();
await container.close();
await fs.rm(dataDir, { recursive: true, force: true });
