import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../../../../contract/numbers';
import { createUser } from '../../../test/factories';
import { startFixtureSite, startFixtureSiteOfPages, FIXTURE_PAGES, fixtureLayout, type FixtureSite } from '../../../test/fixtures/website-site';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { createTestEngine } from '../../../test/website-engine';
import type { UserRow } from '../../db/schema';
import type { ResolvedAddress } from '../../http/ssrf';
import type { WebFetcher } from '../../http/web-fetch';
import { crawlWebsite } from './crawler';
import { createWebsitesRepo } from './repo';
import { TRANSLATED_PAGE_CSP } from './routes';

let t: TestApp;
let site: FixtureSite;
const engine = createTestEngine();
let owner: UserRow;
let client: TestClient;
let websiteId: number;
let projectId: string;
let rebindLookups = 0;
/** Moves the app's clock (preview links expire). */
let clockOffsetMs = 0;

/** The signed preview prefix of the site, read from a translated page's preview_url. */
async function previewBase(c: TestClient, id: number) {
  const active = (await c.get(`/api/websites/${id}/pages?status=Active`)).json().data as Array<{ preview_url: string }>;
  return active[0]!.preview_url.replace(/\/[^/]+$/, '');
}

/** Test DNS: rebind.test answers a public address once (when the site is added), then loopback. */
async function resolver(hostname: string): Promise<ResolvedAddress[]> {
  if (hostname === 'rebind.test') return ++rebindLookups === 1 ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
  if (hostname === 'private.test') return [{ address: '10.1.2.3', family: 4 }];
  if (hostname === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const getSite = async (c: TestClient, id: number) => (await c.get(`/api/websites/${id}`)).json().data;

interface HistoryEntryJson {
  project_id: string;
  type: string;
  source_lang: string;
  target_lang: string;
  domain: string;
  title: string;
  preview: string;
  state: string;
}
/** The user's "website" history entries, as the history screen lists them. */
async function websiteEntries(c: TestClient, q = '') {
  const response = await c.get(`/api/user/translation-history?type=website${q ? `&q=${encodeURIComponent(q)}` : ''}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as HistoryEntryJson[];
}
const entryOf = async (c: TestClient, projectId: string) => (await websiteEntries(c)).find((e) => e.project_id === projectId);
/** The site's history entry once it says `state`: the job writes it just after the site's own state, which crawled() and translated() wait for. */
const entryWhen = (c: TestClient, projectId: string, state: string) => waitFor(() => entryOf(c, projectId), (e) => e?.state === state);
const crawled = (c: TestClient, id: number) => waitFor(() => getSite(c, id), (s) => s.state !== 'crawling');
const translated = (c: TestClient, id: number) => waitFor(() => getSite(c, id), (s) => s.pages.pending === 0);

async function allPages(c: TestClient, id: number, query = '') {
  const response = await c.get(`/api/websites/${id}/pages?per_page=100${query}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<{ id: number; url: string; title: string; words: number; status: string; lang: string; skip_reason: string | null; changed: boolean; preview_url: string | null; translated_at: string | null; error: string | null; applied: unknown }>;
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

function multipart(fieldName: string, fileName: string, content: string) {
  const boundary = `----lisan${Date.now()}`;
  const body = `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\nContent-Type: application/xml\r\n\r\n${content}\r\n--${boundary}--\r\n`;
  return { body: Buffer.from(body, 'utf8'), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function unzip(buffer: Buffer): Promise<Map<string, string>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const files = new Map<string, string>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks).toString('utf8'));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  site = await startFixtureSite({ hugeBytes: 2 * 1024 * 1024 });
  t = await createTestApp({
    startQueue: true,
    env: { WEB_FETCH_ALLOW_HOSTS: '127.0.0.1:*', WEB_CRAWL_DELAY_MS: '0', WEB_FETCH_MAX_BYTES: String(512 * 1024), WEB_FETCH_TIMEOUT_MS: '5000' },
    overrides: { segmentTranslator: engine.translator, webResolver: resolver, now: () => new Date(Date.now() + clockOffsetMs) },
  });
  const hobbyist = await t.container.plans.getBySlug('hobbyist');
  owner = await createUser(t.container, { name: 'Site Owner', plan_id: hobbyist.id, trial_ends_at: null });
  client = await t.client().signInAs(owner.id);
});

afterAll(async () => {
  await t?.close();
  await site?.close();
});

describe('adding and crawling a website', () => {
  it('crawls the whole local site through links and the sitemap index, same site only, robots.txt respected', async () => {
    const response = await client.post('/api/websites', { url: site.url, scope: 'site' });
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toMatchObject({ url: `${site.url}/`, scope: 'site', state: 'crawling' });
    websiteId = response.json().data.id;
    projectId = response.json().data.project_id;
    // The history gets a "website" entry as the site is added, named by its address until crawled.
    expect(projectId).toMatch(/^[0-9a-f-]{36}$/);
    const recorded = await entryOf(client, projectId);
    expect(recorded).toMatchObject({ type: 'website', source_lang: expect.stringMatching(/^(auto|en)$/), domain: 'general' });
    expect(['crawling', 'ready']).toContain(recorded!.state);

    const done = await crawled(client, websiteId);
    expect(done.state).toBe('ready');
    expect(done.title).toBe('Hello world');

    const pages = await allPages(client, websiteId);
    const byPath = new Map(pages.map((p) => [pathOf(p.url), p]));
    for (const path of ['/', '/about', '/products/', '/products/item?id=1', '/products/deep/', '/products/deep/deeper/', '/contact', '/ar/', '/only-in-sitemap']) {
      expect(byPath.get(path), path).toMatchObject({ status: 'Detected', skip_reason: null });
    }
    expect(pages.some((p) => p.url.includes('example.org'))).toBe(false);
    expect(byPath.get('/about')).toMatchObject({ title: 'About us', lang: 'en' });
    expect(byPath.get('/about')!.words).toBeGreaterThan(20);
    expect(byPath.get('/ar/')).toMatchObject({ title: 'مرحبا بالعالم', lang: 'ar' });

    // Listed, skipped with a reason, never translated.
    expect(byPath.get('/private/secret')?.skip_reason).toBe('robots');
    expect(site.requests).not.toContain('/private/secret');
    expect(site.requests).toContain('/robots.txt');
    expect(site.requests).toContain('/sitemap-pages.xml');
    expect(byPath.get('/files/report.pdf')?.skip_reason).toBe('not_html');
    expect(byPath.get('/huge')?.skip_reason).toBe('too_large');
    expect(byPath.get('/redirect-private')?.skip_reason).toBe('blocked_address');
    expect(byPath.get('/loop-a')?.skip_reason).toBe('redirect_loop');
    expect(done.pages).toMatchObject({ skipped: 5, active: 0, pending: 0, total: 14 });
    expect(done.pages.detected).toBe(9);
    // Why, per reason: the pages' summary says it beside the pages that can be translated.
    expect(done.pages.skipped_reasons).toEqual({ robots: 1, not_html: 1, too_large: 1, blocked_address: 1, redirect_loop: 1 });
    // The entry follows: crawled (ready), named after the start page, in the start page's language.
    expect(await entryWhen(client, projectId, 'ready')).toMatchObject({ state: 'ready', title: 'Hello world', preview: `${site.url}/`, source_lang: 'en', target_lang: 'auto' });
    // Searchable by name and by address.
    expect((await websiteEntries(client, 'Hello world')).map((e) => e.project_id)).toEqual([projectId]);
    expect((await websiteEntries(client, `127.0.0.1:${site.port}`)).map((e) => e.project_id)).toContain(projectId);
  });

  it('lists the pages searchable by page name (title or URL), filtered by status, paginated', async () => {
    const about = (await client.get(`/api/websites/${websiteId}/pages?q=about`)).json();
    expect(about.data.map((p: { title: string }) => p.title)).toEqual(['About us']);
    const byTitle = (await client.get(`/api/websites/${websiteId}/pages?q=${encodeURIComponent('FIRST product')}`)).json();
    expect(byTitle.data.map((p: { url: string }) => pathOf(p.url))).toEqual(['/products/item?id=1']);
    const byUrl = (await client.get(`/api/websites/${websiteId}/pages?q=${encodeURIComponent('item?id')}`)).json();
    expect(byUrl.data.map((p: { title: string }) => p.title)).toEqual(['First product']);
    // LIKE wildcards are searched literally.
    expect((await client.get(`/api/websites/${websiteId}/pages?q=%25`)).json().data).toEqual([]);

    const first = (await client.get(`/api/websites/${websiteId}/pages?per_page=5&page=1`)).json();
    const second = (await client.get(`/api/websites/${websiteId}/pages?per_page=5&page=2`)).json();
    expect(first.meta).toEqual({ page: 1, per_page: 5, total: 14 });
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    expect(new Set([...first.data, ...second.data].map((p: { id: number }) => p.id)).size).toBe(10);
    expect(pathOf(first.data[0].url)).toBe('/');

    // Skipped pages keep status Detected, but the filter tells them apart: Detected lists the pages that can be translated.
    const detected = (await client.get(`/api/websites/${websiteId}/pages?status=Detected&per_page=100`)).json();
    expect(detected.meta.total).toBe(9);
    expect(detected.data.every((p: { skip_reason: string | null }) => p.skip_reason === null)).toBe(true);
    const skipped = (await client.get(`/api/websites/${websiteId}/pages?status=Skipped&per_page=100`)).json();
    expect(skipped.meta.total).toBe(5);
    expect(skipped.data.map((p: { skip_reason: string }) => p.skip_reason).sort()).toEqual(['blocked_address', 'not_html', 'redirect_loop', 'robots', 'too_large']);
    expect((await client.get(`/api/websites/${websiteId}/pages?status=Skipped&q=secret`)).json().data.map((p: { url: string }) => pathOf(p.url))).toEqual(['/private/secret']);
    expect((await client.get(`/api/websites/${websiteId}/pages?status=Active`)).json().meta.total).toBe(0);
    const refused = await client.get(`/api/websites/${websiteId}/pages?status=Done`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status).toEqual(['Choose Active, Pending, Detected or Skipped.']);
  });

  it('lists the site among the user\'s websites', async () => {
    const list = (await client.get('/api/websites')).json();
    expect(list.data.map((s: { id: number }) => s.id)).toContain(websiteId);
    expect(list.meta).toMatchObject({ page: 1, total: 1 });
  });
});

describe('translating pages', () => {
  let home: { id: number };
  let about: { id: number };

  it('marks the chosen pages Pending, then Active once translated into Arabic with the chosen domain', async () => {
    const pages = await allPages(client, websiteId);
    home = pages.find((p) => pathOf(p.url) === '/')!;
    about = pages.find((p) => pathOf(p.url) === '/about')!;
    const response = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [home.id, about.id], target_lang: 'ar', domain: 'business' });
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toEqual({ queued: 2, charged: 2, unchanged: 0, skipped: 0, over_quota: 0 });
    const pending = (await client.get(`/api/websites/${websiteId}/pages?status=Pending`)).json().data;
    const activeNow = (await client.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data;
    expect(pending.length + activeNow.length).toBe(2);

    // While pages wait, the history entry says "translating", with the chosen languages and domain.
    const during = await entryOf(client, projectId);
    expect(during).toMatchObject({ source_lang: 'en', target_lang: 'ar', domain: 'business' });
    expect(['translating', 'done']).toContain(during!.state);

    await translated(client, websiteId);
    await waitFor(() => entryOf(client, projectId), (e) => e?.state === 'done');
    const active = (await client.get(`/api/websites/${websiteId}/pages?status=Active`)).json().data;
    expect(active.map((p: { id: number }) => p.id).sort()).toEqual([home.id, about.id].sort());
    for (const p of active) expect(p.preview_url).toMatch(new RegExp(`^/preview/websites/${websiteId}/\\d+\\.[\\w-]{43}/(index|about)\\.html$`));
    // What memory and glossaries did, stored with each page: nothing here (the test engine answers alone);
    // the site adds its pages up on its own route, not in the list. Pages not translated say nothing.
    const none = { memory_segments: 0, memory_fuzzy_segments: 0, correction_segments: 0, glossary_terms: [], glossary_term_count: 0 };
    for (const p of active) expect(p.applied).toEqual(none);
    expect((await allPages(client, websiteId, '&status=Detected')).every((p) => p.applied === null)).toBe(true);
    expect((await client.get(`/api/websites/${websiteId}`)).json().data.applied).toEqual(none);
    expect(((await client.get('/api/websites')).json().data as Array<{ id: number; applied?: unknown }>).find((w) => w.id === websiteId)).not.toHaveProperty('applied');
    expect(engine.calls.length).toBeGreaterThan(0);
    expect(engine.calls.every((c) => c.source === 'en' && c.target === 'ar' && c.domain === 'business')).toBe(true);
    // Usage counts against the plan's web pages.
    expect(await t.container.ledger.count(`user:${owner.id}`, 'web_pages')).toBe(2);
  });

  it('keeps the markup: inline tags as placeholders, scripts, styles, code and translate="no" untouched, attributes translated, lang and dir set', async () => {
    const response = await client.get(`/api/websites/${websiteId}/pages/${about.id}/translated`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(TRANSLATED_PAGE_CSP);
    const html = response.body;
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>عن نحن</title>');
    expect(html).toContain('<meta name="description" content="عن THE TEST COMPANY">');
    expect(html).toContain('WE SAY <strong>مرحبا</strong> TO THE <a');
    expect(html).toContain('title="الرئيسية صفحة"');
    expect(html).toContain('<br>RUN <code>npm install</code> FIRST.');
    expect(html).toContain('<script>var greeting = "Hello world";</script>');
    expect(html).toContain('content: "Hello"');
    expect(html).toContain('<pre>Hello   preformatted</pre>');
    expect(html).toContain('<p translate="no">Lisan Brand Name</p>');
    expect(html).toContain('<p class="notranslate">Do not translate this</p>');
    expect(html).toContain('placeholder="SEARCH THE SITE"');
    expect(html).toContain('aria-label="SEARCH"');
    expect(html).toContain('value="SEARCH NOW"');
    expect(html).toContain('alt="A قطة"');
    expect(html).toContain(`src="${site.url}/cat.jpg"`);
    expect(html).toContain(`url(${site.url}/images/bg.png)`);
    // Own links: the translated home page -> its translated copy; the untranslated contact page -> the original.
    expect(html).toContain(`href="${await previewBase(client, websiteId)}/index.html"`);
    expect(html).toContain(`href="${site.url}/contact"`);
  });

  it("downloads one translated page named as the site's ZIP is: after the page's title and the language", async () => {
    const response = await client.get(`/api/websites/${websiteId}/pages/${about.id}/translated?download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe(TRANSLATED_PAGE_CSP);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="About us (ar).html"; filename*=UTF-8''About%20us%20%28ar%29.html`);
    // Without download=1 it is the page itself, not an attachment.
    expect((await client.get(`/api/websites/${websiteId}/pages/${about.id}/translated`)).headers['content-disposition']).toBeUndefined();
  });

  it('serves the preview under its own signed path prefix, sandboxed, with relative links between translated pages', async () => {
    const base = await previewBase(client, websiteId);
    // The signed link is the credential: the sandboxed frame's own navigation carries no cookies.
    const anonymous = t.client();
    const preview = await anonymous.get(`${base}/about.html`);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(preview.headers['content-security-policy']).toBe(TRANSLATED_PAGE_CSP);
    expect(String(preview.headers['content-security-policy'])).toMatch(/^sandbox; default-src 'none'; img-src \* data:; style-src 'unsafe-inline' \*/);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.body).toContain('<a href="index.html" title="الرئيسية صفحة">');
    const homePreview = await anonymous.get(`${base}/index.html`);
    expect(homePreview.body).toContain('<a href="about.html">عن نحن</a>');
    expect(homePreview.body).toContain(`href="${site.url}/contact#form"`);
    // Untranslated or unknown pages are not served.
    expect((await anonymous.get(`${base}/contact.html`)).statusCode).toBe(404);
    expect((await anonymous.get(`${base}/nope.html`)).statusCode).toBe(404);
    // A wrong signature, another site's id, or an expired link: 404.
    const [, , , id, token] = base.split('/');
    expect((await anonymous.get(`/preview/websites/${id}/${token!.slice(0, -2)}xx/about.html`)).statusCode).toBe(404);
    expect((await anonymous.get(`/preview/websites/${Number(id) + 1}/${token}/about.html`)).statusCode).toBe(404);
    expect((await anonymous.get(`/preview/websites/${id}/about.html`)).statusCode).toBe(404);
    clockOffsetMs = 13 * 3_600_000;
    try {
      expect((await anonymous.get(`${base}/about.html`)).statusCode).toBe(404);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('copies pages already written in the target language without charging them', async () => {
    const pages = await allPages(client, websiteId);
    const arabic = pages.find((p) => pathOf(p.url) === '/ar/')!;
    const callsBefore = engine.calls.length;
    const response = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [arabic.id], target_lang: 'ar', domain: 'business' });
    expect(response.json().data).toMatchObject({ queued: 1, charged: 0 });
    await translated(client, websiteId);
    const html = (await client.get(`/api/websites/${websiteId}/pages/${arabic.id}/translated`)).body;
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('مرحبا بكم في موقعنا');
    expect(engine.calls.length).toBe(callsBefore);
    expect(await t.container.ledger.count(`user:${owner.id}`, 'web_pages')).toBe(2);
  });

  it('does not translate (or charge) an unchanged translated page again', async () => {
    const response = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [home.id], target_lang: 'ar', domain: 'business' });
    expect(response.statusCode).toBe(202);
    expect(response.json().data).toMatchObject({ queued: 0, charged: 0, unchanged: 1 });
  });

  it('refuses skipped pages, unknown pages, bad languages and domains', async () => {
    const pages = await allPages(client, websiteId);
    const pdf = pages.find((p) => pathOf(p.url) === '/files/report.pdf')!;
    const refused = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [pdf.id], target_lang: 'ar' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.page_ids).toEqual(['None of the selected pages can be translated.']);
    const unknown = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [999_999], target_lang: 'ar' });
    expect(unknown.json().errors.page_ids).toEqual(['Some of the selected pages do not belong to this website.']);
    const bad = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [], target_lang: 'fr', domain: 'medical' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['domain', 'page_ids', 'target_lang']);
    expect(bad.json().errors.target_lang).toEqual(['Choose Arabic or English.']);
  });

  it('exports the translated site as a ZIP of the translated pages, links rewritten to the copies', async () => {
    const response = await client.get(`/api/websites/${websiteId}/export?format=zip`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    // Named after the site (its start page's title) and the language, as document downloads are.
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Hello world (ar).zip"; filename*=UTF-8''Hello%20world%20%28ar%29.zip`);
    const files = await unzip(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(['about.html', 'ar/index.html', 'index.html']);
    expect(files.get('index.html')).toMatch(/<html lang="ar" dir="rtl">/);
    expect(files.get('index.html')).toContain('<a href="about.html">عن نحن</a>');
    expect(files.get('index.html')).toContain('<a href="ar/index.html">ARABIC صفحة</a>');
    expect(files.get('ar/index.html')).toContain('<a href="../about.html">الشركة</a>');
  });

  it('says in the ZIP and the XLIFF which pages the dictionary rendered (a gloss, not a translation)', async () => {
    const db = t.container.database.db;
    const about = await db.selectFrom('website_pages').select(['id', 'engine']).where('website_id', '=', websiteId).where('local_path', '=', 'about.html').executeTakeFirstOrThrow();
    await db.updateTable('website_pages').set({ engine: 'dictionary' }).where('id', '=', about.id).execute();
    try {
      const files = await unzip((await client.get(`/api/websites/${websiteId}/export?format=zip`)).rawPayload);
      expect([...files.keys()].sort()).toEqual(['README-LISAN.txt', 'about.html', 'ar/index.html', 'index.html']);
      expect(files.get('README-LISAN.txt')).toContain('Dictionary gloss, not a translation');
      expect(files.get('README-LISAN.txt')).toContain('ترجمة حرفية من القاموس');
      expect(files.get('README-LISAN.txt')!.trim().split('\n').at(-1)).toBe('about.html');
      const xliff = (await client.get(`/api/websites/${websiteId}/export?format=xliff`)).body;
      const notes = xliff.match(/<note from="lisan" priority="1">Dictionary gloss/g) ?? [];
      expect(notes).toHaveLength(1);
    } finally {
      await db.updateTable('website_pages').set({ engine: about.engine }).where('id', '=', about.id).execute();
    }
  });
});

describe('batching a long page', () => {
  it('sends its segments to the translator in batches of at most 50 segments and the documents\' batch characters', async () => {
    // The title and heading (one segment, sent once), three paragraphs of 2,601 characters (two
    // fit under 6,000 characters, the third starts the next batch), then 60 short ones: 64
    // segments, which 50 at a time alone would send as 50 and 14.
    const long = Array.from({ length: 3 }, (_, i) => `<p>${'Hello world. '.repeat(200)}${i}</p>`).join('');
    const short = Array.from({ length: 60 }, (_, i) => `<p>Paragraph ${i} of the long page.</p>`).join('');
    site.setPage('/long-page', fixtureLayout('Long page', `<h1>Long page</h1>${long}${short}`));
    const user = await createUser(t.container, { plan_id: (await t.container.plans.getBySlug('hobbyist')).id, trial_ends_at: null });
    const c = await t.client().signInAs(user.id);
    const added = await c.post('/api/websites', { url: `${site.url}/long-page`, scope: 'page' });
    const id = (await crawled(c, added.json().data.id)).id;
    const callsBefore = engine.calls.length;
    await c.post(`/api/websites/${id}/translate`, { page_ids: 'all', target_lang: 'ar', domain: 'business' });
    await translated(c, id);
    const calls = engine.calls.slice(callsBefore).map((call) => call.segments);
    const maxChars = t.container.config.documents.batchChars;
    expect(calls.map((segments) => segments.length)).toEqual([3, 50, 11]);
    for (const segments of calls) expect(segments.join('').length).toBeLessThanOrEqual(maxChars);
  });
});

describe('reviewing through XLIFF', () => {
  it('exports XLIFF 1.2, and a reviewed file imported back replaces those translations', async () => {
    const pages = await allPages(client, websiteId);
    const about = pages.find((p) => pathOf(p.url) === '/about')!;
    const exported = await client.get(`/api/websites/${websiteId}/export?format=xliff`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/x-xliff+xml; charset=utf-8');
    expect(exported.headers['content-disposition']).toBe(`attachment; filename="Hello world (ar).xlf"; filename*=UTF-8''Hello%20world%20%28ar%29.xlf`);
    // An Arabic title names it in Arabic (RFC 5987), with an ASCII name for older clients.
    const renamed = (title: string) => t.container.database.db.updateTable('websites').set({ title }).where('id', '=', websiteId).execute();
    await renamed('موقع: الاختبار');
    const arabic = await client.get(`/api/websites/${websiteId}/export?format=xliff`);
    expect(arabic.headers['content-disposition']).toBe(`attachment; filename="____ ________ (ar).xlf"; filename*=UTF-8''${encodeURIComponent('موقع الاختبار (ar).xlf').replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`);
    await renamed('Hello world');
    const xliff = exported.body;
    expect(xliff).toContain('<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">');
    expect(xliff).toContain(`<file original="${site.url}/about" source-language="en" target-language="ar" datatype="html" tool-id="lisan">`);
    // The Arabic page was copied, not translated: nothing to review.
    expect(xliff).not.toContain(`original="${site.url}/ar/"`);
    expect(xliff).toContain('<source>We say <g id="1">hello</g> to the <g id="2">world</g>.<x id="3"/>Run <x id="4"/> first.</source>');
    expect(xliff).toContain('<target state="needs-review-translation" state-qualifier="mt-suggestion">WE SAY <g id="1">مرحبا</g> TO THE <g id="2">العالم</g>.<x id="3"/>RUN <x id="4"/> FIRST.</target>');

    // The linguist edits two units (one drops a tag, which is put back) and one unit's source no longer matches.
    const sentence = /<trans-unit id="(p\d+-s\d+)" xml:space="preserve">\s*<source>We say/.exec(xliff)![1]!;
    const titleUnit = new RegExp(`<trans-unit id="(p${about.id}-s\\d+)" xml:space="preserve">\\s*<source>About us</source>\\s*<target[^>]*>عن نحن</target>`).exec(xliff)![1]!;
    let edited = xliff.replace(
      /(<source>We say[^]*?<\/source>\s*<target[^>]*>)[^]*?(<\/target>)/,
      '$1نقول <g id="1">مرحبًا</g> للعالم.<x id="3"/>شغّل <x id="4"/> أولًا.$2',
    );
    edited = edited.replace(new RegExp(`(<trans-unit id="${titleUnit}"[^]*?<target[^>]*>)عن نحن(</target>)`), '$1من نحن$2');
    edited = edited.replace('<source>Welcome to the <g id="1">test</g> site</source>', '<source>Welcome to a <g id="1">test</g> site</source>');
    const upload = multipart('file', 'review.xlf', edited);
    const imported = await client.request({ method: 'POST', url: `/api/websites/${websiteId}/import`, payload: upload.body, headers: upload.headers });
    expect(imported.statusCode).toBe(200);
    expect(imported.json().data.applied).toBe(2);
    expect(imported.json().data.skipped.map((s: { reason: string }) => s.reason)).toContain('source_changed');
    expect(imported.json().message).toBe('Reviewed translations applied: 2 segments.');
    // Reviewed units are approved translations in the owner's translation memory, the pipeline's one memory.
    const memory = await t.container.database.db.selectFrom('translation_memory').select(['source_text', 'target_text', 'origin']).where('owner_key', '=', `user:${owner.id}`).execute();
    expect(memory).toContainEqual({ source_text: 'About us', target_text: 'من نحن', origin: 'suggestion' });
    expect(memory).toHaveLength(2);

    const html = (await client.get(`/api/websites/${websiteId}/pages/${about.id}/translated`)).body;
    expect(html).toContain('<title>من نحن</title>');
    // The dropped link (<g id="2">) came back around a word, so the markup survives the review.
    expect(html).toMatch(/نقول <strong>مرحبًا<\/strong> <a href="[^"]+" title="الرئيسية صفحة">للعالم.<\/a><br>شغّل <code>npm install<\/code> أولًا./);
    expect(sentence).toMatch(/^p\d+-s\d+$/);

    // Reviewed pages are exported as translated from now on.
    const again = (await client.get(`/api/websites/${websiteId}/export?format=xliff`)).body;
    expect(again).toContain('<target state="translated">من نحن</target>');
  });

  it('refuses what is not XLIFF (and DOCTYPEs, so no entity tricks) with a clear message', async () => {
    for (const content of ['<html><body>nope</body></html>', '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><xliff version="1.2"></xliff>', 'not xml at all']) {
      const upload = multipart('file', 'bad.xlf', content);
      const response = await client.request({ method: 'POST', url: `/api/websites/${websiteId}/import`, payload: upload.body, headers: upload.headers });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.file).toEqual(['This is not a valid XLIFF 1.2 file.']);
    }
    const empty = await client.post(`/api/websites/${websiteId}/import`, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.file).toEqual(['Choose an XLIFF file to import.']);
  });
});

describe('re-crawling', () => {
  it('finds new and changed pages by content hash and leaves unchanged translations alone', async () => {
    const before = new Map((await allPages(client, websiteId)).map((p) => [pathOf(p.url), p]));
    // Markup-only change on the home page, new text on /about, a new page linked from /contact.
    site.setPage('/', FIXTURE_PAGES['/']!.replace('<h1>', '<h1 class="big">'));
    site.setPage('/about', FIXTURE_PAGES['/about']!.replace('We say', 'Now we say'));
    site.setPage('/contact', fixtureLayout('Contact', '<h1>Contact</h1><p id="form">Write to us with the form.</p><p><a href="/new-page">New page</a></p>'));
    site.setPage('/new-page', fixtureLayout('New page', '<h1>New page</h1><p>Fresh content for the world.</p>'));

    const response = await client.post(`/api/websites/${websiteId}/crawl`, {});
    expect(response.statusCode).toBe(202);
    expect(response.json().data.state).toBe('crawling');
    expect(['crawling', 'done']).toContain((await entryOf(client, projectId))!.state);
    await crawled(client, websiteId);
    // /about changed (back to Detected), other pages stay translated: the entry is done again.
    expect(await entryWhen(client, projectId, 'done')).toMatchObject({ state: 'done', target_lang: 'ar' });

    const after = new Map((await allPages(client, websiteId)).map((p) => [pathOf(p.url), p]));
    expect(after.get('/')).toMatchObject({ status: 'Active', changed: false, translated_at: before.get('/')!.translated_at });
    expect(after.get('/ar/')).toMatchObject({ status: 'Active' });
    expect(after.get('/about')).toMatchObject({ status: 'Detected', changed: true, preview_url: null });
    expect(after.get('/new-page')).toMatchObject({ status: 'Detected', changed: false, title: 'New page' });
    expect(after.get('/contact')).toMatchObject({ status: 'Detected', changed: false });

    // The unchanged translation now wears the new markup.
    const home = await client.get(`${await previewBase(client, websiteId)}/index.html`);
    expect(home.body).toContain('<h1 class="big">أهلا TO THE <em>TEST</em> SITE</h1>');

    // Re-translating the changed page sends its segments, each once, to the pipeline (here a stand-in
    // translator), whose memory holds the review (tested in pipeline.test.ts); websites keep no memory of their own.
    const callsBefore = engine.calls.length;
    await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [after.get('/about')!.id], target_lang: 'ar', domain: 'business' });
    await translated(client, websiteId);
    const sent = engine.calls.slice(callsBefore).flatMap((c) => c.segments);
    expect(sent).toContain('Now we say <x1>hello</x1> to the <x2>world</x2>.<x3/>Run <x4/> first.');
    expect(sent.filter((segment) => segment === 'About us')).toHaveLength(1);
    const html = (await client.get(`${await previewBase(client, websiteId)}/about.html`)).body;
    expect(html).toContain('NOW WE SAY <strong>مرحبا</strong>');
  });
});

describe('adding an address again', () => {
  it('crawls the site the user already has at that address, instead of listing it twice', async () => {
    const again = await client.post('/api/websites', { url: `${site.url}/`, scope: 'site' });
    expect(again.statusCode).toBe(202);
    expect(again.json().data).toMatchObject({ id: websiteId, project_id: projectId, state: 'crawling' });
    await crawled(client, websiteId);
    const sites = (await client.get('/api/websites?per_page=100')).json().data as Array<{ id: number; url: string }>;
    expect(sites.filter((s) => s.url === `${site.url}/`).map((s) => s.id)).toEqual([websiteId]);
    // The same address as a single page is another site.
    const single = await client.post('/api/websites', { url: site.url, scope: 'page' });
    expect(single.json().data.id).not.toBe(websiteId);
    await crawled(client, single.json().data.id);
    expect((await client.post(`/api/websites/${single.json().data.id}/delete`, {})).statusCode).toBe(200);
  });
});

describe('limits and access', () => {
  it('refuses translations past the plan\'s monthly web pages (402) and counts what was translated', async () => {
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    const setPages = (used: number) => t.container.database.db.updateTable('usage_ledger').set({ used }).where('subject', '=', `user:${owner.id}`).where('metric', '=', 'web_pages').where('period_start', '=', month).execute();
    await setPages(49);
    expect(await t.container.websites.pagesUsedThisMonth(owner.id)).toBe(49);
    const response = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: 'all', target_lang: 'ar', domain: 'business' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      status: 402,
      type: 'web_pages',
      message: expect.stringMatching(/^Web pages left this month: 1 of 50\. Translating these pages needs \d+ of them\. Please upgrade your plan to translate more pages\.$/),
      remaining: 1,
    });
    await setPages(3);
  });

  it('translates what fits when asked (within_quota): the first pages that count up to what is left, the rest left as they are', async () => {
    const small = await startFixtureSiteOfPages(4);
    try {
      const plan = await t.container.plans.getBySlug('hobbyist');
      const user = await createUser(t.container, { plan_id: plan.id, trial_ends_at: null });
      const c = await t.client().signInAs(user.id);
      const done = await crawled(c, (await c.post('/api/websites', { url: small.url, scope: 'site' })).json().data.id);
      expect(done.pages.detected).toBe(6);
      await t.container.ledger.consume({ metric: 'web_pages', amount: plan.web_pages - 2, subjects: [{ subject: `user:${user.id}`, limit: null }] });
      // Asked for six with two left: refused, saying how many are left, in the caller's language.
      const refused = await c.post(`/api/websites/${done.id}/translate`, { page_ids: 'all', target_lang: 'ar' });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toEqual({
        status: 402,
        type: 'web_pages',
        message: `Web pages left this month: 2 of ${plan.web_pages}. Translating these pages needs 6 of them. Please upgrade your plan to translate more pages.`,
        remaining: 2,
      });
      c.locale = 'ar';
      expect((await c.post(`/api/websites/${done.id}/translate`, { page_ids: 'all', target_lang: 'ar' })).json().message).toBe(
        `صفحات الويب المتبقية لك هذا الشهر: ${formatNumber(2, 'ar')} من ${formatNumber(plan.web_pages, 'ar')}، وتحتاج ترجمة هذه الصفحات إلى ${formatNumber(6, 'ar')} منها. يُرجى ترقية باقتك لترجمة مزيد من الصفحات.`,
      );
      c.locale = null;
      c.cookies.delete('locale');
      // Translate what fits: two pages, in the order they were found (the start page first); four left.
      const fitted = await c.post(`/api/websites/${done.id}/translate`, { page_ids: 'all', target_lang: 'ar', within_quota: true });
      expect(fitted.statusCode).toBe(202);
      expect(fitted.json().data).toEqual({ queued: 2, charged: 2, unchanged: 0, skipped: 0, over_quota: 4 });
      await translated(c, done.id);
      const pages = await allPages(c, done.id);
      expect(pages.filter((p) => p.status === 'Active').map((p) => pathOf(p.url)).sort()).toEqual(['/', '/p1']);
      expect(await t.container.ledger.count(`user:${user.id}`, 'web_pages')).toBe(plan.web_pages);
      // Nothing left: still refused, within_quota or not.
      const none = await c.post(`/api/websites/${done.id}/translate`, { page_ids: 'all', target_lang: 'ar', within_quota: true });
      expect(none.statusCode).toBe(402);
      expect(none.json()).toMatchObject({ remaining: 0, message: expect.stringMatching(/^Web pages left this month: 0 of /) });
      const notBoolean = await c.post(`/api/websites/${done.id}/translate`, { page_ids: 'all', target_lang: 'ar', within_quota: 'yes' });
      expect(notBoolean.statusCode).toBe(422);
      expect(Object.keys(notBoolean.json().errors)).toEqual(['within_quota']);
    } finally {
      await small.close();
    }
  });

  it('refuses an expired trial (402 "Trial period expired")', async () => {
    const expired = await createUser(t.container, { trial_ends_at: new Date(Date.now() - 86_400_000) });
    const c = await t.client().signInAs(expired.id);
    const response = await c.post('/api/websites', { url: site.url });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ type: 'trial_expired', message: 'Trial period expired' });
  });

  it('validates the address: required, http(s) only, public hosts only (allow-list aside), in both languages', async () => {
    const missing = await client.post('/api/websites', { scope: 'site' });
    expect(missing.json().errors.url).toEqual(['Website address is required']);
    const cases: Array<[string, string]> = [
      ['ftp://example.com/', 'Enter a valid website address, such as https://example.com.'],
      ['not a url', 'Enter a valid website address, such as https://example.com.'],
      ['http://10.0.0.1/', 'This address cannot be translated: only public http and https websites can be fetched.'],
      ['http://169.254.169.254/latest/meta-data/', 'This address cannot be translated: only public http and https websites can be fetched.'],
      ['http://[::ffff:127.0.0.2]/', 'This address cannot be translated: only public http and https websites can be fetched.'],
      ['http://private.test/', 'This address cannot be translated: only public http and https websites can be fetched.'],
      ['http://localhost:8080/', 'This address cannot be translated: only public http and https websites can be fetched.'],
      ['http://user:secret@example.com/', 'This address cannot be translated: only public http and https websites can be fetched.'],
      ['https://no-such-host.invalid/', 'We could not find this website. Check the address and try again.'],
    ];
    for (const [url, message] of cases) {
      const response = await client.post('/api/websites', { url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().errors.url, url).toEqual([message]);
    }
    const bad = await client.post('/api/websites', { url: site.url, scope: 'everything' });
    expect(bad.json().errors.scope).toEqual(['Choose entire website or single page.']);
    client.locale = 'ar';
    const arabic = await client.post('/api/websites', { url: 'http://10.0.0.1/' });
    expect(arabic.json().errors.url).toEqual(['لا يمكن ترجمة هذا العنوان: لا يمكن جلب إلا المواقع العامة عبر http وhttps.']);
    client.locale = null;
    client.cookies.delete('locale');
  });

  it('answers 404 for another user\'s site on every route, and 401 without a session', async () => {
    const other = await createUser(t.container);
    const c = await t.client().signInAs(other.id);
    const pages = await allPages(client, websiteId);
    const pageId = pages[0]!.id;
    const base = await previewBase(client, websiteId);
    const upload = multipart('file', 'x.xlf', '<xliff version="1.2"></xliff>');
    const responses = await Promise.all([
      c.get(`/api/websites/${websiteId}`),
      c.get(`/api/websites/${websiteId}/pages`),
      c.post(`/api/websites/${websiteId}/translate`, { page_ids: 'all', target_lang: 'ar' }),
      c.post(`/api/websites/${websiteId}/crawl`, {}),
      c.get(`/api/websites/${websiteId}/pages/${pageId}/translated`),
      c.get(`/api/websites/${websiteId}/export?format=zip`),
      c.get(`/api/websites/${websiteId}/export?format=xliff`),
      c.request({ method: 'POST', url: `/api/websites/${websiteId}/import`, payload: upload.body, headers: upload.headers }),
      c.get(`/preview/websites/${websiteId}/${base.split('/').pop()!.replace(/^\d+/, '1')}/index.html`),
      c.post(`/api/websites/${websiteId}/delete`, {}),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(404));
    expect((await c.get('/api/websites')).json().data).toEqual([]);
    const anonymous = t.client();
    expect((await anonymous.get('/api/websites')).statusCode).toBe(401);
    expect((await anonymous.get(`/api/websites/${websiteId}/pages`)).statusCode).toBe(401);
  });
});

describe('safety while crawling', () => {
  it('a crawl that stopped between the site’s state and its history entry (a crash) has the entry written by the job’s next run', async () => {
    const response = await client.post('/api/websites', { url: `${site.url}/files/report.pdf?crash`, scope: 'page' });
    expect(response.statusCode).toBe(202);
    const { id, project_id: projectId } = response.json().data as { id: number; project_id: string };
    await entryWhen(client, projectId, 'failed');
    // As a crash would leave it: the site finished, its entry still crawling.
    await t.container.database.db.updateTable('history_entries').set({ state: 'crawling' }).where('project_id', '=', projectId).execute();
    const row = await t.container.database.db.selectFrom('websites').select('crawl_generation').where('id', '=', id).executeTakeFirstOrThrow();
    await t.container.websites.runCrawl({ websiteId: id, generation: row.crawl_generation });
    expect(await entryOf(client, projectId)).toMatchObject({ state: 'failed' });
  });


  it('refuses a host that resolved to a public address when added and to loopback when crawled (DNS rebinding)', async () => {
    const requestsBefore = site.requests.length;
    const response = await client.post('/api/websites', { url: `http://rebind.test:${site.port}/` });
    expect(response.statusCode).toBe(202);
    const done = await crawled(client, response.json().data.id);
    expect(done).toMatchObject({ state: 'failed', error: 'blocked_address' });
    expect(await entryWhen(client, response.json().data.project_id, 'failed')).toMatchObject({ state: 'failed', title: `http://rebind.test:${site.port}/` });
    expect(rebindLookups).toBeGreaterThanOrEqual(2);
    expect(site.requests.length).toBe(requestsBefore);
  });

  it('crawls a single page only', async () => {
    const requestsBefore = site.requests.length;
    const response = await client.post('/api/websites', { url: `${site.url}/products/`, scope: 'page' });
    const done = await crawled(client, response.json().data.id);
    expect(done).toMatchObject({ state: 'ready', title: 'Products', page_limit: 1 });
    const pages = await allPages(client, done.id);
    expect(pages.map((p) => pathOf(p.url))).toEqual(['/products/']);
    expect(site.requests.slice(requestsBefore).filter((p) => p !== '/robots.txt')).toEqual(['/products/']);
  });

  it('fails a site whose start page is not HTML, with the reason', async () => {
    const response = await client.post('/api/websites', { url: `${site.url}/files/report.pdf`, scope: 'page' });
    const done = await crawled(client, response.json().data.id);
    expect(done).toMatchObject({ state: 'failed', error: 'not_html' });
  });
});

describe('crawl depth and pace', () => {
  it('follows links no deeper than the depth limit, a limited number of requests at a time, pausing between them', async () => {
    const repo = createWebsitesRepo(t.container.database.db);
    const row = await repo.createSite({ user_id: owner.id, url: `${site.url}/`, scope: 'site', page_limit: 50, title: '', now: new Date() });
    let inFlight = 0;
    let maxInFlight = 0;
    const starts: number[] = [];
    const fetcher: WebFetcher = {
      ...t.container.webFetcher,
      fetch: async (...args) => {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        starts.push(performance.now());
        try {
          return await t.container.webFetcher.fetch(...args);
        } finally {
          inFlight--;
        }
      },
    };
    const settings = { robotsToken: 'LisanBot', maxDepth: 1, concurrency: 1, delayMs: 120, maxDelayMs: 1000, maxSitemaps: 20, robotsMaxBytes: 65_536 };
    const result = await crawlWebsite({ repo, fetcher, now: () => new Date(), logger: t.container.logger, settings }, row);
    expect(result.error).toBeNull();
    const { rows } = await repo.listPages(row.id, { page: 1, perPage: 100 });
    const paths = rows.map((p) => pathOf(p.url));
    // Linked from the home page (depth 1): listed. Only reachable through /products/ (depth 2): not.
    expect(paths).toEqual(expect.arrayContaining(['/', '/about', '/products/', '/contact', '/only-in-sitemap']));
    expect(paths).not.toContain('/products/deep/');
    expect(paths).not.toContain('/products/item?id=1');
    expect(Math.max(...rows.map((p) => p.depth))).toBe(1);
    // One request at a time; after robots.txt and the start page, every request waits the pause first.
    expect(maxInFlight).toBe(1);
    const gaps = starts.slice(2).map((start, i) => start - starts[i + 1]!);
    expect(gaps.length).toBeGreaterThan(5);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(110);
    await repo.deleteSite(row.id);
  });
});

describe('the page limit', () => {
  it('counts the pages that can be translated; what it leaves is listed as skipped (robots.txt first), not fetched, and a larger limit crawls it', async () => {
    const repo = createWebsitesRepo(t.container.database.db);
    const row = await repo.createSite({ user_id: owner.id, url: `${site.url}/`, scope: 'site', page_limit: 4, title: '', now: new Date() });
    const settings = { robotsToken: 'LisanBot', maxDepth: 5, concurrency: 2, delayMs: 0, maxDelayMs: 0, maxSitemaps: 20, robotsMaxBytes: 65_536 };
    const deps = { repo, fetcher: t.container.webFetcher, now: () => new Date(), logger: t.container.logger, settings };
    const requestsBefore = site.requests.length;
    const first = await crawlWebsite(deps, row);
    expect(first).toMatchObject({ html: 4, error: null });
    const counts = (await repo.pageCounts([row.id])).get(row.id)!;
    // Four pages to translate, whatever the concurrency; the blocked page keeps its own reason.
    expect(counts.detected).toBe(4);
    expect(counts.skipped_reasons.robots).toBe(1);
    expect(counts.skipped_reasons.page_limit).toBe(first.overLimit - 1);
    expect(counts.skipped_reasons.page_limit).toBeGreaterThan(3);
    const { rows } = await repo.listPages(row.id, { page: 1, perPage: 100, status: 'Skipped' });
    const overLimit = rows.filter((p) => p.skip_reason === 'page_limit');
    expect(overLimit.every((p) => p.skip_detail === '4' && p.text_hash === null && p.title === '')).toBe(true);
    const fetched = site.requests.slice(requestsBefore);
    for (const page of overLimit) expect(fetched).not.toContain(pathOf(page.url));

    // A larger limit (a new plan): the pages left out are crawled and can be translated.
    const again = await crawlWebsite(deps, await repo.beginCrawl(row.id, 50, new Date()));
    expect(again.overLimit).toBe(0);
    const recounted = (await repo.pageCounts([row.id])).get(row.id)!;
    expect(recounted.skipped).toBe(5);
    expect(recounted.detected).toBeGreaterThan(4);
    expect(recounted.skipped_reasons.page_limit).toBeUndefined();
    await repo.deleteSite(row.id);
  });
});

describe('an unreachable site', () => {
  // Its robots.txt could not be fetched either, and the page was reported "blocked by the site's robots.txt".
  it('says the site could not be reached, not that its robots.txt blocks the page', async () => {
    const http = await import('node:http');
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    // Nothing listens there any more: every request is refused.
    await new Promise((resolve) => server.close(resolve));
    const repo = createWebsitesRepo(t.container.database.db);
    const row = await repo.createSite({ user_id: owner.id, url: `http://127.0.0.1:${port}/page.html`, scope: 'page', page_limit: 1, title: '', now: new Date() });
    const settings = { robotsToken: 'LisanBot', maxDepth: 1, concurrency: 1, delayMs: 0, maxDelayMs: 0, maxSitemaps: 1, robotsMaxBytes: 65_536 };
    const result = await crawlWebsite({ repo, fetcher: t.container.webFetcher, now: () => new Date(), logger: t.container.logger, settings }, row);
    expect(result.error).toBe('network');
    const { rows } = await repo.listPages(row.id, { page: 1, perPage: 10 });
    expect(rows.map((page) => page.skip_reason)).toEqual(['network']);
    await repo.deleteSite(row.id);
  });
});

describe('robots.txt Crawl-delay', () => {
  it('waits the Crawl-delay of robots.txt between requests when it is longer than our own pause, up to the cap', async () => {
    // A small site of its own whose robots.txt asks for 0.3 s between requests.
    const http = await import('node:http');
    const starts: Array<[string, number]> = [];
    const server = http.createServer((request, response) => {
      starts.push([request.url ?? '', performance.now()]);
      if (request.url === '/robots.txt') return response.end('User-agent: *\nCrawl-delay: 0.3\nAllow: /\n');
      if (request.url === '/sitemap.xml') return response.writeHead(404).end();
      const links = ['/a', '/b', '/c'].map((href) => `<a href="${href}">${href}</a>`).join(' ');
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<html><head><title>Page ${request.url}</title></head><body><p>Hello from the page.</p>${links}</body></html>`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const repo = createWebsitesRepo(t.container.database.db);
      const row = await repo.createSite({ user_id: owner.id, url: `http://127.0.0.1:${port}/`, scope: 'site', page_limit: 10, title: '', now: new Date() });
      const settings = { robotsToken: 'LisanBot', maxDepth: 2, concurrency: 1, delayMs: 20, maxDelayMs: 1000, maxSitemaps: 5, robotsMaxBytes: 65_536 };
      const result = await crawlWebsite({ repo, fetcher: t.container.webFetcher, now: () => new Date(), logger: t.container.logger, settings }, row);
      expect(result.error).toBeNull();
      const pages = starts.filter(([url]) => ['/', '/a', '/b', '/c'].includes(url));
      expect(pages.map(([url]) => url).sort()).toEqual(['/', '/a', '/b', '/c']);
      const gaps = pages.slice(1).map(([, start], i) => start - pages[i]![1]);
      for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(290);

      // A Crawl-delay above the cap waits the cap only.
      starts.length = 0;
      const capped = { ...settings, maxDelayMs: 100 };
      await crawlWebsite({ repo, fetcher: t.container.webFetcher, now: () => new Date(), logger: t.container.logger, settings: capped }, row);
      const cappedPages = starts.filter(([url]) => ['/a', '/b', '/c'].includes(url));
      const cappedGaps = cappedPages.slice(1).map(([, start], i) => start - cappedPages[i]![1]);
      expect(cappedGaps.length).toBeGreaterThan(0);
      for (const gap of cappedGaps) expect(gap).toBeLessThan(290);
      await repo.deleteSite(row.id);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('engine failure', () => {
  it('keeps the pages when the engine fails: Pending with the reason while the job retries, then Detected with it, nothing charged', async () => {
    const contact = (await allPages(client, websiteId)).find((p) => pathOf(p.url) === '/contact')!;
    expect(contact.status).toBe('Detected');
    const activeBefore = (await getSite(client, websiteId)).pages.active;
    const usageBefore = await t.container.websites.pagesUsedThisMonth(owner.id);
    engine.failing = true;
    try {
      const response = await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [contact.id], target_lang: 'ar', domain: 'business' });
      expect(response.statusCode).toBe(202);
      const failed = await waitFor(async () => (await allPages(client, websiteId)).find((p) => p.id === contact.id)!, (p) => p.error !== null);
      // pg-boss will retry: the page waits, with the reason.
      expect(failed).toMatchObject({ status: 'Pending', error: 'translation_failed', preview_url: null });
      // The last attempt gives the page back to Detected, with the reason, instead of throwing.
      await expect(t.container.websites.runTranslate({ websiteId }, { last: true })).resolves.toBeUndefined();
    } finally {
      engine.failing = false;
    }
    const released = (await allPages(client, websiteId)).find((p) => p.id === contact.id)!;
    expect(released).toMatchObject({ status: 'Detected', error: 'translation_failed', preview_url: null });
    const after = await getSite(client, websiteId);
    expect(after.pages).toMatchObject({ pending: 0, active: activeBefore });
    expect(await t.container.websites.pagesUsedThisMonth(owner.id)).toBe(usageBefore);
    expect((await entryWhen(client, projectId, 'done'))!.state).toBe('done');

    // Once the engine is back, asking again translates it.
    await client.post(`/api/websites/${websiteId}/translate`, { page_ids: [contact.id], target_lang: 'ar', domain: 'business' });
    await translated(client, websiteId);
    expect((await allPages(client, websiteId)).find((p) => p.id === contact.id)).toMatchObject({ status: 'Active', error: null });
    expect(await t.container.websites.pagesUsedThisMonth(owner.id)).toBe(usageBefore + 1);
  });
});

describe('plan limits on the crawl and the trial', () => {
  it('lists no more pages to translate than the plan\'s web pages quota (the free trial: 10), the rest as skipped past the limit, and charges only pages translated', async () => {
    // A home page linking 12 pages: 13 to translate, and the sitemap's page.
    const big = await startFixtureSiteOfPages(12);
    try {
      const trialUser = await createUser(t.container, { trial_ends_at: new Date(Date.now() + 5 * 86_400_000) });
      const c = await t.client().signInAs(trialUser.id);
      const response = await c.post('/api/websites', { url: big.url, scope: 'site' });
      expect(response.statusCode).toBe(202);
      expect(response.json().data.page_limit).toBe(10);
      const id = response.json().data.id;
      const done = await crawled(c, id);
      // The home page, /p1../p9: to translate; /p10../p12 and the sitemap's page: found past the limit, listed, never fetched.
      expect(done.pages).toMatchObject({ detected: 10, skipped: 4, skipped_reasons: { page_limit: 4 }, total: 14 });
      const skipped = await allPages(c, id, '&status=Skipped');
      expect(skipped.map((p) => pathOf(p.url)).sort()).toEqual(['/only-in-sitemap', '/p10', '/p11', '/p12']);
      expect(skipped.every((p) => p.skip_reason === 'page_limit' && p.words === 0)).toBe(true);
      for (const path of ['/p10', '/p11', '/p12', '/only-in-sitemap']) expect(big.requests).not.toContain(path);
      // "Translate all" queues and charges the ten pages, not the skipped ones: the month's ten are used, nothing refused.
      const queued = await c.post(`/api/websites/${id}/translate`, { page_ids: 'all', target_lang: 'ar', domain: 'general' });
      expect(queued.statusCode).toBe(202);
      expect(queued.json().data).toEqual({ queued: 10, charged: 10, unchanged: 0, skipped: 4, over_quota: 0 });
      const after = await translated(c, id);
      expect(after.pages).toMatchObject({ active: 10, skipped: 4 });
      expect(await t.container.websites.pagesUsedThisMonth(trialUser.id)).toBe(10);
    } finally {
      await big.close();
    }
  });

  it('refuses a team member whose team owner\'s trial has ended, as text translation does', async () => {
    const trial = await t.container.plans.getBySlug('free-trial');
    const teamOwner = await createUser(t.container, { plan_id: trial.id, trial_ends_at: new Date(Date.now() - 86_400_000) });
    const member = await createUser(t.container, { trial_ends_at: null });
    const team = await t.container.database.db.insertInto('teams').values({ name: 'Team', owner_id: teamOwner.id, seats: 2 }).returning('id').executeTakeFirstOrThrow();
    await t.container.database.db.insertInto('team_members').values([{ team_id: team.id, user_id: teamOwner.id }, { team_id: team.id, user_id: member.id }]).execute();
    const c = await t.client().signInAs(member.id);
    const response = await c.post('/api/websites', { url: site.url });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toMatchObject({ type: 'trial_expired', message: 'Trial period expired' });
    const text = await c.post('/api/translate', { text: 'Hello', source_lang: 'en', target_lang: 'ar', domain: 'general' });
    expect(text.json()).toMatchObject({ status: 402, type: 'trial_expired' });
  });
});

describe('the history entry', () => {
  it('re-opens the site: the entry\'s detail links to the site in the web extraction screen', async () => {
    const response = await client.get(`/api/user/translation-history/${projectId}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      project_id: projectId,
      type: 'website',
      title: 'Hello world',
      state: 'done',
      detail: { website_id: websiteId, url: `${site.url}/`, scope: 'site', link: `/web-extraction?site=${websiteId}` },
    });
    expect(response.json().data.detail.pages.active).toBeGreaterThan(0);
  });

  it('deleting the entry deletes the site and its pages', async () => {
    const added = await client.post('/api/websites', { url: `${site.url}/about`, scope: 'page' });
    const id = added.json().data.id as number;
    const project = added.json().data.project_id as string;
    await crawled(client, id);
    const [page] = await allPages(client, id);
    await client.post(`/api/websites/${id}/translate`, { page_ids: [page!.id], target_lang: 'ar', domain: 'legal' });
    await translated(client, id);
    const db = t.container.database.db;

    const response = await client.post('/api/user/translation-history/delete', { project_id: project });
    expect(response.statusCode).toBe(200);
    expect((await client.get(`/api/websites/${id}`)).statusCode).toBe(404);
    expect(await db.selectFrom('website_pages').select('id').where('website_id', '=', id).execute()).toEqual([]);
    expect(await entryOf(client, project)).toBeUndefined();
    // The main site is untouched.
    expect((await client.get(`/api/websites/${websiteId}`)).statusCode).toBe(200);
  });

  it('automatic history deletion deletes old sites too', async () => {
    const user = await createUser(t.container, { plan_id: (await t.container.plans.getBySlug('hobbyist')).id, trial_ends_at: null });
    const c = await t.client().signInAs(user.id);
    const added = await c.post('/api/websites', { url: `${site.url}/contact`, scope: 'page' });
    const id = added.json().data.id as number;
    await crawled(c, id);
    expect((await c.post('/api/user/auto-delete-settings', { auto_delete: '1d' })).statusCode).toBe(200);
    expect(await t.container.history.deleteExpired()).toBe(0);
    clockOffsetMs = 2 * 86_400_000;
    try {
      expect(await t.container.history.deleteExpired()).toBe(1);
    } finally {
      clockOffsetMs = 0;
    }
    expect((await c.get(`/api/websites/${id}`)).statusCode).toBe(404);
    expect(await t.container.database.db.selectFrom('website_pages').select('id').where('website_id', '=', id).execute()).toEqual([]);
    expect((await client.get(`/api/websites/${websiteId}`)).statusCode).toBe(200);
  });

  it('deleting the site deletes its history entry, pages and all', async () => {
    const response = await client.post(`/api/websites/${websiteId}/delete`, {});
    expect(response.statusCode).toBe(200);
    expect((await client.get(`/api/websites/${websiteId}`)).statusCode).toBe(404);
    const left = await t.container.database.db.selectFrom('website_pages').select('id').where('website_id', '=', websiteId).execute();
    expect(left).toEqual([]);
    expect(await entryOf(client, projectId)).toBeUndefined();
  });
});

describe('a folder and its index page', () => {
  // A site whose pages link to "/" and "/index.html", "/docs/" and "/docs/index.html"; "/guide/" is
  // answered only as "/guide/index.html" (as some static hosts do).
  let server: import('node:http').Server;
  let base: string;
  const requests: string[] = [];
  const page = (title: string, links: string[]) =>
    `<html><head><title>${title}</title></head><body><h1>${title}</h1><p>The ${title.toLowerCase()} page says hello.</p>${links.map((href) => `<a href="${href}">${href}</a>`).join(' ')}</body></html>`;
  const home = page('Home', ['/index.html', '/docs/', '/docs/index.html', '/about', '/guide/index.html', '/']);
  const docs = page('Docs', ['index.html', '../', '/index.html', './']);
  const settings = { robotsToken: 'LisanBot', maxDepth: 3, concurrency: 2, delayMs: 0, maxDelayMs: 0, maxSitemaps: 2, robotsMaxBytes: 65_536 };

  beforeAll(async () => {
    const http = await import('node:http');
    server = http.createServer((request, response) => {
      const url = request.url ?? '';
      requests.push(url);
      const html = (body: string) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      if (url === '/robots.txt') return response.end('User-agent: *\nAllow: /\n');
      if (url === '/' || url === '/index.html') return html(home);
      if (url === '/docs/' || url === '/docs/index.html') return html(docs);
      if (url === '/about') return html(page('About', ['/', '/docs/index.html']));
      if (url === '/guide/index.html') return html(page('Guide', ['../index.html']));
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
  });

  const paths = (pages: Array<{ url: string }>) => pages.map((p) => pathOf(p.url)).sort();

  it('lists each page once under the folder\'s address, fetched as found, and charges each once', async () => {
    const user = await createUser(t.container, { plan_id: (await t.container.plans.getBySlug('hobbyist')).id, trial_ends_at: null });
    const c = await t.client().signInAs(user.id);
    requests.length = 0;
    const added = await c.post('/api/websites', { url: `${base}/`, scope: 'site' });
    expect(added.statusCode).toBe(202);
    const done = await crawled(c, added.json().data.id);
    expect(done).toMatchObject({ state: 'ready', title: 'Home' });
    const pages = await allPages(c, done.id);
    expect(paths(pages)).toEqual(['/', '/about', '/docs/', '/guide/']);
    expect(pages.every((p) => p.skip_reason === null)).toBe(true);
    expect(done.pages.total).toBe(4);
    // Each page fetched once, at the address found first; "/guide/" only as "/guide/index.html".
    const fetched = requests.filter((r) => r !== '/robots.txt' && r !== '/sitemap.xml').sort();
    expect(fetched).toEqual(['/', '/about', '/docs/', '/guide/index.html']);

    const response = await c.post(`/api/websites/${done.id}/translate`, { page_ids: 'all', target_lang: 'ar', domain: 'general' });
    expect(response.json().data).toEqual({ queued: 4, charged: 4, unchanged: 0, skipped: 0, over_quota: 0 });
    await translated(c, done.id);
    expect(await t.container.ledger.count(`user:${user.id}`, 'web_pages')).toBe(4);

    // One file per page; links to either address go to the one copy.
    const files = await unzip((await c.get(`/api/websites/${done.id}/export?format=zip`)).rawPayload);
    expect([...files.keys()].sort()).toEqual(['about.html', 'docs/index.html', 'guide/index.html', 'index.html']);
    expect(files.get('index.html')).toContain('<a href="index.html">');
    expect(files.get('index.html')).toContain('<a href="docs/index.html">/DOCS/</a>');
    expect(files.get('index.html')).toContain('<a href="docs/index.html">/DOCS/INDEX.HTML</a>');
    expect(files.get('docs/index.html')).toContain('<a href="../index.html">');
    expect(files.get('guide/index.html')).toContain('<a href="../index.html">');
    const xliff = (await c.get(`/api/websites/${done.id}/export?format=xliff`)).body;
    expect(xliff.match(/<file /g)).toHaveLength(4);
    expect(xliff.match(/<source>The docs page says hello\.<\/source>/g)).toHaveLength(1);
  });

  it('lists the start page under "/" when the site is added as "/index.html", fetching the address given', async () => {
    const user = await createUser(t.container, { plan_id: (await t.container.plans.getBySlug('hobbyist')).id, trial_ends_at: null });
    const c = await t.client().signInAs(user.id);
    requests.length = 0;
    const added = await c.post('/api/websites', { url: `${base}/index.html`, scope: 'site' });
    // The site keeps the address as added.
    expect(added.json().data.url).toBe(`${base}/index.html`);
    const done = await crawled(c, added.json().data.id);
    expect(done).toMatchObject({ state: 'ready', title: 'Home' });
    expect(paths(await allPages(c, done.id))).toEqual(['/', '/about', '/docs/', '/guide/']);
    expect(requests).toContain('/index.html');
    expect(requests).not.toContain('/');
  });

  it('takes a page an earlier crawl listed under its index address as that page: renamed, translation kept, no second row', async () => {
    const repo = createWebsitesRepo(t.container.database.db);
    const db = t.container.database.db;
    const row = await repo.createSite({ user_id: owner.id, url: `${base}/`, scope: 'site', page_limit: 20, title: '', now: new Date() });
    await crawlWebsite({ repo, fetcher: t.container.webFetcher, now: () => new Date(), logger: t.container.logger, settings }, row);
    const before = (await repo.listPages(row.id, { page: 1, perPage: 100 })).rows;
    expect(paths(before)).toEqual(['/', '/about', '/docs/', '/guide/']);
    // As a crawl before this change stored them: "/index.html" (translated) and "/docs/INDEX.HTM".
    const homeRow = before.find((p) => pathOf(p.url) === '/')!;
    const docsRow = before.find((p) => pathOf(p.url) === '/docs/')!;
    await repo.updatePage(homeRow.id, { url: `${base}/index.html`, status: 'Active', target_lang: 'ar', domain: 'general', translated_hash: homeRow.text_hash, translations: JSON.stringify(['x']) });
    await repo.updatePage(docsRow.id, { url: `${base}/docs/INDEX.HTM` });

    const result = await crawlWebsite({ repo, fetcher: t.container.webFetcher, now: () => new Date(), logger: t.container.logger, settings }, row);
    expect(result.error).toBeNull();
    const after = (await repo.listPages(row.id, { page: 1, perPage: 100 })).rows;
    expect(paths(after)).toEqual(['/', '/about', '/docs/', '/guide/']);
    expect(after.map((p) => p.id).sort()).toEqual(before.map((p) => p.id).sort());
    const home = await db.selectFrom('website_pages').select(['url', 'status', 'local_path']).where('id', '=', homeRow.id).executeTakeFirstOrThrow();
    expect(home).toEqual({ url: `${base}/`, status: 'Active', local_path: 'index.html' });
    await repo.deleteSite(row.id);
  });
});

describe('the list of sites', () => {
  it('comes 20 sites a page, newest first, with the total (the screen pages through it)', async () => {
    const hobbyist = await t.container.plans.getBySlug('hobbyist');
    const collector = await createUser(t.container, { name: 'Site Collector', plan_id: hobbyist.id, trial_ends_at: null });
    const repo = createWebsitesRepo(t.container.database.db);
    const start = Date.parse('2026-11-01T00:00:00Z');
    for (let i = 1; i <= 23; i++) {
      await repo.createSite({ user_id: collector.id, url: `https://site-${i}.example/`, scope: 'page', page_limit: 1, title: `Site ${i}`, now: new Date(start + i * 60_000) });
    }
    const collectorClient = await t.client().signInAs(collector.id);
    const first = (await collectorClient.get('/api/websites')).json();
    const second = (await collectorClient.get('/api/websites?page=2')).json();
    expect(first.meta).toEqual({ page: 1, per_page: 20, total: 23 });
    expect(second.meta).toEqual({ page: 2, per_page: 20, total: 23 });
    expect(first.data.map((s: { title: string }) => s.title).slice(0, 2)).toEqual(['Site 23', 'Site 22']);
    expect(second.data.map((s: { title: string }) => s.title)).toEqual(['Site 3', 'Site 2', 'Site 1']);
    expect((await collectorClient.get('/api/websites?page=0')).statusCode).toBe(422);
  });
});

describe("the preview's http: images, stylesheets and fonts", () => {
  // An https: Lisan's browser upgrades a page's http: subresources to https, which breaks on a site without HTTPS:
  // the preview loads them through Lisan, from a real local site, only the URLs its own pages name.
  let gallerySite: FixtureSite;
  let galleryId: number;
  let previewHtml: string;
  /** The preview's fetched-through URLs, by the site's path they stand for. */
  const assets = new Map<string, string>();

  beforeAll(async () => {
    const options: { hugeBytes: number; privateTarget?: string } = { hugeBytes: 1024 * 1024 };
    gallerySite = await startFixtureSite(options);
    // /redirect-private leads to this very site by a name that resolves to loopback (not on the allow list): the guard, not the site, refuses it.
    options.privateTarget = `http://localhost:${gallerySite.port}/cat.jpg`;
    gallerySite.setPage(
      '/gallery',
      fixtureLayout(
        'Gallery',
        `<h1>Gallery</h1><p>Pictures of the world.</p>
<img src="cat.jpg" alt=""><img src="https://secure.example/d.png" alt="">
<img src="/files/report.pdf" alt=""><img src="/redirect-private" alt=""><img src="/huge.png" alt="">
<style>@font-face { font-family: Site; src: url(/fonts/site.woff2) format("woff2"); }
@font-face { font-family: Untyped; src: url(/fonts/plain.woff2) format("woff2"), url('/fonts/plain.ttf'), url("/fonts/plain.otf"), url(/fonts/plain.woff); }
@font-face { font-family: Fake; src: url(/fonts/fake.woff2) format("woff2"); }
@font-face { font-family: Cdn; src: url(https://fonts.example/cdn.woff2) format("woff2"); }
.hero { background: url(https://secure.example/hero.png) }</style>`,
        'en',
        '<link rel="stylesheet" href="/style.css"><link rel="stylesheet" href="/imports.css"><link rel="stylesheet" href="https://secure.example/theme.css">',
      ),
    );
    // Fonts sent as application/octet-stream (servers without a type for .woff2 and the like): the bytes say what they are.
    gallerySite.setFile('/fonts/plain.woff2', 'application/octet-stream', Buffer.from('wOF2\x00\x01\x00\x00 rest of a font', 'latin1'));
    gallerySite.setFile('/fonts/plain.ttf', 'application/octet-stream', Buffer.from([0x00, 0x01, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x80]));
    gallerySite.setFile('/fonts/plain.otf', 'binary/octet-stream', Buffer.from('OTTO\x00\x0a', 'latin1'));
    gallerySite.setFile('/fonts/plain.woff', 'application/octet-stream', Buffer.from('wOFF\x00\x01\x00\x00', 'latin1'));
    // Named like a font, sent untyped, and a page: refused.
    gallerySite.setFile('/fonts/fake.woff2', 'application/octet-stream', '<!DOCTYPE html><script>alert(1)</script>');
    // A stylesheet that imports others and names images every way CSS can, and names some only in a comment or a data: URI.
    gallerySite.setFile(
      '/imports.css',
      'text/css',
      `/* Not loaded: url(/img/in-comment.png) and @import "/in-comment.css"; it's a comment */
@import "/more.css";
@import url('print.css') print;
.a { background: url(/img/unquoted.png) }
.b { background: url( "img/quoted.png" ) }
.c { background: url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><rect fill='url(%23g)'/></svg>") }
.d { background: url(https://secure.example/e.png); content: "url(/img/in-string.png)" }
@font-face { font-family: Remote; src: url(https://fonts.example/remote.woff2) format("woff2"); }`,
    );
    gallerySite.setFile('/more.css', 'text/css', '.m { background: url(img/from-more.png) }');
    gallerySite.setFile('/print.css', 'text/css', '.p { color: black }');
    const added = await client.post('/api/websites', { url: `${gallerySite.url}/gallery`, scope: 'page' });
    galleryId = added.json().data.id;
    await crawled(client, galleryId);
    expect((await client.post(`/api/websites/${galleryId}/translate`, { page_ids: 'all', target_lang: 'ar' })).statusCode).toBe(202);
    await translated(client, galleryId);
    const [page] = await allPages(client, galleryId, '&status=Active');
    previewHtml = (await t.client().get(page!.preview_url!)).body;
    for (const match of previewHtml.matchAll(/\/preview\/website-assets\/[^"')\s]+/g)) {
      assets.set(new URL(decodeURIComponent(new URL(match[0], 'http://lisan').searchParams.get('url')!)).pathname, match[0]);
    }
  });

  afterAll(async () => {
    await gallerySite?.close();
  });

  it('names each http: image and font of the page, and each stylesheet, by a signed path of the preview; https: images stay as they are', () => {
    expect([...assets.keys()].sort()).toEqual([
      '/cat.jpg',
      '/cdn.woff2',
      '/files/report.pdf',
      '/fonts/fake.woff2',
      '/fonts/plain.otf',
      '/fonts/plain.ttf',
      '/fonts/plain.woff',
      '/fonts/plain.woff2',
      '/fonts/site.woff2',
      '/huge.png',
      '/imports.css',
      '/redirect-private',
      '/style.css',
      '/theme.css',
    ]);
    // An https: stylesheet too: loaded from the site, its http: URLs would be upgraded or blocked.
    expect(decodeURIComponent(assets.get('/theme.css')!)).toContain('?url=https://secure.example/theme.css');
    expect(previewHtml).not.toContain('href="https://secure.example/theme.css"');
    expect(assets.get('/cat.jpg')).toMatch(new RegExp(`^/preview/website-assets/${galleryId}/\\d+\\.[\\w-]+/[\\w-]+\\?url=http%3A%2F%2F127\\.0\\.0\\.1%3A${gallerySite.port}%2Fcat\\.jpg$`));
    expect(previewHtml).not.toContain(`src="${gallerySite.url}`);
    expect(previewHtml).toContain('src="https://secure.example/d.png"');
  });

  it("names an inline <style>'s https: font by a signed path of the preview (the site may send no CORS header), its https: image not", () => {
    expect(decodeURIComponent(assets.get('/cdn.woff2')!)).toMatch(new RegExp(`^/preview/website-assets/${galleryId}/\\d+\\.[\\w-]+/[\\w-]+\\?url=https://fonts\\.example/cdn\\.woff2$`));
    expect(previewHtml).toContain(`@font-face { font-family: Cdn; src: url(${assets.get('/cdn.woff2')}) format("woff2"); }`);
    expect(previewHtml).toContain('.hero { background: url(https://secure.example/hero.png) }');
  });

  it('answers an image from the site, sandboxed, for the sandboxed frame; a font readable from it too', async () => {
    const anonymous = t.client();
    const cat = await anonymous.get(assets.get('/cat.jpg')!);
    expect(cat.statusCode).toBe(200);
    expect(cat.headers['content-type']).toBe('image/png');
    expect(cat.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(cat.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(cat.headers['x-content-type-options']).toBe('nosniff');
    expect(cat.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(cat.headers['access-control-allow-origin']).toBeUndefined();
    const font = await anonymous.get(assets.get('/fonts/site.woff2')!);
    expect(font.statusCode).toBe(200);
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['access-control-allow-origin']).toBe('*');
    expect(gallerySite.requests).toEqual(expect.arrayContaining(['/cat.jpg', '/fonts/site.woff2']));
  });

  it("answers a stylesheet with its own URLs made absolute, its http: ones through the preview too", async () => {
    const css = await t.client().get(assets.get('/style.css')!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    const inner = /url\((\/preview\/website-assets\/[^)]+)\)/.exec(css.body)?.[1];
    expect(decodeURIComponent(inner!)).toContain(`?url=${gallerySite.url}/img/from-stylesheet.png`);
    const image = await t.client().get(inner!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(gallerySite.requests).toContain('/img/from-stylesheet.png');
  });

  it('answers a font the site sends as application/octet-stream by what its bytes are, with its font type', async () => {
    const anonymous = t.client();
    const expected: Record<string, string> = { '/fonts/plain.woff2': 'font/woff2', '/fonts/plain.ttf': 'font/ttf', '/fonts/plain.otf': 'font/otf', '/fonts/plain.woff': 'font/woff' };
    for (const [path, type] of Object.entries(expected)) {
      const font = await anonymous.get(assets.get(path)!);
      expect(font.statusCode, path).toBe(200);
      expect(font.headers['content-type'], path).toBe(type);
      expect(font.headers['access-control-allow-origin'], path).toBe('*');
      expect(font.headers['content-security-policy'], path).toBe("sandbox; default-src 'none'");
      expect(font.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await anonymous.get(assets.get('/fonts/plain.ttf')!)).rawPayload).toEqual(Buffer.from([0x00, 0x01, 0x00, 0x00, 0x00, 0x0a, 0x00, 0x80]));
  });

  it("rewrites a stylesheet's @import and url() references, quoted or not, to signed preview paths that load; comments, strings and data: URIs stay", async () => {
    const anonymous = t.client();
    const css = await anonymous.get(assets.get('/imports.css')!);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    const signed = new Map<string, string>();
    for (const match of css.body.matchAll(/\/preview\/website-assets\/[^"')\s]+/g)) signed.set(new URL(new URL(match[0], 'http://lisan').searchParams.get('url')!).pathname, match[0]);
    expect([...signed.keys()].sort()).toEqual(['/img/quoted.png', '/img/unquoted.png', '/more.css', '/print.css', '/remote.woff2']);
    expect(css.body).toContain(`@import "${signed.get('/more.css')}";`);
    expect(css.body).toContain(`@import url('${signed.get('/print.css')}') print;`);
    expect(css.body).toContain(`.a { background: url(${signed.get('/img/unquoted.png')}) }`);
    expect(css.body).toContain(`.b { background: url("${signed.get('/img/quoted.png')}") }`);
    expect(css.body).toContain(`/* Not loaded: url(/img/in-comment.png) and @import "/in-comment.css"; it's a comment */`);
    expect(css.body).toContain(`url("data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg'><rect fill='url(%23g)'/></svg>")`);
    // An https: image stays (the browser loads it as it is); a string that only looks like url() is text.
    expect(css.body).toContain('.d { background: url(https://secure.example/e.png); content: "url(/img/in-string.png)" }');
    // An https: font does not: the sandboxed frame fetches fonts in CORS mode, which a site without the header refuses.
    expect(decodeURIComponent(signed.get('/remote.woff2')!)).toContain('?url=https://fonts.example/remote.woff2');
    expect(css.body).toContain(`@font-face { font-family: Remote; src: url(${signed.get('/remote.woff2')}) format("woff2"); }`);
    for (const path of ['/img/quoted.png', '/img/unquoted.png', '/print.css']) expect((await anonymous.get(signed.get(path)!)).statusCode, path).toBe(200);
    // The imported stylesheet is answered the same way: its own image through the preview, relative to its own address.
    const more = await anonymous.get(signed.get('/more.css')!);
    expect(more.statusCode).toBe(200);
    const fromMore = /url\((\/preview\/website-assets\/[^)]+)\)/.exec(more.body)?.[1];
    expect(decodeURIComponent(fromMore!)).toContain(`?url=${gallerySite.url}/img/from-more.png`);
    expect((await anonymous.get(fromMore!)).headers['content-type']).toBe('image/png');
    expect(gallerySite.requests).toEqual(expect.arrayContaining(['/imports.css', '/more.css', '/print.css', '/img/quoted.png', '/img/unquoted.png', '/img/from-more.png']));
    expect(gallerySite.requests).not.toContain('/img/in-comment.png');
    expect(gallerySite.requests).not.toContain('/in-comment.css');
    expect(gallerySite.requests).not.toContain('/img/in-string.png');
  });

  it("refuses what is no image, stylesheet or font (an untyped file that is no font), a redirect to a private address, what is over the crawler's size cap and an https: stylesheet's unknown host", async () => {
    const anonymous = t.client();
    for (const path of ['/files/report.pdf', '/fonts/fake.woff2', '/redirect-private', '/huge.png', '/theme.css']) {
      const refused = await anonymous.get(assets.get(path)!);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it("fetches no URL the preview did not name, for no other site, and none once the preview's link expired", async () => {
    const anonymous = t.client();
    const cat = assets.get('/cat.jpg')!;
    const elsewhere = cat.replace(/\?url=.*$/, `?url=${encodeURIComponent(`${gallerySite.url}/made-up.png`)}`);
    expect((await anonymous.get(elsewhere)).statusCode).toBe(404);
    expect((await anonymous.get(cat.replace(`/website-assets/${galleryId}/`, `/website-assets/${galleryId + 1}/`))).statusCode).toBe(404);
    expect((await anonymous.get(cat.replace(/\/[\w-]+\?url=/, '/x?url='))).statusCode).toBe(404);
    expect(gallerySite.requests).not.toContain('/made-up.png');
    clockOffsetMs = 13 * 3_600_000;
    try {
      expect((await anonymous.get(cat)).statusCode).toBe(404);
    } finally {
      clockOffsetMs = 0;
    }
  });
});
