import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOSS_NOTICE } from '../../engines/dictionary/engine';
import { NOTICE_PROPERTY } from '../../formats/notice';
import { createUser, signedIn, upload } from '../../../test/documents-helpers';
import { docxEntries, readZipText, writeZip } from '../../../test/fixtures/documents';
import { tempDir } from '../../../test/fixtures/round-trip';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * With no neural model, the engine chain is the dictionary alone (the test app builds the
 * same engines as `npm start` with an empty MODELS_DIR): GET /api/engines says so, and a
 * translated document is marked as a dictionary gloss in its status and in the file.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startQueue: true });
});
afterAll(() => t.close());

describe('dictionary gloss, end to end', () => {
  it('GET /api/engines names the engine of each direction, read at request time', async () => {
    const response = await t.client().get('/api/engines');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      data: {
        directions: [
          { source: 'en', target: 'ar', engine: 'dictionary', gloss: true },
          { source: 'ar', target: 'en', engine: 'dictionary', gloss: true },
        ],
        gloss: true,
      },
    });
  });

  it('a DOCX translated by the dictionary says so in its status and in its custom properties, bold kept', async () => {
    const user = await createUser(t);
    const client = await signedIn(t, user);
    const file = await writeZip(
      path.join(tempDir(), 'contract.docx'),
      docxEntries('<w:p><w:r><w:t xml:space="preserve">The contract is </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>signed</w:t></w:r><w:r><w:t xml:space="preserve"> today.</w:t></w:r></w:p>'),
    );
    const started = await upload(client, '/api/doc/translate', { name: 'contract.docx', content: fs.readFileSync(file) }, { model: 'general', frontendModel: 'General', source_lang: 'en', target_lang: 'ar' });
    expect(started.statusCode).toBe(202);
    const projectId = started.json().project_id as string;
    await expect.poll(async () => (await client.get(`/api/doc/translated/${projectId}`)).json().data.state, { timeout: 45_000, interval: 200 }).toBe('done');
    const data = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    expect(data.engine).toBe('dictionary');

    const download = await client.get(`/api/translated-file-url/?id=${data.file_id}`);
    const out = path.join(tempDir(), 'contract-ar.docx');
    fs.writeFileSync(out, download.rawPayload);
    expect(await readZipText(out, 'docProps/custom.xml')).toContain(`name="${NOTICE_PROPERTY}"><vt:lpwstr>${GLOSS_NOTICE}</vt:lpwstr>`);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).toMatch(/<w:b\/>.*<w:t xml:space="preserve">موقّع<\/w:t>/);
  });
});
