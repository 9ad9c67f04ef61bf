import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transliterate } from '../../test/engines/reversing-engine';
import { readZip, readZipText } from '../../test/fixtures/documents';
import { columnPicturePdf, listsPdf, oneRunRowPdf, pictureAcrossColumnsPdf, pictureBesideTextPdf, reportPdf, scannedPdf, sectionColumnsPdf, shortColumnsPdf, stackedColumnsPdf, tablesPdf, twoColumnPdf } from '../../test/fixtures/pdf-fixture';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';
import { DocumentError } from './errors';
import { DEFAULT_LIMITS } from './limits';
import { analyzePdf } from './pdf';
import { child, findAll, textOf, type XmlElement } from './xml/dom';
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

  // A section in columns followed by full-width text (title, columns, heading, paragraph), and two sections in columns one under the other.
  it.each([
    {
      name: 'section-columns.pdf',
      pdf: sectionColumnsPdf,
      segments: [
        'Annual report of the company',
        'Left column starts here and continues with more words about the first topic of the article, which goes on for a few more lines than the right column does and ends in this very sentence.',
        'Right column begins after the left one is finished and talks about the second topic of the same article and stops right here.',
        'Results by region',
        'This paragraph runs across the whole page below the two columns.',
      ],
    },
    {
      name: 'stacked-columns.pdf',
      pdf: stackedColumnsPdf,
      segments: [
        'First left column starts here and goes on with more words about the first topic of it and ends right here now.',
        'First right column follows the first left one and talks about the second topic and ends right here as well.',
        'This line runs across the whole page between the two sections.',
        'Second left column starts below the line and goes on about the third topic of it and ends in this sentence.',
        'Second right column comes last of all and talks about the fourth topic of the page and ends in this sentence.',
      ],
    },
  ])('reads what follows a section in two columns after both columns ($name)', async ({ name, pdf, segments }) => {
    const file = await write(name, pdf());
    expect((await analyzePdf(file, { source: 'en', target: 'ar', limits: DEFAULT_LIMITS })).segments).toEqual(segments);
  });

  // A picture in the left column with text below it too, and a picture ending the left column while the right one goes on beside it.
  it.each([
    { name: 'column-picture.pdf', textBelow: true },
    { name: 'column-picture-end.pdf', textBelow: false },
  ])('places a picture inside one column of a section in that column\'s reading order ($name)', async ({ name, textBelow }) => {
    const file = await write(name, columnPicturePdf({ textBelow }));
    const { analysis, out } = await roundTrip(file);
    const below = 'The chart shows the growth of the company in the last five years in a clear way.';
    expect(analysis.segments).toEqual([
      'Annual report of the company',
      'Left column starts here and continues with more words about the first topic of the article before a chart.',
      ...(textBelow ? [below] : []),
      expect.stringMatching(/^Right column begins after .* below both of the columns\.$/),
      'Results by region',
      'This paragraph runs across the whole page below the two columns.',
    ]);
    const body = await parse(await readZipText(out, 'word/document.xml'));
    // The test engine reverses words: a paragraph's last word is its source's first.
    const order = findAll(body, 'w:p').map((p) => (findAll(p, 'w:drawing').length ? 'picture' : textOf(p).split(' ').at(-1)));
    expect(order).toEqual([ar('Annual'), ar('Left'), 'picture', ...(textBelow ? [ar('The')] : []), ar('Right'), ar('Results'), ar('This')]);
  });

  it('keeps a paragraph with a picture floating beside it whole, the picture after it, in the analysis as in the merge', async () => {
    const file = await write('picture-beside.pdf', pictureBesideTextPdf());
    const { analysis, translations, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['The first paragraph runs on beside a small chart that stands to the right of it and ends in this sentence.', 'A second paragraph follows below the chart.']);
    const body = await parse(await readZipText(out, 'word/document.xml'));
    const texts = findAll(body, 'w:p').filter((p) => !findAll(p, 'w:drawing').length).map((p) => textOf(p));
    expect(texts).toEqual(translations);
    expect(findAll(body, 'w:drawing')).toHaveLength(1);
    const order = findAll(body, 'w:p').map((p) => (findAll(p, 'w:drawing').length ? 'picture' : textOf(p).split(' ').at(-1)));
    expect(order).toEqual([ar('The'), 'picture', ar('A')]);
  });

  it.each([
    {
      name: 'picture-run-on.pdf',
      runOn: true,
      segments: [
        'Annual report of the company',
        'Left column starts here and goes on with more words about the first topic of the article, which runs on past the chart across the page and ends in this sentence after a few more words on the first topic of it.',
        'Right column begins after the left one is finished and talks about the second topic of the same article and it goes on below the chart as well until it ends in this very sentence after a few more words on it.',
      ],
      order: ['Annual', 'Left', 'picture', 'Right'],
    },
    {
      name: 'picture-between-sections.pdf',
      runOn: false,
      segments: [
        'Annual report of the company',
        'First left column starts here and goes on with more words about the first topic of it and ends right here now.',
        'First right column follows the first left one and talks about the second topic and ends right here as well.',
        'Second left column starts below the chart and goes on about the third topic of it and ends in this sentence.',
        'Second right column comes last of all and talks about the fourth topic of the page and ends in this sentence.',
      ],
      order: ['Annual', 'First', 'First', 'picture', 'Second', 'Second'],
    },
  ])('keeps column paragraphs whole around a picture across the page, placing it between them ($name)', async ({ name, runOn, segments, order }) => {
    const file = await write(name, pictureAcrossColumnsPdf({ runOn }));
    const { analysis, translations, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(segments);
    const body = await parse(await readZipText(out, 'word/document.xml'));
    expect(findAll(body, 'w:p').filter((p) => !findAll(p, 'w:drawing').length).map((p) => textOf(p))).toEqual(translations);
    expect(findAll(body, 'w:p').map((p) => (findAll(p, 'w:drawing').length ? 'picture' : textOf(p).split(' ').at(-1)))).toEqual(order.map((w) => (w === 'picture' ? w : ar(w))));
    const files = await readZip(out);
    expect([...files.keys()].filter((f) => f.startsWith('word/media/'))).toHaveLength(1);
    // Each column's paragraphs start at their column's edge: none is aligned to the end (the right column's were).
    expect(findAll(body, 'w:jc')).toHaveLength(0);
  });

  it('refuses a scanned PDF (no text layer) with a clear error instead of an empty document', async () => {
    const file = await write('scanned.pdf', scannedPdf());
    const error = await analyzePdf(file, { source: 'en', target: 'ar', limits: DEFAULT_LIMITS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).code).toBe('scanned_pdf');
  });

  it('cuts a row that comes out of the PDF as one item at the column line (narrow cells: "February 200")', async () => {
    const file = await write('one-run-row.pdf', oneRunRowPdf());
    const { analysis, out, translations } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Sales by month are listed below.', 'Month', 'Sales', 'January', '100', 'February', '200', 'Thank you for reading this report.']);
    const body = await parse(await readZipText(out, 'word/document.xml'));
    const rows = findAll(findAll(body, 'w:tbl')[0]!, 'w:tr').map((row) => findAll(row, 'w:tc').map((cell) => textOf(cell)));
    expect(rows.at(-1)).toEqual([translations[analysis.segments.indexOf('February')], translations[analysis.segments.indexOf('200')]]);
  });

  it('turns ruled and unruled tables into Word tables, cell by cell, the first column on the right for Arabic', async () => {
    const file = await write('tables.pdf', tablesPdf());
    const { analysis, out, translations } = await roundTrip(file);
    // Each cell is one segment, a wrapped cell's lines joined; the text around the tables stays paragraphs.
    expect(analysis.segments).toEqual([
      'The offices of the company are listed in the table below, with their staff.',
      'Office and city',
      'Staff',
      'Head office',
      'Cairo',
      '120',
      'Branch with a rather long name that wraps onto a second line',
      'Amman',
      '45',
      'Sales',
      'Dubai',
      '30',
      'Prices for the coming year are shown next.',
      'Product',
      'Price',
      'Stock',
      'Green tea from Yunnan',
      '12 dollars',
      'Plenty',
      'Coffee beans',
      '20 dollars',
      'Low',
      'The figures were checked by the auditors.',
      'Region',
      'Manager',
      'North',
      'Salma',
    ]);
    const translated = (segment: string) => translations[analysis.segments.indexOf(segment)]!;
    const body = await parse(await readZipText(out, 'word/document.xml'));
    const tables = findAll(body, 'w:tbl');
    expect(tables).toHaveLength(3);
    const cells = (table: XmlElement) => findAll(table, 'w:tr').map((row) => findAll(row, 'w:tc').map((cell) => textOf(cell)));
    // The ruled table: its header spans two columns.
    expect(cells(tables[0]!)).toEqual([
      [translated('Office and city'), translated('Staff')],
      [translated('Head office'), translated('Cairo'), translated('120')],
      [translated('Branch with a rather long name that wraps onto a second line'), translated('Amman'), translated('45')],
      [translated('Sales'), translated('Dubai'), translated('30')],
    ]);
    expect(findAll(findAll(tables[0]!, 'w:tc')[0]!, 'w:gridSpan')[0]!.attrs['w:val']).toBe('2');
    expect(findAll(tables[0]!, 'w:gridCol')).toHaveLength(3);
    expect(cells(tables[1]!)).toEqual([
      [translated('Product'), translated('Price'), translated('Stock')],
      [translated('Green tea from Yunnan'), translated('12 dollars'), translated('Plenty')],
      [translated('Coffee beans'), translated('20 dollars'), translated('Low')],
    ]);
    expect(cells(tables[2]!)).toEqual([
      [translated('Region'), translated('Manager')],
      [translated('North'), translated('Salma')],
    ]);
    for (const table of tables) expect(child(child(table, 'w:tblPr')!, 'w:bidiVisual')).toBeDefined();
    // Column widths follow the source: the ruled table's columns are 180, 140 and 130 points wide.
    const widths = findAll(tables[0]!, 'w:gridCol').map((col) => Number(col.attrs['w:w']));
    expect(widths[0]! / widths[2]!).toBeCloseTo(180 / 130, 1);
    // Without rules, a column runs to the next one's start; the last gets the gutter after its text.
    const unruled = findAll(tables[1]!, 'w:gridCol').map((col) => Number(col.attrs['w:w']));
    expect(unruled[0]! / unruled[1]!).toBeCloseTo(178 / 150, 1);
    expect(unruled[2]! / unruled[1]!).toBeGreaterThan(0.6);

    // Into English the tables read left to right.
    const english = await roundTrip(file, { source: 'ar', target: 'en', out: path.join(dir, 'tables-en.docx') });
    const englishBody = await parse(await readZipText(english.out, 'word/document.xml'));
    expect(findAll(englishBody, 'w:tbl')).toHaveLength(3);
    expect(findAll(englishBody, 'w:bidiVisual')).toHaveLength(0);
  });

  it('writes each list item as a paragraph of its own, the bullet taken off the text and drawn by Word', async () => {
    const file = await write('lists.pdf', listsPdf());
    const { analysis, out } = await roundTrip(file);
    const items = [
      'Apples from the north.',
      'Pears from the south.',
      'Tomatoes.',
      'Cucumbers.',
      'Orange juice.',
      'Mint tea.',
      'Free delivery.',
      'Gift wrapping.',
      'Weekdays from nine to five, and on the first Thursday of the month until nine in the evening for late shoppers.',
      'Saturdays until noon.',
    ];
    const steps = ['Choose the goods.', 'Pay at the counter.', 'Collect the parcel.'];
    expect(analysis.segments).toEqual([
      'Fruit we sell all year round:',
      ...items.slice(0, 2),
      'Vegetables we sell in summer:',
      ...items.slice(2, 4),
      'Drinks in the Symbol font list:',
      ...items.slice(4, 6),
      'Services in the dingbats list:',
      ...items.slice(6, 8),
      'Opening hours in a drawn list:',
      ...items.slice(8, 10),
      'Steps to place an order:',
      ...steps,
    ]);

    const body = await parse(await readZipText(out, 'word/document.xml'));
    const paragraphs = findAll(body, 'w:p');
    const numbered = paragraphs.filter((p) => findAll(p, 'w:numPr').length);
    expect(numbered).toHaveLength(items.length + steps.length);
    const numbering = await readZipText(out, 'word/numbering.xml');
    const formatOf = (p: XmlElement) => {
      const numId = findAll(p, 'w:numId')[0]!.attrs['w:val'];
      const abstractId = new RegExp(`<w:num w:numId="${numId}"><w:abstractNumId w:val="(\\d+)"/>`).exec(numbering)![1];
      return new RegExp(`<w:abstractNum w:abstractNumId="${abstractId}">.*?<w:numFmt w:val="(\\w+)"/><w:lvlText w:val="([^"]*)"/>`).exec(numbering)!.slice(1);
    };
    expect(numbered.slice(0, items.length).map(formatOf)).toEqual(items.map(() => ['bullet', '•']));
    expect(numbered.slice(items.length).map(formatOf)).toEqual(steps.map(() => ['decimal', '%1.']));
    // The paragraphs introducing the lists are not list items.
    expect(paragraphs.filter((p) => textOf(p).endsWith(':') && findAll(p, 'w:numPr').length)).toHaveLength(0);
    // Nothing in the package prints as a box.
    for (const [name, data] of await readZip(out)) if (/\.xml$/.test(name)) expect(data.toString('utf8'), name).not.toMatch(/[\uE000-\uF8FF\uFFFD]/);
  });

  it('recognises Word\'s Symbol bullet mapped to a private-use character (U+F0B7) and never passes it on', async () => {
    const file = await write('lists-private-use.pdf', listsPdf({ privateUseBullet: true }));
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments.slice(6, 9)).toEqual(['Drinks in the Symbol font list:', 'Orange juice.', 'Mint tea.']);
    expect(analysis.segments.join('\n')).not.toMatch(/[\uE000-\uF8FF\uFFFD•]/);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).not.toMatch(/[\uE000-\uF8FF\uFFFD]/);
    const body = await parse(xml);
    const juice = findAll(body, 'w:p').find((p) => textOf(p).includes(ar('juice.')))!;
    expect(findAll(juice, 'w:numPr')).toHaveLength(1);
  });

  it('does not take running text in two columns, or a framed paragraph with an underline, for a table', async () => {
    const file = await write('short-columns.pdf', shortColumnsPdf());
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments[0]).toBe('We opened our first shop in the old town in the spring and have been busy ever since. Our customers come from all over the city and many of them return every week.');
    expect(analysis.segments.join(' ')).toContain('The first column talks about');
    expect(findAll(await parse(await readZipText(out, 'word/document.xml')), 'w:tbl')).toHaveLength(0);
  });
});
