import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transliterate } from '../../test/engines/reversing-engine';
import { docxEntries, readZip, readZipText, W_NS, withFolderEntries, writeZip } from '../../test/fixtures/documents';
import { sampleDocx } from '../../test/fixtures/docx-fixture';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';
import { detectFormat } from './detect';
import { DEFAULT_LIMITS } from './limits';
import { child, findAll, textOf, type XmlElement } from './xml/dom';
import { fromString, parseXmlDocument } from './xml/stream';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const parse = (xml: string) => parseXmlDocument(fromString(xml), { maxDepth: 256, maxCapturedChars: 1e8, maxBytes: 1e9 });
const ar = (text: string) => transliterate(text, 'ar');

/** The runs of a paragraph as [text, bold?] pairs, in order. */
function runs(p: XmlElement): Array<{ text: string; bold: boolean; rtl: boolean; rPr?: XmlElement }> {
  return findAll(p, 'w:r')
    .filter((r) => child(r, 'w:t'))
    .map((r) => {
      const rPr = child(r, 'w:rPr');
      return { text: textOf(child(r, 'w:t')!), bold: Boolean(rPr && child(rPr, 'w:b')), rtl: Boolean(rPr && child(rPr, 'w:rtl')), rPr };
    });
}

async function docx(name: string, body: string, options?: Parameters<typeof docxEntries>[1]) {
  return writeZip(path.join(dir, name), docxEntries(body, options));
}

describe('DOCX filter', () => {
  it('merges runs split by spell-check and layout noise, so a sentence stays one segment with its bold word on the right word', async () => {
    const file = await docx(
      'noise.docx',
      '<w:p><w:r w:rsidR="001"><w:t xml:space="preserve">My </w:t></w:r><w:proofErr w:type="spellStart"/><w:r w:rsidR="002"><w:rPr><w:lang w:val="en-GB"/></w:rPr><w:t xml:space="preserve">name </w:t></w:r><w:proofErr w:type="spellEnd"/><w:r><w:rPr><w:b/></w:rPr><w:t>is</w:t></w:r><w:r><w:lastRenderedPageBreak/><w:t xml:space="preserve"> Mich</w:t></w:r><w:r><w:t>ael</w:t></w:r></w:p>',
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['My name <x1>is</x1> Michael']);
    expect(analysis.words).toBe(4);
    const p = findAll(await parse(await readZipText(out, 'word/document.xml')), 'w:p')[0]!;
    // The engine reversed the words: the bold run still holds (the translation of) "is".
    expect(runs(p).map((r) => [r.text, r.bold])).toEqual([
      [`${ar('Michael')} `, false],
      [ar('is'), true],
      [` ${ar('name')} ${ar('My')}`, false],
    ]);
    expect(await readZipText(out, 'word/document.xml')).not.toContain('proofErr');
  });

  it('translates body, tables, headers, footers, footnotes and comments of a docx-package document, right to left', async () => {
    const file = path.join(dir, 'sample.docx');
    fs.writeFileSync(file, await sampleDocx());
    const { analysis, out } = await roundTrip(file);
    expect(analysis.parts.map((p) => p.part)).toEqual(['word/document.xml', 'word/header1.xml', 'word/footer1.xml', 'word/footnotes.xml', 'word/comments.xml']);
    expect(analysis.segments).toContain('My name <x1>is</x1> Michael and I write the report.');
    expect(analysis.segments).toContain('Revenue grew by ten percent<x1/>.');

    const body = await parse(await readZipText(out, 'word/document.xml'));
    const text = textOf(body);
    expect(text).toContain(ar('results'));
    expect(text).not.toMatch(/Annual|Michael|website|Region/);
    expect(textOf(await parse(await readZipText(out, 'word/header1.xml')))).toContain(ar('Quarterly'));
    expect(textOf(await parse(await readZipText(out, 'word/footer1.xml')))).toContain(ar('Confidential'));
    expect(textOf(await parse(await readZipText(out, 'word/footnotes.xml')))).toContain(ar('dollars.'));
    expect(textOf(await parse(await readZipText(out, 'word/comments.xml')))).toContain(ar('figure.'));

    // Direction: every paragraph w:bidi, runs w:rtl with an Arabic-capable cs font and bidi language, tables bidiVisual, section bidi.
    for (const p of findAll(body, 'w:p')) expect(child(child(p, 'w:pPr')!, 'w:bidi'), textOf(p)).toBeDefined();
    for (const run of findAll(body, 'w:p').flatMap(runs)) {
      expect(run.rtl).toBe(true);
      expect(child(run.rPr!, 'w:rFonts')!.attrs['w:cs']).toBe('Arial');
      expect(child(run.rPr!, 'w:lang')!.attrs['w:bidi']).toBe('ar-SA');
    }
    expect(child(findAll(body, 'w:tblPr')[0]!, 'w:bidiVisual')).toBeDefined();
    expect(child(findAll(body, 'w:sectPr')[0]!, 'w:bidi')).toBeDefined();
    // Alignment keeps its (logical) value: under w:bidi Word puts "left" on the right, mirroring it.
    const signed = findAll(body, 'w:p').find((p) => textOf(p).includes(ar('board')))!;
    expect(child(child(signed, 'w:pPr')!, 'w:jc')!.attrs['w:val']).toBe('right');
    // Bold Arabic text needs bCs; the footnote reference and the comment anchors are kept.
    expect(runs(findAll(body, 'w:p')[1]!).find((r) => r.bold)!.rPr!.children.some((c) => c.type === 'element' && c.name === 'w:bCs')).toBe(true);
    expect(findAll(body, 'w:footnoteReference')).toHaveLength(1);
    expect(findAll(body, 'w:commentRangeStart')).toHaveLength(1);
    expect(findAll(body, 'w:commentReference')).toHaveLength(1);
    // The document's default font gets an Arabic complex-script font too.
    const styles = await readZipText(out, 'word/styles.xml');
    expect(styles).toMatch(/<w:rPrDefault><w:rPr>.*w:cs="/);
  });

  it('keeps a hyperlink around the words it covered, and other inline formatting in place', async () => {
    const file = path.join(dir, 'links.docx');
    fs.writeFileSync(file, await sampleDocx());
    const { out } = await roundTrip(file);
    const body = await parse(await readZipText(out, 'word/document.xml'));
    const link = findAll(body, 'w:hyperlink')[0]!;
    expect(link.attrs['r:id']).toBeTruthy();
    expect(textOf(link)).toBe(`${ar('website')} ${ar('our')}`);
    const linkRun = findAll(link, 'w:r')[0]!;
    expect(child(child(linkRun, 'w:rPr')!, 'w:rStyle')!.attrs['w:val']).toBe('Hyperlink');
  });

  it('keeps fields (a PAGE field) as fields and translates only their visible result', async () => {
    const file = await docx(
      'field.docx',
      '<w:p><w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>one</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r><w:r><w:t xml:space="preserve"> of the report</w:t></w:r></w:p>',
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Page <x1>one</x1> of the report']);
    const xml = await readZipText(out, 'word/document.xml');
    const types = [...xml.matchAll(/w:fldCharType="(\w+)"/g)].map((m) => m[1]);
    expect(types).toEqual(['begin', 'separate', 'end']);
    expect(xml).toContain(' PAGE </w:instrText>');
    // The result sits between separate and end.
    expect(xml.indexOf(ar('one'))).toBeGreaterThan(xml.indexOf('separate'));
    expect(xml.indexOf(ar('one'))).toBeLessThan(xml.indexOf('w:fldCharType="end"'));
  });

  it('keeps tabs and line breaks as standalone placeholders', async () => {
    const file = await docx('tabs.docx', '<w:p><w:r><w:t>Name</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t>Value here</w:t></w:r><w:r><w:br/></w:r><w:r><w:t>Next line</w:t></w:r></w:p>');
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Name<x1/>Value here<x2/>Next line']);
    expect(analysis.words).toBe(5);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml.match(/<w:tab\/>/g)).toHaveLength(1);
    expect(xml.match(/<w:br\/>/g)).toHaveLength(1);
  });

  it('translates text boxes (paragraphs inside drawings), counting the VML fallback copy once', async () => {
    const box = (text: string) => `<w:txbxContent><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:txbxContent>`;
    const file = await docx(
      'textbox.docx',
      `<w:p><w:r><w:t xml:space="preserve">Before the box </w:t></w:r><w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor><wps:wsp><wps:txbx>${box('Boxed words')}</wps:txbx></wps:wsp></wp:anchor></w:drawing></mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>${box('Boxed words')}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r><w:r><w:t>after it.</w:t></w:r></w:p>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Boxed words', 'Boxed words', 'Before the box <x1/>after it.']);
    expect(analysis.words).toBe(2 + 5);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml.split(`${ar('words')} ${ar('Boxed')}`)).toHaveLength(3);
    expect(xml).toContain('<mc:Fallback>');
  });

  it("translates a picture's alt text and title, which screen readers read", async () => {
    const file = await docx(
      'alt-text.docx',
      '<w:p><w:r><w:t xml:space="preserve">Our logo: </w:t></w:r><w:r><w:drawing><wp:inline><wp:extent cx="100" cy="100"/><wp:docPr id="1" name="Picture 1" title="Company logo" descr=" A green leaf on a white background "/><a:graphic/></wp:inline></w:drawing></w:r></w:p>' +
        '<w:p><w:r><w:drawing><wp:inline><wp:docPr id="2" name="Picture 2" descr=""/></wp:inline></w:drawing></w:r></w:p>',
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Company logo', 'A green leaf on a white background', 'Our logo:']);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).toContain(`title="${ar('logo')} ${ar('Company')}" descr=" ${['background', 'white', 'a', 'on', 'leaf', 'green', 'A'].map(ar).join(' ')} "`);
    expect(xml).toContain('name="Picture 1"');
    expect(xml).toContain('<wp:docPr id="2" name="Picture 2" descr=""/>');
  });

  it("translates the choices of a content control's drop-down list, inline or around paragraphs, not their values", async () => {
    const list = (items: string[]) => `<w:sdtPr><w:alias w:val="Status"/><w:dropDownList>${items.map((item) => `<w:listItem w:displayText="${item}" w:value="${item}"/>`).join('')}</w:dropDownList></w:sdtPr>`;
    const file = await docx(
      'dropdown.docx',
      `<w:p><w:r><w:t xml:space="preserve">Status: </w:t></w:r><w:sdt>${list(['Approved', 'Rejected'])}<w:sdtContent><w:r><w:t>Approved</w:t></w:r></w:sdtContent></w:sdt></w:p>` +
        `<w:sdt>${list(['Full time', 'Part time'])}<w:sdtContent><w:p><w:r><w:t>Full time</w:t></w:r></w:p></w:sdtContent></w:sdt>`,
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Approved', 'Rejected', 'Status: <x1>Approved</x1>', 'Full time', 'Part time', 'Full time']);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).toContain(`<w:listItem w:displayText="${ar('Approved')}" w:value="Approved"/><w:listItem w:displayText="${ar('Rejected')}" w:value="Rejected"/>`);
    expect(xml).toContain(`<w:listItem w:displayText="${ar('time')} ${ar('Full')}" w:value="Full time"/>`);
  });

  it('accepts tracked insertions and drops deletions before segmenting', async () => {
    const file = await docx(
      'tracked.docx',
      '<w:p><w:r><w:t xml:space="preserve">The </w:t></w:r><w:del w:id="1" w:author="A"><w:r><w:delText>old </w:delText></w:r></w:del><w:ins w:id="2" w:author="A"><w:r><w:t xml:space="preserve">new </w:t></w:r></w:ins><w:r><w:t>plan</w:t></w:r></w:p>',
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['The new plan']);
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).not.toMatch(/w:del|w:ins|old/);
  });

  it('re-inserts placeholders an engine lost, at a word boundary, and logs the repair', async () => {
    const file = await docx('lossy.docx', '<w:p><w:r><w:t xml:space="preserve">Press </w:t></w:r><w:r><w:rPr><w:b/></w:rPr><w:t>Save</w:t></w:r><w:r><w:tab/></w:r><w:r><w:t xml:space="preserve"> to keep your work</w:t></w:r></w:p>');
    const { analysis, out, repairs } = await roundTrip(file, { translate: (segments) => segments.map(() => 'اضغط حفظ للاحتفاظ بعملك') });
    expect(analysis.segments).toEqual(['Press <x1>Save</x1><x2/> to keep your work']);
    expect(repairs).toBe(2);
    const body = await parse(await readZipText(out, 'word/document.xml'));
    const p = findAll(body, 'w:p')[0]!;
    // The bold formatting survives on a whole word; the tab comes back between words.
    const bold = runs(p).filter((r) => r.bold);
    expect(bold).toHaveLength(1);
    expect(bold[0]!.text).toMatch(/^\S+$/);
    expect(findAll(p, 'w:tab')).toHaveLength(1);
    expect(textOf(p)).toContain('بعملك');
  });

  it('translates SmartArt and chart titles (DrawingML parts)', async () => {
    const dgm = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><dgm:dataModel xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="1"><dgm:t><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>Plan the work</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst></dgm:dataModel>`;
    const chart = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Sales by region</a:t></a:r></a:p></c:rich></c:tx></c:title></c:chart></c:chartSpace>`;
    const file = await docx('dml.docx', '<w:p><w:r><w:t>Body text</w:t></w:r></w:p>', {
      extraParts: {
        'word/diagrams/data1.xml': { contentType: 'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml', xml: dgm },
        'word/charts/chart1.xml': { contentType: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml', xml: chart },
      },
    });
    const { analysis, out } = await roundTrip(file);
    // Parts are read in package order.
    expect(analysis.segments).toEqual(['Body text', 'Plan the work', 'Sales by region']);
    expect(await readZipText(out, 'word/diagrams/data1.xml')).toContain(`${ar('work')} ${ar('the')} ${ar('Plan')}`);
    const chartOut = await readZipText(out, 'word/charts/chart1.xml');
    expect(chartOut).toContain(ar('region'));
    expect(chartOut).toContain('rtl="1"');
    expect(chartOut).toContain('rtlCol="1"');
  });

  it('Arabic to English removes right-to-left settings', async () => {
    const file = await docx(
      'arabic.docx',
      '<w:p><w:pPr><w:bidi/><w:jc w:val="left"/></w:pPr><w:r><w:rPr><w:rtl/><w:lang w:bidi="ar-SA"/></w:rPr><w:t>مرحبا بالعالم</w:t></w:r></w:p><w:tbl><w:tblPr><w:bidiVisual/></w:tblPr><w:tr><w:tc><w:p><w:pPr><w:bidi/></w:pPr><w:r><w:rPr><w:rtl/><w:b/></w:rPr><w:t>خلية</w:t></w:r></w:p></w:tc></w:tr></w:tbl>',
      { sectPr: '<w:sectPr><w:bidi/></w:sectPr>' },
    );
    const { analysis, out } = await roundTrip(file, { source: 'ar', target: 'en' });
    expect(analysis.detectedLanguage).toBe('ar');
    const xml = await readZipText(out, 'word/document.xml');
    expect(xml).not.toMatch(/<w:bidi\/>|<w:rtl\/>|bidiVisual/);
    expect(xml).toContain(transliterate('بالعالم', 'en'));
    expect(xml).toContain('<w:jc w:val="left"/>');
  });

  it('uses the namespace prefixes a part declares, even unusual ones', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><wx:document xmlns:wx="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><wx:body><wx:p><wx:r><wx:t>Odd prefix</wx:t></wx:r></wx:p></wx:body></wx:document>`;
    const entries = docxEntries('');
    entries['word/document.xml'] = xml;
    const file = await writeZip(path.join(dir, 'prefix.docx'), entries);
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Odd prefix']);
    expect(await readZipText(out, 'word/document.xml')).toContain(`xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"`);
    void W_NS;
  });

  it('translates a package whose zip has folder entries (`_rels/`, `word/`, as `zip -r` writes them); the output opens', async () => {
    const plain = path.join(dir, 'plain-for-folders.docx');
    fs.writeFileSync(plain, await sampleDocx());
    const file = await writeZip(path.join(dir, 'folders.docx'), withFolderEntries(await readZip(plain)));
    expect([...(await readZip(file)).keys()]).toEqual(expect.arrayContaining(['_rels/', 'word/', 'word/_rels/']));
    const { analysis, out, format } = await roundTrip(file);
    expect(format).toBe('docx');
    expect(analysis.segments).toContain('My name <x1>is</x1> Michael and I write the report.');
    // Folder entries are not parts: the output holds the files only, and opens as a DOCX again.
    expect([...(await readZip(out)).keys()].filter((name) => name.endsWith('/'))).toEqual([]);
    expect(await detectFormat(out, DEFAULT_LIMITS)).toBe('docx');
    const text = textOf(await parse(await readZipText(out, 'word/document.xml')));
    expect(text).toContain(ar('results'));
    expect(text).not.toMatch(/Annual|Michael/);
  });
});
