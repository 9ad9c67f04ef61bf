import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSharedTestDatabase, openSharedTestDatabase, testDatabaseUrl, testEngine } from '../test/database';
import { createUser } from '../test/factories';
import { readZipText } from '../test/fixtures/documents';
import { sampleDocx } from '../test/fixtures/docx-fixture';
import { memoryTransport, testConfig } from '../test/harness';
import { freePort, HttpClient, startLisanProcess, type LisanProcess } from '../test/node-process';
import { S3_TEST_CREDENTIALS, startS3StandIn } from '../test/stand-ins/s3';
import { startSmtpStandIn, type SmtpStandIn } from '../test/stand-ins/smtp';
import { startStripeStandIn, type StripeStandIn } from '../test/stand-ins/stripe';
import { createContainer } from './container';
import { libreTranslateHandler } from './engines/remote/test-servers/libretranslate';
import { startStandIn, type StandIn } from './engines/remote/test-servers/stand-in';
import { createS3Storage } from './storage/s3';

/**
 * Fault injection against the real process (issue 17 item 10): `server/src/main.ts all` on this
 * pass's database (a PGlite directory, or a PostgreSQL database), its file storage in an S3
 * stand-in, its mail through an SMTP stand-in, its payments through a Stripe stand-in, its
 * machine translation through a LibreTranslate stand-in. Each fault is placed by a stand-in
 * that holds a request until the test is done with it, never by a sleep:
 * - kill -9 while a document, a website crawl, a mail and a billing renewal are all in
 *   flight; restart; each finishes once (no lost work, no double charge, no duplicate mail);
 * - (PostgreSQL) the process's database backends terminated under a request: a clean 503,
 *   then the next requests succeed without a restart;
 * - no room left while a result is stored: that job fails with the reason, the process
 *   lives on and the next document goes through.
 * The counts are printed as a table at the end; nothing may be lost.
 */

const OWNER = 'fault-owner@example.com';
const NEWCOMER = 'fault-newcomer@example.com';
const PASSWORD = 'fault-suite-password-1';
const STRIPE = { secretKey: 'sk_test_faults', webhookSecret: 'whsec_faults' };
const PARAGRAPHS = Array.from({ length: 12 }, (_, i) => `Hello world, paragraph ${i + 1}.`);
const SITE_PAGES = ['/', '/one', '/two', '/three', '/four'];
/** The page of the small site whose answer the crawl is waiting for when the process dies. */
const HELD_PAGE = '/three';

interface FaultCount {
  fault: string;
  injected: number;
  survived: number;
  lost: number;
}
const faults = new Map<string, FaultCount>();
const KILL_FAULTS = { document: 'kill -9 mid-document', crawl: 'kill -9 mid website crawl', mail: 'kill -9 mid mail send', renewal: 'kill -9 mid billing renewal' };
const DB_FAULT = 'database backends terminated mid-request';
const DISK_FAULT = 'no room to store a result';
const count = (name: string) => faults.get(name) ?? faults.set(name, { fault: name, injected: 0, survived: 0, lost: 0 }).get(name)!;

let dataDir: string;
let target: string;
let dropDatabase: () => Promise<void>;
let mt: StandIn;
let smtp: SmtpStandIn;
let stripe: StripeStandIn;
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
let site: Awaited<ReturnType<typeof startSmallSite>>;
let env: Record<string, string>;
let port: number;
/** The billing sweep queued before the first start (the one the kill interrupts). */
let sweepJobId: string;
let lisan: LisanProcess;
const processes: LisanProcess[] = [];
const owner = new HttpClient();
const newcomer = new HttpClient();
/** Held requests let go at the end, so no stand-in keeps a connection open. */
const releases: Array<() => void> = [];
/** The machine translation stand-in holds its request number `mtHoldAt` (1-based) until released. */
let mtHoldAt = 0;
let mtHeld: (() => void) | null = null;

/** A five-page site on loopback; the first request of HELD_PAGE waits until `release()`. */
async function startSmallSite() {
  const requests: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const heldReached = new Promise<void>((resolve) => (reached = resolve));
  const page = (name: string) =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Page ${name}</title></head><body><h1>Welcome to page ${name}</h1><p>Hello world from the ${name} page.</p>${SITE_PAGES.map((p) => `<a href="${p}">${p}</a>`).join(' ')}</body></html>`;
  const server = http.createServer((request, response) => {
    const url = request.url ?? '/';
    requests.push(url);
    if (!SITE_PAGES.includes(url)) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      return response.end('not found');
    }
    const answer = () => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page(url === '/' ? 'home' : url.slice(1)));
    };
    if (url === HELD_PAGE && requests.filter((r) => r === HELD_PAGE).length === 1) {
      reached();
      response.on('error', () => {});
      void released.then(() => response.destroyed || answer());
      return;
    }
    answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const sitePort = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${sitePort}`,
    port: sitePort,
    requests,
    heldReached,
    release,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)?.slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    value = await read();
  }
  return value;
}

const json = async (response: Response) => {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
};

async function startLisan() {
  lisan = await startLisanProcess('all', env, { port });
  processes.push(lisan);
  return lisan;
}

async function uploadDocument(name: string, content: Buffer) {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(content)]), name);
  for (const [key, value] of Object.entries({ model: 'general', frontendModel: 'General', source_lang: 'en', target_lang: 'ar' })) form.set(key, value);
  const accepted = await owner.request(lisan.url, 'POST', '/api/doc/translate', form);
  expect(accepted.status, await accepted.clone().text()).toBe(202);
  return (await json(accepted)).project_id as string;
}

const documentStatus = async (projectId: string) => (await json(await owner.get(lisan.url, `/api/doc/translated/${projectId}`))).data as { state: string; progress: number; file_id?: string; error?: { key: string; message: string } };
const usage = async () => (await json(await owner.get(lisan.url, '/api/user'))).usage as { doc_requests_this_month: number; web_pages_this_month: number };

async function bucketKeys() {
  const { client } = createS3Storage({ url: `s3://${s3.bucket}`, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

/**
 * The database as the process finds it on its first start: migrated, the owner on a paid plan
 * with a card saved at Stripe and a monthly subscription whose period has just ended, and the
 * billing sweep queued (the 15-minute cron would queue the same job).
 */
async function seed() {
  const database = await openSharedTestDatabase(target);
  const container = await createContainer(testConfig({ DATA_DIR: dataDir }), 'api', { database, logger: pino({ level: 'silent' }), mailTransport: memoryTransport() });
  await container.start();
  const { db } = container.database;
  const hobbyist = await container.plans.getBySlug('hobbyist');
  const user = await createUser(container, { email: OWNER, name: 'Fault Owner', password: PASSWORD, plan_id: hobbyist.id, trial_ends_at: null });
  const card = stripe.savedCard(OWNER);
  const now = new Date();
  await db.insertInto('billing_accounts').values({ user_id: user.id, gateway: 'stripe', customer_ref: card.customerId, selected_plan_id: null, selected_frequency: null, selected_seats: null, updated_at: now }).execute();
  await db.insertInto('payment_cards').values({ user_id: user.id, gateway: 'stripe', token: card.paymentMethodId, brand: card.brand, last4: card.last4, exp_month: 12, exp_year: 2030, holder_name: 'Fault Owner', verified_at: now, updated_at: now }).execute();
  await db
    .insertInto('subscriptions')
    .values({
      user_id: user.id,
      plan_id: hobbyist.id,
      frequency: 'monthly',
      seats: 1,
      status: 'active',
      gateway: 'stripe',
      current_period_start: new Date(now.getTime() - 31 * 86_400_000),
      current_period_end: new Date(now.getTime() - 60_000),
      next_plan_id: null,
      next_frequency: null,
      next_seats: null,
      ended_at: null,
      end_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const sweepJobId = await container.queue.send('billing-sweep', {});
  await container.close();
  return sweepJobId!;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-faults-'));
  ({ target, drop: dropDatabase } = await createSharedTestDatabase(path.join(dataDir, 'db')));
  const translate = libreTranslateHandler();
  mt = await startStandIn(async (request) => {
    if (request.path === '/translate' && mt.requests.filter((r) => r.path === '/translate').length === mtHoldAt) {
      await new Promise<void>((resolve) => {
        releases.push(resolve);
        mtHeld?.();
      });
    }
    return translate(request);
  });
  [smtp, stripe, s3, site, port] = await Promise.all([startSmtpStandIn(), startStripeStandIn(STRIPE), startS3StandIn('lisan-faults', { fillable: true }), startSmallSite(), freePort()]);
  releases.push(site.release);
  sweepJobId = await seed();
  env = {
    DATA_DIR: dataDir,
    ...(testDatabaseUrl ? { DATABASE_URL: target, DATABASE_POOL_SIZE: '4' } : {}),
    ...s3.env,
    MAIL_URL: smtp.url,
    STRIPE_SECRET_KEY: STRIPE.secretKey,
    STRIPE_WEBHOOK_SECRET: STRIPE.webhookSecret,
    STRIPE_API_URL: stripe.url,
    LIBRETRANSLATE_URL: mt.url,
    ENGINE_CHAIN: 'libretranslate,dictionary',
    // A held request stays held: no engine, fetch or router timeout ends it before the kill.
    ENGINE_TIMEOUT_MS: '600000',
    ENGINE_HTTP_TIMEOUT_MS: '600000',
    ENGINE_RETRIES: '0',
    WEB_FETCH_TIMEOUT_MS: '120000',
    WEB_FETCH_ALLOW_HOSTS: `127.0.0.1:${site.port}`,
    WEB_CRAWL_DELAY_MS: '0',
    DOC_BATCH_SEGMENTS: '3',
    MODELS_AUTO_DOWNLOAD: 'false',
  };
}, 120_000);

afterAll(async () => {
  await Promise.all(processes.map((node) => node.stop('SIGKILL')));
  for (const release of releases) release();
  await Promise.all([mt?.close(), smtp?.close(), stripe?.close(), s3?.stop(), site?.close()]);
  await dropDatabase?.();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });

  const rows = [...faults.values()];
  const total = rows.reduce((sum, row) => ({ fault: 'total', injected: sum.injected + row.injected, survived: sum.survived + row.survived, lost: sum.lost + row.lost }), { fault: 'total', injected: 0, survived: 0, lost: 0 });
  const width = Math.max(...[...rows, total].map((row) => row.fault.length), 5);
  const line = (cells: Array<string | number>) => `${String(cells[0]).padEnd(width)}  ${cells.slice(1).map((cell) => String(cell).padStart(8)).join('  ')}`;
  console.log([`Fault injection (${testEngine})`, line(['fault', 'injected', 'survived', 'lost']), ...rows.map((row) => line([row.fault, row.injected, row.survived, row.lost])), line(['total', total.injected, total.survived, total.lost])].join('\n'));
  expect(total.lost, 'work lost to injected faults').toBe(0);
});

describe(`faults injected into the real process (${testEngine})`, () => {
  /** What was in flight when the process was killed. */
  const inFlight = { projectId: '', websiteId: 0, heldMessageId: '', renewalKey: '', heldBatch: [] as string[], firstBatch: [] as string[] };

  it('kill -9 with a document, a website crawl, a mail and a billing renewal in flight; a restart finishes each', async () => {
    // The renewal's charge is taken by Stripe and its answer kept on its way until the kill.
    const charge = stripe.interceptAnswers((request) => request.path === '/v1/payment_intents', 'hold');
    releases.push(charge.release);
    const mail = smtp.holdData((message) => message.to.includes(NEWCOMER));
    releases.push(mail.release);
    const batchHeld = new Promise<void>((resolve) => (mtHeld = resolve));

    await startLisan();
    // The queued billing sweep runs at once: its renewal charge is the first thing held.
    await charge.reached();
    const login = await owner.post(lisan.url, '/mt/login', { email: OWNER, password: PASSWORD });
    expect(login.status).toBe(204);

    // The document's second batch waits on the MT service, the crawl on one page, the newcomer's
    // verification mail on the SMTP server's answer to its DATA.
    mtHoldAt = mt.requests.filter((r) => r.path === '/translate').length + 2;
    const [projectId, website, registered] = await Promise.all([
      uploadDocument('long report.docx', await sampleDocx({ extraParagraphs: PARAGRAPHS })),
      owner.post(lisan.url, '/api/websites', { url: `${site.url}/`, scope: 'site' }).then(json),
      newcomer.post(lisan.url, '/mt/register', { name: 'New Reader', email: NEWCOMER, password: PASSWORD, password_confirmation: PASSWORD }),
    ]);
    expect(registered.status).toBe(201);
    inFlight.projectId = projectId;
    inFlight.websiteId = website.data?.id ?? website.id;
    expect(inFlight.websiteId).toBeGreaterThan(0);
    await Promise.all([batchHeld, site.heldReached, mail.reached()]);

    // All four are mid-way: one batch of the document saved, the crawl still running, the mail
    // and the charge sent and not answered.
    expect(await documentStatus(projectId)).toMatchObject({ state: 'translating' });
    expect((await json(await owner.get(lisan.url, `/api/websites/${inFlight.websiteId}`))).data.state).toBe('crawling');
    const translateCalls = mt.requests.filter((r) => r.path === '/translate');
    inFlight.firstBatch = [translateCalls.at(-2)!.body.q].flat();
    inFlight.heldBatch = [translateCalls.at(-1)!.body.q].flat();
    expect(smtp.delivered.filter((m) => m.to.includes(NEWCOMER))).toEqual([]);
    inFlight.heldMessageId = smtp.held.find((m) => m.to.includes(NEWCOMER))!.messageId;
    expect(inFlight.heldMessageId).toMatch(/^<[0-9a-f-]{36}@/);
    const charges = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(charges).toHaveLength(1);
    inFlight.renewalKey = String(charges[0]!.headers['idempotency-key']);

    await lisan.stop('SIGKILL');
    for (const name of Object.values(KILL_FAULTS)) count(name).injected += 1;
    // The SMTP server saw its client go before it answered: that message was not delivered.
    await waitFor('the held mail to be dropped with its connection', async () => smtp.discarded.length, (n) => n === 1, 10_000);

    await startLisan();
    // Leased jobs of a dead process are taken over once their lease lapses (30-40 s).
    await waitFor(
      'the document, the crawl, the mail and the renewal to finish after the restart',
      async () => ({
        document: (await documentStatus(projectId)).state,
        crawl: (await json(await owner.get(lisan.url, `/api/websites/${inFlight.websiteId}`))).data.state,
        mail: smtp.delivered.filter((m) => m.to.includes(NEWCOMER)).length,
        invoice: (await json(await owner.get(lisan.url, '/api/user/invoices'))).data[0]?.status,
      }),
      (state) => ['done', 'failed'].includes(state.document) && state.crawl !== 'crawling' && state.mail > 0 && state.invoice === 'paid',
      150_000,
    );
  }, 300_000);

  it('the document finishes once: every paragraph translated, saved batches not sent again, counted once', async () => {
    const status = await documentStatus(inFlight.projectId);
    const download = await owner.get(lisan.url, `/api/translated-file-url/?id=${encodeURIComponent(status.file_id ?? '')}`);
    const file = path.join(dataDir, 'resumed.docx');
    await fs.writeFile(file, Buffer.from(await download.arrayBuffer()));
    const xml = status.state === 'done' ? await readZipText(file, 'word/document.xml') : '';
    const missing = PARAGRAPHS.filter((_, i) => !xml.includes(`مرحبا العالم, paragraph ${i + 1}.`));
    count(KILL_FAULTS.document).lost += status.state === 'done' ? missing.length : PARAGRAPHS.length;
    expect(status).toMatchObject({ state: 'done', progress: 100 });
    expect(missing).toEqual([]);
    expect((await usage()).doc_requests_this_month).toBe(1);
    // The batch saved before the kill went to the engine once; the held one twice.
    const sent = mt.requests.filter((r) => r.path === '/translate').map((r) => JSON.stringify([r.body.q].flat()));
    expect(sent.filter((q) => q === JSON.stringify(inFlight.firstBatch))).toHaveLength(1);
    expect(sent.filter((q) => q === JSON.stringify(inFlight.heldBatch))).toHaveLength(2);
    count(KILL_FAULTS.document).survived += 1;
  });

  it('the crawl finishes once: each page listed once with its text, and translating them counts each page once', async () => {
    const listed = (await json(await owner.get(lisan.url, `/api/websites/${inFlight.websiteId}/pages?per_page=100`))).data as Array<{ url: string; words: number; skip_reason: string | null; status: string }>;
    const paths = listed.map((page) => new URL(page.url).pathname);
    count(KILL_FAULTS.crawl).lost += SITE_PAGES.filter((p) => !paths.includes(p)).length;
    expect((await json(await owner.get(lisan.url, `/api/websites/${inFlight.websiteId}`))).data.state).toBe('ready');
    expect([...paths].sort()).toEqual([...SITE_PAGES].sort());
    for (const page of listed) expect(page, page.url).toMatchObject({ skip_reason: null, status: 'Detected', words: expect.any(Number) });
    expect(listed.every((page) => page.words > 0)).toBe(true);
    expect(site.requests.filter((r) => r === HELD_PAGE)).toHaveLength(2); // the held fetch and the one after the restart

    expect((await usage()).web_pages_this_month).toBe(0);
    const translate = await owner.post(lisan.url, `/api/websites/${inFlight.websiteId}/translate`, { page_ids: 'all', target_lang: 'ar', domain: 'general' });
    expect(translate.status).toBe(202);
    await waitFor('the pages to be translated', async () => (await json(await owner.get(lisan.url, `/api/websites/${inFlight.websiteId}`))).data.pages, (pages) => pages.pending === 0 && pages.active === SITE_PAGES.length, 60_000);
    expect((await usage()).web_pages_this_month).toBe(SITE_PAGES.length);
    count(KILL_FAULTS.crawl).survived += 1;
  });

  it('the mail is delivered exactly once, with the Message-ID its interrupted attempt had', async () => {
    const delivered = smtp.delivered.filter((m) => m.to.includes(NEWCOMER));
    count(KILL_FAULTS.mail).lost += delivered.length ? 0 : 1;
    expect(smtp.discarded.map((m) => m.messageId)).toEqual([inFlight.heldMessageId]);
    expect(delivered.map((m) => m.messageId)).toEqual([inFlight.heldMessageId]);
    // No mail of the whole suite went out twice.
    const ids = smtp.delivered.map((m) => m.messageId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    count(KILL_FAULTS.mail).survived += 1;
  });

  it('the renewal is charged once and invoiced once: the charge cut off by the kill is settled with its idempotency key', async () => {
    const invoices = (await json(await owner.get(lisan.url, '/api/user/invoices'))).data as Array<{ number: string; kind: string; status: string }>;
    const renewals = invoices.filter((invoice) => invoice.kind === 'renewal');
    count(KILL_FAULTS.renewal).lost += renewals.some((invoice) => invoice.status === 'paid') ? 0 : 1;
    expect(renewals.map((invoice) => invoice.status)).toEqual(['paid']);
    const charges = stripe.requests.filter((r) => r.path === '/v1/payment_intents');
    expect(charges.map((c) => c.headers['idempotency-key'])).toEqual([inFlight.renewalKey, inFlight.renewalKey]);
    expect(inFlight.renewalKey).toBe(`${renewals[0]!.number}-1`);
    const taken = [...stripe.intents.values()].filter((intent) => intent.description === `Lisan ${renewals[0]!.number}`);
    expect(taken).toHaveLength(1);
    // The "invoice paid" mail goes through the mail queue after the invoice is marked paid: wait for it.
    const paidMails = () => smtp.delivered.filter((m) => m.to.includes(OWNER) && m.text.includes(renewals[0]!.number));
    await waitFor('the invoice-paid mail', async () => paidMails().length, (n) => n > 0, 60_000);
    expect(paidMails()).toHaveLength(1);
    count(KILL_FAULTS.renewal).survived += 1;
  });

  // PGlite runs inside the process: it has no connection to lose, so this fault exists on PostgreSQL only.
  if (testDatabaseUrl) {
    it('the database backends terminated under a request: a clean 503, then the next requests succeed without a restart', async () => {
      const admin = new pg.Client({ connectionString: target });
      await admin.connect();
      try {
        // The request's query waits on a lock this connection holds, so the termination finds it mid-way.
        await admin.query('begin');
        await admin.query('lock table history_entries in access exclusive mode');
        const pending = owner.get(lisan.url, '/api/user/translation-history');
        await waitFor('the request to wait on the lock', async () => (await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`)).rows[0].n, (n) => n > 0, 20_000);
        const { rows } = await admin.query(`select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`);
        count(DB_FAULT).injected += 1;
        expect(rows.length).toBeGreaterThan(0);
        await admin.query('rollback');
        // A process that died with its connections answers neither (fetch fails): that is counted, then reported.
        const answer = await pending.catch(() => null);
        const body = answer && (await json(answer));
        const recovered = await owner.get(lisan.url, '/api/user/translation-history').catch(() => null);
        count(DB_FAULT).lost += lisan.child.exitCode === null && recovered?.status === 200 ? 0 : 1;
        expect(lisan.child.exitCode, lisan.output().slice(-3000)).toBeNull();
        expect(answer?.status).toBe(503);
        expect(answer?.headers.get('retry-after')).toBe('5');
        expect(body).toEqual({ message: 'The service is briefly unavailable. Please try again in a moment.' });
        expect(recovered?.status).toBe(200);
        expect((await owner.get(lisan.url, '/api/user')).status).toBe(200);
        count(DB_FAULT).survived += 1;
      } finally {
        await admin.end();
      }
    });
  }

  it('no room to store a result: that document fails with the reason, nothing half-written is kept, and the process goes on', async () => {
    const before = await usage();
    const resultsBefore = (await bucketKeys()).filter((key) => /\/result\.\w+$/.test(key));
    s3.fill((key) => /\/result\.\w+$/.test(key));
    count(DISK_FAULT).injected += 1;
    const projectId = await uploadDocument('full disk.docx', await sampleDocx());
    const failed = await waitFor('the document to stop', () => documentStatus(projectId), (status) => status.state === 'done' || status.state === 'failed', 60_000);
    s3.free();
    expect(s3.refused.some((key) => key.endsWith('/result.docx'))).toBe(true);
    expect(failed).toMatchObject({ state: 'failed', error: { key: 'documents.error_storage_full', message: 'There was no room left to store the translated file. Please try again later.' } });
    expect(failed.file_id).toBeUndefined();
    expect((await bucketKeys()).filter((key) => /\/result\.\w+$/.test(key))).toEqual(resultsBefore);
    // The owner is told why, by mail too; the failed document is not counted.
    const told = await waitFor('the failure mail', async () => smtp.delivered.filter((m) => m.to.includes(OWNER) && m.text.includes('full disk.docx')), (mails) => mails.length > 0, 30_000);
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('There was no room left to store the translated file. Please try again later.');
    expect(await usage()).toEqual(before);
    // The process serves the next request and runs the next job.
    expect(lisan.child.exitCode).toBeNull();
    expect((await fetch(`${lisan.url}/api/health`)).status).toBe(200);
    const next = await uploadDocument('after the disk was freed.docx', await sampleDocx());
    const done = await waitFor('the next document', () => documentStatus(next), (status) => status.state === 'done' || status.state === 'failed', 60_000);
    count(DISK_FAULT).lost += lisan.child.exitCode === null && done.state === 'done' ? 0 : 1;
    expect(done.state).toBe('done');
    // Its "ready" mail is the last mail of the suite: the queue is idle once it is delivered.
    await waitFor('the ready mail', async () => smtp.delivered.filter((m) => m.to.includes(OWNER) && m.text.includes('after the disk was freed.docx')).length, (n) => n === 1, 30_000);
    count(DISK_FAULT).survived += 1;
  }, 150_000);

  it('after a clean stop, the database agrees: every job completed, one renewal invoice, the interrupted mail sent once in two attempts', async () => {
    await lisan.stop('SIGTERM');
    const database = await openSharedTestDatabase(target);
    try {
      const { db } = database;
      // (The cron may have queued a sweep of its own meanwhile: only the one the kill hit is checked.)
      const jobs = (await database.executeSql(`select id, name, state, retry_count from pgboss.job where name in ('document-translate', 'website-crawl', 'website-translate', 'mail-send') or id = $1`, [sweepJobId])).rows as Array<{ id: string; name: string; state: string; retry_count: number }>;
      expect(jobs.filter((job) => job.state !== 'completed')).toEqual([]);
      // The jobs the kill interrupted ran twice, no more.
      expect(jobs.find((job) => job.id === sweepJobId)).toMatchObject({ state: 'completed', retry_count: 1 });
      for (const name of ['document-translate', 'website-crawl', 'mail-send']) expect(Math.max(...jobs.filter((job) => job.name === name).map((job) => job.retry_count)), name).toBe(1);
      const user = await db.selectFrom('users').select('id').where('email', '=', OWNER).executeTakeFirstOrThrow();
      const renewals = await db.selectFrom('invoices').select(['period_start', 'status', 'attempts']).where('user_id', '=', user.id).where('kind', '=', 'renewal').execute();
      expect(renewals).toEqual([{ period_start: expect.any(Date), status: 'paid', attempts: 1 }]);
      const deliveries = await db.selectFrom('mail_deliveries').selectAll().execute();
      expect(deliveries.every((row) => row.sent_at !== null)).toBe(true);
      expect(deliveries.find((row) => row.message_id === inFlight.heldMessageId)).toMatchObject({ attempts: 2 });
      const killed = await db.selectFrom('document_jobs').select(['state', 'attempts']).where('project_id', '=', inFlight.projectId).executeTakeFirstOrThrow();
      expect(killed).toEqual({ state: 'done', attempts: 2 });
    } finally {
      await database.close();
    }
  });
});
