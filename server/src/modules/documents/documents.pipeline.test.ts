import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedIn, upload } from '../../../test/documents-helpers';
import { ReversingTestEngine, transliterate } from '../../../test/engines/reversing-engine';
import { readZipText } from '../../../test/fixtures/documents';
import { reportPdf } from '../../../test/fixtures/pdf-fixture';
import { tempDir } from '../../../test/fixtures/round-trip';
import { createTestApp, memoryTransport, type TestApp } from '../../../test/harness';
import { segmentTranslatorFromEngine } from './service';

/** The whole pipeline with real pg-boss workers: upload, job, e-mail, download. */
let t: TestApp;
const transport = memoryTransport();
beforeAll(async () => {
  t = await createTestApp({
    startQueue: true,
    overrides: { documentTranslator: segmentTranslatorFromEngine(new ReversingTestEngine()), mailTransport: transport },
  });
});
afterAll(() => t.close());

describe('document translation, end to end', () => {
  it('a PDF comes back as an Arabic DOCX, announced by e-mail', async () => {
    const user = await createUser(t, { name: 'Omar' });
    const client = await signedIn(t, user);
    const pdf = Buffer.from(await reportPdf({ pages: 2 }));
    const counted = await upload(client, '/api/count-words', { name: 'survey.pdf', content: pdf });
    expect(counted.json()).toMatchObject({ status: 200, format: 'pdf', pages: 2 });

    const started = await upload(client, '/api/doc/translate', { name: 'survey.pdf', content: pdf }, { model: 'business', frontendModel: 'Business', source_lang: 'en', target_lang: 'ar' });
    expect(started.statusCode).toBe(202);
    const projectId = started.json().project_id as string;
    const states = new Set<string>();
    await expect
      .poll(
        async () => {
          const data = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
          states.add(data.state);
          return data.state;
        },
        { timeout: 45_000, interval: 200 },
      )
      .toBe('done');
    expect(states.has('done')).toBe(true);

    const data = (await client.get(`/api/doc/translated/${projectId}`)).json().data;
    expect(data).toMatchObject({ progress: 100, format: 'pdf', model: 'business', result_name: 'survey (ar).docx' });
    const download = await client.get(`/api/translated-file-url/?id=${data.file_id}`);
    expect(download.statusCode).toBe(200);
    const file = path.join(tempDir('lisan-e2e-'), 'survey.docx');
    fs.writeFileSync(file, download.rawPayload);
    const xml = await readZipText(file, 'word/document.xml');
    expect(xml).toContain(transliterate('Survey', 'ar'));
    expect(xml).toContain('<w:pStyle w:val="Heading1"/><w:bidi/>');

    await expect.poll(() => transport.sent.filter((m) => m.to === user.email).length, { timeout: 20_000 }).toBe(1);
    const mail = transport.sent.find((m) => m.to === user.email)!;
    expect(mail.subject).toBe('Your translated document is ready');
    expect(mail.text).toContain('Hello \u2068Omar\u2069');
    expect(mail.text).toContain(`/api/translated-file-url/?id=${data.file_id}`);
  });
});
