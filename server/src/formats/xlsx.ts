import type { Lang } from '../engines/types';
import { drawingHandlers } from './drawingml';
import { processNumberFormat } from './number-format';
import { buildSegment, stripPlaceholders, type InlineNode, type StyleRef } from './inline';
import { analyzePackage, drain, mergePackage, xmlPartOptions, type OoxmlFilter, type PartContext } from './ooxml';
import { SegmentCursor, type DocumentAnalysis, type FilterOptions, type MergeInput } from './types';
import { child, el, ensureChild, isElement, localName, prefixOf, serialize, textNode, textOf, type XmlElement, type XmlNode } from './xml/dom';
import { parseXmlDocument, transformXmlChunks, type OpenElement } from './xml/stream';

/**
 * XLSX: shared strings, inline strings, sheet names, comments (legacy and threaded), text
 * in drawings and chart titles, data validations' messages and literal lists, the quoted
 * words of custom number formats. Numbers, formulas and dates are never touched; where a
 * translated sheet name is referenced (formulas, defined names, charts, validations,
 * hyperlinks, pivot sources) the reference is renamed with it so formulas keep working.
 */
const S_CT = 'application/vnd.openxmlformats-officedocument.spreadsheetml.';
const ROLES: Record<string, string> = {
  [`${S_CT}sheet.main+xml`]: 'workbook',
  [`${S_CT}sharedStrings+xml`]: 'strings',
  [`${S_CT}worksheet+xml`]: 'sheet',
  [`${S_CT}comments+xml`]: 'comments',
  'application/vnd.ms-excel.threadedcomments+xml': 'threaded',
  [`${S_CT}styles+xml`]: 'styles',
  [`${S_CT}table+xml`]: 'table',
  [`${S_CT}pivotCacheDefinition+xml`]: 'pivot',
  [`${S_CT}pivotTable+xml`]: 'pivotTable',
  'application/vnd.openxmlformats-officedocument.drawing+xml': 'dml',
  'application/vnd.openxmlformats-officedocument.drawingml.chart+xml': 'chart',
};

type Payload = { element: XmlElement };
type Style = XmlElement | undefined;

const decodeEscapes = (text: string) => text.replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
const encodeEscapes = (text: string) =>
  text
    .replace(/_x([0-9A-Fa-f]{4})_/g, '_x005F_x$1_')
    .replace(/[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]/g, (c) => `_x${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}_`);

const styleOf = (rPr: XmlElement | undefined): StyleRef<Style> => ({ key: rPr ? serialize({ ...rPr, name: 'rPr' }) : '', value: rPr });

/** Rich or plain text of a string item (si, is, comment text) in place. */
function processRichText(node: XmlElement, context: PartContext) {
  const inline: InlineNode<Payload, Style>[] = [];
  for (const c of node.children) {
    if (!isElement(c)) continue;
    if (c.name === 't') inline.push({ kind: 'text', text: decodeEscapes(textOf(c)), style: styleOf(undefined) });
    else if (c.name === 'r') {
      const t = child(c, 't');
      inline.push({ kind: 'text', text: decodeEscapes(t ? textOf(t) : ''), style: styleOf(child(c, 'rPr')) });
    } else inline.push({ kind: 'opaque', payload: { element: c } }); // rPh, phoneticPr
  }
  const built = buildSegment(inline);
  const nodes = context.cursor.apply(built);
  if (context.mode === 'analyze' || !built.text) return;
  const texts = nodes.filter((n): n is Extract<typeof n, { kind: 'text' }> => n.kind === 'text');
  const plain = texts.every((n) => !n.style.value);
  const out: XmlNode[] = [];
  if (plain) {
    out.push(el('t', { 'xml:space': 'preserve' }, [textNode(encodeEscapes(texts.map((n) => n.text).join('')))]));
    for (const n of nodes) if (n.kind === 'opaque') out.push(n.payload.element);
  } else {
    const trailing: XmlNode[] = [];
    for (const n of nodes) {
      if (n.kind === 'text') {
        out.push(el('r', {}, [...(n.style.value ? [n.style.value] : []), el('t', { 'xml:space': 'preserve' }, [textNode(encodeEscapes(n.text))])]));
      } else if (n.kind === 'opaque') trailing.push(n.payload.element);
    }
    out.push(...trailing); // rPh and phoneticPr come after the runs
  }
  node.children = out;
}

// ---- sheet names ----------------------------------------------------------------------

const INVALID_SHEET_CHARS = /[:\\/?*[\]\x00-\x1F]/g;

/** Excel's rules: 1-31 characters, none of : \ / ? * [ ], no leading or trailing apostrophe, not "History", unique ignoring case. */
export function sanitizeSheetNames(original: readonly string[], translated: readonly (string | undefined)[]): string[] {
  const used = new Set<string>();
  return original.map((name, index) => {
    let candidate = stripPlaceholders(translated[index] ?? name)
      .replace(INVALID_SHEET_CHARS, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^'+|'+$/g, '')
      .trim();
    if (!candidate || candidate.toLowerCase() === 'history') candidate = name;
    candidate = [...candidate].slice(0, 31).join('').trim();
    let unique = candidate;
    for (let n = 2; used.has(unique.toLowerCase()); n++) {
      const suffix = ` (${n})`;
      unique = [...candidate].slice(0, 31 - suffix.length).join('').trim() + suffix;
    }
    used.add(unique.toLowerCase());
    return unique;
  });
}

const quoteSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;
const IDENT = /[A-Za-z0-9_.\\\u00A0-\uFFFF]/;

/**
 * Renames sheet references in a formula: Sheet1!A1, 'My sheet'!A1, 3-D ranges
 * (Sheet1:Sheet3!A1); string literals and external references ([1]Sheet1!A1) are left alone.
 */
export function renameSheetReferences(formula: string, rename: (name: string) => string | undefined): string {
  if (!formula.includes('!')) return formula;
  let out = '';
  let i = 0;
  let afterBracket = false;
  const mapName = (name: string) => rename(name.toLowerCase());
  while (i < formula.length) {
    const c = formula[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < formula.length) {
        if (formula[j] === '"' && formula[j + 1] === '"') j += 2;
        else if (formula[j] === '"') break;
        else j++;
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      afterBracket = false;
      continue;
    }
    if (c === "'") {
      let j = i + 1;
      let name = '';
      while (j < formula.length) {
        if (formula[j] === "'" && formula[j + 1] === "'") {
          name += "'";
          j += 2;
        } else if (formula[j] === "'") break;
        else name += formula[j++];
      }
      const next = formula[j + 1];
      if (next === '!' && !name.startsWith('[')) {
        const parts = name.split(':');
        const renamed = parts.map((p) => mapName(p));
        if (renamed.some(Boolean)) {
          out += quoteSheet(parts.map((p, k) => renamed[k] ?? p).join(':'));
          i = j + 1;
          continue;
        }
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      afterBracket = false;
      continue;
    }
    if (c === '[') {
      let depth = 0;
      let j = i;
      for (; j < formula.length; j++) {
        if (formula[j] === '[') depth++;
        else if (formula[j] === ']' && --depth === 0) break;
      }
      out += formula.slice(i, j + 1);
      i = j + 1;
      afterBracket = true;
      continue;
    }
    if (IDENT.test(c)) {
      let j = i;
      while (j < formula.length && IDENT.test(formula[j]!)) j++;
      const first = formula.slice(i, j);
      // Unquoted 3-D reference: Sheet1:Sheet3!A1
      if (formula[j] === ':' && !afterBracket) {
        let k = j + 1;
        while (k < formula.length && IDENT.test(formula[k]!)) k++;
        const second = formula.slice(j + 1, k);
        if (second && formula[k] === '!') {
          const a = mapName(first);
          const b = mapName(second);
          if (a || b) {
            out += quoteSheet(`${a ?? first}:${b ?? second}`);
            i = k;
            continue;
          }
        }
      }
      if (formula[j] === '!' && !afterBracket) {
        const renamed = mapName(first);
        out += renamed ? quoteSheet(renamed) : first;
      } else out += first;
      i = j;
      afterBracket = false;
      continue;
    }
    out += c;
    i++;
    afterBracket = false;
  }
  return out;
}

interface XlsxState {
  sheetMap: Map<string, string>; // lower-case old name -> new name
  columnMap: Map<string, string>; // header text -> translated text
  numFmtMap: Map<string, string>; // numFmtId dropped as a duplicate -> the id kept for its code
}

const stateOf = (context: PartContext) => context.state.get('xlsx') as XlsxState | undefined;

function renamer(context: PartContext) {
  const map = stateOf(context)?.sheetMap;
  return (name: string) => map?.get(name);
}

/** Structured references Table1[Column] follow translated table column names. */
function renameColumns(formula: string, columns: Map<string, string>): string {
  if (!columns.size || !formula.includes('[')) return formula;
  return formula.replace(/\[([^[\]#@][^[\]]*)\]/g, (match, name: string) => {
    const plain = name.replace(/'(.)/g, '$1');
    const renamed = columns.get(plain);
    return renamed ? `[${renamed.replace(/(['#[\]])/g, "'$1")}]` : match;
  });
}

function rewriteFormula(formula: string, context: PartContext) {
  const state = stateOf(context);
  let result = renameSheetReferences(formula, renamer(context));
  if (state?.columnMap.size) result = renameColumns(result, state.columnMap);
  return result;
}

const FORMULA_ELEMENTS = new Set(['f', 'formula', 'formula1', 'formula2', 'xm:f', 'definedName', 'c:f']);

function rewriteFormulaElement(node: XmlElement, context: PartContext) {
  const text = textOf(node);
  const rewritten = rewriteFormula(text, context);
  if (rewritten !== text) node.children = [textNode(rewritten)];
}

/** Excel's limits on a validation's texts (longer ones make it repair the file). */
const VALIDATION_TEXTS: Record<string, number> = { promptTitle: 32, prompt: 255, errorTitle: 32, error: 255 };
const LIST_LITERAL = /^"((?:[^"]|"")*)"$/;

/**
 * A data validation: its input message and error alert, and the items of a literal list
 * ("Open,Closed", the drop-down's choices), which follow the cells they were chosen for. An
 * item's translation cannot hold the separator; a list that would pass Excel's 255
 * characters keeps its original items.
 */
function processValidation(node: XmlElement, context: PartContext) {
  context.cursor.takeAttributes(node.attrs, Object.keys(VALIDATION_TEXTS));
  if (context.mode === 'merge') for (const [name, max] of Object.entries(VALIDATION_TEXTS)) if (node.attrs[name] !== undefined) node.attrs[name] = [...node.attrs[name]].slice(0, max).join('');
  const formula1 = child(node, 'formula1');
  const literal = node.attrs.type === 'list' && formula1 ? LIST_LITERAL.exec(textOf(formula1)) : null;
  if (literal) {
    const separator = context.target === 'ar' ? '\u060C' : ';';
    const items = literal[1]!.replace(/""/g, '"').split(',').map((item) => context.cursor.takePlain(item).replace(/,/g, separator));
    const list = items.join(',');
    if (context.mode === 'merge' && list.length <= 255) formula1!.children = [textNode(`"${list.replace(/"/g, '""')}"`)];
  }
  if (context.mode === 'merge') for (const c of node.children) if (isElement(c) && FORMULA_ELEMENTS.has(c.name)) rewriteFormulaElement(c, context);
}

/** Header and footer codes: sections (&L &C &R), fields (&P page, &N pages, &D date...), fonts, sizes, colours; "&&" is an ampersand. */
const HEADER_CODE = /&(?:&|"[^"]*"|K[0-9A-Fa-f]{6}|K\d{2}[+-]\d{3}|\d+|[PN](?:[+-]\d+)?|[LCRDTZFABIUESXYOHG])/g;
const HEADER_SECTION = /^&[LCR]$/;
const HEADER_ELEMENTS = new Set(['oddHeader', 'oddFooter', 'evenHeader', 'evenFooter', 'firstHeader', 'firstFooter']);

/**
 * A printed page header or footer ("&LConfidential&RPage &P of &N"): each section (left,
 * centre, right) is a segment, its codes placeholders. Excel refuses more than 255 characters:
 * a longer translation keeps the original.
 */
function processHeaderFooter(node: XmlElement, context: PartContext) {
  const source = textOf(node);
  const sections: InlineNode<{ code: string }, Style>[][] = [[]];
  let at = 0;
  const pushText = (text: string) => {
    const section = sections[sections.length - 1]!;
    if (text) section.push({ kind: 'text', text, style: styleOf(undefined) });
  };
  for (const match of source.matchAll(HEADER_CODE)) {
    pushText(source.slice(at, match.index));
    at = match.index + match[0].length;
    if (match[0] === '&&') pushText('&');
    else if (HEADER_SECTION.test(match[0])) sections.push([{ kind: 'opaque', payload: { code: match[0] } }]);
    else sections[sections.length - 1]!.push({ kind: 'opaque', payload: { code: match[0] } });
  }
  pushText(source.slice(at));
  let out = '';
  for (const section of sections) {
    // The section code itself stays outside the segment.
    const [first, ...rest] = section;
    const code = first?.kind === 'opaque' ? first : null;
    const built = buildSegment(code ? rest : section);
    const nodes = context.cursor.apply(built);
    if (code) out += code.payload.code;
    for (const n of nodes) out += n.kind === 'text' ? n.text.replace(/&/g, '&&') : n.kind === 'opaque' ? n.payload.code : '';
  }
  if (context.mode === 'merge' && out !== source && out.length <= 255) node.children = [textNode(out)];
}

export { numberFormatSections } from './number-format';

/**
 * The workbook's custom number formats. Two whose translations are the same code (`0" pcs"`
 * and `0" pieces"` both `0" قطعة"`) would be duplicate entries under two ids: the first id is
 * kept, the other entry dropped and every reference to it (cell styles, pivot tables) points
 * at the kept one. Entries the translation leaves as they were stay, duplicates or not.
 */
function processNumberFormats(numFmts: XmlElement, context: PartContext) {
  const kept = new Map<string, { id: string; changed: boolean }>();
  const map = stateOf(context)?.numFmtMap;
  numFmts.children = numFmts.children.filter((node) => {
    if (!isElement(node) || node.name !== 'numFmt') return true;
    const source = node.attrs.formatCode ?? '';
    processNumberFormat(node, context);
    if (context.mode !== 'merge' || !map) return true;
    const code = node.attrs.formatCode ?? '';
    const id = node.attrs.numFmtId ?? '';
    const first = kept.get(code);
    if (!first) {
      kept.set(code, { id, changed: code !== source });
      return true;
    }
    if (!first.changed && code === source) return true;
    map.set(id, first.id);
    return false;
  });
  if (numFmts.attrs.count !== undefined) numFmts.attrs.count = String(numFmts.children.filter((n) => isElement(n) && n.name === 'numFmt').length);
}

/** A reference to a number format dropped as a duplicate points at the one kept. */
function remapNumberFormat(element: { attrs: Record<string, string> }, context: PartContext) {
  const id = element.attrs.numFmtId;
  const kept = id === undefined ? undefined : stateOf(context)?.numFmtMap.get(id);
  if (kept) element.attrs.numFmtId = kept;
}

const XF_ORDER = ['alignment', 'protection', 'extLst'];
const MIRROR: Record<string, string> = { left: 'right', right: 'left' };

function directCellFormat(xf: XmlElement, target: Lang) {
  const alignment = ensureChild(xf, 'alignment', XF_ORDER);
  alignment.attrs.readingOrder = target === 'ar' ? '2' : '1';
  const horizontal = alignment.attrs.horizontal;
  if (horizontal && MIRROR[horizontal]) alignment.attrs.horizontal = MIRROR[horizontal]!;
  xf.attrs.applyAlignment = '1';
}

function handlersFor(role: string, context: PartContext) {
  const merge = context.mode === 'merge';
  switch (role) {
    case 'workbook':
      return {
        capture: (name: string) => name === 'sheet' || (merge && name === 'definedName'),
        onCapture: (node: XmlElement) => {
          if (node.name === 'sheet') {
            const name = node.attrs.name ?? '';
            if (!name.trim()) return node;
            context.cursor.take(name, name);
            if (merge) node.attrs.name = stateOf(context)?.sheetMap.get(name.toLowerCase()) ?? name;
          } else rewriteFormulaElement(node, context);
          return node;
        },
      };
    case 'strings':
      return { capture: (name: string) => name === 'si', onCapture: (node: XmlElement) => (processRichText(node, context), node) };
    case 'sheet': {
      // A sheet without a sheet view gets one that reads right to left, where the view would be.
      let viewSeen = !merge || context.target !== 'ar';
      return {
        onOpen: (element: OpenElement, ancestors: readonly OpenElement[]) => {
          if (viewSeen || ancestors.length !== 1) return;
          const local = localName(element.name);
          if (local === 'sheetPr' || local === 'dimension') return;
          viewSeen = true;
          const prefix = prefixOf(element.name);
          if (local !== 'sheetViews') return `<${prefix}sheetViews><${prefix}sheetView rightToLeft="1" workbookViewId="0"/></${prefix}sheetViews>`;
        },
        capture: (name: string) => name === 'is' || name === 'dataValidation' || HEADER_ELEMENTS.has(name) || (merge && (FORMULA_ELEMENTS.has(name) || name === 'sheetView' || name === 'hyperlink')),
        onCapture: (node: XmlElement) => {
          if (node.name === 'is') processRichText(node, context);
          else if (HEADER_ELEMENTS.has(node.name)) processHeaderFooter(node, context);
          else if (node.name === 'dataValidation') processValidation(node, context);
          else if (node.name === 'sheetView') {
            if (context.target === 'ar') node.attrs.rightToLeft = '1';
            else delete node.attrs.rightToLeft;
          } else if (node.name === 'hyperlink') {
            if (node.attrs.location) node.attrs.location = rewriteFormula(node.attrs.location, context);
          } else rewriteFormulaElement(node, context);
          return node;
        },
      };
    }
    case 'comments':
      return { capture: (name: string) => name === 'text', onCapture: (node: XmlElement) => (processRichText(node, context), node) };
    case 'threaded':
      return {
        capture: (name: string, _a: Record<string, string>, ancestors: readonly { name: string }[]) => name === 'text' && ancestors[ancestors.length - 1]?.name === 'threadedComment',
        onCapture: (node: XmlElement) => {
          const text = textOf(node);
          const built = buildSegment([{ kind: 'text', text, style: { key: '', value: undefined } }]);
          const nodes = context.cursor.apply(built);
          if (merge && built.text) node.children = [textNode(nodes.map((n) => (n.kind === 'text' ? n.text : '')).join(''))];
          return node;
        },
      };
    case 'styles':
      return {
        capture: (name: string, _a: Record<string, string>, ancestors: readonly { name: string }[]) =>
          name === 'numFmts' || name === 'numFmt' || (merge && name === 'xf' && ['cellXfs', 'cellStyleXfs'].includes(ancestors[ancestors.length - 1]?.name ?? '')),
        onCapture: (node: XmlElement) => {
          if (node.name === 'numFmts') processNumberFormats(node, context);
          else if (node.name === 'numFmt') processNumberFormat(node, context); // a conditional format's (dxf)
          else {
            remapNumberFormat(node, context);
            directCellFormat(node, context.target);
          }
          return node;
        },
      };
    case 'table':
      return {
        capture: (name: string) => merge && (name === 'tableColumn' || name === 'calculatedColumnFormula' || name === 'totalsRowFormula'),
        onCapture: (node: XmlElement) => {
          if (node.name === 'tableColumn') {
            const renamed = stateOf(context)?.columnMap.get(node.attrs.name ?? '');
            if (renamed) node.attrs.name = renamed;
            for (const c of node.children) if (isElement(c)) rewriteFormulaElement(c, context);
          } else rewriteFormulaElement(node, context);
          return node;
        },
      };
    case 'pivotTable':
      return { onOpen: (element: OpenElement) => void (merge && remapNumberFormat(element, context)) };
    case 'pivot':
      return {
        onOpen: (element: OpenElement) => void (merge && remapNumberFormat(element, context)),
        capture: (name: string) => merge && name === 'worksheetSource',
        onCapture: (node: XmlElement) => {
          const renamed = node.attrs.sheet ? stateOf(context)?.sheetMap.get(node.attrs.sheet.toLowerCase()) : undefined;
          if (renamed) node.attrs.sheet = renamed;
          return node;
        },
      };
    case 'chart': {
      const drawing = drawingHandlers(context);
      return {
        capture: (name: string) => drawing.capture(name) || (merge && name === 'c:f'),
        onCapture: (node: XmlElement) => {
          if (node.name === 'c:f') {
            rewriteFormulaElement(node, context);
            return node;
          }
          return drawing.onCapture(node);
        },
      };
    }
    default:
      return drawingHandlers(context);
  }
}

export const xlsxFilter: OoxmlFilter = {
  role: (_name, contentType) => ROLES[contentType] ?? null,
  hasText: (role) => ['workbook', 'strings', 'sheet', 'comments', 'threaded', 'styles', 'dml', 'chart'].includes(role),
  handlers: handlersFor,
  async prepareMerge({ translations, parts, roles, state, options, zip }) {
    const xlsx: XlsxState = { sheetMap: new Map(), columnMap: new Map(), numFmtMap: new Map() };
    state.set('xlsx', xlsx);
    // Number formats merged as duplicates are known before any part that refers to them is written.
    const stylesName = [...roles].find(([, role]) => role === 'styles')?.[0];
    const styles = stylesName ? zip.get(stylesName) : undefined;
    if (styles) {
      const cursor = new SegmentCursor('merge', translations, parts.find((p) => p.part === stylesName)?.start ?? 0);
      const context: PartContext = { mode: 'merge', source: options.source, target: options.target, cursor, state, part: styles.name };
      await drain(transformXmlChunks(zip.stream(styles, options.limits.maxXmlPartBytes), handlersFor('styles', context), xmlPartOptions(options.limits)));
    }
    const workbookName = [...roles].find(([, role]) => role === 'workbook')?.[0];
    const workbook = workbookName ? zip.get(workbookName) : undefined;
    if (workbook) {
      const root = await parseXmlDocument(zip.stream(workbook, options.limits.maxXmlPartBytes), {
        maxDepth: options.limits.maxXmlDepth,
        maxCapturedChars: options.limits.maxXmlPartBytes,
        maxBytes: options.limits.maxXmlPartBytes,
      });
      const sheets = child(root, 'sheets');
      const names = sheets ? sheets.children.filter(isElement).map((s) => s.attrs.name ?? '').filter((n) => n.trim()) : [];
      const start = parts.find((p) => p.part === workbookName)?.start ?? 0;
      const renamed = sanitizeSheetNames(names, names.map((_n, i) => translations[start + i]));
      names.forEach((name, i) => {
        if (renamed[i] !== name) xlsx.sheetMap.set(name.toLowerCase(), renamed[i]!);
      });
    }
    // Table column names must equal their header cells, which are usually shared strings.
    if ([...roles.values()].includes('table')) {
      const stringsName = [...roles].find(([, role]) => role === 'strings')?.[0];
      const strings = stringsName ? zip.get(stringsName) : undefined;
      if (strings) {
        const cursor = new SegmentCursor('analyze');
        const context: PartContext = { mode: 'analyze', source: options.source, target: options.target, cursor, state, part: strings.name };
        await drain(transformXmlChunks(zip.stream(strings, options.limits.maxXmlPartBytes), handlersFor('strings', context), xmlPartOptions(options.limits)));
        const start = parts.find((p) => p.part === stringsName)?.start ?? 0;
        cursor.segments.forEach((segment, i) => {
          const translated = translations[start + i];
          if (translated !== undefined) xlsx.columnMap.set(stripPlaceholders(segment).trim(), stripPlaceholders(translated).trim());
        });
      }
    }
  },
};

export const analyzeXlsx = (path: string, options: FilterOptions): Promise<DocumentAnalysis> => analyzePackage(path, 'xlsx', xlsxFilter, options);
export const mergeXlsx = (path: string, outPath: string, input: MergeInput, options: FilterOptions) => mergePackage(path, outPath, xlsxFilter, input, options);
