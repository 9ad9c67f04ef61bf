import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { detectRequestFile } from './upload.fns';

const OPERATOR = 'operator@lisan.test';
const ids: Record<string, number> = {};
let t: TestApp;
let admin: TestClient;
let user: TestClient;

type SentMail = { to: string; subject: string; text: string; html: string };
const sentMail = () => (t.container.transport as unknown as { sent: SentMail[] }).sent;
const waitForMail = (to: string, subject: RegExp) => expect.poll(() => sentMail().find((m) => m.to === to && subject.test(m.subject)), { timeout: 10_000 }).toBeTruthy();

/** A real (stored, uncompressed) zip with the given entries: enough for an OOXML package's signature. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.from(content);
    const nameBytes = Buffer.from(name);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((sum, b) => sum + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const docx = () => zip({ '[Content_Types].xml': '<Types/>', '_rels/.rels': '<Relationships/>', 'word/document.xml': '<w:document/>' });

/** A multipart/form-data body as a browser builds it. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; content: Buffer }) {
  const boundary = '----lisanTestBoundary7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const uploadDir = () => path.join(t.dataDir, 'files', 'requests');
const storedFiles = async () => fs.readdir(uploadDir()).catch(() => [] as string[]);

const translation = {
  service: 'translation',
  source_lang: 'en',
  target_lang: 'ar',
  words: 1200,
  deadline: '2031-03-01',
  name: 'Huda Haddad',
  email: 'Huda@Example.com',
  phone: '+962 6 555 0100',
  message: 'A lease contract, certified translation please.',
};

beforeAll(async () => {
  t = await createTestApp({
    env: { OPERATOR_EMAIL: OPERATOR, REQUEST_FILE_MAX_MB: '1' },
    overrides: { now: () => new Date('2031-01-15T10:00:00Z') },
    startQueue: true,
  });
  ids['boss@example.com'] = (await createUser(t.container, { email: 'boss@example.com', role_id: 1 })).id;
  ids['member@example.com'] = (await createUser(t.container, { email: 'member@example.com' })).id;
  admin = await t.client().signInAs(ids['boss@example.com']!);
  user = await t.client().signInAs(ids['member@example.com']!);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.container.rateLimiter.reset('requests:ip:127.0.0.1');
  await t.container.rateLimiter.reset('contact:ip:127.0.0.1');
});

describe('POST /api/requests', () => {
  it('stores a translation order and e-mails the operator and, in Arabic, the requester', async () => {
    const client = t.client();
    client.locale = 'ar';
    const response = await client.post('/api/requests', translation);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.data.reference).toMatch(/^REQ-\d{5}$/);
    expect(body.message).toBe(`شكرًا لك. تلقينا طلبك ${body.data.reference} وسنرد عليك بالبريد الإلكتروني.`);

    const row = await t.container.database.db.selectFrom('service_requests').selectAll().where('id', '=', body.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service: 'translation', source_lang: 'en', target_lang: 'ar', words: 1200, email: 'huda@example.com', locale: 'ar', status: 'new', file_path: null, user_id: null });

    await waitForMail('Huda@Example.com', new RegExp(body.data.reference));
    const toRequester = sentMail().find((m) => m.to === 'Huda@Example.com')!;
    // The reference is isolated in the subject (a Latin identifier in an Arabic line).
    expect(toRequester.subject).toBe(`تلقينا طلبك \u2068${body.data.reference}\u2069`);
    expect(toRequester.html).toContain('dir="rtl"');
    expect(toRequester.text).toContain('ترجمة بشرية');
    expect(toRequester.text).toContain('الإنجليزية ← العربية');
    await waitForMail(OPERATOR, /New request/);
    const toOperator = sentMail().find((m) => m.to === OPERATOR)!;
    expect(toOperator.subject).toBe(`New request \u2068${body.data.reference}\u2069: Human translation`);
    expect(toOperator.text).toContain('A lease contract, certified translation please.');
    expect(toOperator.text).toContain('/admin/requests');
  });

  it('accepts a document as multipart, checked by its content, and keeps it for the admin', async () => {
    const client = await t.client().signInAs(ids['member@example.com']!);
    const content = docx();
    const form = multipart(
      { service: 'proofreading', source_lang: 'ar', name: 'Omar', email: 'omar@example.com', words: '' },
      { name: 'عقد الإيجار.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content },
    );
    const response = await client.request({ method: 'POST', url: '/api/requests', ...form });
    expect(response.statusCode).toBe(201);
    const id = response.json().data.id;
    const row = await t.container.database.db.selectFrom('service_requests').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service: 'proofreading', source_lang: 'ar', target_lang: null, words: null, file_name: 'عقد الإيجار.docx', file_size: content.length });
    expect(row.user_id).not.toBeNull();
    expect(row.file_path).toMatch(/^requests\/[0-9a-f-]{36}\.docx$/); // a storage key, not a local path

    const download = await admin.get(`/api/admin/requests/${id}/file`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
    expect(download.headers['content-type']).toContain('wordprocessingml');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="___ _______.docx"; filename*=UTF-8''${encodeURIComponent('عقد الإيجار.docx')}`);
    expect((await user.get(`/api/admin/requests/${id}/file`)).statusCode).toBe(403);
  });

  it('refuses a file whose content is not what its name says (422), and keeps nothing', async () => {
    const before = await storedFiles();
    const form = multipart(
      { service: 'translation', source_lang: 'en', target_lang: 'ar', name: 'Mallory', email: 'm@example.com' },
      { name: 'contract.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', content: Buffer.from('MZ\x90\x00 this is an executable') },
    );
    const response = await t.client().request({ method: 'POST', url: '/api/requests', ...form });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.file).toEqual(['Unsupported file format detected and removed. Please use another file.']);
    const exe = multipart({ service: 'editing', source_lang: 'en', name: 'Mallory', email: 'm@example.com' }, { name: 'run.exe', type: 'application/octet-stream', content: Buffer.from('MZ') });
    expect((await t.client().request({ method: 'POST', url: '/api/requests', ...exe })).statusCode).toBe(422);
    // With the other fields' problems in the same refusal; the file was attached, so words are not asked for.
    const both = multipart({ service: 'translation', source_lang: 'en', target_lang: 'en', name: '', email: 'm@example.com' }, { name: 'run.exe', type: 'application/octet-stream', content: Buffer.from('MZ') });
    expect((await t.client().request({ method: 'POST', url: '/api/requests', ...both })).json().errors).toEqual({
      target_lang: ['The two languages must differ.'],
      name: ['Name is required'],
      file: ['Unsupported file format detected and removed. Please use another file.'],
    });
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 413 for a file over the size limit, and keeps nothing', async () => {
    const before = await storedFiles();
    const big = Buffer.alloc(1_048_576 + 1000, 'a');
    const form = multipart({ service: 'translation', source_lang: 'en', target_lang: 'ar', name: 'Big', email: 'big@example.com' }, { name: 'book.txt', type: 'text/plain', content: big });
    const response = await t.client().request({ method: 'POST', url: '/api/requests', ...form });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large. The limit is 1 MB.');
    expect(await storedFiles()).toEqual(before);
  });

  it('validates the fields with the 422 envelope', async () => {
    const empty = await t.client().post('/api/requests', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toMatchObject({ service: ['Choose a service.'], name: ['Name is required'], email: ['Email is required'] });
    const emptyTranslation = await t.client().post('/api/requests', { service: 'translation', source_lang: 'en', target_lang: 'ar' });
    // The words-or-document check runs with the others: one refusal names every field to correct.
    expect(emptyTranslation.json().errors).toEqual({ words: ['Enter the number of words or attach your document.'], name: ['Name is required'], email: ['Email is required'] });

    const wrong = await t.client().post('/api/requests', { ...translation, email: 'not-an-email', target_lang: 'en', words: 'many' });
    expect(wrong.json().errors).toMatchObject({ email: ['wrong email'], target_lang: ['The two languages must differ.'], words: ['Enter the number of words as a whole number.'] });

    const nothing = await t.client().post('/api/requests', { ...translation, words: undefined });
    expect(nothing.statusCode).toBe(422);
    expect(nothing.json().errors).toEqual({ words: ['Enter the number of words or attach your document.'] });

    const past = await t.client().post('/api/requests', { ...translation, deadline: '2031-01-10' });
    expect(past.json().errors).toEqual({ deadline: ['The deadline cannot be in the past.'] });
    const impossible = await t.client().post('/api/requests', { ...translation, deadline: '2031-02-30' });
    expect(impossible.json().errors).toEqual({ deadline: ['Enter the deadline as a date.'] });

    const everything = await t.client().post('/api/requests', { ...translation, words: '', name: '', deadline: '2031-01-10', phone: 'call me' });
    expect(everything.json().errors).toEqual({
      words: ['Enter the number of words or attach your document.'],
      name: ['Name is required'],
      deadline: ['The deadline cannot be in the past.'],
      phone: ['Enter the phone number in digits, for example +962 6 555 0100.'],
    });
    // The day before today (UTC) is still taken: it may be today where the requester lives.
    expect((await t.client().post('/api/requests', { ...translation, deadline: '2031-01-14' })).statusCode).toBe(201);
    expect((await t.client().post('/api/requests', { ...translation, deadline: 'soon' })).json().errors).toEqual({ deadline: ['Enter the deadline as a date.'] });

    const arabic = t.client();
    arabic.locale = 'ar';
    const arabicErrors = (await arabic.post('/api/requests', { service: 'editing' })).json().errors;
    expect(arabicErrors).toEqual({ source_lang: ['اختر لغة النص.'], words: ['أدخل عدد الكلمات أو أرفق مستندك.'], name: ['الاسم مطلوب'], email: ['البريد الإلكتروني مطلوب'] });
  });

  it('takes a phone number in digits (Western or Arabic-Indic) with the usual separators, and refuses any other text', async () => {
    for (const phone of ['call me', '12345', '+962 6 555 0100 ext. 5', '962+6555']) {
      const refused = await t.client().post('/api/requests', { ...translation, phone });
      expect(refused.json().errors, phone).toEqual({ phone: ['Enter the phone number in digits, for example +962 6 555 0100.'] });
    }
    for (const phone of ['(06) 555-0100', '+962.79.555.0100', '٠٧٩٥٥٥٠١٠٠']) {
      expect((await t.client().post('/api/requests', { ...translation, phone })).statusCode, phone).toBe(201);
    }
    const arabic = t.client();
    arabic.locale = 'ar';
    expect((await arabic.post('/api/requests', { ...translation, phone: 'رقمي' })).json().errors).toEqual({ phone: ['أدخل رقم الهاتف بالأرقام، مثل \u2066+962 6 555 0100\u2069.'] });
  });

  it('takes an enterprise quotation through the same flow, without languages or words', async () => {
    const response = await t.client().post('/api/requests', { service: 'quotation', name: 'Rana', email: 'rana@bank.example', company: 'Gulf Bank', seats: 120, message: 'Enterprise plan for our legal team.' });
    expect(response.statusCode).toBe(201);
    const row = await t.container.database.db.selectFrom('service_requests').selectAll().where('id', '=', response.json().data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ service: 'quotation', company: 'Gulf Bank', seats: 120, source_lang: null, words: null, locale: 'en' });
    await waitForMail(OPERATOR, /Enterprise quotation/);
  });

  it('is rate limited per IP (429 with Retry-After)', async () => {
    for (let i = 0; i < 10; i++) expect((await t.client().post('/api/requests', {})).statusCode).toBe(422);
    const limited = await t.client().post('/api/requests', translation);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().message).toMatch(/Too many requests/);
  });
});

describe('admin requests list', () => {
  it('answers 401 without a session and 403 for other roles', async () => {
    expect((await t.client().get('/api/admin/requests')).statusCode).toBe(401);
    expect((await user.get('/api/admin/requests')).statusCode).toBe(403);
    expect((await user.post('/api/admin/requests/1/status', { status: 'done' })).statusCode).toBe(403);
    expect((await user.get('/api/admin/contact-messages')).statusCode).toBe(403);
  });

  it('lists requests newest first with their status, filters by status, and moves a request on', async () => {
    const list = (await admin.get('/api/admin/requests')).json();
    expect(list.meta.total).toBeGreaterThanOrEqual(3);
    expect(list.data[0].service).toBe('quotation');
    expect(list.data.every((r: { status: string }) => r.status === 'new')).toBe(true);
    const withFile = list.data.find((r: { file: unknown }) => r.file);
    expect(withFile.file).toMatchObject({ name: 'عقد الإيجار.docx', url: `/api/admin/requests/${withFile.id}/file` });
    expect(withFile).not.toHaveProperty('file_path');
    const translationRow = list.data.find((r: { service: string }) => r.service === 'translation');
    expect(translationRow.deadline).toBe('2031-03-01');

    expect((await admin.post(`/api/admin/requests/${translationRow.id}/status`, { status: 'quoted' })).statusCode).toBe(200);
    const quoted = (await admin.get('/api/admin/requests?status=quoted')).json();
    expect(quoted.data.map((r: { id: number }) => r.id)).toEqual([translationRow.id]);
    expect(quoted.meta.counts.quoted).toBe(1);
    expect((await admin.post(`/api/admin/requests/${translationRow.id}/status`, { status: 'paid' })).statusCode).toBe(422);
    expect((await admin.post('/api/admin/requests/999999/status', { status: 'done' })).statusCode).toBe(404);
    expect((await admin.get('/api/admin/requests?status=lost')).statusCode).toBe(422);
  });
});

describe('POST /api/contact', () => {
  it('stores the message, e-mails the operator and thanks the sender', async () => {
    const response = await t.client().post('/api/contact', { name: 'Sami', email: 'sami@example.com', subject: 'Invoices', message: 'Can I get VAT invoices?' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'Thank you. We received your message and will reply by e-mail.' });
    // The sender's name is isolated in the subject, as names are in every mail's sentences.
    await waitForMail(OPERATOR, /New contact message from \u2068Sami\u2069/);
    expect(sentMail().find((m) => m.subject === 'New contact message from \u2068Sami\u2069')!.text).toContain('Can I get VAT invoices?');

    const messages = (await admin.get('/api/admin/contact-messages')).json();
    expect(messages.data[0]).toMatchObject({ name: 'Sami', subject: 'Invoices', handled: false });
    expect((await admin.post(`/api/admin/contact-messages/${messages.data[0].id}/handled`, { handled: true })).statusCode).toBe(200);
    expect((await admin.get('/api/admin/contact-messages')).json().data[0].handled).toBe(true);
  });

  it('validates (422) and is rate limited (429)', async () => {
    const invalid = await t.client().post('/api/contact', { name: '', email: 'x', message: '' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ name: ['Name is required'], email: ['wrong email'], message: ['Message is required'] });
    for (let i = 0; i < 9; i++) await t.client().post('/api/contact', {});
    expect((await t.client().post('/api/contact', { name: 'A', email: 'a@example.com', message: 'hi' })).statusCode).toBe(429);
  });

  it('refuses an oversized JSON body with 413', async () => {
    const response = await t.client().post('/api/contact', { name: 'A', email: 'a@example.com', message: 'x'.repeat(1_100_000) });
    expect(response.statusCode).toBe(413);
  });
});

describe('file recognition', () => {
  const sample = (content: Buffer) => ({ head: content.subarray(0, 65536), tail: content.subarray(-65536) });
  it('recognises formats by content and refuses mismatches', () => {
    expect(detectRequestFile({ fileName: 'a.docx', declaredType: 'application/octet-stream', ...sample(docx()) })).toBe('docx');
    expect(detectRequestFile({ fileName: 'a.xlsx', declaredType: '', ...sample(docx()) })).toBeNull();
    expect(detectRequestFile({ fileName: 'a.pdf', declaredType: 'application/pdf', ...sample(Buffer.from('%PDF-1.7\n...')) })).toBe('pdf');
    expect(detectRequestFile({ fileName: 'a.pdf', declaredType: 'application/pdf', ...sample(Buffer.from('<html>')) })).toBeNull();
    expect(detectRequestFile({ fileName: 'a.xlf', declaredType: 'application/xml', ...sample(Buffer.from('<?xml version="1.0"?><xliff version="1.2">')) })).toBe('xlf');
    expect(detectRequestFile({ fileName: 'notes.txt', declaredType: 'text/plain', ...sample(Buffer.from('مرحبا hello')) })).toBe('txt');
    expect(detectRequestFile({ fileName: 'notes.txt', declaredType: 'text/plain', ...sample(Buffer.from([0, 1, 2, 3])) })).toBeNull();
    // Short Arabic files whatever their last bytes (each letter is two bytes; one ending "نص العقد." was refused),
    // a sample that ends inside a character, and bytes that are not UTF-8 in the middle.
    for (const text of ['نص العقد.', 'نص العقد', 'عقد', 'ب', 'hello عقد']) expect(detectRequestFile({ fileName: 'عقد.txt', declaredType: 'text/plain', ...sample(Buffer.from(text)) })).toBe('txt');
    expect(detectRequestFile({ fileName: 'a.txt', declaredType: 'text/plain', head: Buffer.from('نص العقد').subarray(0, 5), tail: Buffer.alloc(0) })).toBe('txt');
    expect(detectRequestFile({ fileName: 'a.txt', declaredType: 'text/plain', ...sample(Buffer.concat([Buffer.from('abc'), Buffer.from([0xff, 0xfe]), Buffer.from('نص العقد')])) })).toBeNull();
    expect(detectRequestFile({ fileName: 'a.docx', declaredType: 'text/html', ...sample(docx()) })).toBeNull();
  });
});
