import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transliterate } from '../../test/engines/reversing-engine';
import { readZip, readZipText } from '../../test/fixtures/documents';
import { reportPdf, scannedPdf, twoColumnPdf } from '../../test/fixtures/pdf-fixture';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';
import { DocumentError } from './errors';
import { DEFAULT_LIMITS } from './limits';
import { analyzePdf } from './pdf';
import { child, findAll, textOf } from './xml/dom';
import { fromString, parseXmlDocument } from './xml/stream';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const parse = (xml: string) => parseXmlDocument(fromString(xml), { maxDepth: 256, maxCapturedChars: 1e8, maxBytes: 1e9 });
const ar = (text: string) => transliterate(text, 'ar');
const write = async (name: string, data: Promise<Uint8Array>) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await data);
  return file;
};

describe('PDF to DOCX', () => {
  it('rebuilds headings, paragraphs, lists, tables and images in reading order, right to left for Arabic', async () => {
    const file = await write('report.pdf', reportPdf({ pages: 3 }));
    const { analysis, out } = await roundTrip(file);
    expect(analysis.pages).toBe(3);
    const first = analysis.segments.slice(0, 16);
    expect(first).toEqual([
      'Survey results part 1',
      'This report explains the results of the survey we ran this year among our customers in three countries. The answers show that most customers are satisfied with the service and would recommend it to a friend or a colleague.',
      'Key findings',
      'Customers like the new design.',
      'Prices are considered fair.',
      'Improve delivery times.',
      'Open a new office.',
      'Country',
      'Customers',
      'Score',
      'Egypt',
      '1200',
      '4.5',
      'Jordan',
      '800',
      '4.1',
    ]);
    // Page-number footers are not content.
    expect(analysis.segments.join('\n')).not.toMatch(/Page \d of/);

    const body = await parse(await readZipText(out, 'word/document.xml'));
    const paragraphs = findAll(body, 'w:p');
    const styleOf = (text: string) => {
      const p = paragraphs.find((q) => textOf(q).includes(text))!;
      return child(child(p, 'w:pPr')!, 'w:pStyle')?.attrs['w:val'];
    };
    expect(styleOf(ar('results'))).toBe('Heading1');
    expect(styleOf(ar('findings'))).toBe('Heading2');
    const bullet = paragraphs.find((p) => textOf(p).includes(ar('design.')))!;
    const numbered = paragraphs.find((p) => textOf(p).includes(ar('delivery')))!;
    expect(findAll(bullet, 'w:numId')[0]!.attrs['w:val']).not.toBe(findAll(numbered, 'w:numId')[0]!.attrs['w:val']);
    const numbering = await readZipText(out, 'word/numbering.xml');
    expect(numbering).toContain('w:val="decimal"');
    expect(numbering).toContain('w:val="bullet"');
    const tables = findAll(body, 'w:tbl');
    expect(tables).toHaveLength(3);
    expect(findAll(tables[0]!, 'w:tr')).toHaveLength(3);
    expect(findAll(findAll(tables[0]!, 'w:tr')[0]!, 'w:tc')).toHaveLength(3);
    expect(child(findAll(tables[0]!, 'w:tblPr')[0]!, 'w:bidiVisual')).toBeDefined();
    // Images carried over, one per page.
    expect(findAll(body, 'w:drawing')).toHaveLength(3);
    const files = await readZip(out);
    expect([...files.keys()].filter((name) => name.startsWith('word/media/'))).toHaveLength(3);
    expect(files.get('word/media/image1.png')!.subarray(1, 4).toString()).toBe('PNG');
    // Right to left throughout.
    for (const p of paragraphs.filter((q) => findAll(q, 'w:t').length)) expect(child(child(p, 'w:pPr')!, 'w:bidi')).toBeDefined();
    expect(await readZipText(out, 'word/document.xml')).toContain('<w:sectPr><w:pgSz w:w="11900" w:h="16840"/>');
    expect(await readZipText(out, 'word/document.xml')).toMatch(/<w:bidi\/><\/w:sectPr>/);
  });

  it('keeps bold words as placeholders on the right words', async () => {
    const file = await write('bold.pdf', reportPdf({ pages: 1, boldWord: true }));
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toContain('The chart shows a <x1>steady</x1> increase over time.');
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).toContain(`<w:rPr><w:rFonts w:cs="Arial"/><w:b/><w:bCs/><w:rtl/></w:rPr><w:t xml:space="preserve">${ar('steady')}</w:t>`);
  });

  it('reads a two-column page column by column', async () => {
    const file = await write('columns.pdf', twoColumnPdf());
    const analysis = await analyzePdf(file, { source: 'en', target: 'ar', limits: DEFAULT_LIMITS });
    const text = analysis.segments.join(' ');
    expect(text.indexOf('this sentence right here.')).toBeLessThan(text.indexOf('Right column begins'));
    expect(analysis.segments[0]).toMatch(/^Left column starts here and continues/);
  });

  it('refuses a scanned PDF (no text layer) with a clear error instead of an empty document', async () => {
    const file = await write('scanned.pdf', scannedPdf());
    const error = await analyzePdf(file, { source: 'en', target: 'ar', limits: DEFAULT_LIMITS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe('scanned_pdf');
  });
});
