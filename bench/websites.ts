// npm run bench:websites [pages]: crawls a generated fixture site (500 pages by default) served
// on loopback, then translates every page, and prints pages per second and peak memory.
// The crawl runs the real job handler (fetch through the SSRF guard, robots.txt, sitemap,
// parse5 segmentation, PGlite writes); the translation uses the local Bergamot engine when
// models are installed in MODELS_DIR, else the deterministic test engine (segment plumbing only).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from '../server/src/config';
import { createContainer } from '../server/src/container';
import { BergamotEngine } from '../server/src/engines/bergamot/engine';
import { createWebsitesRepo } from '../server/src/modules/websites/repo';
import type { SegmentTranslator } from '../server/src/modules/websites/service';
import { createUser } from '../server/test/factories';
import { createTestEngine } from '../server/test/website-engine';
import { markdownTable } from './table';

const PAGES = Number(process.argv[2] ?? 500);
const TARGET_PAGES_PER_SECOND = 20;

const WORDS = 'translation service language website page customer product quality market team report business legal contract price order delivery support account'.split(' ');
const sentence = (seed: number, length: number) =>
  Array.from({ length }, (_, i) => WORDS[(seed * 7 + i * 3) % WORDS.length]).join(' ').replace(/^./, (c) => c.toUpperCase());

/** A page of about 400 words: navigation, headings, paragraphs with inline markup, a table, links onwards. */
function pageHtml(n: number, total: number) {
  const link = (k: number) => `/p/${k % total}`;
  const paragraphs = Array.from(
    { length: 6 },
    (_, i) => `<p>${sentence(n + i, 25)} <a href="${link(n * 3 + i + 1)}" title="${sentence(i, 3)}">${sentence(n + i + 1, 4)}</a>, <strong>${sentence(i, 3)}</strong> and <em>${sentence(n, 5)}</em>.<br>${sentence(n + i + 2, 12)}.</p>`,
  ).join('\n');
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page ${n}: ${sentence(n, 4)}</title>
<meta name="description" content="${sentence(n, 12)}"><link rel="stylesheet" href="/site.css"><script>window.analytics = { page: ${n} };</script></head>
<body><header><nav>${Array.from({ length: 8 }, (_, i) => `<a href="${link(i)}">${sentence(i, 2)}</a>`).join(' ')}</nav></header>
<main><h1>${sentence(n, 6)}</h1><img src="/img/${n}.png" alt="${sentence(n, 5)}">
${paragraphs}
<table><tr><th>${sentence(1, 2)}</th><th>${sentence(2, 2)}</th></tr><tr><td>${sentence(n, 3)}</td><td><code>SKU-${n}</code></td></tr></table>
<ul>${Array.from({ length: 5 }, (_, i) => `<li><a href="${link(n + i + 1)}">${sentence(n + i, 3)}</a></li>`).join('')}</ul></main>
<footer><p translate="no">Lisan Bench Ltd.</p><form><input placeholder="${sentence(n, 2)}"><input type="submit" value="Search"></form></footer></body></html>`;
}

async function startSite(total: number) {
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (url === '/robots.txt') return void response.writeHead(200, { 'content-type': 'text/plain' }).end(`User-agent: *\nAllow: /\nSitemap: http://127.0.0.1:${port}/sitemap.xml\n`);
    if (url === '/sitemap.xml') {
      const locs = Array.from({ length: total }, (_, i) => `<url><loc>http://127.0.0.1:${port}/p/${i}</loc></url>`).join('');
      return void response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`);
    }
    const match = /^\/(?:p\/(\d+))?$/.exec(url);
    if (!match) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pageHtml(Number(match[1] ?? 0), total));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Peak resident memory while `fn` runs, sampled every 25 ms. */
async function measure<T>(fn: () => Promise<T>) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  try {
    const result = await fn();
    return { result, seconds: (performance.now() - started) / 1000, peakMb: Math.max(peak, process.memoryUsage().rss) / 1_048_576 };
  } finally {
    clearInterval(timer);
  }
}

const site = await startSite(PAGES);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-bench-websites-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  DATA_DIR: dataDir,
  MODELS_AUTO_DOWNLOAD: 'false',
  DATABASE_URL: '',
  WEB_FETCH_ALLOW_HOSTS: '127.0.0.1:*',
  WEB_CRAWL_DELAY_MS: '0',
  WEB_CRAWL_MAX_DEPTH: '50',
  WEB_CRAWL_MAX_PAGES: String(PAGES + 10),
});

let engineName = 'test engine (no models installed)';
let translator: SegmentTranslator = createTestEngine().translator;
const local = BergamotEngine.fromDirectory(config.modelsDir, { workers: config.bergamotWorkers });
if (local?.supports('en', 'ar')) {
  engineName = `local Bergamot (${config.bergamotWorkers} workers)`;
  translator = async (segments, job) => ({ translations: await local.translate(segments, job), engine: 'local' });
}

const container = await createContainer(config, 'api', { logger: pino({ level: 'warn' }), segmentTranslator: translator });
const repo = createWebsitesRepo(container.database.db);
const pro = await container.plans.getBySlug('pro');
const user = await createUser(container, { plan_id: pro.id, trial_ends_at: null });
const baseline = process.memoryUsage().rss / 1_048_576;

const website = await repo.createSite({ user_id: user.id, url: site.url, scope: 'site', page_limit: PAGES + 10, title: 'bench', now: new Date() });
const crawl = await measure(() => container.websites.runCrawl({ websiteId: website.id, generation: website.crawl_generation }));
const counts = (await repo.pageCounts([website.id])).get(website.id)!;

const pages = await repo.pagesForTranslation(website.id, 'all');
await repo.markPending(
  pages.filter((p) => !p.skip_reason).map((p) => p.id),
  { target_lang: 'ar', domain: 'general' },
);
const segments = pages.reduce((sum, p) => sum + p.segment_count, 0);
const translate = await measure(() => container.websites.runTranslate({ websiteId: website.id }));
const translated = (await repo.pageCounts([website.id])).get(website.id)!.active;

await local?.close();
await container.close();
await site.close();
await fs.rm(dataDir, { recursive: true, force: true });

const crawlRate = counts.detected / crawl.seconds;
const rows = [
  ['crawl + segmentation', `${counts.detected} pages`, crawl.seconds.toFixed(2), crawlRate.toFixed(1), `${crawl.peakMb.toFixed(0)} MB`, `${TARGET_PAGES_PER_SECOND} pages/s`, crawlRate >= TARGET_PAGES_PER_SECOND ? 'yes' : 'NO'],
  ['translation', `${translated} pages, ${segments} segments`, translate.seconds.toFixed(2), (translated / translate.seconds).toFixed(1), `${translate.peakMb.toFixed(0)} MB`, '-', '-'],
];
const header = ['step', 'work', 'seconds', 'pages/s', 'peak RSS', 'target', 'met'];
console.log(`\nLisan website benchmark (${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} CPUs, PGlite, engine: ${engineName})`);
console.log(`Generated site: ${PAGES} pages of ~400 words; memory before the crawl: ${baseline.toFixed(0)} MB RSS\n`);
console.log(markdownTable(rows.map((row) => Object.fromEntries(header.map((column, i) => [column, row[i]!])))));
process.exit(crawlRate >= TARGET_PAGES_PER_SECOND ? 0 : 1);
