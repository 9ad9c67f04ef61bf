import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxEntries, pptxEntries, pptxShape, writeZip, xlsxEntries } from '../../test/fixtures/documents';
import { tableAndListPdf } from '../../test/fixtures/pdf-fixture';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';

/**
 * Arabic output as a reader sees it: DOCX, PPTX, XLSX and PDF documents translated into Arabic
 * are rendered by LibreOffice (Debian's `libreoffice-*-nogui`, installed by `npm test`),
 * the layout is read back from the PDF (poppler's `pdftotext -bbox-layout`) and checked
 * (right-aligned paragraphs, mirrored table and sheet columns), and the first page of each
 * is kept as a PNG in .test-results/screenshots for a person to look at in review.
 */

const REVIEW_DIR = path.resolve(import.meta.dirname, '../../../.test-results/screenshots');

/** The Arabic of each segment, as a human translator would write it (placeholders kept). */
const ARABIC: Record<string, string> = {
  'Annual report': 'التقرير السنوي',
  'My name <x1>is</x1> Michael.': 'اسمي <x1>هو</x1> مايكل.',
  'The company signed the contract with our partners yesterday.': 'وقّعت الشركة العقد مع شركائنا أمس.',
  Product: 'المنتج',
  Price: 'السعر',
  'Free shipping': 'شحن مجاني',
  '50 dollars': '50 دولارًا',
  'Quarterly results': 'النتائج الفصلية',
  'Sales grew by ten percent.': 'نمت المبيعات بنسبة عشرة بالمئة.',
  'Thank you for your work.': 'شكرًا لكم على عملكم.',
  Sales: 'المبيعات',
  Region: 'المنطقة',
  North: 'الشمال',
  South: 'الجنوب',
};

const translate = (segments: string[]) =>
  segments.map((segment) => {
    const arabic = ARABIC[segment];
    if (arabic === undefined) throw new Error(`no Arabic for the segment ${JSON.stringify(segment)}`);
    return arabic;
  });

interface Word {
  text: string;
  xMin: number;
  xMax: number;
  yMin: number;
}

/**
 * The words of the first page and its width. Arabic comes out of the PDF in visual order: it
 * is turned back to logical order (punctuation, tanween and the lam-alef ligature come out
 * split or reordered, so the checks use plain words).
 */
function wordsOf(pdf: string): { width: number; words: Word[] } {
  const xml = execFileSync('pdftotext', ['-f', '1', '-l', '1', '-bbox-layout', pdf, '-']).toString('utf8');
  const width = Number(/<page width="([\d.]+)"/.exec(xml)?.[1]);
  const words = [...xml.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => {
    const raw = m[4]!.normalize('NFKC');
    return { text: /[\u0600-\u06FF]/.test(raw) ? [...raw].reverse().join('') : raw, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]) };
  });
  return { width, words };
}

function word(words: Word[], text: string): Word {
  const found = words.find((w) => w.text === text);
  if (!found) throw new Error(`"${text}" is not on the rendered page: ${words.map((w) => w.text).join(' ')}`);
  return found;
}

let dir: string;

beforeAll(async () => {
  expect(fs.existsSync('/usr/bin/soffice'), 'LibreOffice is missing: npm test installs it (scripts/system-packages.mjs)').toBe(true);
  dir = tempDir('lisan-render-');
  const border = (side: string) => `<w:${side} w:val="single" w:sz="4" w:space="0" w:color="000000"/>`;
  const cell = (text: string) => `<w:tc><w:tcPr><w:tcW w:w="4500" w:type="dxa"/></w:tcPr><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:tc>`;
  const sources = {
    docx: docxEntries(
      '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Annual report</w:t></w:r></w:p>' +
        '<w:p><w:r><w:t xml:space="preserve">My name </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>is</w:t></w:r><w:r><w:t xml:space="preserve"> Michael.</w:t></w:r></w:p>' +
        '<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:r><w:t>The company signed the contract with our partners yesterday.</w:t></w:r></w:p>' +
        `<w:tbl><w:tblPr><w:tblW w:w="9000" w:type="dxa"/><w:tblBorders>${['top', 'left', 'bottom', 'right', 'insideH', 'insideV'].map(border).join('')}</w:tblBorders></w:tblPr><w:tblGrid><w:gridCol w:w="4500"/><w:gridCol w:w="4500"/></w:tblGrid>` +
        `<w:tr>${cell('Product')}${cell('Price')}</w:tr><w:tr>${cell('Free shipping')}${cell('50 dollars')}</w:tr></w:tbl>`,
    ),
    pptx: pptxEntries([
      pptxShape(2, '<a:p><a:r><a:rPr lang="en-US" sz="3600"/><a:t>Quarterly results</a:t></a:r></a:p>') +
        pptxShape(3, '<a:p><a:r><a:rPr lang="en-US" sz="2400"/><a:t>Sales grew by ten percent.</a:t></a:r></a:p><a:p><a:r><a:rPr lang="en-US" sz="2400"/><a:t>Thank you for your work.</a:t></a:r></a:p>'),
    ]),
    xlsx: xlsxEntries(
      [{ name: 'Sales', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>1250</v></c></row><row r="3"><c r="A3" t="s"><v>3</v></c><c r="B3"><v>980</v></c></row>' }],
      { sharedStrings: ['Region', 'Sales', 'North', 'South'] },
    ),
  };
  const outputs: string[] = [];
  for (const [format, entries] of Object.entries(sources)) {
    const file = path.join(dir, `report.${format}`);
    await writeZip(file, entries);
    // LibreOffice names each PDF after its file: one name per format.
    outputs.push((await roundTrip(file, { target: 'ar', translate, out: path.join(dir, `${format}-ar.${format}`) })).out);
  }
  // A PDF comes back as DOCX: its table and list rebuilt from the page.
  const pdf = path.join(dir, 'source.pdf');
  fs.writeFileSync(pdf, await tableAndListPdf([['Product', 'Price'], ['Free shipping', '50 dollars']], ['Sales grew by ten percent.', 'Thank you for your work.']));
  outputs.push((await roundTrip(pdf, { target: 'ar', translate, out: path.join(dir, 'pdf-ar.docx') })).out);
  // One LibreOffice run for all the files, with a profile of its own (tests run in parallel).
  execFileSync('soffice', [`-env:UserInstallation=file://${dir}/profile`, '--headless', '--convert-to', 'pdf', '--outdir', dir, ...outputs], { stdio: 'pipe', timeout: 120_000 });
  fs.mkdirSync(REVIEW_DIR, { recursive: true });
}, 180_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The PDF LibreOffice wrote for the Arabic output of `format`; its first page is kept as a PNG for review. */
function rendered(format: 'docx' | 'pptx' | 'xlsx' | 'pdf') {
  const pdf = path.join(dir, `${format}-ar.pdf`);
  expect(fs.existsSync(pdf), `LibreOffice did not render the ${format}`).toBe(true);
  const png = path.join(REVIEW_DIR, `documents-render-${format}-ar`);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', pdf, png]);
  expect(fs.statSync(`${png}.png`).size).toBeGreaterThan(2_000);
  return wordsOf(pdf);
}

describe('Arabic documents rendered by LibreOffice', () => {
  it('DOCX: the Arabic text, right-aligned (a left alignment mirrored), the table mirrored', () => {
    const { width, words } = rendered('docx');
    expect(words.map((w) => w.text)).not.toContain('contract');
    for (const text of ['التقرير', 'السنوي', 'اسمي', 'مايكل', 'الشركة', 'شركائنا']) word(words, text);
    // Right-aligned: every paragraph ends at the right margin (72 pt), the heading too.
    const rightMargin = width - 72;
    for (const text of ['التقرير', 'اسمي', 'وقّعت']) expect(word(words, text).xMax).toBeGreaterThan(rightMargin - 8);
    // A sentence reads right to left: its first word is the rightmost.
    expect(word(words, 'وقّعت').xMin).toBeGreaterThan(word(words, 'الشركة').xMax);
    // The table's first column is on the right.
    expect(word(words, 'المنتج').xMin).toBeGreaterThan(word(words, 'السعر').xMax);
    expect(word(words, 'شحن').xMin).toBeGreaterThan(word(words, '50').xMax);
  });

  it('PPTX: the Arabic text, right-aligned in its text box', () => {
    const { width, words } = rendered('pptx');
    expect(words.map((w) => w.text)).not.toContain('Quarterly');
    for (const text of ['النتائج', 'الفصلية', 'المبيعات', 'عملكم']) word(words, text);
    // The text boxes span 36 pt to 684 pt of a 720 pt slide; right-aligned text ends near 684.
    expect(width).toBeCloseTo(720, 0);
    for (const text of ['النتائج', 'نمت']) expect(word(words, text).xMax).toBeGreaterThan(640);
  });

  it('XLSX: the Arabic text, the sheet right to left (column A on the right), numbers kept', () => {
    const { words } = rendered('xlsx');
    expect(words.map((w) => w.text)).not.toContain('Region');
    expect(word(words, 'المنطقة').xMin).toBeGreaterThan(word(words, 'المبيعات').xMax);
    expect(word(words, 'الشمال').xMin).toBeGreaterThan(word(words, '1250').xMax);
    word(words, '980');
  });

  it('PDF: the table a Word table with its first column on the right, each list item on a line of its own after a bullet', () => {
    const { words } = rendered('pdf');
    expect(words.map((w) => w.text)).not.toContain('Product');
    expect(word(words, 'المنتج').xMin).toBeGreaterThan(word(words, 'السعر').xMax);
    expect(word(words, 'شحن').xMin).toBeGreaterThan(word(words, '50').xMax);
    expect(word(words, 'نمت').yMin).toBeLessThan(word(words, 'عملكم').yMin - 5);
    // Word's bullet, drawn beside each item (at its right); nothing printed as a missing glyph.
    const bullets = words.filter((w) => w.text === '•');
    expect(bullets).toHaveLength(2);
    expect(bullets[0]!.xMin).toBeGreaterThan(word(words, 'نمت').xMax);
    expect(words.map((w) => w.text).join(' ')).not.toMatch(/[\uE000-\uF8FF\uFFFD]/);
  });
});
