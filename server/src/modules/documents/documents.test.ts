import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPlan, createTeam, createUser, signedIn, upload } from '../../../test/documents-helpers';
import { ReversingTestEngine, transliterate } from '../../../test/engines/reversing-engine';
import { docxEntries, readZip, readZipText, withFolderEntries, writeZip, xlsxEntries } from '../../../test/fixtures/documents';
import { sampleDocx } from '../../../test/fixtures/docx-fixture';
import { encryptedPdf } from '../../../test/fixtures/encrypted-pdf';
import { reportPdf } from '../../../test/fixtures/pdf-fixture';
import { tempDir } from '../../../test/fixtures/round-trip';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { EngineError } from '../../engines/types';
import { renderMail, type MailJob } from '../../mail/mailer';
import { segmentTranslatorFromEngine, type SegmentTranslator } from './service';

/**
 * The documents API and the job, on a real database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL). The queue runs without workers here ("api" role): tests run the job
 * handler themselves, as a worker would, to stop it mid-way and resume it.
 */
let t: TestApp;
let dir: string;
const engine = new ReversingTestEngine();
let behaviour: 'ok' | 'transient-once' | 'permanent' = 'ok';
const observed: Array<{ progress: number; batchesDone: number }> = [];
let observeJob: string | null = null;
/** Runs before each engine call (1-based count of this test's calls). */
let beforeCall: ((call: number) => Promise<void>) | null = null;
let calls = 0;

const translator: SegmentTranslator = async (segments, job) => {
  calls++;
  await beforeCall?.(calls);
  if (observeJob) {
    const row = await t.container.database.db.selectFrom('document_jobs').select(['progress', 'batches_done']).where('id', '=', observeJob).executeTakeFirstOrThrow();
    observed.push({ progress: row.progress, batchesDone: row.batches_done });
  }
  if (behaviour === 'permanent') throw new EngineError('test', 'engine refuses this pair', false);
  const result = await segmentTranslatorFromEngine(engine)(segments, job);
  if (!pipelineMarks) return result;
  // As the pipeline answers: memory hits (an approved correction, a fuzzy hit) and the glossary terms each translation carries.
  return {
    ...result,
    origins: segments.map((text) => (text === 'Annual results' ? 'memory-correction' : text.startsWith('Revenue') ? 'memory-fuzzy' : result.engine)),
    glossaryTerms: segments.map((text) => [...(/report/i.test(text) ? [REPORT_TERM] : []), ...(/board/.test(text) ? [BOARD_TERM] : [])]),
  };
};
/** The translator answers with the pipeline's origins and glossary terms (else an engine's plain answer). */
let pipelineMarks = false;
const REPORT_TERM = { source: 'report', target: 'التقرير' };
const BOARD_TERM = { source: 'board', target: 'مجلس الإدارة' };

let docxBytes: Buffer;
const ar = (text: string) => transliterate(text, 'ar');

beforeAll(async () => {
  t = await createTestApp({
    role: 'api',
    startQueue: true,
    env: { DOC_BATCH_SEGMENTS: '3' },
    overrides: { documentTranslator: translator },
  });
  dir = tempDir('lisan-documents-');
  docxBytes = await sampleDocx();
});
afterAll(() => t.close());
beforeEach(() => {
  behaviour = 'ok';
  pipelineMarks = false;
  engine.calls = [];
  engine.failOnCall = null;
  observeJob = null;
  observed.length = 0;
  beforeCall = null;
  calls = 0;
});

const docxFile = (name = 'report.docx') => ({ name, content: docxBytes });

async function queuedMails(): Promise<MailJob[]> {
  const jobs = ((await t.container.queue.boss.fetch('mail-send', { batchSize: 50 })) ?? []) as PgBoss.Job<MailJob>[];
  return jobs.map((job) => job.data);
}

/** The templates of the mails queued to an address (every state: queued, sent or fetched). */
async function mailsTo(email: string) {
  const { rows } = await sql<{ template: string }>`select data->>'template' as template from pgboss.job where name = 'mail-send' and data->>'to' = ${email} order by created_on`.execute(t.container.database.db);
  return rows.map((row) => row.template);
}

async function jobOf(projectId: string) {
  return t.container.database.db.selectFrom('document_jobs').selectAll().where('project_id', '=', projectId).executeTakeFirstOrThrow();
}

let uploads = 0;
/** Each upload from its own address unless told, so the per-IP rate limit (20 a minute) stays out of the way. */
async function start(client: TestClient, file = docxFile(), fields: Record<string, string> = {}, options: { remoteAddress?: string } = {}) {
  const body = await import('../../../test/multipart').then((m) => m.multipart({ model: 'general', frontendModel: 'General', source_lang: 'en', target_lang: 'ar', ...fields }, file));
  uploads++;
  return client.request({ method: 'POST', url: '/api/doc/translate', payload: body.payload, headers: body.headers, remoteAddress: `10.0.${uploads >> 8}.${uploads & 255}`, ...options });
}

describe('POST /api/count-words', () => {
  it('counts the words, characters and format of a document, read by content whatever its name', async () => {
    const client = await signedIn(t, await createUser(t));
    const response = await upload(client, '/api/count-words', docxFile('scan.pdf'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, words: 50, characters: expect.any(Number), format: 'docx', detected_language: 'en' });
  });

  it('answers 422 with the spec messages for unsupported, broken and password-protected files', async () => {
    const client = await signedIn(t, await createUser(t));
    const unsupported = await upload(client, '/api/count-words', { name: 'notes.docx', content: Buffer.from('plain text, not a document') });
    expect(unsupported.statusCode).toBe(422);
    expect(unsupported.json()).toEqual({ message: 'Unsupported file format detected and removed. Please use another file.', errors: { file: ['Unsupported file format detected and removed. Please use another file.'] } });

    const broken = await upload(client, '/api/count-words', { name: 'cut.docx', content: docxBytes.subarray(0, 2000) });
    expect(broken.statusCode).toBe(422);
    // A cut or damaged file says what to do about it, in the user's language.
    expect(broken.json().message).toBe('There is an issue with the uploaded file: it is damaged or incomplete. Open it in the program that made it, save a new copy and upload that.');
    client.locale = 'ar';
    expect((await upload(client, '/api/count-words', { name: 'cut.docx', content: docxBytes.subarray(0, 2000) })).json().message).toBe(
      'توجد مشكلة في الملف المرفوع: فهو تالف أو غير مكتمل. افتحه في البرنامج الذي أنشأه واحفظ نسخة جديدة منه ثم ارفعها.',
    );
    client.locale = 'en';

    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(512)]);
    const locked = await upload(client, '/api/count-words', { name: 'locked.docx', content: ole });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().message).toMatch(/password-protected/);

    // An empty file says so, rather than that something is wrong with it.
    const empty = await upload(client, '/api/count-words', { name: 'empty.docx', content: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('There is an issue with the uploaded file: it is empty. Please choose a file with content.');

    client.locale = 'ar';
    const arabic = await upload(client, '/api/count-words', { name: 'notes.txt', content: Buffer.from('plain') });
    expect(arabic.json().message).toBe('اكتُشفت صيغة ملف غير مدعومة وأُزيلت. يُرجى استخدام ملف آخر.');
    expect((await upload(client, '/api/count-words', { name: 'empty.docx', content: Buffer.alloc(0) })).json().message).toBe('توجد مشكلة في الملف المرفوع: الملف فارغ. يُرجى اختيار ملف له محتوى.');

    client.locale = 'en';
    const missing = await upload(client, '/api/count-words', null, { model: 'general' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.file).toEqual(['The file field is required.']);

    // Two documents in one upload: the form is refused as such, not the (sound) file as damaged.
    const one = multipart({}, { name: 'one.docx', content: docxBytes });
    const boundary = one.headers['content-type'].split('boundary=')[1];
    const second = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="two.docx"\r\nContent-Type: application/octet-stream\r\n\r\nsecond\r\n`);
    const payload = Buffer.concat([one.payload.subarray(0, one.payload.length - `--${boundary}--\r\n`.length), second, Buffer.from(`--${boundary}--\r\n`)]);
    const twoFiles = await client.request({ method: 'POST', url: '/api/count-words', payload, headers: one.headers });
    expect(twoFiles.statusCode).toBe(422);
    expect(twoFiles.json().errors.file).toEqual(['The upload holds more files or fields than a document translation takes: send one document only.']);
  });

  it('refuses a document with nothing to translate (only numbers) when it is counted, before Translate is offered, and makes no job of it', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    const numbers = { name: 'numbers.docx', content: fs.readFileSync(await writeZip(path.join(dir, 'numbers.docx'), docxEntries('<w:p><w:r><w:t>1200 3400 5600</w:t></w:r></w:p><w:p><w:r><w:t>2024</w:t></w:r></w:p>'))) };
    for (const answer of [await upload(client, '/api/count-words', numbers), await start(client, numbers)]) {
      expect(answer.statusCode).toBe(422);
      expect(answer.json().errors.file).toEqual(['There is an issue with the uploaded file: we found no text to translate in it.']);
    }
    expect((await client.request({ method: 'GET', url: '/api/user/translation-history?type=document' })).json().data).toEqual([]);
  });

  it('applies the guest settings to visitors: formats and file size', async () => {
    await t.container.settings.update({ guest_allowed_format: 'docx', guest_file_size: '1' });
    const guest = t.client();
    const xlsx = fs.readFileSync(await writeZip(path.join(dir, 'guest.xlsx'), xlsxEntries([{ name: 'A', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' }], { sharedStrings: ['Hello'] })));
    const refused = await upload(guest, '/api/count-words', { name: 'guest.xlsx', content: xlsx });
    expect(refused.statusCode).toBe(422);
    // A format Lisan reads but guests may not use: the message says which they may.
    expect(refused.json().message).toBe('Your account cannot translate XLSX files; it can translate DOCX. Create an account or choose a plan with more formats.');
    const big = await upload(guest, '/api/count-words', { name: 'big.docx', content: Buffer.concat([docxBytes, Buffer.alloc(1024 * 1024 + 10)]) });
    expect(big.statusCode).toBe(402);
    expect(big.json()).toEqual({ status: 402, type: 'doc_size', message: 'Sorry, this document exceeds the size limit for this plan. Try to upload a smaller document' });
    expect((await upload(guest, '/api/count-words', docxFile())).json()).toMatchObject({ words: 50, format: 'docx' });
  });
});

describe('POST /api/doc/translate: plan limits', () => {
  it('refuses a document with more words than the plan allows', async () => {
    const plan = await createPlan(t, { doc_words: 20 });
    const client = await signedIn(t, await createUser(t, { planId: plan.id }));
    const response = await start(client);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ status: 402, type: 'doc_words', message: 'File words count exceeded to a limit of 20' });
  });

  it('refuses a file larger than the plan allows and a format the plan does not include', async () => {
    const plan = await createPlan(t, { max_file_size_mb: 1, file_formats: ['docx'] });
    const client = await signedIn(t, await createUser(t, { planId: plan.id }));
    const entries: Record<string, string | Buffer> = docxEntries('<w:p><w:r><w:t>Text</w:t></w:r></w:p>');
    entries['word/media/photo.png'] = randomBytes(1_200_000);
    const big = await start(client, { name: 'big.docx', content: fs.readFileSync(await writeZip(path.join(dir, 'big.docx'), entries)) });
    expect(big.statusCode).toBe(402);
    expect(big.json().message).toBe('Sorry, this document exceeds the size limit for this plan. Try to upload a smaller document');
    const xlsx = fs.readFileSync(await writeZip(path.join(dir, 'plan.xlsx'), xlsxEntries([{ name: 'A', rows: '' }], { sharedStrings: ['Hello'] })));
    const format = await start(client, { name: 'plan.xlsx', content: xlsx });
    expect(format.statusCode).toBe(422);
    expect(format.json().message).toMatch(/^Your account cannot translate XLSX files; it can translate [A-Z, ]+\. Create an account or choose a plan with more formats\.$/);
  });

  it('counts documents per month against the quota and gives a failed document back', async () => {
    const plan = await createPlan(t, { monthly_doc_requests: 1 });
    const client = await signedIn(t, await createUser(t, { planId: plan.id }));
    const first = await start(client);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ status: 202, project_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const second = await start(client);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual({ status: 402, type: 'doc_request_quota', message: 'Your request quota exceeds the requests limit' });

    behaviour = 'permanent';
    const job = await jobOf(first.json().project_id);
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect((await jobOf(first.json().project_id)).quota_released).toBe(true);
    behaviour = 'ok';
    expect((await start(client)).statusCode).toBe(202);
  });

  it('refuses an expired trial, the LLM mode without it in the plan, an unverified e-mail and equal languages', async () => {
    const trial = await t.container.plans.getBySlug('free-trial');
    const expired = await signedIn(t, await createUser(t, { planId: trial.id, trialEndsAt: new Date(Date.now() - 86_400_000) }));
    expect((await start(expired)).json()).toEqual({ status: 402, type: 'trial_expired', message: 'Trial period expired' });

    const client = await signedIn(t, await createUser(t, { planId: (await createPlan(t, { llm_enabled: false })).id }));
    expect((await start(client, docxFile(), { model: 'llm', frontendModel: 'LLM' })).json()).toEqual({ status: 402, type: 'plan_feature', message: 'Please upgrade your plan to use this feature. It is part of the Start-up, Pro and Enterprise plans.' });
    const same = await start(client, docxFile(), { source_lang: 'en', target_lang: 'en' });
    expect(same.statusCode).toBe(422);
    expect(same.json().errors.target_lang).toEqual(['The source and target languages must be different.']);

    const unverified = await signedIn(t, await createUser(t, { verified: false }));
    expect((await start(unverified)).statusCode).toBe(450);
  });

  it('detects the source language when asked to, and translates the other way', async () => {
    const client = await signedIn(t, await createUser(t));
    const arabic = fs.readFileSync(await writeZip(path.join(dir, 'arabic.docx'), docxEntries('<w:p><w:r><w:t>هذا تقرير سنوي عن المبيعات</w:t></w:r></w:p>')));
    const response = await start(client, { name: 'arabic.docx', content: arabic }, { source_lang: 'auto', target_lang: '' });
    expect(response.statusCode).toBe(202);
    const job = await jobOf(response.json().project_id);
    expect([job.source_lang, job.target_lang]).toEqual(['ar', 'en']);
    // Detected English with English asked for as the target: Arabic is meant.
    const english = await start(client, docxFile(), { source_lang: 'auto', target_lang: 'en' });
    expect(english.statusCode).toBe(202);
    const second = await jobOf(english.json().project_id);
    expect([second.source_lang, second.target_lang]).toEqual(['en', 'ar']);
  });

  it('lets guests translate by their browser token, within the guest quota counted by token and IP', async () => {
    await t.container.settings.update({ guest_doc_quota: '2', guest_allowed_format: 'docx', guest_file_size: '2' });
    const guest = t.client();
    const ip = { remoteAddress: '203.0.113.7' };
    const noToken = await start(guest, docxFile(), {}, ip);
    expect(noToken.statusCode).toBe(422);
    expect(noToken.json().errors.token).toBeDefined();
    expect((await start(guest, docxFile(), { token: 'guest-token-aaaa' }, ip)).statusCode).toBe(202);
    expect((await start(guest, docxFile(), { token: 'guest-token-aaaa' }, ip)).statusCode).toBe(202);
    // A new token from the same address does not reset the count.
    const third = await start(guest, docxFile(), { token: 'guest-token-bbbb' }, ip);
    expect(third.statusCode).toBe(402);
    expect(third.json().message).toBe('Your request quota exceeds the requests limit');
  });
});

describe('the document-translate job', () => {
  it('goes Analyzing -> Translating -> Generating -> done, saving progress after every batch, and resumes after a crash', async () => {
    const user = await createUser(t, { name: 'Layla' });
    const client = await signedIn(t, user);
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    expect(job.state).toBe('analyzing');
    const initial = await client.get(`/api/doc/translated/${projectId}`);
    expect(initial.json()).toMatchObject({ status: 200, data: { project_id: projectId, state: 'analyzing', progress: 0, file_name: 'report.docx' } });

    // The worker "crashes" in the third batch (the engine call throws; pg-boss would retry).
    observeJob = job.id;
    engine.failOnCall = 3;
    await expect(t.container.documents.runJob(job.id, { retryCount: 0 })).rejects.toThrow('test engine failure');
    const halfway = await jobOf(projectId);
    expect(halfway).toMatchObject({ state: 'translating', batches_done: 2 });
    expect(halfway.batch_count).toBe(5); // 14 segments, 3 per batch
    const status = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    expect(status).toMatchObject({ state: 'translating', progress: halfway.progress });
    expect(status.progress).toBeGreaterThan(5);
    expect(status.progress).toBeLessThan(90);

    // The retry resumes with the third batch: the first two are not translated again.
    const callsBefore = engine.calls.length;
    await t.container.documents.runJob(job.id, { retryCount: 1 });
    expect(engine.calls.length - callsBefore).toBe(3);
    // 13 of the 14 segments need the engine ("1200" does not): batches of 3, 3, 3, 3, 1.
    expect(engine.calls.slice(callsBefore).map((c) => c.segments.length)).toEqual([3, 3, 1]);
    // Progress was saved after every batch, and only grew.
    const progress = observed.map((o) => o.progress);
    expect(observed.map((o) => o.batchesDone)).toEqual([0, 1, 2, 2, 3, 4]);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);

    const done = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    expect(done).toMatchObject({ state: 'done', progress: 100, file_id: expect.any(String), result_name: 'report (ar).docx' });
    expect(done.error).toBeUndefined();

    const download = await client.get(`/api/translated-file-url/?id=${done.file_id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''report%20%28ar%29.docx");
    const file = path.join(dir, 'download.docx');
    fs.writeFileSync(file, download.rawPayload);
    const xml = await readZipText(file, 'word/document.xml');
    expect(xml).toContain(ar('Michael'));
    expect(xml).toContain('<w:bidi/>');

    const mails = (await queuedMails()).filter((m) => m.to === user.email);
    expect(mails).toHaveLength(1);
    const rendered = renderMail(mails[0]!);
    expect(rendered.subject).toBe('Your translated document is ready');
    expect(rendered.text).toContain('report.docx');
    expect(rendered.text).toContain(`/api/translated-file-url/?id=${done.file_id}`);
    // Intermediate results are cleaned up once the file is written.
    expect(await t.container.database.db.selectFrom('document_job_batches').selectAll().where('job_id', '=', job.id).execute()).toHaveLength(0);
  });

  it('keeps what memory and glossaries did with each saved batch: the finished status adds up the batches of every run', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    pipelineMarks = true;
    // Nothing to say before the document is done.
    expect((await client.get(`/api/doc/translated/${projectId}`)).json().data.applied).toBeNull();

    engine.failOnCall = 3;
    await expect(t.container.documents.runJob(job.id, { retryCount: 0 })).rejects.toThrow('test engine failure');
    const saved = await t.container.database.db.selectFrom('document_job_batches').select(['batch_index', 'applied']).where('job_id', '=', job.id).orderBy('batch_index').execute();
    expect(saved.map((row) => row.batch_index)).toEqual([0, 1]);
    expect(saved.every((row) => row.applied !== null)).toBe(true);
    expect((await client.get(`/api/doc/translated/${projectId}`)).json().data).toMatchObject({ state: 'translating', applied: null });
    expect((await historyEntries(client)).find((entry) => entry.project_id === projectId)).toMatchObject({ state: 'translating', applied: null });

    await t.container.documents.runJob(job.id, { retryCount: 1 });
    const done = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    expect(done.state).toBe('done');
    // The header and Michael's paragraph carry "report", the signature line "board"; the heading
    // is an approved correction and the revenue line came from memory (a fuzzy hit): batches
    // saved before the crash and after it.
    expect(done.applied).toEqual({
      memory_segments: 1,
      memory_fuzzy_segments: 1,
      correction_segments: 1,
      glossary_terms: [
        { ...REPORT_TERM, count: 2 },
        { ...BOARD_TERM, count: 1 },
      ],
      glossary_term_count: 2,
    });
    // Stored with the job (its batches are gone), not recomputed.
    expect((await jobOf(projectId)).applied).toEqual(done.applied);
    // The history list shows it on the document's entry, read with the page.
    expect((await historyEntries(client)).find((entry) => entry.project_id === projectId)?.applied).toEqual(done.applied);
    // The "ready" mail says so too, in the user's language (Arabic: its plural forms, its arrow and comma).
    const [mail] = (await queuedMails()).filter((m) => m.to === user.email);
    expect(renderMail(mail!).text).toContain('1 sentence shows your approved correction instead of the machine translation.');
    expect(renderMail(mail!).text).toContain('1 sentence came from your translation memory, including 1 with only its numbers changed.');
    expect(renderMail(mail!).text).toContain('Glossary applied: 2 terms (\u2068report\u2069 → \u2068التقرير\u2069, \u2068board\u2069 → \u2068مجلس الإدارة\u2069).');
    const arabic = renderMail({ ...mail!, locale: 'ar' }).text;
    expect(arabic).toContain('تعرض جملة واحدة تصحيحك المعتمد بدلًا من الترجمة الآلية.');
    expect(arabic).toContain('أُخذت جملة واحدة من ذاكرة ترجماتك، منها جملة واحدة تغيّرت أرقامها فقط.');
    expect(arabic).toContain('طُبِّق المسرد: مصطلحان (\u2068report\u2069 ← \u2068التقرير\u2069، \u2068board\u2069 ← \u2068مجلس الإدارة\u2069).');

    // Deleting the entry leaves a tombstone without it.
    expect((await client.post('/api/user/translation-history/delete', { project_id: projectId })).statusCode).toBe(200);
    expect((await jobOf(projectId)).applied).toBeNull();
  });

  it('fails clearly when the engine refuses: reason in the status and an e-mail in the user’s language, quota given back', async () => {
    const user = await createUser(t, { locale: 'ar', name: 'ليلى' });
    const client = await signedIn(t, user, 'ar');
    const { project_id: projectId } = (await start(client)).json();
    behaviour = 'permanent';
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 0 });
    const job = await jobOf(projectId);
    expect(job).toMatchObject({ state: 'failed', quota_released: true, error_key: 'documents.error_engine' });
    const status = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    expect(status).toMatchObject({ state: 'failed', error: { key: 'documents.error_engine', message: 'حدث خطأ ما. يُرجى التواصل مع الدعم أو المحاولة مرة أخرى' } });
    const mail = (await queuedMails()).find((m) => m.to === user.email)!;
    const rendered = renderMail(mail);
    expect(rendered.subject).toBe('تعذّرت ترجمة مستندك');
    expect(rendered.text).toContain('حدث خطأ ما');
    expect(rendered.html).toContain('dir="rtl"');
  });

  it('fails an unreadable file at once, without retrying it', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    // The stored source gets damaged after the upload was accepted.
    await t.container.storage.put(job.source_key, Buffer.from('no longer a zip'));
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect(await jobOf(projectId)).toMatchObject({ state: 'failed', error_key: 'documents.error_broken_file' });
    expect(engine.calls).toHaveLength(0);
  });

  it('translates a DOCX whose zip has folder entries (`_rels/`, `word/`, as `zip -r` writes them) to done', async () => {
    const plain = path.join(dir, 'plain.docx');
    fs.writeFileSync(plain, docxBytes);
    const folders = await writeZip(path.join(dir, 'folders.docx'), withFolderEntries(await readZip(plain)));
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client, { name: 'folders.docx', content: fs.readFileSync(folders) })).json();
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 0 });
    const job = await jobOf(projectId);
    expect(job).toMatchObject({ state: 'done', error_key: null });
    const result = path.join(dir, 'folders-result.docx');
    fs.writeFileSync(result, (await t.container.storage.get(job.result_key!))!);
    expect(await readZipText(result, 'word/document.xml')).toContain(ar('results'));
  });

  it('gives up after the last retry of a failing engine', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client)).json();
    engine.failOnCall = 1;
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 3 });
    expect(await jobOf(projectId)).toMatchObject({ state: 'failed', quota_released: true });
  });
});

describe('who may see a document', () => {
  it('only its owner: anyone else gets 404 as for an unknown id (not told it exists), guests need their own token', async () => {
    const owner = await signedIn(t, await createUser(t));
    const other = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(owner)).json();
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 0 });
    const fileId = (await owner.get(`/api/doc/translated/${projectId}`)).json().data.file_id;
    const unknown = await owner.get('/api/doc/translated/00000000-0000-4000-8000-000000000000');
    // Status, download and cancel answer someone else's document exactly as an unknown one: the contract's envelope.
    for (const refused of [
      await other.get(`/api/doc/translated/${projectId}`),
      await other.get(`/api/translated-file-url/?id=${fileId}`),
      await t.client().get(`/api/translated-file-url/?id=${fileId}`),
      await other.post(`/api/documents/${projectId}/cancel`, {}),
      unknown,
    ]) {
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Not found.' });
    }
    // The "document ready" e-mail's link opened in a browser that is not signed in: the sign-in page, coming back to it.
    const link = `/api/translated-file-url/?id=${fileId}`;
    for (const headers of [{ 'sec-fetch-mode': 'navigate', accept: 'text/html,*/*' }, { accept: 'text/html,application/xhtml+xml' }]) {
      const followed = await t.app.inject({ method: 'GET', url: link, headers });
      expect(followed.statusCode).toBe(303);
      expect(followed.headers.location).toBe(`/login?next=${encodeURIComponent(link)}`);
    }
    // The web app's own request (fetch) of a visitor not signed in is refused as before; a signed-in stranger too.
    expect((await t.app.inject({ method: 'GET', url: link, headers: { 'sec-fetch-mode': 'cors', accept: 'text/html,*/*' } })).statusCode).toBe(404);
    expect((await other.get(link, { 'sec-fetch-mode': 'navigate' })).statusCode).toBe(404);
    expect((await owner.get('/api/translated-file-url/?id=not-a-uuid')).statusCode).toBe(422);

    await t.container.settings.update({ guest_doc_quota: '5' });
    const guest = t.client();
    const ip = { remoteAddress: '198.51.100.20' };
    const guestProject = (await start(guest, docxFile(), { token: 'guest-token-owner1' }, ip)).json().project_id;
    await t.container.documents.runJob((await jobOf(guestProject)).id, { retryCount: 0 });
    const mine = await guest.get(`/api/doc/translated/${guestProject}?token=guest-token-owner1`);
    expect(mine.json().data.state).toBe('done');
    const otherToken = await guest.get(`/api/doc/translated/${guestProject}?token=guest-token-other1`);
    expect(otherToken.statusCode).toBe(404);
    expect(otherToken.json()).toEqual({ message: 'Not found.' });
    expect((await guest.get(`/api/translated-file-url/?id=${mine.json().data.file_id}&token=guest-token-other1`)).statusCode).toBe(404);
    expect((await guest.get(`/api/translated-file-url/?id=${mine.json().data.file_id}&token=guest-token-owner1`)).statusCode).toBe(200);
  });
});

describe('teams', () => {
  it('a member translates within the team owner’s plan, and the team’s LLM switch applies', async () => {
    const plan = await createPlan(t, { doc_words: 20, llm_enabled: true });
    const owner = await createUser(t, { planId: plan.id });
    const member = await createUser(t);
    await createTeam(t, owner, [{ user: member, role: 5 }], { llmEnabled: false });
    const client = await signedIn(t, member);
    expect((await start(client)).json()).toEqual({ status: 402, type: 'doc_words', message: 'File words count exceeded to a limit of 20' });
    expect((await start(client, docxFile(), { model: 'llm', frontendModel: 'LLM' })).json()).toEqual({ status: 402, type: 'llm_disabled', message: 'LLM feature disabled by the account manager' });
  });

  it('the team’s owner and managers may see and download a member’s document; other members may not', async () => {
    const owner = await createUser(t);
    const manager = await createUser(t);
    const member = await createUser(t);
    const colleague = await createUser(t);
    await createTeam(t, owner, [
      { user: manager, role: 4 },
      { user: member, role: 5 },
      { user: colleague, role: 5 },
    ]);
    await t.container.database.db.updateTable('users').set({ plan_id: (await createPlan(t)).id }).where('id', '=', owner.id).execute();
    const memberClient = await signedIn(t, member);
    const { project_id: projectId } = (await start(memberClient)).json();
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 0 });
    const fileId = (await memberClient.get(`/api/doc/translated/${projectId}`)).json().data.file_id;
    for (const [user, allowed] of [
      [owner, true],
      [manager, true],
      [colleague, false],
    ] as const) {
      const client = await signedIn(t, (await t.container.users.findById(user.id))!);
      expect((await client.get(`/api/doc/translated/${projectId}`)).statusCode).toBe(allowed ? 200 : 404);
      expect((await client.get(`/api/translated-file-url/?id=${fileId}`)).statusCode).toBe(allowed ? 200 : 404);
    }
  });
});

describe('password-protected PDFs', () => {
  const locked = () => ({ name: 'board minutes.pdf', content: encryptedPdf({ userPassword: 'secret' }) });
  const message = 'There is an issue with the uploaded file: it is password-protected. Remove the password and upload it again.';

  it('the fixture is a real encrypted PDF: it opens with its password and not without', async () => {
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    await expect(getDocument({ data: new Uint8Array(locked().content), verbosity: 0 }).promise).rejects.toMatchObject({ name: 'PasswordException' });
    const document = await getDocument({ data: new Uint8Array(locked().content), password: 'secret', verbosity: 0 }).promise;
    const text = await (await document.getPage(1)).getTextContent();
    expect(text.items.map((item) => ('str' in item ? item.str : '')).join('')).toBe('Quarterly report for the board');
    await document.destroy();
  });

  it('count-words and translate answer 422 with a clear message in both languages, and the filters keep working', async () => {
    const client = await signedIn(t, await createUser(t));
    const counted = await upload(client, '/api/count-words', locked());
    expect(counted.statusCode).toBe(422);
    expect(counted.json()).toEqual({ message, errors: { file: [message] } });

    const translated = await start(client, locked());
    expect(translated.statusCode).toBe(422);
    expect(translated.json()).toEqual({ message, errors: { file: [message] } });
    expect(await t.container.database.db.selectFrom('document_jobs').select('id').where('file_name', '=', 'board minutes.pdf').execute()).toEqual([]);

    client.locale = 'ar';
    const arabic = 'توجد مشكلة في الملف المرفوع: فهو محمي بكلمة مرور. أزل كلمة المرور ثم ارفعه مرة أخرى.';
    expect((await upload(client, '/api/count-words', locked())).json().message).toBe(arabic);
    expect((await start(client, locked())).json().message).toBe(arabic);

    // The worker threads that read the files are still there for the next upload.
    client.locale = 'en';
    expect((await upload(client, '/api/count-words', docxFile())).json()).toMatchObject({ status: 200, words: 50 });
  });

  it('a job whose stored PDF turns out to be password-protected fails with the reason, without retrying', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client, { name: 'survey.pdf', content: Buffer.from(await reportPdf({ pages: 1 })) })).json();
    const job = await jobOf(projectId);
    await t.container.storage.put(job.source_key, locked().content);
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect(await jobOf(projectId)).toMatchObject({ state: 'failed', error_key: 'documents.error_encrypted', quota_released: true });
    expect((await client.get(`/api/doc/translated/${projectId}`)).json().data.error.message).toBe(message);
    expect(engine.calls).toHaveLength(0);
  });
});

async function historyEntries(client: TestClient) {
  return (await client.get('/api/user/translation-history?type=document')).json().data as Array<Record<string, unknown>>;
}

async function historyState(projectId: string) {
  const row = await t.container.database.db.selectFrom('history_entries').select(['state', 'file_id']).where('project_id', '=', projectId).executeTakeFirst();
  return row ?? null;
}

/** The job's stored files (source, segments, result) on disk. */
function storedFiles(job: { source_key: string }) {
  const folder = path.join(t.dataDir, 'files', ...path.posix.dirname(job.source_key).split('/'));
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
}

describe('documents in the history', () => {
  it('a finished document whose run stopped before its wrap-up (a crash) has its history entry written and its mail queued once by the job’s next run', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    const { project_id: projectId } = (await start(client, docxFile('Stopped.docx'))).json();
    const job = await jobOf(projectId);
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    const done = await historyState(projectId);
    expect(done).toMatchObject({ state: 'done', file_id: expect.any(String) });
    expect((await jobOf(projectId)).wrapped_up_at).not.toBeNull();
    expect(await mailsTo(user.email)).toEqual(['documentReady']);
    // As a stop right after the job's own state would leave it.
    await t.container.database.db.updateTable('history_entries').set({ state: 'generating', file_id: null }).where('project_id', '=', projectId).execute();
    await t.container.database.db.updateTable('document_jobs').set({ wrapped_up_at: null }).where('id', '=', job.id).execute();
    await t.container.documents.runJob(job.id, { retryCount: 1 });
    expect(await historyState(projectId)).toEqual(done);
    expect((await jobOf(projectId)).wrapped_up_at).not.toBeNull();
    // The mail was queued by the first run; the second queues nothing more.
    expect(await mailsTo(user.email)).toEqual(['documentReady']);
  });

  it('a failed document whose run stopped before its wrap-up has its unit given back once, its entry and its mail, by the job’s next runs', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    const { project_id: projectId } = (await start(client, docxFile('Refused.docx'))).json();
    const job = await jobOf(projectId);
    const entitled = await t.container.entitlements.entitlementsFor({ user });
    const documentsUsed = () => t.container.entitlements.used(entitled, 'documents');
    expect(await documentsUsed()).toBe(1);
    behaviour = 'permanent';
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect(await jobOf(projectId)).toMatchObject({ state: 'failed', quota_released: true, wrapped_up_at: expect.any(Date) });
    expect(await documentsUsed()).toBe(0);
    expect(await mailsTo(user.email)).toEqual(['documentFailed']);

    // As a stop right after the job's failed state would leave it: the unit still taken, the
    // entry still translating, no wrap-up.
    expect((await t.container.entitlements.consume(entitled, 'documents')).allowed).toBe(true);
    await t.container.database.db.updateTable('document_jobs').set({ quota_released: false, wrapped_up_at: null }).where('id', '=', job.id).execute();
    await t.container.database.db.updateTable('history_entries').set({ state: 'translating' }).where('project_id', '=', projectId).execute();
    await t.container.documents.runJob(job.id, { retryCount: 1 });
    expect(await documentsUsed()).toBe(0);
    expect(await historyState(projectId)).toEqual({ state: 'failed', file_id: null });
    expect(await mailsTo(user.email)).toEqual(['documentFailed']);

    // A stop after the unit went back, before the wrap-up's mark: the next run does not give it back twice.
    await t.container.database.db.updateTable('document_jobs').set({ wrapped_up_at: null }).where('id', '=', job.id).execute();
    await t.container.documents.runJob(job.id, { retryCount: 2 });
    expect(await documentsUsed()).toBe(0);
    expect(await jobOf(projectId)).toMatchObject({ quota_released: true, wrapped_up_at: expect.any(Date) });
  });


  it('a signed-in user’s document is a history entry whose state follows the job, linking the file when done', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client, docxFile('Annual report.docx'), { model: 'business', frontendModel: 'Business' })).json();
    expect(await historyEntries(client)).toEqual([
      { project_id: projectId, type: 'document', channel: 'web', source_lang: 'en', target_lang: 'ar', domain: 'business', title: 'Annual report.docx', preview: '', created_at: expect.any(String), state: 'analyzing', applied: null },
    ]);

    const seen: Array<string | undefined> = [];
    beforeCall = async () => void seen.push((await historyState(projectId))?.state);
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 0 });
    expect(new Set(seen)).toEqual(new Set(['translating']));

    const status = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    const [entry] = await historyEntries(client);
    expect(entry).toMatchObject({ project_id: projectId, state: 'done', file_id: status.file_id, applied: status.applied });
    expect(status.applied).toMatchObject({ memory_segments: expect.any(Number) });
    const detail = (await client.get(`/api/user/translation-history/${projectId}`)).json().data;
    expect(detail).toMatchObject({ type: 'document', title: 'Annual report.docx', state: 'done', file_id: status.file_id });
    expect(detail.detail).toEqual({
      state: 'done',
      progress: 100,
      file_name: 'Annual report.docx',
      format: 'docx',
      words: 50,
      pages: null,
      file_id: status.file_id,
      result_name: 'Annual report (ar).docx',
      download_url: `/api/translated-file-url/?id=${status.file_id}`,
    });
    const download = await client.get(detail.detail.download_url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Annual%20report%20%28ar%29.docx");
  });

  it('a failed document’s entry says failed, with the reason in the user’s language; guests get no entry', async () => {
    const client = await signedIn(t, await createUser(t, { locale: 'ar' }), 'ar');
    const { project_id: projectId } = (await start(client)).json();
    behaviour = 'permanent';
    await t.container.documents.runJob((await jobOf(projectId)).id, { retryCount: 0 });
    const [entry] = await historyEntries(client);
    expect(entry).toMatchObject({ project_id: projectId, state: 'failed' });
    expect(entry!.file_id).toBeUndefined();
    const detail = (await client.get(`/api/user/translation-history/${projectId}`)).json().data.detail;
    expect(detail).toMatchObject({ state: 'failed', file_name: 'report.docx', error: { key: 'documents.error_engine', message: 'حدث خطأ ما. يُرجى التواصل مع الدعم أو المحاولة مرة أخرى' } });
    expect(detail.file_id).toBeUndefined();

    behaviour = 'ok';
    await t.container.settings.update({ guest_doc_quota: '50', guest_allowed_format: 'docx', guest_file_size: '2' });
    const guest = await start(t.client(), docxFile(), { token: 'guest-token-history' }, { remoteAddress: '198.51.100.77' });
    expect(guest.statusCode).toBe(202);
    await t.container.documents.runJob((await jobOf(guest.json().project_id)).id, { retryCount: 0 });
    expect(await historyState(guest.json().project_id)).toBeNull();
  });

  it('deleting the entry deletes the document’s files and rows; the document still counts against the monthly quota', async () => {
    const plan = await createPlan(t, { monthly_doc_requests: 1 });
    const client = await signedIn(t, await createUser(t, { planId: plan.id }));
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    const done = await jobOf(projectId);
    expect(storedFiles(job)).toEqual(['result.docx', 'source.docx']);
    expect(await t.container.storage.size(done.result_key!)).toBeGreaterThan(0);

    const deleted = await client.post('/api/user/translation-history/delete', { project_id: projectId });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles(job)).toEqual([]);
    expect(await t.container.storage.size(done.result_key!)).toBeNull();
    expect(await t.container.storage.size(job.source_key)).toBeNull();
    expect(await historyEntries(client)).toEqual([]);
    expect((await client.get(`/api/doc/translated/${projectId}`)).statusCode).toBe(404);
    expect((await client.get(`/api/translated-file-url/?id=${done.file_id}`)).statusCode).toBe(404);
    // Only a tombstone is left: no name, no keys, no batches.
    expect(await jobOf(projectId)).toMatchObject({ file_name: '', result_key: null, file_id: null, deleted_at: expect.any(Date) });

    expect((await client.get('/api/user')).json().usage.doc_requests_this_month).toBe(1);
    expect((await start(client)).json()).toMatchObject({ status: 402, type: 'doc_request_quota' });
  });

  it('automatic deletion removes expired documents with their files, also one still being translated', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    await client.post('/api/user/auto-delete-settings', { auto_delete: '1d' });
    const finished = (await start(client, docxFile('old.docx'))).json().project_id as string;
    await t.container.documents.runJob((await jobOf(finished)).id, { retryCount: 0 });
    const running = (await start(client, docxFile('running.docx'))).json().project_id as string;
    engine.failOnCall = engine.calls.length + 3; // stops mid-way with two batches saved, as a worker awaiting its retry
    await expect(t.container.documents.runJob((await jobOf(running)).id, { retryCount: 0 })).rejects.toThrow('test engine failure');
    const fresh = (await start(client, docxFile('fresh.docx'))).json().project_id as string;
    const jobs = await Promise.all([finished, running, fresh].map(jobOf));
    expect(jobs.map(storedFiles)).toEqual([['result.docx', 'source.docx'], ['segments.json', 'source.docx'], ['source.docx']]);

    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.container.database.db.updateTable('history_entries').set({ created_at: twoDaysAgo }).where('project_id', 'in', [finished, running]).execute();
    expect(await t.container.history.deleteExpired()).toBe(2);

    expect(jobs.map(storedFiles)).toEqual([[], [], ['source.docx']]);
    expect((await historyEntries(client)).map((e) => e.title)).toEqual(['fresh.docx']);
    expect(await t.container.database.db.selectFrom('document_job_batches').selectAll().where('job_id', '=', jobs[1]!.id).execute()).toEqual([]);
    // The retry of the deleted job finds nothing to do.
    const callsBefore = engine.calls.length;
    await t.container.documents.runJob(jobs[1]!.id, { retryCount: 1 });
    expect(engine.calls.length).toBe(callsBefore);
  });

  it('a guest’s finished document goes after the guest retention; tombstones of past months go for good', async () => {
    await t.container.settings.update({ guest_doc_quota: '10', guest_allowed_format: 'docx', guest_file_size: '2' });
    const guest = t.client();
    const projectId = (await start(guest, docxFile('guest.docx'), { token: 'guest-token-retention' })).json().project_id as string;
    const job = await jobOf(projectId);
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect(storedFiles(job)).toEqual(['result.docx', 'source.docx']);

    // Within the retention (24 hours by default) nothing moves.
    expect(await t.container.documents.purgeExpired()).toMatchObject({ guests: 0 });
    expect(storedFiles(job)).toEqual(['result.docx', 'source.docx']);

    // Finished two days ago: its files go, and the row stays as a tombstone this month (the guest quota still counts it).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.container.database.db.updateTable('document_jobs').set({ finished_at: twoDaysAgo }).where('id', '=', job.id).execute();
    expect(await t.container.documents.purgeExpired()).toMatchObject({ guests: 1 });
    expect(storedFiles(job)).toEqual([]);
    expect((await guest.get(`/api/doc/translated/${projectId}?token=guest-token-retention`)).statusCode).toBe(404);
    // The usage ledger still counts it: at a quota of one, the guest's next document this month is refused.
    await t.container.settings.update({ guest_doc_quota: '1' });
    expect((await start(guest, docxFile('second.docx'), { token: 'guest-token-retention' })).json()).toMatchObject({ status: 402, type: 'doc_request_quota' });

    // Created in an earlier month: the tombstone itself is deleted.
    const lastMonth = new Date(Date.now() - 40 * 86_400_000);
    await sql`update document_jobs set created_at = ${lastMonth} where id = ${job.id}`.execute(t.container.database.db);
    expect((await t.container.documents.purgeExpired()).tombstones).toBeGreaterThanOrEqual(1);
    expect(await t.container.database.db.selectFrom('document_jobs').select('id').where('id', '=', job.id).executeTakeFirst()).toBeUndefined();
  });

  it('a document deleted while it is translated stops, and nothing of it is left', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    beforeCall = async (call) => {
      if (call === 2) expect((await client.post('/api/user/translation-history/delete', { project_id: projectId })).statusCode).toBe(200);
    };
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect(calls).toBe(2);
    expect(storedFiles(job)).toEqual([]);
    expect(await t.container.database.db.selectFrom('document_job_batches').selectAll().where('job_id', '=', job.id).execute()).toEqual([]);
    expect(await historyState(projectId)).toBeNull();
    // Canceled by the deletion: it is not counted against the month.
    expect(await jobOf(projectId)).toMatchObject({ state: 'canceled', quota_released: true, deleted_at: expect.any(Date) });
    expect((await client.get('/api/user')).json().usage.doc_requests_this_month).toBe(0);
  });
});

describe('POST /api/documents/{projectId}/cancel', () => {
  const cancel = (client: TestClient, projectId: string, token?: string) => client.post(`/api/documents/${projectId}/cancel`, token ? { token } : {});
  const used = async (client: TestClient) => (await client.get('/api/user')).json().usage.doc_requests_this_month as number;
  const batchesOf = (jobId: string) => t.container.database.db.selectFrom('document_job_batches').select('batch_index').where('job_id', '=', jobId).execute();

  it('the owner cancels a document being translated: the job stops at its next batch, nothing of it is offered, its unit goes back', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    expect(await used(client)).toBe(1);
    let canceled: Awaited<ReturnType<typeof cancel>> | undefined;
    beforeCall = async (call) => {
      if (call === 2) canceled = await cancel(client, projectId);
    };
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    expect(calls).toBe(2);
    expect(canceled!.statusCode).toBe(200);
    expect(canceled!.json().data).toMatchObject({ project_id: projectId, state: 'canceled', error: { key: 'documents.canceled', message: 'Translation canceled.' } });
    expect(canceled!.json().data.file_id).toBeUndefined();
    expect(await jobOf(projectId)).toMatchObject({ state: 'canceled', quota_released: true, result_key: null, file_id: null, deleted_at: null });
    expect(storedFiles(job)).toEqual([]);
    expect(await batchesOf(job.id)).toEqual([]);
    expect(await historyState(projectId)).toEqual({ state: 'canceled', file_id: null });
    expect(await used(client)).toBe(0);
    // Its status says so, in the reader's language; a retry of the job does nothing.
    const status = await client.get(`/api/doc/translated/${projectId}`, { 'accept-language': 'ar' });
    expect(status.json().data).toMatchObject({ state: 'canceled', error: { message: 'أُلغيت الترجمة.' } });
    await t.container.documents.runJob(job.id, { retryCount: 1 });
    expect(calls).toBe(2);
    expect((await jobOf(projectId)).state).toBe('canceled');
  });

  it('a guest cancels by the browser token that follows the document; another token, another user or an unknown id get 404', async () => {
    await t.container.settings.update({ guest_doc_quota: '1', guest_allowed_format: 'docx', guest_file_size: '2' });
    const guest = t.client();
    const ip = { remoteAddress: '203.0.113.40' };
    const { project_id: projectId } = (await start(guest, docxFile(), { token: 'guest-token-cancel' }, ip)).json();
    const stranger = await signedIn(t, await createUser(t));
    for (const response of [await cancel(guest, projectId), await cancel(guest, projectId, 'guest-token-other'), await cancel(stranger, projectId), await cancel(guest, '00000000-0000-4000-8000-000000000000', 'guest-token-cancel')]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
    expect((await jobOf(projectId)).state).toBe('analyzing');
    const invalid = await guest.post('/api/documents/not-a-uuid/cancel', { token: 'guest-token-cancel' });
    expect(invalid.statusCode).toBe(422);

    const canceled = await guest.request({ method: 'POST', url: `/api/documents/${projectId}/cancel`, payload: { token: 'guest-token-cancel' }, ...ip });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data.state).toBe('canceled');
    // The guest quota of one is free again: the canceled document is not counted.
    expect((await start(guest, docxFile(), { token: 'guest-token-cancel' }, ip)).statusCode).toBe(202);
  });

  it('a finished or failed document cannot be canceled (409) and stays counted as it was', async () => {
    const client = await signedIn(t, await createUser(t));
    const done = (await start(client)).json().project_id as string;
    await t.container.documents.runJob((await jobOf(done)).id, { retryCount: 0 });
    behaviour = 'permanent';
    const failed = (await start(client)).json().project_id as string;
    await t.container.documents.runJob((await jobOf(failed)).id, { retryCount: 0 });
    expect(await used(client)).toBe(1);
    for (const projectId of [done, failed]) {
      const response = await cancel(client, projectId);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: 'This translation has already ended, so it can no longer be canceled.' });
    }
    expect([(await jobOf(done)).state, (await jobOf(failed)).state]).toEqual(['done', 'failed']);
    expect(await used(client)).toBe(1);
    const arabic = await client.post(`/api/documents/${done}/cancel`, {}, { 'accept-language': 'ar' });
    expect(arabic.json().message).toBe('انتهت هذه الترجمة، فلم يعد إلغاؤها ممكنًا.');
  });

  it('canceled twice at once: one cancel wins, the other is 409, and the unit goes back once', async () => {
    const client = await signedIn(t, await createUser(t));
    const first = (await start(client)).json().project_id as string;
    await start(client);
    expect(await used(client)).toBe(2);
    const answers = await Promise.all([cancel(client, first), cancel(client, first)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await used(client)).toBe(1);
    expect((await cancel(client, first)).statusCode).toBe(409);
    expect(await used(client)).toBe(1);
  });

  it('racing the job’s end: either the cancel wins (canceled, no file, not counted) or the job does (done, counted, 409), never both', async () => {
    const client = await signedIn(t, await createUser(t));
    const { project_id: projectId } = (await start(client)).json();
    const job = await jobOf(projectId);
    // The last batch is translated; the cancel is sent while the file is generated and saved.
    let answer: Promise<Awaited<ReturnType<typeof cancel>>> | undefined;
    beforeCall = async () => {
      const row = await jobOf(projectId);
      if (row.batch_count > 0 && row.batches_done === row.batch_count - 1) answer = cancel(client, projectId);
    };
    await t.container.documents.runJob(job.id, { retryCount: 0 });
    const response = await answer!;
    const row = await jobOf(projectId);
    if (response.statusCode === 200) {
      expect(row).toMatchObject({ state: 'canceled', quota_released: true, file_id: null });
      expect(storedFiles(job)).toEqual([]);
      expect(await used(client)).toBe(0);
    } else {
      expect(response.statusCode).toBe(409);
      expect(row).toMatchObject({ state: 'done', quota_released: false });
      expect(storedFiles(job)).toEqual(['result.docx', 'source.docx']);
      expect(await used(client)).toBe(1);
    }
    expect(await historyState(projectId)).toMatchObject({ state: row.state });
  });
});

describe('GET /api/user usage', () => {
  const usageOf = async (client: TestClient) => (await client.get('/api/user')).json().usage;

  it('counts this month’s documents, without the failed ones given back', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    expect(await usageOf(client)).toEqual({ text_requests_today: 0, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: 0 });
    const first = (await start(client)).json().project_id;
    await start(client);
    expect((await usageOf(client)).doc_requests_this_month).toBe(2);
    behaviour = 'permanent';
    await t.container.documents.runJob((await jobOf(first)).id, { retryCount: 0 });
    expect((await usageOf(client)).doc_requests_this_month).toBe(1);
    // Last month's documents do not count (the usage ledger keeps each month apart).
    await sql`update usage_ledger set period_start = '2020-01-01' where subject = ${`user:${user.id}`} and metric = 'documents'`.execute(t.container.database.db);
    expect((await usageOf(client)).doc_requests_this_month).toBe(0);
  });

  it('a team member sees the count the quota check uses: the team’s documents, within the owner’s plan limit', async () => {
    const plan = await createPlan(t, { monthly_doc_requests: 1 });
    const owner = await createUser(t, { planId: plan.id });
    const member = await createUser(t);
    await createTeam(t, owner, [{ user: member, role: 5 }]);
    const memberClient = await signedIn(t, member);
    const ownerClient = await signedIn(t, (await t.container.users.findById(owner.id))!);
    expect((await start(memberClient)).statusCode).toBe(202);
    // The team shares the owner's quota (as it shares the daily texts): both see the team's count.
    expect((await usageOf(memberClient)).doc_requests_this_month).toBe(1);
    expect((await usageOf(ownerClient)).doc_requests_this_month).toBe(1);
    expect((await memberClient.get('/api/user')).json().doc_request_quota).toBe(1);
    // The quota check agrees: the team is at the limit, for the member and the owner alike.
    expect((await start(memberClient)).json()).toMatchObject({ status: 402, type: 'doc_request_quota' });
    expect((await start(ownerClient)).json()).toMatchObject({ status: 402, type: 'doc_request_quota' });
    // The team page still shows whose document it was.
    const team = (await ownerClient.get('/api/team')).json().data;
    expect(team.usage.doc_requests_this_month).toBe(1);
    expect(team.members.find((m: { id: number }) => m.id === member.id).usage.doc_requests_this_month).toBe(1);
  });
});
