import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxEntries, W_NS, writeZip } from '../../test/fixtures/documents';
import { manyPagesPdf } from '../../test/fixtures/pdf-fixture';
import { tempDir } from '../../test/fixtures/round-trip';
import { analyzeDocx } from './docx';
import { detectFormat } from './detect';
import { DocumentError, type DocumentErrorCode } from './errors';
import { analyzeDocument } from './index';
import { DEFAULT_LIMITS, type FilterLimits } from './limits';
import { runInSandbox } from './sandbox';
import { createZipWriter } from './zip';
import { analyzeXliff } from './xliff';

let dir: string;
beforeAll(() => {
  dir = tempDir('lisan-hostile-');
});

const options = (limits: Partial<FilterLimits> = {}) => ({ source: 'en' as const, target: 'ar' as const, limits: { ...DEFAULT_LIMITS, ...limits } });

/** Runs `fn` and returns the DocumentError code it ends with, and how long it took. */
async function failure(fn: () => Promise<unknown>): Promise<{ code: DocumentErrorCode | 'none'; ms: number }> {
  const started = Date.now();
  try {
    await fn();
    return { code: 'none', ms: Date.now() - started };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { code: error.code, ms: Date.now() - started };
  }
}

/** Rewrites the uncompressed size an entry declares (local header and central directory): a lying zip. */
function declareSize(zip: Buffer, name: string, size: number): Buffer {
  const out = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (let i = 0; i < out.length - 46; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50 && out.subarray(i + 30, i + 30 + nameBytes.length).equals(nameBytes)) out.writeUInt32LE(size, i + 22);
    if (signature === 0x02014b50 && out.subarray(i + 46, i + 46 + nameBytes.length).equals(nameBytes)) out.writeUInt32LE(size, i + 24);
  }
  return out;
}

function setEncryptedFlag(zip: Buffer, name: string): Buffer {
  const out = Buffer.from(zip);
  const nameBytes = Buffer.from(name);
  for (let i = 0; i < out.length - 46; i++) {
    const signature = out.readUInt32LE(i);
    if (signature === 0x04034b50 && out.subarray(i + 30, i + 30 + nameBytes.length).equals(nameBytes)) out.writeUInt16LE(out.readUInt16LE(i + 6) | 1, i + 6);
    if (signature === 0x02014b50 && out.subarray(i + 46, i + 46 + nameBytes.length).equals(nameBytes)) out.writeUInt16LE(out.readUInt16LE(i + 8) | 1, i + 8);
  }
  return out;
}

const documentXml = (body: string, prolog = '') => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${prolog}<w:document ${W_NS}><w:body>${body}</w:body></w:document>`;

async function docxWithDocument(name: string, xml: string) {
  const entries = docxEntries('');
  entries['word/document.xml'] = xml;
  return writeZip(path.join(dir, name), entries);
}

describe('hostile input', () => {
  it('refuses a zip bomb by its compression ratio before inflating it', async () => {
    const entries: Record<string, string | Buffer> = docxEntries('<w:p><w:r><w:t>Hi</w:t></w:r></w:p>');
    entries['word/media/bomb.bin'] = Buffer.alloc(64 * 1024 * 1024);
    const file = await writeZip(path.join(dir, 'bomb.docx'), entries);
    expect(fs.statSync(file).size).toBeLessThan(200 * 1024);
    const result = await failure(() => analyzeDocx(file, options()));
    expect(result.code).toBe('too_large');
    expect(result.ms).toBeLessThan(2000);
  });

  it('stops inflating an entry that lies about its size (caps counted while inflating)', async () => {
    const body = '<w:p><w:r><w:t>Repeat</w:t></w:r></w:p>'.repeat(40_000);
    const file = path.join(dir, 'liar.docx');
    const honest = await writeZip(path.join(dir, 'honest.docx'), { ...docxEntries(''), 'word/document.xml': documentXml(body) });
    fs.writeFileSync(file, declareSize(fs.readFileSync(honest), 'word/document.xml', 4096));
    const result = await failure(() => analyzeDocx(file, options()));
    expect(['too_large', 'broken_file']).toContain(result.code);
    expect(result.ms).toBeLessThan(2000);
  });

  it('refuses packages over the absolute caps: total size and number of entries', async () => {
    const entries: Record<string, string | Buffer> = docxEntries('<w:p/>');
    for (let i = 0; i < 3; i++) entries[`word/media/noise${i}.bin`] = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_v, k) => (k * 2654435761 + i) % 251));
    const big = await writeZip(path.join(dir, 'big.docx'), entries);
    expect((await failure(() => analyzeDocx(big, options({ maxTotalUncompressedBytes: 5 * 1024 * 1024 })))).code).toBe('too_large');
    const many: Record<string, string> = docxEntries('<w:p/>');
    for (let i = 0; i < 100; i++) many[`customXml/item${i}.xml`] = '<a/>';
    const crowded = await writeZip(path.join(dir, 'many.docx'), many);
    expect((await failure(() => analyzeDocx(crowded, options({ maxEntries: 50 })))).code).toBe('too_large');
  });

  it('refuses entity expansion (billion laughs) and external entities: no DTD is ever read', async () => {
    const laughs = `<!DOCTYPE w:document [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;"><!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">]>`;
    const bomb = await docxWithDocument('laughs.docx', documentXml('<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>', laughs));
    const result = await failure(() => analyzeDocx(bomb, options()));
    expect(result).toMatchObject({ code: 'unsafe_xml' });
    expect(result.ms).toBeLessThan(1000);

    const external = await docxWithDocument('xxe.docx', documentXml('<w:p><w:r><w:t>&xxe;</w:t></w:r></w:p>', '<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'));
    expect((await failure(() => analyzeDocx(external, options()))).code).toBe('unsafe_xml');
    // An entity that was never declared is simply broken XML.
    const undeclared = await docxWithDocument('undeclared.docx', documentXml('<w:p><w:r><w:t>&secret;</w:t></w:r></w:p>'));
    expect((await failure(() => analyzeDocx(undeclared, options()))).code).toBe('broken_file');

    const xliff = path.join(dir, 'xxe.xlf');
    fs.writeFileSync(xliff, '<?xml version="1.0"?><!DOCTYPE xliff [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><xliff version="1.2"><file><body><trans-unit id="1"><source>&xxe;</source></trans-unit></body></file></xliff>');
    expect((await failure(() => detectFormat(xliff, DEFAULT_LIMITS))).code).toBe('unsafe_xml');
    expect((await failure(() => analyzeXliff(xliff, options()))).code).toBe('unsafe_xml');
  });

  it('refuses deeply nested XML', async () => {
    const deep = `${'<w:customXml>'.repeat(5000)}${'</w:customXml>'.repeat(5000)}`;
    const file = await docxWithDocument('deep.docx', documentXml(deep));
    const result = await failure(() => analyzeDocx(file, options()));
    expect(result.code).toBe('too_complex');
    expect(result.ms).toBeLessThan(1000);
  });

  it('recognises password-protected files: an encrypted package in an OLE container, or an encrypted zip entry', async () => {
    const ole = path.join(dir, 'protected.docx');
    const header = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    fs.writeFileSync(ole, Buffer.concat([header, Buffer.alloc(2000), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.alloc(500), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(4096)]));
    expect((await failure(() => detectFormat(ole, DEFAULT_LIMITS))).code).toBe('encrypted');

    const plain = await writeZip(path.join(dir, 'plain.docx'), docxEntries('<w:p><w:r><w:t>Secret</w:t></w:r></w:p>'));
    const encrypted = path.join(dir, 'zipcrypto.docx');
    fs.writeFileSync(encrypted, setEncryptedFlag(fs.readFileSync(plain), 'word/document.xml'));
    expect((await failure(() => analyzeDocx(encrypted, options()))).code).toBe('encrypted');
  });

  it('reports a truncated archive as a broken file', async () => {
    const whole = fs.readFileSync(await writeZip(path.join(dir, 'whole.docx'), docxEntries('<w:p><w:r><w:t>Text</w:t></w:r></w:p>'.repeat(50))));
    const cut = path.join(dir, 'cut.docx');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    expect((await failure(() => detectFormat(cut, DEFAULT_LIMITS))).code).toBe('broken_file');
  });

  it('reports a package name the zip writer refuses as a broken file (failed at once, not retried as an unknown error)', async () => {
    const writer = createZipWriter(path.join(dir, 'refused.zip'));
    expect(() => writer.addBuffer('word/', Buffer.from(''))).toThrow(expect.objectContaining({ name: 'DocumentError', code: 'broken_file' }));
    expect(() => writer.add('', async function* () {})).toThrow(expect.objectContaining({ code: 'broken_file' }));
    expect((await failure(() => writer.finish())).code).toBe('broken_file');
  });

  it('refuses a PDF with thousands of pages within seconds, without reading its pages', async () => {
    const file = path.join(dir, 'pages.pdf');
    fs.writeFileSync(file, await manyPagesPdf(2500));
    const result = await failure(() => analyzeDocument(file, 'pdf', options()));
    expect(result.code).toBe('too_many_pages');
    expect(result.ms).toBeLessThan(5000);
  });

  it('ends a filter that runs too long or out of memory in its worker thread; this process carries on', async () => {
    const file = path.join(dir, 'slow.pdf');
    fs.writeFileSync(file, await manyPagesPdf(200));
    const slow = await failure(() => runInSandbox({ kind: 'analyze', path: file, format: 'pdf', options: options() }, { timeoutMs: 300, maxHeapMb: 256 }));
    expect(slow.code).toBe('timeout');

    const runs = '<w:r><w:rPr><w:b/></w:rPr><w:t>ab</w:t></w:r><w:r><w:t>cd</w:t></w:r>'.repeat(60_000);
    const hungry = await docxWithDocument('hungry.docx', documentXml(`<w:p>${runs}</w:p>`));
    const oom = await failure(() => runInSandbox({ kind: 'analyze', path: hungry, format: 'docx', options: options() }, { timeoutMs: 20_000, maxHeapMb: 16 }));
    expect(oom.code).toBe('too_complex');

    // The same process still translates an ordinary file.
    const fine = await docxWithDocument('fine.docx', documentXml('<w:p><w:r><w:t>Still alive</w:t></w:r></w:p>'));
    const ok = await runInSandbox<{ segments: string[] }>({ kind: 'analyze', path: fine, format: 'docx', options: options() }, { timeoutMs: 20_000, maxHeapMb: 128 });
    expect(ok.result.segments).toEqual(['Still alive']);
  });
});
