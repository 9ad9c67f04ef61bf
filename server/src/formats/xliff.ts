import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Lang } from '../engines/types';
import { DocumentError } from './errors';
import { buildSegment, type InlineNode } from './inline';
import { SegmentCursor, SegmentLimitError, type DocumentAnalysis, type FilterOptions, type MergeInput } from './types';
import { cloneElement, el, isElement, localName, prefixOf, textOf, type XmlElement, type XmlNode } from './xml/dom';
import { noticeComment } from './notice';
import { transformXmlChunks, type OpenElement, type XmlTransformHandlers } from './xml/stream';

/**
 * XLIFF 1.2 and 2.x: each source (or each seg-source segment of 1.2, each segment of 2.x)
 * is one segment; inline codes keep their place as placeholders (g, mrk and pc as pairs;
 * x, ph, it, cp as standalone codes; bx/ex, bpt/ept, sc/ec and sm/em as pairs when both
 * ends sit side by side, standalone otherwise, and never written with the end before its
 * start); translate="no" on a file, group, unit or mrk is honoured; the file's target
 * language is set. A target already written (any text, in a state other than 1.2 "new" or
 * "needs-translation", 2.x "initial") is human work: its unit (1.2) or segment (2.x) is kept
 * as it is and is not a segment at all, so it is neither sent to an engine nor counted. The
 * targets Lisan writes are machine output awaiting review: in 1.2
 * state="needs-review-translation" state-qualifier="mt-suggestion" (as the website export
 * writes them); 2.x has no such state, so its segments get state="translated".
 */
type Payload = { element: XmlElement; end?: XmlElement };
type Node = InlineNode<Payload, null>;
const STYLE = { key: '', value: null };

const PAIRED = new Set(['g', 'pc', 'mrk']);

/**
 * The codes that open and close a pair as two empty elements, and how their ends find each
 * other: 1.2 bx/ex and bpt/ept by `rid` (by equal `id` without one), 2.x sc/ec and sm/em by
 * the end's `startRef` (an isolated end names no start).
 */
function pairEnd(element: XmlElement): { end: 'start' | 'end'; key: string } | null {
  const { id, rid, startRef } = element.attrs;
  switch (localName(element.name)) {
    case 'bx':
      return { end: 'start', key: `bx:${rid ?? id}` };
    case 'ex':
      return { end: 'end', key: `bx:${rid ?? id}` };
    case 'bpt':
      return { end: 'start', key: `bpt:${rid ?? id}` };
    case 'ept':
      return { end: 'end', key: `bpt:${rid ?? id}` };
    case 'sc':
      return element.attrs.isolated === 'yes' ? null : { end: 'start', key: `sc:${id}` };
    case 'ec':
      return startRef === undefined ? null : { end: 'end', key: `sc:${startRef}` };
    case 'sm':
      return { end: 'start', key: `sm:${id}` };
    case 'em':
      return startRef === undefined ? null : { end: 'end', key: `sm:${startRef}` };
    default:
      return null;
  }
}

/** The index of the sibling that closes the pair opened at `start`, when it is at the same level. */
function closingSibling(nodes: readonly XmlNode[], start: number): number {
  const opening = isElement(nodes[start]) ? pairEnd(nodes[start]) : null;
  if (opening?.end !== 'start') return -1;
  for (let k = start + 1; k < nodes.length; k++) {
    const node = nodes[k];
    const other = isElement(node) ? pairEnd(node) : null;
    if (other?.key === opening.key) return other.end === 'end' ? k : -1;
  }
  return -1;
}

/** A mark whose content is not translated (1.2 `mtype="protected"`, 2.x `translate="no"`): copied as it is. */
const isProtectedMark = (element: XmlElement) => localName(element.name) === 'mrk' && (element.attrs.mtype === 'protected' || element.attrs.translate === 'no');

function flatten(nodes: readonly XmlNode[]): Node[] {
  const out: Node[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const n = nodes[i]!;
    if (n.type === 'text') out.push({ kind: 'text', text: n.text, style: STYLE });
    else if (n.type === 'element') {
      const local = localName(n.name);
      const protectedMark = isProtectedMark(n);
      // A start code and its end side by side travel through the engine as one pair, like g.
      const close = closingSibling(nodes, i);
      if (close > 0) {
        out.push({ kind: 'span', payload: { element: n, end: nodes[close] as XmlElement }, children: flatten(nodes.slice(i + 1, close)) });
        i = close;
      } else if (PAIRED.has(local) && !protectedMark) out.push({ kind: 'span', payload: { element: n }, children: flatten(n.children) });
      else out.push({ kind: 'opaque', payload: { element: n }, ...(pairEnd(n)?.end === 'end' ? { closes: true } : {}) });
    }
  }
  return out;
}

function emit(nodes: Node[]): XmlNode[] {
  return nodes.flatMap((n): XmlNode[] => {
    if (n.kind === 'text') return [{ type: 'text', text: n.text }];
    if (n.kind === 'opaque') return [n.payload.element];
    if (n.payload.end) return [n.payload.element, ...emit(n.children), n.payload.end];
    return [{ ...n.payload.element, children: emit(n.children) }];
  });
}

/**
 * Puts the ends of each pair back in order where an engine moved one end past the other
 * (codes that could not travel as a pair): the two codes change places, so they wrap the
 * text between them again. Pairs whose ends were in the other order in the source are left.
 */
function orderPairedCodes(source: readonly XmlNode[], target: XmlNode[]) {
  type Place = { list: XmlNode[]; index: number; at: number };
  const sourceElements = new Set<XmlNode>();
  // Codes inside an element copied from the source as it is (a protected mark) are never moved.
  const positions = (nodes: readonly XmlNode[], descend: (node: XmlElement) => boolean) => {
    const found = new Map<string, { start?: Place; end?: Place }>();
    let at = 0;
    const walk = (list: XmlNode[]) => {
      list.forEach((node, index) => {
        if (!isElement(node)) return;
        const code = pairEnd(node);
        if (code) {
          const entry = found.get(code.key) ?? {};
          entry[code.end] ??= { list, index, at: at++ };
          found.set(code.key, entry);
        }
        if (descend(node)) walk(node.children);
      });
    };
    walk(nodes as XmlNode[]);
    return found;
  };
  const before = positions(source, (node) => (sourceElements.add(node), true));
  for (const [key, { start, end }] of positions(target, (node) => !sourceElements.has(node))) {
    const original = before.get(key);
    if (!start || !end || end.at > start.at || !original?.start || !original.end || original.end.at < original.start.at) continue;
    const opening = start.list[start.index]!;
    start.list[start.index] = end.list[end.index]!;
    end.list[end.index] = opening;
  }
}

type Slot = { list: XmlNode[]; index: number; element: XmlElement };

/** XLIFF 2 codes that may not be reordered (`canReorder` "firstNo" or "no"), in document order, with where each sits. */
function fixedCodes(nodes: XmlNode[], found: Slot[] = []): Slot[] {
  nodes.forEach((node, index) => {
    if (!isElement(node)) return;
    if (node.attrs.canReorder === 'firstNo' || node.attrs.canReorder === 'no') found.push({ list: nodes, index, element: node });
    // Codes inside a protected mark are copied with it and never move.
    if (PAIRED.has(localName(node.name)) && !isProtectedMark(node)) fixedCodes(node.children, found);
  });
  return found;
}

/** A code's identity within its unit (a pc is written anew around its translated content). */
const codeKey = (element: XmlElement) => `${localName(element.name)}:${element.attrs.id ?? ''}:${element.attrs.startRef ?? ''}`;

/**
 * XLIFF 2 `canReorder`: a code marked "firstNo" starts a sequence that the "no" codes after
 * it continue, and the codes of a sequence must keep their source order in the target. Where
 * an engine moved them, the codes go back into the places the sequence's codes took in the
 * target, in source order; the text stays where the engine put it (a pc keeps the translated
 * content of the place it takes, so only its markup moves).
 */
function keepCodeOrder(source: XmlNode[], target: XmlNode[]) {
  const codes = fixedCodes(source);
  if (codes.length < 2) return;
  const rank = new Map<string, { sequence: number; rank: number }>();
  let sequence = -1;
  for (const [i, { element }] of codes.entries()) {
    if (element.attrs.canReorder === 'firstNo' || sequence < 0) sequence++;
    const key = codeKey(element);
    if (rank.has(key)) return; // ids repeated in a unit: an invalid file, left as the engine gave it
    rank.set(key, { sequence, rank: i });
  }
  const bySequence = new Map<number, Slot[]>();
  for (const slot of fixedCodes(target)) {
    const place = rank.get(codeKey(slot.element));
    if (place) bySequence.set(place.sequence, [...(bySequence.get(place.sequence) ?? []), slot]);
  }
  for (const slots of bySequence.values()) {
    const ordered = [...slots].sort((p, q) => rank.get(codeKey(p.element))!.rank - rank.get(codeKey(q.element))!.rank);
    if (ordered.every((slot, k) => slot === slots[k])) continue;
    // A pair (pc) only changes places with a pair, an empty code with an empty code.
    const wraps = (element: XmlElement) => localName(element.name) === 'pc';
    if (ordered.some((slot, k) => wraps(slot.element) !== wraps(slots[k]!.element))) continue;
    const replacements = slots.map((slot, k) => {
      const code = ordered[k]!.element;
      return wraps(code) ? { ...code, children: slot.element.children } : code;
    });
    slots.forEach((slot, k) => (slot.list[slot.index] = replacements[k]!));
  }
}

/** The translated content of one source element (or mrk), or undefined in analysis. */
function translateContent(source: XmlElement, cursor: SegmentCursor): XmlNode[] | undefined {
  const built = buildSegment(flatten(source.children));
  const nodes = cursor.apply(built);
  if (cursor.mode === 'analyze') return undefined;
  const content = emit(nodes);
  orderPairedCodes(source.children, content);
  keepCodeOrder(source.children, content);
  return content;
}

const langCode = (lang: Lang) => lang;

/**
 * XLIFF 1.2 target attributes for machine output awaiting a reviewer; the website XLIFF export
 * writes the same.
 */
export const MT_SUGGESTION_TARGET_ATTRS: Readonly<Record<string, string>> = { state: 'needs-review-translation', 'state-qualifier': 'mt-suggestion' };

/** Target states saying the target is not a translation yet (1.2 on the target, 2.x on the segment). */
const UNTRANSLATED_STATES_12 = new Set(['new', 'needs-translation']);
const UNTRANSLATED_STATES_2 = new Set(['initial']);

const targetOf = (parent: XmlElement) => parent.children.find((c): c is XmlElement => isElement(c) && localName(c.name) === 'target');

/**
 * Whether `parent` (a 1.2 trans-unit, a 2.x segment) already holds a translation to keep: a
 * target with text whose state (`state`, read from the target in 1.2, the segment in 2.x) does
 * not say it is still to be translated. A 2.x segment without a state is kept too, although
 * the standard's default is "initial": a tool that writes no states may still hold human work.
 */
function hasTranslation(parent: XmlElement, state: string | undefined, untranslated: ReadonlySet<string>): boolean {
  const target = targetOf(parent);
  if (!target || !textOf(target).trim()) return false;
  return state === undefined || !untranslated.has(state);
}

/** Puts `target` right after `after` (replacing any existing target). */
function placeTarget(parent: XmlElement, after: XmlElement, content: XmlNode[], attrs: Readonly<Record<string, string>> | null) {
  const prefix = prefixOf(after.name);
  const existing = targetOf(parent);
  const target = el(`${prefix}target`, existing ? { ...existing.attrs } : {}, content);
  if (attrs) Object.assign(target.attrs, attrs);
  if (existing) parent.children[parent.children.indexOf(existing)] = target;
  else parent.children.splice(parent.children.indexOf(after) + 1, 0, target);
}

function isTranslatable(element: { attrs: Record<string, string> }, ancestors: readonly OpenElement[]) {
  if (element.attrs.translate === 'no') return false;
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const value = ancestors[i]!.attrs.translate;
    if (value === 'no') return false;
    if (value === 'yes') return true;
  }
  return true;
}

function unit12(unit: XmlElement, cursor: SegmentCursor) {
  const source = unit.children.find((c): c is XmlElement => isElement(c) && localName(c.name) === 'source');
  if (!source) return;
  if (hasTranslation(unit, targetOf(unit)?.attrs.state, UNTRANSLATED_STATES_12)) return;
  const segSource = unit.children.find((c): c is XmlElement => isElement(c) && localName(c.name) === 'seg-source');
  if (segSource) {
    const target = cloneElement(segSource);
    const marks: XmlElement[] = [];
    const collect = (node: XmlElement) => {
      for (const c of node.children) {
        if (!isElement(c)) continue;
        if (localName(c.name) === 'mrk' && c.attrs.mtype === 'seg') marks.push(c);
        else collect(c);
      }
    };
    collect(target);
    for (const mark of marks) {
      const content = translateContent(mark, cursor);
      if (content) mark.children = content;
    }
    if (cursor.mode === 'merge') placeTarget(unit, segSource, target.children, MT_SUGGESTION_TARGET_ATTRS);
    return;
  }
  const content = translateContent(source, cursor);
  if (content) placeTarget(unit, source, content, MT_SUGGESTION_TARGET_ATTRS);
}

function unit2(unit: XmlElement, cursor: SegmentCursor) {
  for (const segment of unit.children) {
    if (!isElement(segment) || localName(segment.name) !== 'segment') continue;
    const source = segment.children.find((c): c is XmlElement => isElement(c) && localName(c.name) === 'source');
    if (!source || hasTranslation(segment, segment.attrs.state, UNTRANSLATED_STATES_2)) continue;
    const content = translateContent(source, cursor);
    if (content) {
      placeTarget(segment, source, content, null);
      segment.attrs.state = 'translated';
      delete segment.attrs.subState;
    }
  }
}

function xliffHandlers(cursor: SegmentCursor, target: Lang): XmlTransformHandlers {
  let version: 1 | 2 | null = null;
  return {
    capture: (name, attrs, ancestors) => {
      const local = localName(name);
      if (local !== 'trans-unit' && local !== 'unit') return false;
      return isTranslatable({ attrs }, ancestors);
    },
    onOpen: (element, ancestors) => {
      const local = localName(element.name);
      if (ancestors.length === 0) {
        if (local !== 'xliff') throw new DocumentError('unsupported_format', 'not an XLIFF document');
        const v = element.attrs.version ?? '';
        version = v.startsWith('1.') ? 1 : v.startsWith('2.') ? 2 : null;
        if (!version) throw new DocumentError('unsupported_format', `XLIFF version ${v}`);
        if (version === 2 && cursor.mode === 'merge') element.attrs.trgLang = langCode(target);
      }
      if (version === 1 && local === 'file' && cursor.mode === 'merge') {
        const current = element.attrs['target-language'];
        if (!current || current.slice(0, 2).toLowerCase() !== target) element.attrs['target-language'] = langCode(target);
      }
    },
    onCapture: (unit) => {
      if (version === 2) unit2(unit, cursor);
      else unit12(unit, cursor);
      return unit;
    },
  };
}

function xmlOptions(options: FilterOptions) {
  return { maxDepth: options.limits.maxXmlDepth, maxCapturedChars: options.limits.maxCapturedChars, maxBytes: options.limits.maxXmlFileBytes };
}

export async function analyzeXliff(path: string, options: FilterOptions): Promise<DocumentAnalysis> {
  const cursor = new SegmentCursor('analyze', [], 0, { maxSegments: options.limits.maxSegments });
  try {
    for await (const _chunk of transformXmlChunks(fs.createReadStream(path), xliffHandlers(cursor, options.target), { ...xmlOptions(options), serialize: false })) void _chunk;
  } catch (error) {
    if (error instanceof SegmentLimitError) throw new DocumentError('too_complex', 'too many segments');
    throw error;
  }
  return {
    format: 'xliff',
    segments: cursor.segments,
    parts: [{ part: 'xliff', start: 0, count: cursor.segments.length }],
    words: cursor.words,
    characters: cursor.characters,
    detectedLanguage: cursor.detectedLanguage(),
  };
}

export async function mergeXliff(path: string, outPath: string, input: MergeInput, options: FilterOptions): Promise<void> {
  const cursor = new SegmentCursor('merge', input.translations, 0, { onRepair: options.onRepair });
  const chunks = transformXmlChunks(fs.createReadStream(path), xliffHandlers(cursor, options.target), { ...xmlOptions(options), serialize: true });
  await pipeline(
    Readable.from(
      (async function* () {
        // The notice as a comment at the top, after the XML declaration when there is one.
        let first = Boolean(input.notice);
        for await (const chunk of chunks) {
          if (first && input.notice && chunk.trim()) {
            first = false;
            const declaration = /^\s*<\?xml[^?]*\?>/.exec(chunk);
            const at = declaration ? declaration[0].length : 0;
            yield Buffer.from(`${chunk.slice(0, at)}${declaration ? '\n' : ''}${noticeComment(input.notice)}\n${chunk.slice(at)}`, 'utf8');
            continue;
          }
          yield Buffer.from(chunk, 'utf8');
        }
      })(),
    ),
    fs.createWriteStream(outPath),
  );
}
