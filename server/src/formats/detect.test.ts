import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docxEntries, pptxEntries, pptxShape, writeZip, xlsxEntries } from '../../test/fixtures/documents';
import { reportPdf } from '../../test/fixtures/pdf-fixture';
import { tempDir } from '../../test/fixtures/round-trip';
import { detectFormat } from './detect';
import { DocumentError } from './errors';
import { DEFAULT_LIMITS } from './limits';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const codeOf = async (file: string) => detectFormat(file, DEFAULT_LIMITS).then(() => null, (e: DocumentError) => e.code);

describe('format detection by content, not by name', () => {
  it('recognises each format whatever the file is called', async () => {
    expect(await detectFormat(await writeZip(path.join(dir, 'report.pdf'), docxEntries('<w:p/>')), DEFAULT_LIMITS)).toBe('docx');
    expect(await detectFormat(await writeZip(path.join(dir, 'sheet.docx'), xlsxEntries([{ name: 'A', rows: '' }])), DEFAULT_LIMITS)).toBe('xlsx');
    expect(await detectFormat(await writeZip(path.join(dir, 'deck.bin'), pptxEntries([pptxShape(2, '<a:p/>')])), DEFAULT_LIMITS)).toBe('pptx');
    const pdf = path.join(dir, 'scan.docx');
    fs.writeFileSync(pdf, await reportPdf({ pages: 1 }));
    expect(await detectFormat(pdf, DEFAULT_LIMITS)).toBe('pdf');
    const xliff = path.join(dir, 'strings.txt');
    fs.writeFileSync(xliff, '\uFEFF<?xml version="1.0"?>\n<!-- exported -->\n<xliff version="1.2"><file/></xliff>');
    expect(await detectFormat(xliff, DEFAULT_LIMITS)).toBe('xliff');
  });

  it('refuses what it cannot translate with the unsupported-format error', async () => {
    const text = path.join(dir, 'notes.docx');
    fs.writeFileSync(text, 'Just some plain text, not a document.');
    expect(await codeOf(text)).toBe('unsupported_format');
    const html = path.join(dir, 'page.xlf');
    fs.writeFileSync(html, '<html><body>hi</body></html>');
    expect(await codeOf(html)).toBe('unsupported_format');
    const zip = await writeZip(path.join(dir, 'photos.docx'), { 'a.txt': 'hello' });
    expect(await codeOf(zip)).toBe('unsupported_format');
    const macro = docxEntries('<w:p/>');
    macro['[Content_Types].xml'] = macro['[Content_Types].xml']!.replace('wordprocessingml.document.main+xml', 'wordprocessingml.template.main+xml');
    expect(await codeOf(await writeZip(path.join(dir, 'template.docx'), macro))).toBe('unsupported_format');
    const ole = path.join(dir, 'old.doc');
    fs.writeFileSync(ole, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]));
    expect(await codeOf(ole)).toBe('unsupported_format');
  });
});
