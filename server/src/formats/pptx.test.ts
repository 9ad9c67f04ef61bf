import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transliterate } from '../../test/engines/reversing-engine';
import { P_NS, pptxEntries, pptxShape, readZip, readZipText, withFolderEntries, writeZip } from '../../test/fixtures/documents';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';
import { detectFormat } from './detect';
import { DEFAULT_LIMITS } from './limits';
import { child, findAll, textOf } from './xml/dom';
import { fromString, parseXmlDocument } from './xml/stream';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const parse = (xml: string) => parseXmlDocument(fromString(xml), { maxDepth: 256, maxCapturedChars: 1e8, maxBytes: 1e9 });
const ar = (text: string) => transliterate(text, 'ar');

const title = pptxShape(2, '<a:p><a:pPr algn="l"/><a:r><a:rPr lang="en-US" dirty="0"/><a:t>Hello </a:t></a:r><a:r><a:rPr lang="en-US" b="1" dirty="0"/><a:t>bold</a:t></a:r><a:r><a:rPr lang="en-US"/><a:t> world</a:t></a:r><a:endParaRPr lang="en-US"/></a:p>', { placeholder: 'title' });
const group = `<p:grpSp><p:nvGrpSpPr><p:cNvPr id="10" name="Group"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>${pptxShape(11, '<a:p><a:r><a:t>Grouped shape text</a:t></a:r></a:p>')}</p:grpSp>`;
const table = `<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="20" name="Table"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/><a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblPr firstRow="1"/><a:tblGrid><a:gridCol w="100"/></a:tblGrid><a:tr h="10"><a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:t>Cell in a table</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>`;

describe('PPTX filter', () => {
  it('translates slides, grouped shapes, tables, notes and the visible text of layouts, not master prompts', async () => {
    const file = await writeZip(
      path.join(dir, 'deck.pptx'),
      pptxEntries([`${title}${group}${table}`, pptxShape(2, '<a:p><a:r><a:t>Second slide</a:t></a:r><a:br><a:rPr lang="en-US"/></a:br><a:r><a:t>new line</a:t></a:r></a:p>')], {
        layoutShapes: pptxShape(3, '<a:p><a:r><a:t>Company confidential</a:t></a:r></a:p>') + pptxShape(4, '<a:p><a:r><a:t>Click to edit text</a:t></a:r></a:p>', { placeholder: 'body' }),
        notes: '<a:p><a:r><a:t>Speaker notes here</a:t></a:r></a:p>',
      }),
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual([
      'Company confidential',
      'Hello <x1>bold</x1> world',
      'Grouped shape text',
      'Cell in a table',
      'Second slide<x1/>new line',
      'Speaker notes here',
    ]);
    expect(analysis.pages).toBe(2);
    expect(analysis.segments.join()).not.toContain('Master title');

    const slide = await parse(await readZipText(out, 'ppt/slides/slide1.xml'));
    const runs = findAll(slide, 'a:r');
    expect(runs.map((r) => textOf(child(r, 'a:t')!))).toContain(ar('bold'));
    const boldRun = runs.find((r) => textOf(r) === ar('bold'))!;
    expect(child(boldRun, 'a:rPr')!.attrs.b).toBe('1');
    expect(child(boldRun, 'a:rPr')!.attrs.lang).toBe('ar-SA');
    expect(textOf(slide)).toContain(ar('Grouped'));
    expect(textOf(slide)).toContain(ar('table'));
    // Direction: paragraphs rtl="1" with left alignment mirrored to right, text bodies rtlCol, tables rtl.
    for (const pPr of findAll(slide, 'a:pPr')) expect(pPr.attrs.rtl).toBe('1');
    expect(findAll(slide, 'a:pPr')[0]!.attrs.algn).toBe('r');
    for (const bodyPr of findAll(slide, 'a:bodyPr')) expect(bodyPr.attrs.rtlCol).toBe('1');
    expect(findAll(slide, 'a:tblPr')[0]!.attrs.rtl).toBe('1');

    const slide2 = await readZipText(out, 'ppt/slides/slide2.xml');
    expect(slide2).toContain('<a:br>');
    expect(await readZipText(out, 'ppt/notesSlides/notesSlide1.xml')).toContain(ar('notes'));
    const layout = await readZipText(out, 'ppt/slideLayouts/slideLayout1.xml');
    expect(layout).toContain(ar('confidential'));
    expect(layout).toContain('Click to edit text'); // a placeholder's prompt: not visible in a show

    // Master text styles: direction set; an absent (left) alignment becomes right, centred stays centred.
    const master = await parse(await readZipText(out, 'ppt/slideMasters/slideMaster1.xml'));
    const titleStyle = findAll(master, 'p:titleStyle')[0]!;
    expect(child(titleStyle, 'a:lvl1pPr')!.attrs).toMatchObject({ algn: 'ctr', rtl: '1' });
    expect(child(findAll(master, 'p:bodyStyle')[0]!, 'a:lvl1pPr')!.attrs).toMatchObject({ algn: 'r', rtl: '1' });
    const presentation = await readZipText(out, 'ppt/presentation.xml');
    expect(presentation).toMatch(/<a:lvl1pPr marL="0" algn="r" rtl="1">/);
  });

  it('Arabic to English sets left-to-right and mirrors right alignment back', async () => {
    const shape = pptxShape(2, '<a:p><a:pPr algn="r" rtl="1"/><a:r><a:rPr lang="ar-SA"/><a:t>مرحبا بكم</a:t></a:r></a:p>', { bodyPr: '<a:bodyPr rtlCol="1"/>' });
    const file = await writeZip(path.join(dir, 'arabic.pptx'), pptxEntries([shape]));
    const { out } = await roundTrip(file, { source: 'ar', target: 'en' });
    const slide = await parse(await readZipText(out, 'ppt/slides/slide1.xml'));
    expect(findAll(slide, 'a:pPr')[0]!.attrs).toMatchObject({ algn: 'l', rtl: '0' });
    expect(findAll(slide, 'a:bodyPr')[0]!.attrs.rtlCol).toBeUndefined();
    expect(textOf(slide)).toContain(transliterate('بكم', 'en'));
  });

  it("translates chart titles and the chart's cached labels (series names, categories) in a presentation", async () => {
    const entries = pptxEntries([pptxShape(2, '<a:p><a:r><a:t>Results</a:t></a:r></a:p>')]);
    entries['ppt/charts/chart1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:title><c:tx><c:rich><a:bodyPr/><a:p><a:r><a:t>Revenue per year</a:t></a:r></a:p></c:rich></c:tx></c:title>' +
      '<c:plotArea><c:barChart><c:ser><c:tx><c:strRef><c:f>Sheet1!$B$1</c:f><c:strCache><c:ptCount val="1"/><c:pt idx="0"><c:v>Net sales</c:v></c:pt></c:strCache></c:strRef></c:tx>' +
      '<c:cat><c:strRef><c:f>Sheet1!$A$2:$A$4</c:f><c:strCache><c:ptCount val="3"/><c:pt idx="0"><c:v>North region</c:v></c:pt><c:pt idx="1"><c:v>2024</c:v></c:pt><c:pt idx="2"><c:v>South</c:v></c:pt></c:strCache></c:strRef></c:cat>' +
      '<c:val><c:numRef><c:f>Sheet1!$B$2:$B$4</c:f><c:numCache><c:ptCount val="3"/><c:pt idx="0"><c:v>1200</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart></c:plotArea></c:chart></c:chartSpace>';
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace('</Types>', '<Override PartName="/ppt/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>');
    const file = await writeZip(path.join(dir, 'chart.pptx'), entries);
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Results', 'Revenue per year', 'Net sales', 'North region', 'South']);
    const chart = await readZipText(out, 'ppt/charts/chart1.xml');
    expect(chart).toContain(ar('Revenue'));
    // The labels the chart shows are its cached strings: series names and categories; numbers and references stay.
    expect(chart).toContain(`<c:v>${ar('sales')} ${ar('Net')}</c:v>`);
    expect(chart).toContain(`<c:v>${ar('region')} ${ar('North')}</c:v></c:pt><c:pt idx="1"><c:v>2024</c:v></c:pt><c:pt idx="2"><c:v>${ar('South')}</c:v>`);
    expect(chart).toContain('<c:f>Sheet1!$A$2:$A$4</c:f>');
    expect(chart).toContain('<c:v>1200</c:v>');
  });

  it("translates the quoted words of a chart's number formats (axis, data labels), keeping their codes", async () => {
    const entries = pptxEntries([pptxShape(2, '<a:p><a:r><a:t>Results</a:t></a:r></a:p>')]);
    entries['ppt/charts/chart1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:plotArea><c:barChart><c:ser>' +
      '<c:dLbls><c:numFmt formatCode="#,##0&quot; units&quot;" sourceLinked="0"/><c:showVal val="1"/></c:dLbls>' +
      '<c:val><c:numRef><c:f>Sheet1!$B$2:$B$4</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="1"/><c:pt idx="0"><c:v>1200</c:v></c:pt></c:numCache></c:numRef></c:val></c:ser></c:barChart>' +
      '<c:valAx><c:axId val="1"/><c:numFmt formatCode="[$-409]&quot;Up to &quot;0%" sourceLinked="0"/></c:valAx><c:catAx><c:axId val="2"/><c:numFmt formatCode="0.0" sourceLinked="1"/></c:catAx></c:plotArea></c:chart></c:chartSpace>';
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace('</Types>', '<Override PartName="/ppt/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>');
    const file = await writeZip(path.join(dir, 'chart-formats.pptx'), entries);
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Results', 'units', 'Up to']);
    const chart = await readZipText(out, 'ppt/charts/chart1.xml');
    expect(chart).toContain(`<c:numFmt formatCode="#,##0&quot; ${ar('units')}&quot;" sourceLinked="0"/>`);
    expect(chart).toContain(`<c:numFmt formatCode="[$-409]&quot;${ar('to')} ${ar('Up')} &quot;0%" sourceLinked="0"/>`);
    expect(chart).toContain('<c:numFmt formatCode="0.0" sourceLinked="1"/>');
    expect(chart).toContain('<c:formatCode>General</c:formatCode>');
  });

  it('gives a presentation without a default text style one aligned to the new side (LibreOffice writes none)', async () => {
    const entries = pptxEntries([pptxShape(2, '<a:p><a:r><a:t>Left aligned caption</a:t></a:r></a:p>')]);
    entries['ppt/presentation.xml'] = entries['ppt/presentation.xml']!.replace(/<p:defaultTextStyle>.*<\/p:defaultTextStyle>/, '<p:extLst><p:ext uri="{EFAFB233-063F-42B5-8137-9DF3F51BA10A}"/></p:extLst>');
    const file = await writeZip(path.join(dir, 'no-default-style.pptx'), entries);
    const { out } = await roundTrip(file);
    const presentation = await parse(await readZipText(out, 'ppt/presentation.xml'));
    const names = presentation.children.filter((c) => c.type === 'element').map((c) => (c as { name: string }).name);
    expect(names.slice(-2)).toEqual(['p:defaultTextStyle', 'p:extLst']);
    const style = findAll(presentation, 'p:defaultTextStyle')[0]!;
    expect(child(style, 'a:lvl1pPr')!.attrs).toMatchObject({ algn: 'r', rtl: '1' });
    expect(child(style, 'a:lvl9pPr')!.attrs).toMatchObject({ algn: 'r', rtl: '1' });

    // Without an extension list it goes last; a file that has one keeps its own.
    entries['ppt/presentation.xml'] = entries['ppt/presentation.xml']!.replace(/<p:extLst>.*<\/p:extLst>/, '');
    const { out: out2 } = await roundTrip(await writeZip(path.join(dir, 'no-default-style-2.pptx'), entries));
    expect(await readZipText(out2, 'ppt/presentation.xml')).toMatch(/<a:lvl1pPr rtl="1" algn="r"\/>.*<\/p:defaultTextStyle><\/p:presentation>$/);
    const { out: out3 } = await roundTrip(await writeZip(path.join(dir, 'default-style.pptx'), pptxEntries([pptxShape(2, '<a:p><a:r><a:t>Caption</a:t></a:r></a:p>')])));
    expect((await readZipText(out3, 'ppt/presentation.xml')).match(/<p:defaultTextStyle>/g)).toHaveLength(1);
  });

  it("translates a picture's and a shape's alt text, not their names", async () => {
    const picture = '<p:pic><p:nvPicPr><p:cNvPr id="5" name="Picture 4" descr="Sales chart for the year" title="Chart"/><p:cNvPicPr/><p:nvPr/></p:nvPicPr><p:blipFill/><p:spPr/></p:pic>';
    const shape = pptxShape(6, '<a:p><a:r><a:t>Arrow text</a:t></a:r></a:p>').replace('name="Shape 6"', 'name="Shape 6" descr="An arrow pointing up"');
    const file = await writeZip(path.join(dir, 'alt-text.pptx'), pptxEntries([picture + shape]));
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Chart', 'Sales chart for the year', 'An arrow pointing up', 'Arrow text']);
    const slide = await readZipText(out, 'ppt/slides/slide1.xml');
    expect(slide).toContain(`name="Picture 4" descr="${['year', 'the', 'for', 'chart', 'Sales'].map(ar).join(' ')}" title="${ar('Chart')}"`);
    expect(slide).toContain(`name="Shape 6" descr="${['up', 'pointing', 'arrow', 'An'].map(ar).join(' ')}"`);
  });

  it("aligns speaker notes to the new side through the notes master's text style", async () => {
    const entries = pptxEntries([pptxShape(2, '<a:p><a:r><a:t>Results</a:t></a:r></a:p>')], { notes: '<a:p><a:r><a:t>Speaker notes here</a:t></a:r></a:p>' });
    entries['ppt/notesMasters/notesMaster1.xml'] =
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><p:notesMaster ${P_NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/></p:spTree></p:cSld><p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/><p:notesStyle><a:lvl1pPr marL="0" algn="l" rtl="0"><a:defRPr sz="1200"/></a:lvl1pPr><a:lvl2pPr marL="457200" rtl="0"><a:defRPr sz="1200"/></a:lvl2pPr></p:notesStyle></p:notesMaster>`;
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace('</Types>', '<Override PartName="/ppt/notesMasters/notesMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.notesMaster+xml"/></Types>');
    const { out } = await roundTrip(await writeZip(path.join(dir, 'notes-style.pptx'), entries));
    const master = await parse(await readZipText(out, 'ppt/notesMasters/notesMaster1.xml'));
    const style = findAll(master, 'p:notesStyle')[0]!;
    expect(child(style, 'a:lvl1pPr')!.attrs).toMatchObject({ algn: 'r', rtl: '1' });
    expect(child(style, 'a:lvl2pPr')!.attrs).toMatchObject({ algn: 'r', rtl: '1' });
  });

  it('translates a presentation whose zip has folder entries (`_rels/`, `ppt/`, `ppt/slides/`); the output opens', async () => {
    const file = await writeZip(path.join(dir, 'folders.pptx'), withFolderEntries(pptxEntries([title])));
    expect([...(await readZip(file)).keys()]).toEqual(expect.arrayContaining(['_rels/', 'ppt/', 'ppt/slides/']));
    const { analysis, out, format } = await roundTrip(file);
    expect(format).toBe('pptx');
    expect(analysis.segments).toContain('Hello <x1>bold</x1> world');
    expect([...(await readZip(out)).keys()].filter((name) => name.endsWith('/'))).toEqual([]);
    expect(await detectFormat(out, DEFAULT_LIMITS)).toBe('pptx');
    expect(textOf(await parse(await readZipText(out, 'ppt/slides/slide1.xml')))).toContain(ar('bold'));
  });
});
