import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { sampleDocx } from '../test/fixtures/docx-fixture';
import { freePort, HttpClient, startLisanProcess, type LisanProcess } from '../test/node-process';
import { S3_TEST_CREDENTIALS, startS3StandIn } from '../test/stand-ins/s3';
import { readZipText } from '../test/fixtures/documents';
import { libreTranslateHandler } from './engines/remote/test-servers/libretranslate';
import { startStandIn, type StandIn } from './engines/remote/test-servers/stand-in';
import { createS3Storage } from './storage/s3';

/**
 * The documented scale-out topology, end to end: two `api` and two `worker` processes, each
 * with its own DATA_DIR, sharing one PostgreSQL database and one S3-compatible store (s3rver).
 * A client alternates between the two apis as a load balancer would. Runs in the PostgreSQL
 * pass of `npm test` (PGlite serves one process).
 */
const ADMIN = { email: 'admin@multinode.test', password: 'multinode-admin-password' };

let db: TestDatabase;
let s3: Awaited<ReturnType<typeof startS3StandIn>>;
const nodes: LisanProcess[] = [];
const dirs: string[] = [];
let apiA: LisanProcess;
let apiB: LisanProcess;
let workers: LisanProcess[];
/** The machine translation service all nodes call (LibreTranslate's wire format); `gate` holds its answers, after `pass` more, when set. */
let mt: StandIn;
let gate: { open: Promise<void>; release: () => void; pass: number } | null = null;

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function objectKeys() {
  const { client } = createS3Storage({ url: `s3://${s3.bucket}`, endpoint: s3.endpoint, forcePathStyle: true, credentials: S3_TEST_CREDENTIALS });
  const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (listed.Contents ?? []).map((object) => object.Key!);
}

/** The verification link from the e-mail a worker wrote to its outbox (quoted-printable decoded). */
async function verificationLink(email: string) {
  for (const worker of workers) {
    const outbox = path.join(worker.dataDir, 'mail');
    for (const name of await fs.readdir(outbox).catch(() => [] as string[])) {
      const raw = (await fs.readFile(path.join(outbox, name), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!raw.includes(email)) continue;
      const match = /https?:\/\/[^\s"<>]+\/email\/verify\/\d+\/[^\s"<>]+/.exec(raw);
      if (match) return new URL(match[0].replace(/&amp;/g, '&'));
    }
  }
  return null;
}

beforeAll(async () => {
  db = await createTestDatabase({ migrated: false });
  s3 = await startS3StandIn('lisan-multinode');
  const answer = libreTranslateHandler();
  mt = await startStandIn(async (request) => {
    if (gate && gate.pass-- <= 0) await gate.open;
    return answer(request);
  });
  const appPort = await freePort();
  const start = async (role: 'api' | 'worker', port?: number) => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `lisan-${role}-`));
    dirs.push(dataDir);
    const node = await startLisanProcess(role, {
      ...s3.env,
      DATABASE_URL: db.url!,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DATABASE_POOL_SIZE: '4',
      LIBRETRANSLATE_URL: mt.url,
      ENGINE_CHAIN: 'libretranslate,dictionary',
      // Several batches per document, so a worker can be stopped between two of them.
      DOC_BATCH_SEGMENTS: '3',
      // Links in e-mails point at api A, as they would at the load balancer.
      APP_URL: `http://127.0.0.1:${appPort}`,
    }, { port });
    nodes.push(node);
    return node;
  };
  // All four start together: migrations run once under the advisory lock.
  const started = await Promise.all([start('api', appPort), start('api'), start('worker'), start('worker')]);
  [apiA, apiB] = started;
  workers = started.slice(2);
}, 600_000);

afterAll(async () => {
  await Promise.all(nodes.map((node) => node.stop('SIGKILL')));
  gate?.release();
  await mt?.close();
  await s3?.stop();
  await db?.drop();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('two api and two worker processes on PostgreSQL and S3 storage', () => {
  const admin = new HttpClient();
  const user = new HttpClient();
  const email = 'nadia@multinode.test';

  it('a session started on one api is used on the other', async () => {
    expect((await admin.post(apiA.url, '/mt/login', ADMIN)).status).toBe(204);
    const me = await admin.get(apiB.url, '/api/user');
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(ADMIN.email);
    expect((await admin.post(apiB.url, '/mt/logout')).status).toBeLessThan(300);
    expect((await admin.get(apiA.url, '/api/user')).status).toBe(401);
    expect((await admin.post(apiB.url, '/mt/login', ADMIN)).status).toBe(204);
  });

  it('registers on one api, verifies through the e-mail a worker sent, and is verified on both', async () => {
    const registered = await user.post(apiB.url, '/mt/register', { name: 'Nadia', email, password: 'a-long-password-1', password_confirmation: 'a-long-password-1' });
    expect(registered.status).toBe(201);
    let link: URL | null = null;
    for (let i = 0; i < 300 && !link; i++) {
      link = await verificationLink(email);
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(link).not.toBeNull();
    // Opening the link leads to the confirm page (it verifies nothing: mail scanners open links); its button POSTs.
    const opened = await user.get(apiA.url, `${link!.pathname}${link!.search}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toContain('status=confirm');
    for (const api of [apiA, apiB]) expect((await (await user.get(api.url, '/api/user')).json()).email_verified_at).toBeFalsy();
    const verified = await user.post(apiA.url, `${link!.pathname}${link!.search}`);
    expect(verified.status).toBe(200);
    expect((await verified.json()).status).toBe('verified');
    for (const api of [apiA, apiB]) expect((await (await user.get(api.url, '/api/user')).json()).email_verified_at).toBeTruthy();
  });

  it('an admin change of a plan on one api is seen on the other at once', async () => {
    const me = await (await user.get(apiA.url, '/api/user')).json();
    const planId = me.plan.id as number;
    const changed = await admin.post(apiA.url, `/api/admin/plans/update/${planId}`, { daily_text_requests: 12, name_en: 'Trial (multi-node)' });
    expect(changed.status).toBe(200);
    const plans = await (await admin.get(apiB.url, '/api/plans')).text();
    expect(plans).toContain('Trial (multi-node)');
    expect((await (await user.get(apiB.url, '/api/user')).json()).request_quota).toBe(12);
  });

  it('translating from both apis at once counts the daily quota exactly: no lost and no double counts', async () => {
    const before = (await (await user.get(apiA.url, '/api/user')).json()).usage.text_requests_today as number;
    const left = 12 - before;
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        user.post(i % 2 ? apiB.url : apiA.url, '/api/translate', { text: `Good morning number ${i}.`, source_lang: 'en', target_lang: 'ar', domain: 'general' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(left);
    expect(statuses.filter((status) => status === 402)).toHaveLength(24 - left);
    for (const api of [apiA, apiB]) expect((await (await user.get(api.url, '/api/user')).json()).usage.text_requests_today).toBe(12);
  });

  it('a document uploaded on one api is translated by a worker and downloaded from the other; its objects live in S3 and go with the entry', async () => {
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await sampleDocx())]), 'report.docx');
    for (const [key, value] of Object.entries({ model: 'general', frontendModel: 'General', source_lang: 'en', target_lang: 'ar' })) form.set(key, value);
    const accepted = await user.request(apiA.url, 'POST', '/api/doc/translate', form);
    expect(accepted.status).toBe(202);
    const projectId = (await accepted.json()).project_id as string;

    let state = '';
    let fileId = '';
    for (let i = 0; i < 600 && state !== 'done' && state !== 'failed'; i++) {
      const status = (await (await user.get(apiB.url, `/api/doc/translated/${projectId}`)).json()).data;
      state = status.state;
      fileId = status.file_id ?? '';
      if (state !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(state).toBe('done');
    const download = await user.get(apiB.url, `/api/translated-file-url/?id=${encodeURIComponent(fileId)}`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');

    // Stored in the shared bucket, not in any process's DATA_DIR.
    const keys = await objectKeys();
    expect(keys.some((key) => key.startsWith('lisan/') && key.includes('documents') && key.includes('result'))).toBe(true);
    for (const node of [apiA, apiB, ...workers]) {
      const local = await fs.readdir(path.join(node.dataDir, 'files'), { recursive: true }).catch(() => [] as string[]);
      expect(local.filter((name) => String(name).includes('result'))).toEqual([]);
    }
    // Someone else cannot download it from either api.
    expect((await admin.get(apiA.url, `/api/translated-file-url/?id=${encodeURIComponent(fileId)}`)).status).toBeGreaterThanOrEqual(403);

    expect((await user.post(apiB.url, '/api/user/translation-history/delete', { project_id: projectId })).status).toBe(200);
    const after = await objectKeys();
    expect(after.filter((key) => key.includes('documents'))).toEqual([]);
  });

  it('the worker processes agree on the database: each job ran once', async () => {
    const jobs = await sql<{ name: string; state: string; retry_count: number }>(`select name, state, retry_count from pgboss.job where name = 'document-translate'`);
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((job) => job.state === 'completed' && job.retry_count === 0)).toBe(true);
  });

  it('a worker SIGKILLed in the middle of a document: the other worker finishes it, nothing lost and nothing charged twice', async () => {
    const usedBefore = (await (await user.get(apiA.url, '/api/user')).json()).usage.doc_requests_this_month as number;
    const paragraphs = Array.from({ length: 12 }, (_, i) => `Hello world, paragraph ${i + 1}.`);
    let release!: () => void;
    gate = { open: new Promise<void>((resolve) => (release = resolve)), release: () => release(), pass: 1 };
    const requestsBefore = mt.requests.length;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(await sampleDocx({ extraParagraphs: paragraphs }))]), 'long report.docx');
    for (const [key, value] of Object.entries({ model: 'general', frontendModel: 'General', source_lang: 'en', target_lang: 'ar' })) form.set(key, value);
    const accepted = await user.request(apiB.url, 'POST', '/api/doc/translate', form);
    expect(accepted.status).toBe(202);
    const projectId = (await accepted.json()).project_id as string;

    // Mid-run: the first batch is translated and saved, the second waits on the MT service.
    let held: string | undefined;
    for (let i = 0; i < 1200 && !held; i++) {
      const [active] = await sql<{ id: string }>(`select id from pgboss.job where name = 'document-translate' and state = 'active'`);
      if (active && mt.requests.length > requestsBefore + 1) held = active.id;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(held).toBeDefined();
    const [before] = await sql<{ batches_done: number }>(`select batches_done from document_jobs where project_id = $1`, [projectId]);
    expect(before!.batches_done).toBe(1);
    const victim = workers.find((worker) => worker.output().split('\n').some((line) => line.includes('"job started"') && line.includes(held!)));
    expect(victim).toBeDefined();
    const survivor = workers.find((worker) => worker !== victim)!;
    await victim!.stop('SIGKILL');
    const killedAt = Date.now();
    gate.release();
    gate = null;

    // The lease lapses without the dead worker's heartbeat; the survivor takes the job over.
    let status: { state: string; file_id?: string } = { state: '' };
    while (Date.now() - killedAt < 120_000 && status.state !== 'done' && status.state !== 'failed') {
      status = (await (await user.get(apiA.url, `/api/doc/translated/${projectId}`)).json()).data;
      if (status.state !== 'done') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(status.state).toBe('done');
    expect(survivor.output()).toContain(held!);
    // pg-boss marks the job completed after its handler returns, a moment after the document's own state.
    const bossJob = async () => (await sql<{ state: string; retry_count: number }>(`select state, retry_count from pgboss.job where id = $1`, [held]))[0];
    await expect.poll(bossJob, { timeout: 15_000, interval: 100 }).toEqual({ state: 'completed', retry_count: 1 });
    const [job] = await sql<{ batch_count: number; batches_done: number }>(`select batch_count, batches_done from document_jobs where project_id = $1`, [projectId]);
    expect(job!.batch_count).toBeGreaterThan(2);
    expect(job!.batches_done).toBe(job!.batch_count);

    // Every paragraph is in the result, translated; the document was counted once.
    const download = await user.get(apiB.url, `/api/translated-file-url/?id=${encodeURIComponent(status.file_id!)}`);
    expect(download.status).toBe(200);
    const file = path.join(dirs[0]!, 'killed-result.docx');
    await fs.writeFile(file, Buffer.from(await download.arrayBuffer()));
    const xml = await readZipText(file, 'word/document.xml');
    for (let i = 1; i <= paragraphs.length; i++) expect(xml).toContain(`مرحبا العالم, paragraph ${i}.`);
    expect((await (await user.get(apiA.url, '/api/user')).json()).usage.doc_requests_this_month).toBe(usedBefore + 1);
  }, 240_000);
});
