import fs from 'node:fs';
import type { Lang } from '../../engines/types';
import { escapeAttr, escapeText } from '../xml/dom';
import { createZipWriter } from '../zip';
import { contentTypesWithCustomProperties, CUSTOM_PROPERTIES_PART, customPropertiesWithNotice, packageRelsWithCustomProperties } from '../notice';
import type { Alignment, TableCell, TextRun } from './extract';

/**
 * Writes the DOCX a translated PDF comes back as: headings, paragraphs, bulleted and
 * numbered lists, tables and images, in reading order, right-to-left when the target is
 * Arabic (w:bidi, w:rtl, w:bidiVisual, a section set right-to-left, an Arabic-capable font).
 */
export type OutputBlock =
  | { type: 'heading'; level: 1 | 2 | 3; runs: TextRun[]; align: Alignment }
  | { type: 'paragraph'; runs: TextRun[]; align: Alignment }
  | { type: 'listItem'; ordered: boolean; listId: number; runs: TextRun[] }
  | { type: 'table'; rows: TableCell[][]; columnWidths: number[] }
  | { type: 'image'; file: string; width: number; height: number };

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';
const EMU_PER_POINT = 12700;
/** 2.5 cm, in twips. */
const PAGE_MARGIN = 1418;
/** The text width of an A4/Letter page with 2.5 cm margins, in points. */
const MAX_IMAGE_WIDTH = 450;

export interface WriteDocxOptions {
  target: Lang;
  /** Page size of the source, in points. */
  pageWidth: number;
  pageHeight: number;
  /** The "dictionary gloss" notice, written as a custom document property. */
  notice?: string;
}

function runsXml(runs: TextRun[], rtl: boolean): string {
  return runs
    .map((run) => {
      const props = [
        rtl ? '<w:rFonts w:cs="Arial"/>' : '',
        run.bold ? '<w:b/><w:bCs/>' : '',
        run.italic ? '<w:i/><w:iCs/>' : '',
        rtl ? '<w:rtl/>' : '',
      ].join('');
      const parts = run.text.split(/(\t|\n)/).map((part) => (part === '\t' ? '<w:tab/>' : part === '\n' ? '<w:br/>' : part ? `<w:t xml:space="preserve">${escapeText(part)}</w:t>` : ''));
      return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ''}${parts.join('')}</w:r>`;
    })
    .join('');
}

const JC: Record<Alignment, string> = { start: 'left', center: 'center', end: 'right' };

function paragraphXml(runs: TextRun[], options: { rtl: boolean; style?: string; align?: Alignment; numId?: number }): string {
  const pPr = [
    options.style ? `<w:pStyle w:val="${options.style}"/>` : '',
    options.numId ? `<w:numPr><w:ilvl w:val="0"/><w:numId w:val="${options.numId}"/></w:numPr>` : '',
    options.rtl ? '<w:bidi/>' : '',
    // Word reads left/right relative to the paragraph's direction: "left" is its start.
    options.align && options.align !== 'start' ? `<w:jc w:val="${JC[options.align]}"/>` : '',
  ].join('');
  return `<w:p>${pPr ? `<w:pPr>${pPr}</w:pPr>` : ''}${runsXml(runs, options.rtl)}</w:p>`;
}

function imageXml(relId: string, index: number, width: number, height: number, rtl: boolean): string {
  const scale = width > MAX_IMAGE_WIDTH ? MAX_IMAGE_WIDTH / width : 1;
  const cx = Math.round(width * scale * EMU_PER_POINT);
  const cy = Math.round(height * scale * EMU_PER_POINT);
  return `<w:p>${rtl ? '<w:pPr><w:bidi/></w:pPr>' : ''}<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${cx}" cy="${cy}"/><wp:docPr id="${index}" name="Picture ${index}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="${index}" name="image${index}.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;
}

/**
 * A table as wide as the text, its columns in the source's proportions. For an Arabic target
 * w:bidiVisual puts the first column on the right (as the DOCX filter does, docx.ts).
 */
function tableXml(rows: TableCell[][], columnWidths: number[], rtl: boolean, textWidth: number): string {
  const columns = Math.max(columnWidths.length, ...rows.map((row) => row.reduce((n, cell) => n + cell.span, 0)));
  const source = Array.from({ length: columns }, (_v, k) => columnWidths[k] ?? 0);
  const total = source.reduce((sum, w) => sum + w, 0);
  const widths = source.map((w) => Math.max(1, Math.round((total > 0 ? w / total : 1 / columns) * textWidth)));
  const grid = widths.map((w) => `<w:gridCol w:w="${w}"/>`).join('');
  const body = rows
    .map((row) => {
      let column = 0;
      const cells = row.map((cell) => {
        const span = Math.min(cell.span, columns - column);
        const width = widths.slice(column, column + span).reduce((sum, w) => sum + w, 0);
        column += span;
        return `<w:tc><w:tcPr><w:tcW w:w="${width}" w:type="dxa"/>${span > 1 ? `<w:gridSpan w:val="${span}"/>` : ''}</w:tcPr>${paragraphXml(cell.runs, { rtl })}</w:tc>`;
      });
      // A short row is filled up to the grid, or Word reports the file damaged.
      for (; column < columns; column++) cells.push(`<w:tc><w:tcPr><w:tcW w:w="${widths[column]}" w:type="dxa"/></w:tcPr>${paragraphXml([], { rtl })}</w:tc>`);
      return `<w:tr>${cells.join('')}</w:tr>`;
    })
    .join('');
  return `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/>${rtl ? '<w:bidiVisual/>' : ''}<w:tblW w:w="${widths.reduce((sum, w) => sum + w, 0)}" w:type="dxa"/><w:tblLayout w:type="fixed"/><w:tblLook w:val="04A0" w:firstRow="1" w:lastRow="0" w:firstColumn="1" w:lastColumn="0" w:noHBand="0" w:noVBand="1"/></w:tblPr><w:tblGrid>${grid}</w:tblGrid>${body}</w:tbl>`;
}

function stylesXml(target: Lang): string {
  const lang = target === 'ar' ? '<w:lang w:val="ar-SA" w:bidi="ar-SA"/>' : '<w:lang w:val="en-US" w:bidi="ar-SA"/>';
  const heading = (id: number, size: number) =>
    `<w:style w:type="paragraph" w:styleId="Heading${id}"><w:name w:val="heading ${id}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/><w:pPr><w:keepNext/><w:keepLines/><w:spacing w:before="${id === 1 ? 360 : 240}" w:after="120"/><w:outlineLvl w:val="${id - 1}"/></w:pPr><w:rPr><w:b/><w:bCs/><w:color w:val="1F3864"/><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr></w:style>`;
  return `${XML}<w:styles ${NS}><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Arial"/><w:sz w:val="22"/><w:szCs w:val="22"/>${lang}</w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="160" w:line="276" w:lineRule="auto"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>${heading(1, 36)}${heading(2, 30)}${heading(3, 26)}<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/><w:qFormat/><w:pPr><w:spacing w:after="60"/><w:ind w:left="720"/><w:contextualSpacing/></w:pPr></w:style><w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style><w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/><w:basedOn w:val="TableNormal"/><w:pPr><w:spacing w:after="0" w:line="240" w:lineRule="auto"/></w:pPr><w:tblPr><w:tblBorders><w:top w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:left w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:bottom w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:right w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideH w:val="single" w:sz="4" w:space="0" w:color="auto"/><w:insideV w:val="single" w:sz="4" w:space="0" w:color="auto"/></w:tblBorders></w:tblPr></w:style></w:styles>`;
}

function numberingXml(lists: Map<number, boolean>): string {
  const abstract = (id: number, ordered: boolean) =>
    `<w:abstractNum w:abstractNumId="${id}"><w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="${ordered ? 'decimal' : 'bullet'}"/><w:lvlText w:val="${ordered ? '%1.' : '•'}"/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="720" w:hanging="360"/></w:pPr>${ordered ? '' : '<w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:cs="Arial" w:hint="default"/></w:rPr>'}</w:lvl></w:abstractNum>`;
  const nums = [...lists]
    .map(([numId, ordered]) => `<w:num w:numId="${numId}"><w:abstractNumId w:val="${ordered ? 1 : 0}"/>${ordered ? '<w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride>' : ''}</w:num>`)
    .join('');
  return `${XML}<w:numbering ${NS}>${abstract(0, false)}${abstract(1, true)}${nums}</w:numbering>`;
}

export async function writeDocx(outPath: string, blocks: OutputBlock[], options: WriteDocxOptions): Promise<void> {
  const rtl = options.target === 'ar';
  const images: Array<{ relId: string; name: string; file: string }> = [];
  const lists = new Map<number, boolean>();
  const body: string[] = [];
  const twips = (points: number) => Math.round(points * 20);
  // Tables fill the text width (an inch at least, for a page smaller than its margins).
  const textWidth = Math.max(twips(options.pageWidth) - 2 * PAGE_MARGIN, 1440);
  for (const block of blocks) {
    switch (block.type) {
      case 'heading':
        body.push(paragraphXml(block.runs, { rtl, style: `Heading${block.level}`, align: block.align }));
        break;
      case 'paragraph':
        body.push(paragraphXml(block.runs, { rtl, align: block.align }));
        break;
      case 'listItem': {
        const numId = block.listId + 1;
        lists.set(numId, block.ordered);
        body.push(paragraphXml(block.runs, { rtl, style: 'ListParagraph', numId }));
        break;
      }
      case 'table':
        body.push(tableXml(block.rows, block.columnWidths, rtl, textWidth), paragraphXml([], { rtl }));
        break;
      case 'image': {
        const index = images.length + 1;
        const relId = `rIdImage${index}`;
        images.push({ relId, name: `media/image${index}.png`, file: block.file });
        body.push(imageXml(relId, index, block.width, block.height, rtl));
        break;
      }
    }
  }
  if (!body.length) body.push('<w:p/>');
  const sectPr = `<w:sectPr><w:pgSz w:w="${twips(options.pageWidth)}" w:h="${twips(options.pageHeight)}"${options.pageWidth > options.pageHeight ? ' w:orient="landscape"' : ''}/><w:pgMar w:top="${PAGE_MARGIN}" w:right="${PAGE_MARGIN}" w:bottom="${PAGE_MARGIN}" w:left="${PAGE_MARGIN}" w:header="709" w:footer="709" w:gutter="0"/>${rtl ? '<w:bidi/>' : ''}</w:sectPr>`;

  const writer = createZipWriter(outPath);
  const hasNumbering = lists.size > 0;
  // The "dictionary gloss" notice, as in every other Office output (formats/notice.ts).
  const withNotice = (text: string, add: (xml: string) => string) => (options.notice ? add(text) : text);
  writer.addBuffer(
    '[Content_Types].xml',
    Buffer.from(
      withNotice(`${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>${hasNumbering ? '<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>' : ''}</Types>`, contentTypesWithCustomProperties),
    ),
  );
  writer.addBuffer(
    '_rels/.rels',
    Buffer.from(
      withNotice(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
        packageRelsWithCustomProperties,
      ),
    ),
  );
  if (options.notice) writer.addBuffer(CUSTOM_PROPERTIES_PART, Buffer.from(customPropertiesWithNotice(null, options.notice)));
  writer.addBuffer(
    'word/_rels/document.xml.rels',
    Buffer.from(
      `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdStyles" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>${hasNumbering ? '<Relationship Id="rIdNumbering" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>' : ''}${images.map((image) => `<Relationship Id="${image.relId}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${escapeAttr(image.name)}"/>`).join('')}</Relationships>`,
    ),
  );
  writer.add('word/document.xml', () =>
    (async function* () {
      yield `${XML}<w:document ${NS}><w:body>`;
      for (let i = 0; i < body.length; i += 200) yield body.slice(i, i + 200).join('');
      yield `${sectPr}</w:body></w:document>`;
    })(),
  );
  writer.addBuffer('word/styles.xml', Buffer.from(stylesXml(options.target)));
  if (hasNumbering) writer.addBuffer('word/numbering.xml', Buffer.from(numberingXml(lists)));
  for (const image of images) writer.add(`word/${image.name}`, () => fs.createReadStream(image.file));
  await writer.finish();
}
