import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as deepl from 'deepl-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createPlan, createTeam, createUser, signedIn } from '../../../test/documents-helpers';
import { sampleDocx } from '../../../test/fixtures/docx-fixture';
import { readZipText } from '../../../test/fixtures/documents';
import { reportPdf } from '../../../test/fixtures/pdf-fixture';
import { multipart } from '../../../test/multipart';
import { createKey, deeplOptions, keyUsage, userWithKey } from './testing';

/** deepl-node's documents and glossaries, and the LibreTranslate file route, against the web app's pipelines. */
let t: TestApp;
let serverUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ startQueue: true });
  serverUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-deepl-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const translator = (key: string) => new deepl.Translator(key, deeplOptions(serverUrl));

describe('deepl-node documents', () => {
  it('translateDocument: a DOCX and a PDF through the document pipeline, history marked as API', async () => {
    const { key, user, id } = await userWithKey(t);
    const client = translator(key);
    const docx = path.join(dir, 'report.docx');
    await fs.writeFile(docx, await sampleDocx());
    const out = path.join(dir, 'report-ar.docx');
    const status = await client.translateDocument(docx, out, 'en', 'ar');
    expect(status.done()).toBe(true);
    expect(status.billedCharacters).toBeGreaterThan(100);
    expect(await readZipText(out, 'word/document.xml')).toMatch(/\p{Script=Arabic}/u);

    const pdf = path.join(dir, 'survey.pdf');
    await fs.writeFile(pdf, await reportPdf({ pages: 1 }));
    const pdfOut = path.join(dir, 'survey-ar.docx');
    const pdfStatus = await client.translateDocument(pdf, pdfOut, null, 'ar');
    expect(pdfStatus.done()).toBe(true);
    expect(await readZipText(pdfOut, 'word/document.xml')).toMatch(/\p{Script=Arabic}/u);

    const history = await t.container.database.db.selectFrom('history_entries').select(['type', 'channel']).where('user_id', '=', user.id).execute();
    expect(history).toEqual([
      { type: 'document', channel: 'api' },
      { type: 'document', channel: 'api' },
    ]);
    expect((await keyUsage(t, id)).documents).toBe(2);
  });

  it('an unsupported file is a DeepL 400, a wrong document key is refused, and another account cannot see the document', async () => {
    const { key } = await userWithKey(t);
    const bad = multipart({ target_lang: 'AR' }, { name: 'notes.txt', content: Buffer.from('just some text') });
    const refused = await t.app.inject({ method: 'POST', url: '/v2/document', payload: bad.payload, headers: { ...bad.headers, authorization: `DeepL-Auth-Key ${key}` } });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json())).toEqual(['message']);

    const handle = await translator(key).uploadDocument(await sampleDocx(), null, 'ar', { filename: 'r.docx' });
    const { key: strangerKey } = await userWithKey(t);
    await expect(translator(strangerKey).getDocumentStatus(handle)).rejects.toThrow(/Not found/);
    await expect(translator(key).getDocumentStatus({ ...handle, documentKey: 'wrong' })).rejects.toBeInstanceOf(deepl.DeepLError);
    const status = await translator(key).getDocumentStatus(handle);
    expect(status.ok()).toBe(true);
  });

  it("a team key's document is read by the team's keys; a key of another team gets the stranger's 404 for its status and result", async () => {
    const plan = await createPlan(t, { api_enabled: true, is_team: true });
    const owner = await createUser(t, { planId: plan.id });
    const manager = await createUser(t, { planId: plan.id });
    await createTeam(t, owner, [{ user: manager, role: 4 }]);
    const teamKey = await createKey(await signedIn(t, owner), 'Team', true);
    const managerKey = await createKey(await signedIn(t, manager), 'Manager', true);
    const handle = await translator(teamKey.key).uploadDocument(await sampleDocx(), null, 'ar', { filename: 'team.docx' });
    await translator(teamKey.key).isDocumentTranslationComplete(handle);

    const otherOwner = await createUser(t, { planId: plan.id });
    await createTeam(t, otherOwner, []);
    const otherKey = await createKey(await signedIn(t, otherOwner), 'Other team', true);
    // The route's own answers, read raw: the same 404 as for a document that does not exist, so the id tells nothing.
    const ask = (key: string, suffix: string) =>
      t.app.inject({ method: 'POST', url: `/v2/document/${handle.documentId}${suffix}`, headers: { authorization: `DeepL-Auth-Key ${key}` }, payload: { document_key: handle.documentKey } });
    for (const suffix of ['', '/result']) {
      const refused = await ask(otherKey.key, suffix);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: 'Document not found.' });
      for (const key of [teamKey.key, managerKey.key]) expect((await ask(key, suffix)).statusCode).toBe(200);
    }
    expect((await ask(managerKey.key, '')).json()).toMatchObject({ document_id: handle.documentId, status: 'done' });
  });
});

describe('/v2/document parameters and unknown documents', () => {
  const upload = (key: string, fields: Record<string, string>, file: { name: string; content: Buffer }) => {
    const form = multipart(fields, file);
    return t.app.inject({ method: 'POST', url: '/v2/document', payload: form.payload, headers: { ...form.headers, authorization: `DeepL-Auth-Key ${key}` } });
  };

  it('an unknown glossary_id is a 404 before the upload is accepted, as on /v2/translate; nothing is counted', async () => {
    const { key, id } = await userWithKey(t);
    const refused = await upload(key, { target_lang: 'AR', source_lang: 'EN', glossary_id: '00000000-0000-0000-0000-000000000000' }, { name: 'r.docx', content: await sampleDocx() });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Glossary not found.' });
    expect((await keyUsage(t, id)).documents).toBe(0);
  });

  it('output_format: only what Lisan writes for the file (DOCX for a PDF, else its own format)', async () => {
    const { key, id } = await userWithKey(t);
    const pdfAsPdf = await upload(key, { target_lang: 'AR', output_format: 'pdf' }, { name: 'survey.pdf', content: Buffer.from(await reportPdf({ pages: 1 })) });
    expect(pdfAsPdf.statusCode).toBe(400);
    expect(pdfAsPdf.json()).toEqual({ message: 'Output format "pdf" is not available for this file: a PDF file is translated into DOCX.' });
    const docxAsXlsx = await upload(key, { target_lang: 'AR', output_format: 'xlsx' }, { name: 'r.docx', content: await sampleDocx() });
    expect(docxAsXlsx.statusCode).toBe(400);
    expect((await keyUsage(t, id)).documents).toBe(0);
    expect((await upload(key, { target_lang: 'AR', output_format: 'DOCX' }, { name: 'survey.pdf', content: Buffer.from(await reportPdf({ pages: 1 })) })).statusCode).toBe(200);
    expect((await upload(key, { target_lang: 'AR', output_format: 'docx' }, { name: 'r.docx', content: await sampleDocx() })).statusCode).toBe(200);
  });

  it('a canceled document is DeepL’s `error` status, with the reason', async () => {
    const { key } = await userWithKey(t);
    const handle = await translator(key).uploadDocument(await sampleDocx(), null, 'ar', { filename: 'r.docx' });
    // As a cancel leaves it (the workers here may finish it first, so it is written directly).
    await t.container.database.db.updateTable('document_jobs').set({ state: 'canceled', error_key: 'documents.canceled', result_key: null, file_id: null, result_name: null }).where('project_id', '=', handle.documentId).execute();
    const status = await translator(key).getDocumentStatus(handle);
    expect(status.status).toBe('error');
    expect(status.errorMessage).toBe('Translation canceled.');
    await expect(translator(key).downloadDocument(handle, path.join(dir, 'canceled.docx'))).rejects.toBeInstanceOf(deepl.DeepLError);
  });

  it('an unknown document id is 404 (DeepL documents 404 for it), whatever the document key', async () => {
    const { key } = await userWithKey(t);
    for (const suffix of ['', '/result']) {
      const response = await t.app.inject({ method: 'POST', url: `/v2/document/0f3c6a52-8d1e-4b7a-9c2d-5e6f7a8b9c0d${suffix}`, headers: { authorization: `DeepL-Auth-Key ${key}` }, payload: { document_key: 'anything' } });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Document not found.' });
    }
  });
});

describe('deepl-node glossaries over Lisan glossary terms', () => {
  it('create, list, entries (TSV and CSV), use in translation, delete; shared with the web app glossary', async () => {
    const { key, client: web } = await userWithKey(t);
    const client = translator(key);
    expect((await client.getGlossaryLanguagePairs()).map((pair) => `${pair.sourceLang}>${pair.targetLang}`)).toEqual(['en>ar', 'ar>en']);
    const created = await client.createGlossary('Product names', 'en', 'ar', new deepl.GlossaryEntries({ entries: { widget: 'أداة', gadget: 'جهاز' } }));
    expect(created).toMatchObject({ name: 'Product names', sourceLang: 'en', targetLang: 'ar', entryCount: 2, ready: true });

    // The web app's glossary shows the terms, and a term added there is in the API glossary.
    const webTerms = (await web.get('/api/user/glossary')).json().data.map((term: { source_term: string }) => term.source_term).sort();
    expect(webTerms).toEqual(['gadget', 'widget']);
    expect((await web.post('/api/user/glossary', { source_lang: 'en', target_lang: 'ar', source_term: 'sprocket', target_term: 'ترس' })).statusCode).toBe(201);
    expect((await client.getGlossaryEntries(created.glossaryId)).entries()).toEqual({ gadget: 'جهاز', sprocket: 'ترس', widget: 'أداة' });
    const csv = await fetch(`${serverUrl}/v2/glossaries/${created.glossaryId}/entries`, { headers: { authorization: `DeepL-Auth-Key ${key}`, accept: 'text/csv' } });
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await csv.text()).split('\n')).toContain('widget,أداة');

    const listed = await client.listGlossaries();
    expect(listed.map((g) => g.glossaryId)).toEqual([created.glossaryId]);
    const used = await client.translateText('The widget works.', 'en', 'ar', { glossary: created.glossaryId });
    expect(used.text).toContain('أداة');

    // CSV entries add to the same glossary of the pair.
    const fromCsv = await client.createGlossaryWithCsv('Product names', 'en', 'ar', Buffer.from('"bolt, small",مسمار صغير\n'));
    expect(fromCsv.glossaryId).toBe(created.glossaryId);
    expect(fromCsv.entryCount).toBe(4);

    // Another account's key cannot read or delete it.
    const { key: strangerKey } = await userWithKey(t);
    await expect(translator(strangerKey).getGlossaryEntries(created.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    await expect(translator(strangerKey).deleteGlossary(created.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);

    await client.deleteGlossary(created.glossaryId);
    expect(await client.listGlossaries()).toEqual([]);
    expect((await web.get('/api/user/glossary')).json().data).toEqual([]);
  });

  it('a team key works on the team glossary; a key of another team cannot read it', async () => {
    const plan = await createPlan(t, { api_enabled: true, is_team: true });
    const owner = await createUser(t, { planId: plan.id });
    await createTeam(t, owner, []);
    const teamKey = await createKey(await signedIn(t, owner), 'Team', true);
    const glossary = await translator(teamKey.key).createGlossary('Team terms', 'en', 'ar', new deepl.GlossaryEntries({ entries: { invoice: 'فاتورة' } }));
    const teamTerms = await t.container.database.db.selectFrom('team_glossary_terms').select('owner_key').where('source_term', '=', 'invoice').execute();
    expect(teamTerms.map((row) => row.owner_key)).toEqual([expect.stringMatching(/^team:\d+$/)]);

    const otherOwner = await createUser(t, { planId: plan.id });
    await createTeam(t, otherOwner, []);
    const otherKey = await createKey(await signedIn(t, otherOwner), 'Other team', true);
    await expect(translator(otherKey.key).getGlossary(glossary.glossaryId)).rejects.toBeInstanceOf(deepl.GlossaryNotFoundError);
    expect(await translator(otherKey.key).listGlossaries()).toEqual([]);
  });
});

describe('LibreTranslate /translate_file', () => {
  it('answers translatedFileUrl once the document is done; the file downloads without the key; an unsupported file is {"error"}', async () => {
    const { key } = await userWithKey(t);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sampleDocx())]), 'report.docx');
    form.append('source', 'en');
    form.append('target', 'ar');
    form.append('api_key', key);
    // The address is built from APP_URL, never from the request's Host header.
    const response = await fetch(`${serverUrl}/translate_file`, { method: 'POST', body: form });
    expect(response.status).toBe(200);
    const { translatedFileUrl: url } = await response.json();
    expect(url.startsWith(`${t.container.config.appUrl}/download_file/`)).toBe(true);
    const spoofed = multipart({ source: 'en', target: 'ar', api_key: key }, { name: 'report.docx', content: await sampleDocx() });
    const fromEvil = await t.app.inject({ method: 'POST', url: '/translate_file', payload: spoofed.payload, headers: { ...spoofed.headers, host: 'evil.example' } });
    expect(fromEvil.statusCode).toBe(200);
    expect(fromEvil.json().translatedFileUrl.startsWith(`${t.container.config.appUrl}/download_file/`)).toBe(true);
    const translatedFileUrl = `${serverUrl}${new URL(url).pathname}`;
    const file = await fetch(translatedFileUrl);
    expect(file.status).toBe(200);
    const out = path.join(dir, 'libre.docx');
    await fs.writeFile(out, Buffer.from(await file.arrayBuffer()));
    expect(await readZipText(out, 'word/document.xml')).toMatch(/\p{Script=Arabic}/u);
    expect((await fetch(translatedFileUrl.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')))).status).toBe(404);

    const bad = new FormData();
    bad.append('file', new Blob([new TextEncoder().encode('plain text')]), 'notes.txt');
    bad.append('target', 'ar');
    bad.append('api_key', key);
    const refused = await fetch(`${serverUrl}/translate_file`, { method: 'POST', body: bad });
    expect(refused.status).toBe(400);
    expect(Object.keys(await refused.json())).toEqual(['error']);
  });
});
