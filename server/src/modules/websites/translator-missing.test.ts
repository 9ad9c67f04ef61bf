import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { startFixtureSite, type FixtureSite } from '../../../test/fixtures/website-site';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createWebsitesRepo } from './repo';
import { TranslatorMissing } from './service';

/** The container as wired before the text-translation core connects its engine router. */
let t: TestApp;
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
  t = await createTestApp({ startQueue: true, env: { WEB_FETCH_ALLOW_HOSTS: '127.0.0.1', WEB_CRAWL_DELAY_MS: '0' } });
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('website translation without a connected engine', () => {
  it('still crawls, and the translate step fails with a clear error, pages kept Pending', async () => {
    const user = await createUser(t.container);
    const client = await t.client().signInAs(user.id);
    const added = await client.post('/api/websites', { url: `${site.url}/about`, scope: 'page' });
    const id = added.json().data.id;
    const deadline = Date.now() + 15_000;
    while ((await client.get(`/api/websites/${id}`)).json().data.state === 'crawling' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const translate = await client.post(`/api/websites/${id}/translate`, { page_ids: 'all', target_lang: 'ar' });
    expect(translate.statusCode).toBe(202);

    const repo = createWebsitesRepo(t.container.database.db);
    let page;
    while (Date.now() < deadline + 15_000) {
      page = (await repo.pagesForTranslation(id, 'all'))[0];
      if (page?.error) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(page).toMatchObject({ status: 'Pending', error: 'translator_unavailable' });
    expect(new TranslatorMissing().message).toMatch(/No translation engine is connected to website translation/);
    // Nothing was charged.
    const usage = await t.container.database.db.selectFrom('website_usage').selectAll().where('user_id', '=', user.id).execute();
    expect(usage).toEqual([]);
  });
});
