import type { Lang } from '../engines/types';
import { drawingHandlers } from './drawingml';
import { buildSegment, type InlineNode, type StyleRef } from './inline';
import { analyzePackage, mergePackage, type OoxmlFilter, type PartContext } from './ooxml';
import type { DocumentAnalysis, FilterOptions, MergeInput } from './types';
import { child, cloneElement, el, ensureChild, findAll, insertInOrder, isElement, removeChildren, serialize, textNode, type XmlElement, type XmlNode } from './xml/dom';
import { parseXmlDocument } from './xml/stream';

/**
 * DOCX: body, tables, headers, footers, footnotes, endnotes, comments, text boxes (they are
 * paragraphs nested in a run's drawing), SmartArt and chart titles (DrawingML parts).
 *
 * Each w:p is one segment. Runs with the same effective formatting are merged first;
 * spell-check and layout noise (w:proofErr, w:lastRenderedPageBreak) is dropped, tracked
 * insertions are accepted and deletions removed, so none of them splits a sentence. Runs
 * formatted unlike the paragraph's main formatting, hyperlinks, fields and content controls
 * become paired placeholders; tabs, breaks, images, notes' references and bookmarks
 * become standalone ones.
 */

const W_CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml.';
const ROLES: Record<string, string> = {
  [`${W_CT}document.main+xml`]: 'wml',
  [`${W_CT}header+xml`]: 'wml',
  [`${W_CT}footer+xml`]: 'wml',
  [`${W_CT}footnotes+xml`]: 'wml',
  [`${W_CT}endnotes+xml`]: 'wml',
  [`${W_CT}comments+xml`]: 'wml',
  [`${W_CT}styles+xml`]: 'styles',
  'application/vnd.openxmlformats-officedocument.drawingml.diagramData+xml': 'dml',
  'application/vnd.ms-office.drawingml.diagramDrawing+xml': 'dml',
  'application/vnd.openxmlformats-officedocument.drawingml.chart+xml': 'dml',
};

const PPR_ORDER = ['pStyle', 'keepNext', 'keepLines', 'pageBreakBefore', 'framePr', 'widowControl', 'numPr', 'suppressLineNumbers', 'pBdr', 'shd', 'tabs', 'suppressAutoHyphens', 'kinsoku', 'wordWrap', 'overflowPunct', 'topLinePunct', 'autoSpaceDE', 'autoSpaceDN', 'bidi', 'adjustRightInd', 'snapToGrid', 'spacing', 'ind', 'contextualSpacing', 'mirrorIndents', 'suppressOverlap', 'jc', 'textDirection', 'textAlignment', 'textboxTightWrap', 'outlineLvl', 'divId', 'cnfStyle', 'rPr', 'sectPr', 'pPrChange'];
const RPR_ORDER = ['ins', 'del', 'moveFrom', 'moveTo', 'rStyle', 'rFonts', 'b', 'bCs', 'i', 'iCs', 'caps', 'smallCaps', 'strike', 'dstrike', 'outline', 'shadow', 'emboss', 'imprint', 'noProof', 'snapToGrid', 'vanish', 'webHidden', 'color', 'spacing', 'w', 'kern', 'position', 'sz', 'szCs', 'highlight', 'u', 'effect', 'bdr', 'shd', 'fitText', 'vertAlign', 'rtl', 'cs', 'em', 'lang', 'eastAsianLayout', 'specVanish', 'oMath', 'rPrChange'];
const TBLPR_ORDER = ['tblStyle', 'tblpPr', 'tblOverlap', 'bidiVisual', 'tblStyleRowBandSize', 'tblStyleColBandSize', 'tblW', 'jc', 'tblCellSpacing', 'tblInd', 'tblBorders', 'shd', 'tblLayout', 'tblCellMar', 'tblLook', 'tblCaption', 'tblDescription', 'tblPrChange'];
const SECTPR_ORDER = ['headerReference', 'footerReference', 'footnotePr', 'endnotePr', 'type', 'pgSz', 'pgMar', 'paperSrc', 'pgBorders', 'lnNumType', 'pgNumType', 'cols', 'formProt', 'vAlign', 'noEndnote', 'titlePg', 'textDirection', 'bidi', 'rtlGutter', 'docGrid', 'printerSettings', 'sectPrChange'];

/** A font with Arabic glyphs on Windows, macOS and (through fontconfig) Linux. */
export const ARABIC_FONT = 'Arial';

interface RunPiece {
  run: XmlElement;
  rPr?: XmlElement;
  content: XmlElement;
}

type Payload =
  | { type: 'runs'; pieces: RunPiece[] }
  | { type: 'element'; element: XmlElement }
  | { type: 'wrap'; element: XmlElement; prefix: XmlElement[]; content?: string }
  | { type: 'field'; open: RunPiece[]; close: RunPiece[] }
  // Transient, resolved by structureFields:
  | { type: 'mark'; fieldType: string; piece: RunPiece }
  | { type: 'instr'; piece: RunPiece };

type Style = { rPr?: XmlElement };
type Node = InlineNode<Payload, Style>;

/** Differences that do not change how text looks are left out of the run-merging key. */
const RPR_NOISE = new Set(['w:lang', 'w:noProof', 'w:rPrChange', 'w:webHidden', 'w:proofErr']);

function styleOf(rPr: XmlElement | undefined): StyleRef<Style> {
  if (!rPr) return { key: '', value: {} };
  const significant = rPr.children.filter((c) => isElement(c) && !RPR_NOISE.has(c.name));
  return { key: significant.length ? serialize({ ...rPr, attrs: {}, children: significant }) : '', value: { rPr } };
}

const langTag = (lang: Lang) => (lang === 'ar' ? 'ar-SA' : 'en-US');

/** Run properties for text in the target language (direction, language, complex-script twins). */
export function directRunProperties(rPr: XmlElement | undefined, target: Lang, options: { forStyle?: boolean } = {}): XmlElement {
  const result = rPr ? cloneElement(rPr) : el('w:rPr');
  const twin = (latin: string, complex: string) => {
    const a = child(result, `w:${latin}`);
    const b = child(result, `w:${complex}`);
    if (target === 'ar' && a && !b) insertInOrder(result, el(`w:${complex}`, { ...a.attrs }), RPR_ORDER);
    if (target === 'en' && b && !a) insertInOrder(result, el(`w:${latin}`, { ...b.attrs }), RPR_ORDER);
  };
  // Word formats complex-script (Arabic) text with bCs/iCs/szCs, not b/i/sz.
  twin('b', 'bCs');
  twin('i', 'iCs');
  twin('sz', 'szCs');
  if (options.forStyle) return result;
  if (target === 'ar') {
    const rtl = ensureChild(result, 'w:rtl', RPR_ORDER);
    delete rtl.attrs['w:val'];
    const fonts = ensureChild(result, 'w:rFonts', RPR_ORDER);
    if (!fonts.attrs['w:cs'] && !fonts.attrs['w:cstheme']) fonts.attrs['w:cs'] = ARABIC_FONT;
    const lang = ensureChild(result, 'w:lang', RPR_ORDER);
    lang.attrs['w:bidi'] = langTag('ar');
  } else {
    removeChildren(result, 'w:rtl');
    removeChildren(result, 'w:cs');
    const lang = child(result, 'w:lang');
    if (lang && (!lang.attrs['w:val'] || lang.attrs['w:val'].startsWith('ar'))) lang.attrs['w:val'] = langTag('en');
  }
  return result;
}

function directParagraphProperties(pPr: XmlElement, target: Lang) {
  // Word reads jc left/right (like start/end) relative to the paragraph direction, so
  // setting w:bidi alone mirrors the alignment; the values must not be swapped.
  if (target === 'ar') {
    const bidi = ensureChild(pPr, 'w:bidi', PPR_ORDER);
    delete bidi.attrs['w:val'];
  } else {
    removeChildren(pPr, 'w:bidi');
  }
  const markRPr = child(pPr, 'w:rPr');
  if (markRPr) {
    const directed = directRunProperties(markRPr, target);
    markRPr.children = directed.children;
  }
  const sectPr = child(pPr, 'w:sectPr');
  if (sectPr) directSection(sectPr, target);
}

function directTable(tblPr: XmlElement, target: Lang) {
  if (target === 'ar') {
    const bidi = ensureChild(tblPr, 'w:bidiVisual', TBLPR_ORDER);
    delete bidi.attrs['w:val'];
  } else {
    removeChildren(tblPr, 'w:bidiVisual');
  }
}

function directSection(sectPr: XmlElement, target: Lang) {
  if (target === 'ar') {
    const bidi = ensureChild(sectPr, 'w:bidi', SECTPR_ORDER);
    delete bidi.attrs['w:val'];
  } else {
    removeChildren(sectPr, 'w:bidi');
  }
}

interface WalkState {
  context: PartContext;
  /** False inside mc:Fallback: the same text as mc:Choice, translated but counted once. */
  countable: boolean;
}

const ALT_TEXT = ['title', 'descr'];

/** A content control's drop-down or combo box: the choices it shows (`w:value` is data and stays). */
function translateListItems(sdtPr: XmlElement, state: WalkState) {
  for (const item of findAll(sdtPr, 'w:listItem')) state.context.cursor.takeAttributes(item.attrs, ['w:displayText'], state.countable);
}

/** Paragraphs and tables nested in an element (text boxes), handled in document order. */
function walkBlocks(element: XmlElement, state: WalkState) {
  for (const c of element.children) {
    if (!isElement(c)) continue;
    if (c.name === 'w:p') processParagraph(c, state);
    else if (c.name === 'wp:docPr') state.context.cursor.takeAttributes(c.attrs, ALT_TEXT, state.countable); // alt text and title, read by screen readers
    else if (c.name === 'w:tblPr') {
      if (state.context.mode === 'merge') directTable(c, state.context.target);
    } else if (c.name === 'mc:Fallback') walkBlocks(c, { ...state, countable: false });
    else walkBlocks(c, state);
  }
}

function runPieces(run: XmlElement, out: Node[], state: WalkState) {
  const rPr = child(run, 'w:rPr');
  const style = styleOf(rPr);
  const shell: XmlElement = { ...run, children: [] };
  for (const c of run.children) {
    if (!isElement(c) || c === rPr) continue;
    const piece: RunPiece = { run: shell, rPr, content: c };
    switch (c.name) {
      case 'w:t':
        out.push({ kind: 'text', text: c.children.map((t) => (t.type === 'text' ? t.text : '')).join(''), style });
        break;
      case 'w:noBreakHyphen':
        out.push({ kind: 'text', text: '\u2011', style });
        break;
      case 'w:lastRenderedPageBreak':
      case 'w:softHyphen':
      case 'w:delText':
      case 'w:delInstrText':
        break;
      case 'w:fldChar':
        out.push({ kind: 'opaque', payload: { type: 'mark', fieldType: c.attrs['w:fldCharType'] ?? '', piece } });
        break;
      case 'w:instrText':
        out.push({ kind: 'opaque', payload: { type: 'instr', piece } });
        break;
      default: {
        walkBlocks(c, state); // text boxes inside drawings
        const last = out[out.length - 1];
        if (last?.kind === 'opaque' && last.payload.type === 'runs') last.payload.pieces.push(piece);
        else out.push({ kind: 'opaque', payload: { type: 'runs', pieces: [piece] } });
      }
    }
  }
}

const WRAPPERS = new Set(['w:hyperlink', 'w:smartTag', 'w:customXml', 'w:fldSimple', 'w:dir', 'w:bdo']);

function flatten(nodes: readonly XmlNode[], state: WalkState): Node[] {
  const out: Node[] = [];
  for (const c of nodes) {
    if (!isElement(c)) continue;
    switch (c.name) {
      case 'w:pPr':
      case 'w:proofErr':
      case 'w:del':
      case 'w:moveFrom':
        break;
      case 'w:r':
        runPieces(c, out, state);
        break;
      case 'w:ins':
      case 'w:moveTo':
        out.push(...flatten(c.children, state));
        break;
      case 'w:sdt': {
        const content = child(c, 'w:sdtContent');
        const prefix = c.children.filter((n): n is XmlElement => isElement(n) && n.name !== 'w:sdtContent');
        const sdtPr = child(c, 'w:sdtPr');
        if (sdtPr) translateListItems(sdtPr, state);
        out.push({ kind: 'span', payload: { type: 'wrap', element: c, prefix, content: 'w:sdtContent' }, children: flatten(content?.children ?? [], state) });
        break;
      }
      default:
        if (WRAPPERS.has(c.name)) {
          const prefix = c.children.filter((n): n is XmlElement => isElement(n) && n.name.endsWith('Pr'));
          const rest = c.children.filter((n) => !(isElement(n) && n.name.endsWith('Pr')));
          out.push({ kind: 'span', payload: { type: 'wrap', element: c, prefix }, children: flatten(rest, state) });
        } else {
          walkBlocks(c, state);
          out.push({ kind: 'opaque', payload: { type: 'element', element: c } });
        }
    }
  }
  return structureFields(out);
}

/**
 * Complex fields (fldChar begin, instrText, separate, result, end) become one span whose
 * content is the field's visible result; a field without a result is one opaque piece.
 * Marks that do not balance within this level stay opaque pieces in place.
 */
function structureFields(nodes: Node[]): Node[] {
  const isMark = (n: Node | undefined, type?: string) => n?.kind === 'opaque' && n.payload.type === 'mark' && (!type || n.payload.fieldType === type);
  if (!nodes.some((n) => isMark(n))) return nodes;
  const out: Node[] = [];
  let i = 0;
  const pieceOf = (n: Node): RunPiece => (n as { payload: { piece: RunPiece } }).payload.piece;
  const asRuns = (n: Node): Node => (n.kind === 'opaque' && (n.payload.type === 'mark' || n.payload.type === 'instr') ? { kind: 'opaque', payload: { type: 'runs', pieces: [n.payload.piece] } } : n);

  // Returns the index just past the matching 'end', or -1.
  const parseField = (start: number): { node: Node; next: number } | null => {
    const open: RunPiece[] = [pieceOf(nodes[start]!)];
    let j = start + 1;
    while (j < nodes.length && !isMark(nodes[j], 'separate') && !isMark(nodes[j], 'end')) {
      const n = nodes[j]!;
      if (isMark(n, 'begin')) return null; // nested field inside the instruction: leave as is
      if (n.kind === 'opaque' && n.payload.type === 'instr') open.push(n.payload.piece);
      else if (n.kind === 'opaque' && n.payload.type === 'runs') open.push(...n.payload.pieces);
      else if (n.kind === 'text') return null;
      else return null;
      j++;
    }
    if (j >= nodes.length) return null;
    if (isMark(nodes[j], 'end')) {
      return { node: { kind: 'opaque', payload: { type: 'runs', pieces: [...open, pieceOf(nodes[j]!)] } }, next: j + 1 };
    }
    open.push(pieceOf(nodes[j]!)); // separate
    j++;
    const result: Node[] = [];
    while (j < nodes.length && !isMark(nodes[j], 'end')) {
      if (isMark(nodes[j], 'begin')) {
        const inner = parseField(j);
        if (!inner) return null;
        result.push(inner.node);
        j = inner.next;
        continue;
      }
      if (isMark(nodes[j], 'separate')) return null;
      result.push(asRuns(nodes[j]!));
      j++;
    }
    if (j >= nodes.length) return null;
    return { node: { kind: 'span', payload: { type: 'field', open, close: [pieceOf(nodes[j]!)] }, children: result }, next: j + 1 };
  };

  while (i < nodes.length) {
    const n = nodes[i]!;
    if (isMark(n, 'begin')) {
      const field = parseField(i);
      if (field) {
        out.push(field.node);
        i = field.next;
        continue;
      }
    }
    out.push(asRuns(n));
    i++;
  }
  return out;
}

function emitRun(piece: RunPiece): XmlElement {
  return { ...piece.run, children: [...(piece.rPr ? [piece.rPr] : []), piece.content] };
}

function emit(node: Node, target: Lang): XmlNode[] {
  if (node.kind === 'text') {
    const rPr = directRunProperties(node.style.value.rPr, target);
    const out: XmlNode[] = [];
    const content: XmlNode[] = [];
    for (const part of node.text.split(/(\t|\r\n|\n)/)) {
      if (part === '') continue;
      if (part === '\t') content.push(el('w:tab'));
      else if (part === '\n' || part === '\r\n') content.push(el('w:br'));
      else content.push(el('w:t', { 'xml:space': 'preserve' }, [textNode(part)]));
    }
    if (content.length) out.push(el('w:r', {}, [rPr, ...content]));
    return out;
  }
  const payload = node.payload;
  if (node.kind === 'opaque') {
    if (payload.type === 'runs') return payload.pieces.map(emitRun);
    if (payload.type === 'element') return [payload.element];
    return [];
  }
  const inner = node.children.flatMap((c) => emit(c, target));
  if (payload.type === 'field') return [...payload.open.map(emitRun), ...inner, ...payload.close.map(emitRun)];
  if (payload.type === 'wrap') {
    if (payload.content) return [{ ...payload.element, children: [...payload.prefix, el(payload.content, {}, inner)] }];
    return [{ ...payload.element, children: [...payload.prefix, ...inner] }];
  }
  return inner;
}

function processParagraph(p: XmlElement, state: WalkState) {
  const { context } = state;
  const inline = flatten(p.children, state);
  const built = buildSegment(inline);
  const nodes = context.cursor.apply(built, state.countable);
  if (context.mode === 'analyze') return;
  let pPr = child(p, 'w:pPr');
  if (built.text) p.children = [...(pPr ? [pPr] : []), ...nodes.flatMap((n) => emit(n, context.target))];
  if (!pPr) {
    pPr = el('w:pPr');
    p.children.unshift(pPr);
  }
  directParagraphProperties(pPr, context.target);
}

function wmlHandlers(context: PartContext) {
  const state: WalkState = { context, countable: true };
  return {
    capture: (name: string, _attrs: Record<string, string>, ancestors: readonly { name: string }[]) => {
      if (name === 'w:p' || name === 'w:sdtPr') return true; // a block content control's properties: its list's choices
      if (context.mode !== 'merge') return false;
      if (name === 'w:tblPr' || name === 'w:sectPr') return true;
      void ancestors;
      return false;
    },
    onCapture: (node: XmlElement, ancestors: readonly { name: string }[]) => {
      if (node.name === 'w:p') processParagraph(node, { ...state, countable: !ancestors.some((a) => a.name === 'mc:Fallback') });
      else if (node.name === 'w:sdtPr') translateListItems(node, { ...state, countable: !ancestors.some((a) => a.name === 'mc:Fallback') });
      else if (node.name === 'w:tblPr') directTable(node, context.target);
      else if (node.name === 'w:sectPr') directSection(node, context.target);
      return node;
    },
  };
}

/** styles.xml: complex-script twins of bold/italic/size, Arabic defaults, no RTL for English. */
function stylesHandlers(context: PartContext) {
  return {
    capture: (name: string) => context.mode === 'merge' && (name === 'w:docDefaults' || name === 'w:rPr' || name === 'w:pPr' || name === 'w:tblPr'),
    onCapture: (node: XmlElement) => {
      const target = context.target;
      if (node.name === 'w:docDefaults') {
        // The document's default run properties: an Arabic-capable complex-script font and language.
        if (target === 'ar') {
          const rPrDefault = ensureChild(node, 'w:rPrDefault', ['rPrDefault', 'pPrDefault']);
          const rPr = ensureChild(rPrDefault, 'w:rPr', ['rPr']);
          const fonts = ensureChild(rPr, 'w:rFonts', RPR_ORDER);
          if (!fonts.attrs['w:cs'] && !fonts.attrs['w:cstheme']) fonts.attrs['w:cs'] = ARABIC_FONT;
          ensureChild(rPr, 'w:lang', RPR_ORDER).attrs['w:bidi'] = 'ar-SA';
          rPr.children = directRunProperties(rPr, target, { forStyle: true }).children;
        } else {
          for (const pPr of findAll(node, 'w:pPr')) removeChildren(pPr, 'w:bidi');
        }
        return node;
      }
      if (node.name === 'w:rPr') return directRunProperties(node, target, { forStyle: true });
      if (target === 'en' && node.name === 'w:pPr') removeChildren(node, 'w:bidi');
      if (target === 'en' && node.name === 'w:tblPr') removeChildren(node, 'w:bidiVisual');
      return node;
    },
  };
}

export const docxFilter: OoxmlFilter = {
  role: (_name, contentType) => ROLES[contentType] ?? null,
  hasText: (role) => role === 'wml' || role === 'dml',
  handlers(role, context) {
    if (role === 'wml') return wmlHandlers(context);
    if (role === 'styles') return stylesHandlers(context);
    return drawingHandlers(context);
  },
  async pages(zip) {
    const app = zip.get('docProps/app.xml');
    if (!app || app.uncompressedSize > 1024 * 1024) return undefined;
    try {
      const root = await parseXmlDocument(zip.stream(app, 1024 * 1024), { maxDepth: 16, maxCapturedChars: 1024 * 1024, maxBytes: 1024 * 1024 });
      const pages = root.children.find((c): c is XmlElement => isElement(c) && c.name.replace(/^.*:/, '') === 'Pages');
      const value = pages ? Number(pages.children.map((c) => (c.type === 'text' ? c.text : '')).join('')) : NaN;
      return Number.isInteger(value) && value > 0 ? value : undefined;
    } catch {
      return undefined;
    }
  },
};

export const analyzeDocx = (path: string, options: FilterOptions): Promise<DocumentAnalysis> => analyzePackage(path, 'docx', docxFilter, options);
export const mergeDocx = (path: string, outPath: string, input: MergeInput, options: FilterOptions) => mergePackage(path, outPath, docxFilter, input, options);
