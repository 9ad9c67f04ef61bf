import type { Lang } from '../engines/types';
import { buildSegment, type InlineNode, type StyleRef } from './inline';
import { processNumberFormat } from './number-format';
import type { PartContext } from './ooxml';
import { child, cloneElement, el, ensureChild, findAll, insertInOrder, isElement, serialize, textNode, textOf, type XmlElement, type XmlNode } from './xml/dom';

/**
 * DrawingML text (a:p), used by PowerPoint slides, charts, SmartArt and text boxes in
 * spreadsheets. Alignment (algn) is physical in DrawingML: PowerPoint writes algn="r"
 * with rtl="1" for an ordinary Arabic paragraph, so when the direction flips, l and r swap.
 */
type Payload = { element: XmlElement };

const RPR_ORDER = ['ln', 'noFill', 'solidFill', 'gradFill', 'blipFill', 'pattFill', 'grpFill', 'effectLst', 'effectDag', 'highlight', 'uLnTx', 'uLn', 'uFillTx', 'uFill', 'latin', 'ea', 'cs', 'sym', 'hlinkClick', 'hlinkMouseOver', 'rtl', 'extLst'];
/** Attributes that change as people type (language detection, spell-check) but not the look. */
const RPR_NOISE = new Set(['lang', 'altLang', 'dirty', 'err', 'noProof', 'smtClean', 'smtId', 'bmk']);
export const ARABIC_FONT = 'Arial';

const styleOf = (rPr: XmlElement | undefined): StyleRef<XmlElement | undefined> => {
  if (!rPr) return { key: '', value: undefined };
  const attrs: Record<string, string> = {};
  for (const name in rPr.attrs) if (!RPR_NOISE.has(name)) attrs[name] = rPr.attrs[name]!;
  return { key: serialize({ ...rPr, name: 'r', attrs }), value: rPr };
};

const isRtlLang = (lang: Lang) => lang === 'ar';

function langTag(lang: Lang) {
  return lang === 'ar' ? 'ar-SA' : 'en-US';
}

/** Run properties for translated text in the target language. */
function directRunProperties(rPr: XmlElement | undefined, prefix: string, target: Lang): XmlElement {
  const result = rPr ? cloneElement(rPr) : el(`${prefix}rPr`);
  if (result.name.endsWith('endParaRPr') || result.name.endsWith('defRPr')) result.name = `${prefix}rPr`;
  result.attrs.lang = langTag(target);
  delete result.attrs.altLang;
  delete result.attrs.err;
  delete result.attrs.dirty;
  if (target === 'ar' && !child(result, `${prefix}cs`)) insertInOrder(result, el(`${prefix}cs`, { typeface: ARABIC_FONT }), RPR_ORDER);
  return result;
}

const SWAP: Record<string, string> = { l: 'r', r: 'l' };
/** A shape's or picture's alt text and title (`p:cNvPr`, `xdr:cNvPr`), read by screen readers. */
const ALT_TEXT = ['title', 'descr'];

/**
 * Paragraph (or list-level) properties: rtl set for the target, and l/r alignment swapped
 * when the direction really flips. `defaultAlignment` fills an absent algn on the roots of
 * style inheritance (master text styles), where absent means left.
 */
export function directParagraphProperties(pPr: XmlElement, source: Lang, target: Lang, options: { isStyleRoot?: boolean } = {}) {
  const wasRtl = pPr.attrs.rtl === '1' ? true : pPr.attrs.rtl === '0' ? false : isRtlLang(source);
  const rtl = isRtlLang(target);
  pPr.attrs.rtl = rtl ? '1' : '0';
  const algn = pPr.attrs.algn;
  if (wasRtl !== rtl) {
    if (algn && SWAP[algn]) pPr.attrs.algn = SWAP[algn]!;
    else if (!algn && options.isStyleRoot) pPr.attrs.algn = rtl ? 'r' : 'l';
  }
}

export function directBodyProperties(bodyPr: XmlElement, target: Lang) {
  if (isRtlLang(target)) bodyPr.attrs.rtlCol = '1';
  else delete bodyPr.attrs.rtlCol;
}

export function directTableProperties(tblPr: XmlElement, target: Lang) {
  if (isRtlLang(target)) tblPr.attrs.rtl = '1';
  else delete tblPr.attrs.rtl;
}

/** Translates one a:p in place (merge) or records its segment (analysis). */
export function processDrawingParagraph(p: XmlElement, context: PartContext, options: { translate?: boolean; countable?: boolean } = {}) {
  const prefix = p.name.slice(0, p.name.length - 1); // "a:"
  const pPrName = `${prefix}pPr`;
  const inline: InlineNode<Payload, XmlElement | undefined>[] = [];
  let endParaRPr: XmlElement | undefined;
  for (const node of p.children) {
    if (!isElement(node)) continue;
    if (node.name === pPrName) continue;
    if (node.name === `${prefix}endParaRPr`) {
      endParaRPr = node;
      continue;
    }
    if (node.name === `${prefix}r`) {
      const t = child(node, `${prefix}t`);
      const text = t ? t.children.map((c) => (c.type === 'text' ? c.text : '')).join('') : '';
      inline.push({ kind: 'text', text, style: styleOf(child(node, `${prefix}rPr`)) });
      continue;
    }
    inline.push({ kind: 'opaque', payload: { element: node } }); // a:br, a:fld, math
  }

  if (options.translate === false) {
    if (context.mode === 'merge') applyParagraphDirection(p, context);
    return;
  }
  const built = buildSegment(inline);
  const nodes = context.cursor.apply(built, options.countable ?? true);
  if (context.mode === 'analyze') return;
  if (built.text) {
    const pPr = child(p, pPrName);
    const out: XmlNode[] = [];
    if (pPr) out.push(pPr);
    for (const node of nodes) out.push(...emitNode(node, prefix, context.target));
    if (endParaRPr) out.push(endParaRPr);
    p.children = out;
  }
  applyParagraphDirection(p, context);
}

function applyParagraphDirection(p: XmlElement, context: PartContext) {
  const prefix = p.name.slice(0, p.name.length - 1);
  let pPr = child(p, `${prefix}pPr`);
  if (!pPr) {
    pPr = el(`${prefix}pPr`);
    p.children.unshift(pPr);
  }
  directParagraphProperties(pPr, context.source, context.target);
}

function emitNode(node: InlineNode<Payload, XmlElement | undefined>, prefix: string, target: Lang): XmlNode[] {
  if (node.kind === 'opaque') return [node.payload.element];
  if (node.kind === 'span') return node.children.flatMap((c) => emitNode(c, prefix, target));
  const rPr = directRunProperties(node.style.value, prefix, target);
  const out: XmlNode[] = [];
  const lines = node.text.split(/\r\n|\n|\v/);
  lines.forEach((line, index) => {
    if (index > 0) out.push(el(`${prefix}br`, {}, [cloneElement(rPr)]));
    if (line) out.push(el(`${prefix}r`, {}, [cloneElement(rPr), el(`${prefix}t`, {}, [textNode(line)])]));
  });
  return out;
}

const LEVEL_PPR = /^a:(lvl[1-9]pPr|defPPr)$/;

/**
 * Walks a captured subtree (a shape, a chart, a SmartArt point) and handles every DrawingML
 * text element in it. `translate` false leaves the text as it is and only sets direction.
 */
export function walkDrawingML(node: XmlElement, context: PartContext, options: { translate: boolean; styleRootAncestors?: boolean } = { translate: true }) {
  for (const c of node.children) {
    if (!isElement(c)) continue;
    if (c.name === 'a:p') {
      processDrawingParagraph(c, context, { translate: options.translate });
      continue;
    }
    if (c.name === 'p:cNvPr' && options.translate) {
      context.cursor.takeAttributes(c.attrs, ALT_TEXT); // a shape's or picture's alt text, read by screen readers
      continue;
    }
    if (context.mode === 'merge') {
      if (c.name === 'a:bodyPr') directBodyProperties(c, context.target);
      else if (c.name === 'a:tblPr') directTableProperties(c, context.target);
      else if (LEVEL_PPR.test(c.name)) directParagraphProperties(c, context.source, context.target, { isStyleRoot: options.styleRootAncestors });
    }
    walkDrawingML(c, context, options);
  }
}

/** A chart's cached labels (categories, series names): what the chart shows until its data is edited. */
const CHART_STRINGS = new Set(['c:strCache', 'c:multiLvlStrCache']);

function processChartStrings(cache: XmlElement, context: PartContext) {
  for (const v of findAll(cache, 'c:v')) {
    const text = textOf(v);
    if (!/\p{L}/u.test(text)) continue;
    const translated = context.cursor.takePlain(text);
    if (context.mode === 'merge') v.children = [textNode(translated)];
  }
}

/** Capture rule for parts whose DrawingML text sits directly in the part (charts, SmartArt, drawings). */
export function drawingHandlers(context: PartContext) {
  return {
    capture: (name: string) =>
      name === 'a:p' || CHART_STRINGS.has(name) || name === 'c:numFmt' || name === 'xdr:cNvPr' || (context.mode === 'merge' && (name === 'a:bodyPr' || name === 'a:tblPr' || LEVEL_PPR.test(name))),
    onCapture: (node: XmlElement) => {
      if (node.name === 'a:p') processDrawingParagraph(node, context);
      else if (node.name === 'xdr:cNvPr') context.cursor.takeAttributes(node.attrs, ALT_TEXT); // a picture's or shape's alt text in a sheet
      else if (CHART_STRINGS.has(node.name)) processChartStrings(node, context);
      else if (node.name === 'c:numFmt') processNumberFormat(node, context); // an axis's or data labels' number format
      else if (node.name === 'a:bodyPr') directBodyProperties(node, context.target);
      else if (node.name === 'a:tblPr') directTableProperties(node, context.target);
      else directParagraphProperties(node, context.source, context.target);
      return node;
    },
  };
}

export { ensureChild };
