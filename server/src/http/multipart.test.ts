import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readForm, receiveFile, type UploadRefusal } from './multipart';

/** A multipart body as browsers send FormData: text fields, then files. */
function form(fields: Record<string, string>, files: Array<{ name: string; fileName: string; content: string | Buffer; type?: string }> = []) {
  const boundary = '----lisan-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let app: FastifyInstance;
let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-multipart-'));
  app = Fastify();
  await app.register(multipart, { limits: { files: 5, parts: 60 } });
  app.post('/receive', async (request) => {
    try {
      const { fields, file } = await receiveFile(request, { dir, maxBytes: 10, refuse: (reason) => Object.assign(new Error(reason), { reason }) });
      return { fields, file: file && { ...file, content: await fs.readFile(file.path, 'utf8'), inDir: path.dirname(file.path) === dir } };
    } catch (error) {
      return { refused: (error as { reason?: UploadRefusal }).reason ?? String(error) };
    }
  });
  // A caller that answers a refusal with multipart's own error (refuse gives null).
  app.post('/own-errors', async (request) => {
    const { fields } = await receiveFile(request, { dir, maxBytes: 10, limits: { fields: 1 }, refuse: () => null });
    return fields;
  });
  app.post('/fields', async (request) => (await readForm(request, { files: {} })).fields);
  app.post('/list-fields', async (request) => (await readForm(request, { files: {}, repeated: 'list' })).fields);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('receiveFile', () => {
  it('streams the file part to a new file in the directory and collects the text fields', async () => {
    const body = form({ target_lang: 'ar', filename: 'x.docx' }, [{ name: 'file', fileName: 'report.txt', content: 'hello', type: 'text/plain' }]);
    const answer = (await app.inject({ method: 'POST', url: '/receive', ...body })).json();
    expect(answer).toMatchObject({
      fields: { target_lang: 'ar', filename: 'x.docx' },
      file: { clientName: 'report.txt', declaredType: 'text/plain', size: 5, content: 'hello', inDir: true },
    });
  });

  it('drains a file part of another name (one file part in all)', async () => {
    const body = form({ a: '1' }, [{ name: 'attachment', fileName: 'other.bin', content: 'not ours' }]);
    expect((await app.inject({ method: 'POST', url: '/receive', ...body })).json()).toEqual({ fields: { a: '1' }, file: null });
  });

  it('refuses a file over the limit, a second file and a body that is not multipart, and leaves nothing on disk', async () => {
    const before = await fs.readdir(dir);
    const tooLarge = form({}, [{ name: 'file', fileName: 'big.txt', content: 'x'.repeat(11) }]);
    expect((await app.inject({ method: 'POST', url: '/receive', ...tooLarge })).json()).toEqual({ refused: 'too_large' });
    const two = form({}, [
      { name: 'file', fileName: 'a.txt', content: 'a' },
      { name: 'file', fileName: 'b.txt', content: 'b' },
    ]);
    expect((await app.inject({ method: 'POST', url: '/receive', ...two })).json()).toEqual({ refused: 'too_many_files' });
    expect((await app.inject({ method: 'POST', url: '/receive', payload: { file: 'x' } })).json()).toEqual({ refused: 'not_multipart' });
    expect(await fs.readdir(dir)).toEqual(before);
  });

  it("lets a caller keep multipart's own error for a refusal", async () => {
    const response = await app.inject({ method: 'POST', url: '/own-errors', ...form({ a: '1', b: '2' }) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'FST_FIELDS_LIMIT' });
  });

  it('answers no file when the form has none', async () => {
    expect((await app.inject({ method: 'POST', url: '/receive', ...form({ a: '1' }) })).json()).toEqual({ fields: { a: '1' }, file: null });
  });
});

describe('readForm without file fields', () => {
  it('gives the text fields of a multipart form, draining its files, and the JSON body as it is', async () => {
    const body = form({ translationId: 't1', suggestedTranslation: 'نص' }, [{ name: 'file', fileName: 'a.bin', content: Buffer.alloc(4096, 1) }]);
    expect((await app.inject({ method: 'POST', url: '/fields', ...body })).json()).toEqual({ translationId: 't1', suggestedTranslation: 'نص' });
    expect((await app.inject({ method: 'POST', url: '/fields', payload: { translationId: 't2' } })).json()).toEqual({ translationId: 't2' });
  });

  it("keeps the last of a repeated field, or all of them with repeated: 'list'", async () => {
    const boundary = '----lisan-test-boundary';
    const part = (value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${value}\r\n`;
    const body = { payload: `${part('one')}${part('two')}${part('three')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    expect((await app.inject({ method: 'POST', url: '/fields', ...body })).json()).toEqual({ text: 'three' });
    expect((await app.inject({ method: 'POST', url: '/list-fields', ...body })).json()).toEqual({ text: ['one', 'two', 'three'] });
  });
});
