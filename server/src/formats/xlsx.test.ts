import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { transliterate } from '../../test/engines/reversing-engine';
import { readZip, readZipText, withFolderEntries, writeZip, xlsxEntries } from '../../test/fixtures/documents';
import { roundTrip, tempDir } from '../../test/fixtures/round-trip';
import { detectFormat } from './detect';
import { DEFAULT_LIMITS } from './limits';
import { findAll } from './xml/dom';
import { fromString, parseXmlDocument } from './xml/stream';
import { numberFormatSections, renameSheetReferences, sanitizeSheetNames } from './xlsx';

let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const ar = (text: string) => transliterate(text, 'ar');

describe('sheet names', () => {
  it('stay valid: no forbidden characters, at most 31 characters, not "History", unique ignoring case', () => {
    const names = sanitizeSheetNames(['Sales', 'Costs', 'Other', 'Notes', 'Extra'], ['المبيعات: [2024]?', 'المبيعات: 2024', "'History'", 'ن'.repeat(40), undefined]);
    expect(names[0]).toBe('المبيعات 2024');
    expect(names[1]).toBe('المبيعات 2024 (2)');
    expect(names[2]).toBe('Other');
    expect([...names[3]!].length).toBe(31);
    expect(names[4]).toBe('Extra');
    for (const name of names) expect(name).not.toMatch(/[:\\/?*[\]]/);
  });

  it('references in formulas follow renamed sheets; strings and external references do not', () => {
    const rename = (name: string) => ({ sales: 'المبيعات', 'my data': 'بياناتي' })[name];
    expect(renameSheetReferences("Sales!A1+'My Data'!B2", rename)).toBe("'المبيعات'!A1+'بياناتي'!B2");
    expect(renameSheetReferences('SUM(Sales:Other!A1)', rename)).toBe("SUM('المبيعات:Other'!A1)");
    expect(renameSheetReferences('"Sales!A1"&[1]Sales!A1', rename)).toBe('"Sales!A1"&[1]Sales!A1');
    expect(renameSheetReferences("'It''s'!A1+Sales!$B$2", rename)).toBe("'It''s'!A1+'المبيعات'!$B$2");
    expect(renameSheetReferences('A1*2', rename)).toBe('A1*2');
  });
});

describe('XLSX filter', () => {
  it('translates shared and inline strings, sheet names and comments; numbers, formulas and dates stay', async () => {
    const rows =
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>42</v></c><c r="C1" t="inlineStr"><is><t>Inline text</t></is></c><c r="D1" s="2"><v>45292</v></c></row>' +
      '<row r="2"><c r="A2"><f>\'Sales Report\'!B1*2</f><v>84</v></c><c r="B2" t="s"><v>1</v></c><c r="C2" t="s"><v>2</v></c><c r="D2" t="str"><f>"Total: "&amp;B1</f><v>Total: 42</v></c></row>';
    const file = await writeZip(
      path.join(dir, 'book.xlsx'),
      xlsxEntries(
        [
          { name: 'Sales Report', rows, extra: '<hyperlinks><hyperlink ref="A1" location="Notes!A1" display="Notes"/></hyperlinks>' },
          { name: 'Notes', rows: '<row r="1"><c r="A1"><f>SUM(\'Sales Report\'!B1:B2)+Notes!A2</f><v>1</v></c></row>' },
        ],
        {
          sharedStrings: '<si><t>Total revenue</t></si><si><t>2024-01-05</t></si><si><r><t xml:space="preserve">Net </t></r><r><rPr><b/><sz val="11"/></rPr><t>profit</t></r><r><t xml:space="preserve"> margin</t></r></si>',
          definedNames: '<definedName name="Totals">\'Sales Report\'!$B$1</definedName>',
          comments: { sheet: 1, xml: '<comment ref="A1" authorId="0"><text><r><rPr><b/></rPr><t>Layla:</t></r><r><t xml:space="preserve"> Check the revenue figure</t></r></text></comment>' },
        },
      ),
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Sales Report', 'Notes', 'Total revenue', '2024-01-05', 'Net <x1>profit</x1> margin', 'Inline text', '<x1>Layla:</x1> Check the revenue figure']);

    const workbook = await readZipText(out, 'xl/workbook.xml');
    expect(workbook).toContain(`<sheet name="${ar('Report')} ${ar('Sales')}"`);
    expect(workbook).toContain(`'${ar('Report')} ${ar('Sales')}'!$B$1`);

    const strings = await readZipText(out, 'xl/sharedStrings.xml');
    expect(strings).toContain(ar('revenue'));
    expect(strings).toContain('2024-01-05'); // no letters: not sent to the engine, kept
    expect(strings).toMatch(new RegExp(`<r><rPr><b/><sz val="11"/></rPr><t xml:space="preserve">${ar('profit')}</t></r>`));

    const sheet1 = await readZipText(out, 'xl/worksheets/sheet1.xml');
    expect(sheet1).toContain('<sheetView workbookViewId="0" rightToLeft="1"/>');
    expect(sheet1).toContain(ar('Inline'));
    expect(sheet1).toContain('<c r="B1" s="1"><v>42</v></c>');
    expect(sheet1).toContain('<c r="D1" s="2"><v>45292</v></c>');
    expect(sheet1).toContain(`<f>'${ar('Report')} ${ar('Sales')}'!B1*2</f>`);
    expect(sheet1).toContain('<f>"Total: "&amp;B1</f><v>Total: 42</v>'); // a formula's string result is untouched
    expect(sheet1).toContain(`location="'${ar('Notes')}'!A1"`);
    const sheet2 = await readZipText(out, 'xl/worksheets/sheet2.xml');
    expect(sheet2).toContain(`SUM('${ar('Report')} ${ar('Sales')}'!B1:B2)+'${ar('Notes')}'!A2`);

    expect(await readZipText(out, 'xl/comments1.xml')).toContain(ar('figure'));
    // Cell formats read right to left; an explicit left alignment is mirrored.
    const styles = await readZipText(out, 'xl/styles.xml');
    expect(styles).toContain('<alignment horizontal="right" readingOrder="2"/>');
    expect(styles.match(/readingOrder="2"/g)!.length).toBe(4);
  });

  it('keeps table column names equal to their translated header cells', async () => {
    const entries = xlsxEntries([{ name: 'Data', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2"><v>1</v></c><c r="B2"><f>Table1[[#This Row],[Unit price]]*2</f><v>2</v></c></row>', extra: '<tableParts count="1"><tablePart r:id="rIdTable"/></tableParts>' }], {
      sharedStrings: ['Quantity', 'Unit price'],
    });
    entries['xl/tables/table1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="1" name="Table1" displayName="Table1" ref="A1:B2"><tableColumns count="2"><tableColumn id="1" name="Quantity"/><tableColumn id="2" name="Unit price"/></tableColumns></table>';
    entries['xl/worksheets/_rels/sheet1.xml.rels'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdTable" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/table" Target="../tables/table1.xml"/></Relationships>';
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace('</Types>', '<Override PartName="/xl/tables/table1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml"/></Types>');
    const file = await writeZip(path.join(dir, 'table.xlsx'), entries);
    const { out } = await roundTrip(file);
    const table = await readZipText(out, 'xl/tables/table1.xml');
    expect(table).toContain(`<tableColumn id="2" name="${ar('price')} ${ar('Unit')}"/>`);
    expect(await readZipText(out, 'xl/worksheets/sheet1.xml')).toContain(`Table1[[#This Row],[${ar('price')} ${ar('Unit')}]]*2`);
  });

  it('Arabic to English turns sheets left to right', async () => {
    const file = await writeZip(path.join(dir, 'arabic.xlsx'), xlsxEntries([{ name: 'البيانات', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' }], { sharedStrings: ['مرحبا'] }));
    const entries = await readZipText(file, 'xl/worksheets/sheet1.xml');
    expect(entries).toContain('<sheetView workbookViewId="0"/>');
    const { out } = await roundTrip(file, { source: 'ar', target: 'en' });
    const sheet = await readZipText(out, 'xl/worksheets/sheet1.xml');
    expect(sheet).not.toContain('rightToLeft');
    expect(await readZipText(out, 'xl/styles.xml')).toContain('readingOrder="1"');
    expect(await readZipText(out, 'xl/workbook.xml')).toContain(`name="${transliterate('البيانات', 'en')}"`);
  });

  it("translates a validation's drop-down list as its cells are translated, and its messages", async () => {
    const rows = '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>';
    const validations =
      '<dataValidations count="2"><dataValidation type="list" allowBlank="1" showInputMessage="1" showErrorMessage="1" promptTitle="Order status" prompt="Choose the status of the order" errorTitle="Wrong status" error="Pick a status from the list" sqref="A1:A9"><formula1>"Open, Closed,Sent ""today"",42"</formula1></dataValidation>' +
      '<dataValidation type="list" sqref="B1"><formula1>Lists!$A$1:$A$3</formula1></dataValidation></dataValidations>';
    const file = await writeZip(
      path.join(dir, 'validation.xlsx'),
      xlsxEntries([{ name: 'Orders', rows, extra: validations }, { name: 'Lists', rows: '' }], { sharedStrings: ['Open', 'Closed'] }),
    );
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Orders', 'Lists', 'Open', 'Closed', 'Order status', 'Choose the status of the order', 'Wrong status', 'Pick a status from the list', 'Open', 'Closed', 'Sent "today"', '42']);
    const sheet = await readZipText(out, 'xl/worksheets/sheet1.xml');
    // The items keep their spacing, quotes are doubled, numbers stay; the cells' strings are the same words.
    expect(sheet).toContain(`<formula1>"${ar('Open')}, ${ar('Closed')},""${ar('today')}"" ${ar('Sent')},42"</formula1>`);
    expect(sheet).toContain(`promptTitle="${ar('status')} ${ar('Order')}"`);
    expect(sheet).toContain(`error="${ar('list')} ${ar('the')} ${ar('from')} ${ar('status')} ${ar('a')} ${ar('Pick')}"`);
    expect(sheet).toContain(`<formula1>'${ar('Lists')}'!$A$1:$A$3</formula1>`);
    expect(await readZipText(out, 'xl/sharedStrings.xml')).toContain(ar('Open'));
  });

  it('translates printed page headers and footers section by section, keeping their codes', async () => {
    const headerFooter =
      '<headerFooter differentFirst="1"><oddHeader>&amp;L&amp;"Arial,Bold"Confidential report&amp;RPage &amp;P of &amp;N</oddHeader><oddFooter>&amp;CSales &amp;&amp; marketing &amp;D</oddFooter><firstFooter>&amp;P</firstFooter></headerFooter>';
    const file = await writeZip(path.join(dir, 'header.xlsx'), xlsxEntries([{ name: 'Data', rows: '', extra: headerFooter }]));
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Data', 'Confidential report', 'Page <x1/> of', 'Sales & marketing']);
    const sheet = await readZipText(out, 'xl/worksheets/sheet1.xml');
    expect(sheet).toContain(`<oddHeader>&amp;L&amp;"Arial,Bold"${ar('report')} ${ar('Confidential')}&amp;R${ar('of')} &amp;P ${ar('Page')} &amp;N</oddHeader>`);
    expect(sheet).toContain(`<oddFooter>&amp;C${ar('marketing')} &amp;&amp; ${ar('Sales')} &amp;D</oddFooter>`);
    expect(sheet).toContain('<firstFooter>&amp;P</firstFooter>');
  });

  it("translates the alt text of a picture in a sheet", async () => {
    const entries = xlsxEntries([{ name: 'Data', rows: '' }]);
    entries['xl/drawings/drawing1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><xdr:oneCellAnchor><xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>0</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from><xdr:ext cx="100" cy="100"/><xdr:pic><xdr:nvPicPr><xdr:cNvPr id="2" name="Picture 1" descr="Company logo"/><xdr:cNvPicPr/></xdr:nvPicPr><xdr:blipFill/><xdr:spPr/></xdr:pic><xdr:clientData/></xdr:oneCellAnchor></xdr:wsDr>';
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace('</Types>', '<Override PartName="/xl/drawings/drawing1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/></Types>');
    const { analysis, out } = await roundTrip(await writeZip(path.join(dir, 'picture.xlsx'), entries));
    expect(analysis.segments).toEqual(['Data', 'Company logo']);
    expect(await readZipText(out, 'xl/drawings/drawing1.xml')).toContain(`name="Picture 1" descr="${ar('logo')} ${ar('Company')}"`);
  });

  it('translates the quoted words of custom number formats, never their codes, locale tags or ids', async () => {
    const formats = [
      ['164', '0.00" USD"'],
      ['165', '"Total: "#,##0;[Red]"Refund: "\\-#,##0;"-"'],
      ['166', '[$-409]"Due "dd/mm/yyyy'],
      ['167', '#,##0.00\\ "kg"'],
      ['168', '[$€-x-euro2] #,##0.00'],
    ];
    const escape = (code: string) => code.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="${formats.length}">${formats.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${escape(code!)}"/>`).join('')}</numFmts><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${formats.length + 1}"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>${formats.map(([id]) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`).join('')}</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles><dxfs count="1"><dxf><numFmt numFmtId="169" formatCode="&quot;Over &quot;0"/></dxf></dxfs></styleSheet>`;
    const rows = '<row r="1"><c r="A1" s="1"><v>12.5</v></c><c r="B1" s="2"><v>1200</v></c><c r="C1" s="3"><v>45292</v></c><c r="D1" s="4"><v>3</v></c><c r="E1" s="5"><v>7</v></c></row>';
    const file = await writeZip(path.join(dir, 'formats.xlsx'), xlsxEntries([{ name: 'Data', rows }], { styles }));
    const { analysis, out } = await roundTrip(file);
    expect(analysis.segments).toEqual(['Data', 'USD', 'Total:', 'Refund:', 'Due', 'kg', 'Over']);
    const xml = await readZipText(out, 'xl/styles.xml');
    const root = await parseXmlDocument(fromString(xml), { maxDepth: 64, maxCapturedChars: 1e7, maxBytes: 1e7 });
    const codes = Object.fromEntries(findAll(root, 'numFmt').map((n) => [n.attrs.numFmtId, n.attrs.formatCode]));
    expect(codes).toEqual({
      '164': `0.00" ${ar('USD')}"`,
      '165': `"${ar('Total:')} "#,##0;[Red]"${ar('Refund:')} "\\-#,##0;"-"`,
      '166': `[$-409]"${ar('Due')} "dd/mm/yyyy`,
      '167': `#,##0.00\\ "${ar('kg')}"`,
      '168': '[$€-x-euro2] #,##0.00',
      '169': `"${ar('Over')} "0`,
    });
    expect(findAll(root, 'xf').map((n) => n.attrs.numFmtId)).toEqual(['0', '0', '164', '165', '166', '167', '168']);
    expect(await readZipText(out, 'xl/worksheets/sheet1.xml')).toContain(rows);
  });

  it('keeps a number format valid whatever an engine writes: quotes escaped, codes kept, over 255 characters the original', async () => {
    expect(numberFormatSections('[$-409]"Due "dd/mm/yyyy;\\"@')).toEqual([
      { source: '[$-409]"Due "dd/mm/yyyy', pieces: [{ literal: false, text: '[$-409]' }, { literal: true, text: 'Due ' }, { literal: false, text: 'dd/mm/yyyy' }] },
      { source: '\\"@', pieces: [{ literal: false, text: '\\"@' }] },
    ]);
    expect(numberFormatSections('0" open')).toBeNull();
    const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="2"><numFmt numFmtId="164" formatCode="&quot;Page &quot;0&quot; of all&quot;"/><numFmt numFmtId="165" formatCode="0&quot; items&quot;"/></numFmts><cellXfs count="1"><xf numFmtId="164" fontId="0" fillId="0" borderId="0"/></cellXfs></styleSheet>`;
    const file = await writeZip(path.join(dir, 'format-quotes.xlsx'), xlsxEntries([{ name: 'Data', rows: '' }], { styles }));
    const { analysis, out } = await roundTrip(file, { translate: () => ['البيانات', 'الصفحة <x1/> من "الكل"', 'ع'.repeat(300)] });
    expect(analysis.segments).toEqual(['Data', 'Page <x1/> of all', 'items']);
    const xml = await readZipText(out, 'xl/styles.xml');
    expect(xml).toContain('formatCode="&quot;الصفحة &quot;0&quot; من &quot;\\&quot;&quot;الكل&quot;\\&quot;&quot;&quot;"');
    expect(xml).toContain('formatCode="0&quot; items&quot;"');
  });

  it('merges number formats whose translations are the same code into one id, remapping the styles and pivot tables that used the other', async () => {
    const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="5"><numFmt numFmtId="164" formatCode="0&quot; pcs&quot;"/><numFmt numFmtId="165" formatCode="0&quot; pieces&quot;"/><numFmt numFmtId="166" formatCode="0.00"/><numFmt numFmtId="167" formatCode="0.00"/><numFmt numFmtId="168" formatCode="#,##0&quot; pieces&quot;"/></numFmts><cellStyleXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/><xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="1" applyNumberFormat="1"/><xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>`;
    const entries = xlsxEntries([{ name: 'Data', rows: '<row r="1"><c r="A1" s="1"><v>3</v></c><c r="B1" s="2"><v>4</v></c></row>' }], { styles });
    entries['xl/pivotTables/pivotTable1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotTableDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" name="P" cacheId="1" dataCaption="Values"><location ref="A3:B4" firstHeaderRow="1" firstDataRow="1" firstDataCol="1"/><pivotFields count="1"><pivotField dataField="1" numFmtId="165" showAll="0"/></pivotFields><dataFields count="1"><dataField name="Sum" fld="0" numFmtId="165"/></dataFields></pivotTableDefinition>';
    entries['xl/pivotCache/pivotCacheDefinition1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><pivotCacheDefinition xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cacheSource type="worksheet"><worksheetSource ref="A1:B1" sheet="Data"/></cacheSource><cacheFields count="1"><cacheField name="Count" numFmtId="165"><sharedItems/></cacheField></cacheFields></pivotCacheDefinition>';
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace(
      '</Types>',
      '<Override PartName="/xl/pivotTables/pivotTable1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"/><Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"/></Types>',
    );
    const file = await writeZip(path.join(dir, 'same-formats.xlsx'), entries);
    // "pcs" and "pieces" are both «قطعة».
    const { analysis, out } = await roundTrip(file, { translate: (segments) => segments.map((s) => (s === 'Data' ? 'البيانات' : 'قطعة')) });
    expect(analysis.segments).toEqual(['Data', 'pcs', 'pieces', 'pieces']);
    const root = await parseXmlDocument(fromString(await readZipText(out, 'xl/styles.xml')), { maxDepth: 64, maxCapturedChars: 1e7, maxBytes: 1e7 });
    // One entry per code: 165 went into 164; the two identical untranslated codes are left as they were.
    expect(findAll(root, 'numFmt').map((n) => [n.attrs.numFmtId, n.attrs.formatCode])).toEqual([
      ['164', '0" قطعة"'],
      ['166', '0.00'],
      ['167', '0.00'],
      ['168', '#,##0" قطعة"'],
    ]);
    expect(findAll(root, 'numFmts')[0]!.attrs.count).toBe('4');
    expect(findAll(root, 'xf').map((n) => n.attrs.numFmtId)).toEqual(['0', '164', '0', '164', '164', '167']);
    expect(await readZipText(out, 'xl/pivotTables/pivotTable1.xml')).toMatch(/<pivotField dataField="1" numFmtId="164" showAll="0"\/>.*<dataField name="Sum" fld="0" numFmtId="164"\/>/);
    expect(await readZipText(out, 'xl/pivotCache/pivotCacheDefinition1.xml')).toContain('<cacheField name="Count" numFmtId="164">');
  });

  it("translates a workbook chart's number format words, as a cell's", async () => {
    const entries = xlsxEntries([{ name: 'Data', rows: '' }]);
    entries['xl/charts/chart1.xml'] =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><c:chartSpace xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><c:chart><c:plotArea><c:valAx><c:axId val="1"/><c:numFmt formatCode="0.0&quot; kg&quot;" sourceLinked="0"/></c:valAx></c:plotArea></c:chart></c:chartSpace>';
    entries['[Content_Types].xml'] = entries['[Content_Types].xml']!.replace('</Types>', '<Override PartName="/xl/charts/chart1.xml" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/></Types>');
    const { analysis, out } = await roundTrip(await writeZip(path.join(dir, 'chart-format.xlsx'), entries));
    expect(analysis.segments).toEqual(['Data', 'kg']);
    expect(await readZipText(out, 'xl/charts/chart1.xml')).toContain(`<c:numFmt formatCode="0.0&quot; ${ar('kg')}&quot;" sourceLinked="0"/>`);
  });

  it('gives a sheet without a sheet view one that reads right to left, in its place', async () => {
    const entries = xlsxEntries([{ name: 'Data', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c></row>' }], { sharedStrings: ['Hello'] });
    entries['xl/worksheets/sheet1.xml'] = entries['xl/worksheets/sheet1.xml']!.replace('<sheetViews><sheetView workbookViewId="0"/></sheetViews>', '<dimension ref="A1"/>');
    const file = await writeZip(path.join(dir, 'no-view.xlsx'), entries);
    const { out } = await roundTrip(file);
    expect(await readZipText(out, 'xl/worksheets/sheet1.xml')).toContain('<dimension ref="A1"/><sheetViews><sheetView rightToLeft="1" workbookViewId="0"/></sheetViews><sheetData>');
    const { out: english } = await roundTrip(file, { target: 'en', out: path.join(dir, 'no-view-en.xlsx') });
    expect(await readZipText(english, 'xl/worksheets/sheet1.xml')).not.toContain('sheetView');
  });

  it('translates a workbook whose zip has folder entries (`_rels/`, `xl/`, `xl/worksheets/`); the output opens', async () => {
    const entries = xlsxEntries([{ name: 'Sheet1', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Inline text</t></is></c></row>' }], { sharedStrings: '<si><t>Total revenue</t></si>' });
    const file = await writeZip(path.join(dir, 'folders.xlsx'), withFolderEntries(entries));
    expect([...(await readZip(file)).keys()]).toEqual(expect.arrayContaining(['_rels/', 'xl/', 'xl/worksheets/']));
    const { analysis, out, format } = await roundTrip(file);
    expect(format).toBe('xlsx');
    expect(analysis.segments).toEqual(expect.arrayContaining(['Total revenue', 'Inline text']));
    expect([...(await readZip(out)).keys()].filter((name) => name.endsWith('/'))).toEqual([]);
    expect(await detectFormat(out, DEFAULT_LIMITS)).toBe('xlsx');
    expect(await readZipText(out, 'xl/sharedStrings.xml')).toContain(ar('revenue'));
    expect(await readZipText(out, 'xl/worksheets/sheet1.xml')).toContain(ar('Inline'));
  });
});
