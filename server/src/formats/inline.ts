/**
 * The inline model every filter shares: a paragraph (a DOCX w:p, a DrawingML a:p, a cell's
 * rich string, an XLIFF source) is flattened into text with a style, opaque pieces (tabs,
 * images, bookmarks, inline codes) and spans (hyperlinks, fields, XLIFF <g>/<pc>). From it
 * we build ONE segment per paragraph, with inline markup as numbered placeholders
 * (engines/types.ts): `<x1>…</x1>` for a span or a run formatted differently from the
 * paragraph's main style, `<x2/>` for an opaque piece. After translation the placeholders
 * are parsed back (repairing what an engine lost) into the same node shape, which the
 * filter writes out with its own markup.
 */

export interface StyleRef<S = unknown> {
  /** Equal keys mean the same effective formatting (runs with equal keys are merged). */
  key: string;
  value: S;
}

export type InlineNode<P, S = unknown> =
  | { kind: 'text'; text: string; style: StyleRef<S> }
  /** `closes`: the end of a pair opened earlier (an XLIFF ex); lost by an engine, it goes back at the end. */
  | { kind: 'opaque'; payload: P; closes?: boolean }
  | { kind: 'span'; payload: P; children: InlineNode<P, S>[] };

type TagInfo<P, S> =
  | { kind: 'format'; style: StyleRef<S>; at: number }
  | { kind: 'span'; payload: P; style: StyleRef<S> | null; at: number }
  | { kind: 'opaque'; payload: P; at: number };

export interface BuiltSegment<P, S = unknown> {
  /** The segment sent to the engine; '' when the paragraph has no text to translate. */
  text: string;
  /** Plain text of the segment (placeholders removed), for counting. */
  plain: string;
  /** The original nodes, written back unchanged when there is no translation. */
  original: InlineNode<P, S>[];
  lead: InlineNode<P, S>[];
  trail: InlineNode<P, S>[];
  leadSpace: string;
  trailSpace: string;
  baseStyle: StyleRef<S> | null;
  tags: Map<number, TagInfo<P, S>>;
}

const TAG_PATTERN = /<\s*(\/?)\s*x\s*(\d+)\s*(\/?)\s*>/gi;

/** Merges adjacent text nodes of the same style (run merging), recursively. */
export function mergeRuns<P, S>(nodes: InlineNode<P, S>[]): InlineNode<P, S>[] {
  const out: InlineNode<P, S>[] = [];
  for (const node of nodes) {
    if (node.kind === 'span') {
      out.push({ ...node, children: mergeRuns(node.children) });
      continue;
    }
    if (node.kind === 'text') {
      if (node.text === '') continue;
      const last = out[out.length - 1];
      if (last?.kind === 'text' && last.style.key === node.style.key) {
        out[out.length - 1] = { ...last, text: last.text + node.text };
        continue;
      }
    }
    out.push(node);
  }
  return out;
}

function hasText<P, S>(nodes: InlineNode<P, S>[]): boolean {
  return nodes.some((n) => (n.kind === 'text' ? n.text.trim() !== '' : n.kind === 'span' ? hasText(n.children) : false));
}

function mainStyle<P, S>(nodes: InlineNode<P, S>[]): StyleRef<S> | null {
  const weight = new Map<string, { style: StyleRef<S>; chars: number }>();
  for (const n of nodes) {
    if (n.kind !== 'text') continue;
    const entry = weight.get(n.style.key) ?? { style: n.style, chars: 0 };
    entry.chars += n.text.trim().length || 0.5;
    weight.set(n.style.key, entry);
  }
  let best: { style: StyleRef<S>; chars: number } | null = null;
  for (const entry of weight.values()) if (!best || entry.chars > best.chars) best = entry;
  return best?.style ?? null;
}

function firstStyle<P, S>(nodes: InlineNode<P, S>[]): StyleRef<S> | null {
  for (const n of nodes) {
    if (n.kind === 'text') return n.style;
    if (n.kind === 'span') {
      const found = firstStyle(n.children);
      if (found) return found;
    }
  }
  return null;
}

/** Builds the segment of one paragraph. */
export function buildSegment<P, S>(input: InlineNode<P, S>[]): BuiltSegment<P, S> {
  const nodes = mergeRuns(input);
  const empty: BuiltSegment<P, S> = {
    text: '',
    plain: '',
    original: nodes,
    lead: [],
    trail: [],
    leadSpace: '',
    trailSpace: '',
    baseStyle: null,
    tags: new Map(),
  };
  if (!hasText(nodes)) return empty;

  // Opaque pieces before the first and after the last text stay out of the segment.
  let start = 0;
  while (start < nodes.length && nodes[start]!.kind === 'opaque') start++;
  let end = nodes.length;
  while (end > start && nodes[end - 1]!.kind === 'opaque') end--;
  const lead = nodes.slice(0, start);
  const trail = nodes.slice(end);
  const body = nodes.slice(start, end).map((n) => ({ ...n }) as InlineNode<P, S>);

  let leadSpace = '';
  let trailSpace = '';
  const first = body[0];
  if (first?.kind === 'text') {
    const m = /^\s+/.exec(first.text);
    if (m) {
      leadSpace = m[0];
      body[0] = { ...first, text: first.text.slice(m[0].length) };
    }
  }
  const last = body[body.length - 1];
  if (last?.kind === 'text') {
    const m = /\s+$/.exec(last.text);
    if (m) {
      trailSpace = m[0];
      body[body.length - 1] = { ...last, text: last.text.slice(0, last.text.length - m[0].length) };
    }
  }

  // Placeholder numbers start above any literal "<x7>" the text itself contains.
  let maxLiteral = 0;
  const scan = (list: InlineNode<P, S>[]) => {
    for (const n of list) {
      if (n.kind === 'text') for (const m of n.text.matchAll(TAG_PATTERN)) maxLiteral = Math.max(maxLiteral, Number(m[2]));
      else if (n.kind === 'span') scan(n.children);
    }
  };
  scan(body);

  const baseStyle = mainStyle(body) ?? firstStyle(body);
  const tags = new Map<number, TagInfo<P, S>>();
  const closing: number[] = [];
  let nextId = maxLiteral + 1;
  let plain = '';
  const parts: string[] = [];

  const walk = (list: InlineNode<P, S>[], context: StyleRef<S> | null) => {
    for (const n of list) {
      if (n.kind === 'text') {
        if (n.text === '') continue;
        if (context && n.style.key !== context.key) {
          const id = nextId++;
          tags.set(id, { kind: 'format', style: n.style, at: plain.length });
          parts.push(`<x${id}>`, n.text, `</x${id}>`);
        } else {
          parts.push(n.text);
        }
        plain += n.text;
      } else if (n.kind === 'opaque') {
        const id = nextId++;
        tags.set(id, { kind: 'opaque', payload: n.payload, at: plain.length });
        if (n.closes) closing.push(id);
        parts.push(`<x${id}/>`);
        // A tab or an image separates words for counting.
        if (plain && !/\s$/.test(plain)) plain += ' ';
      } else {
        const id = nextId++;
        const style = mainStyle(n.children) ?? context;
        tags.set(id, { kind: 'span', payload: n.payload, style, at: plain.length });
        parts.push(`<x${id}>`);
        walk(n.children, style);
        parts.push(`</x${id}>`);
      }
    }
  };
  walk(body, baseStyle);
  // The end of a pair is re-inserted after its start: at the end of the text.
  for (const id of closing) tags.get(id)!.at = plain.length;

  return { text: parts.join(''), plain, original: nodes, lead, trail, leadSpace, trailSpace, baseStyle, tags };
}

/** The translated tree before styles are applied. */
export type TaggedNode = { t: 'text'; text: string } | { t: 'tag'; id: number; children: TaggedNode[] } | { t: 'single'; id: number };

export interface ParseResult {
  nodes: TaggedNode[];
  /** Placeholders the engine lost or mangled, re-inserted or dropped. */
  repairs: number;
}

/**
 * Parses an engine's output against the placeholders of its source: unknown or repeated
 * placeholders are dropped, misnested ones closed, and missing ones re-inserted at the
 * nearest word boundary of their relative position (a missing pair wraps the nearest word).
 */
export function parseTagged(translated: string, tags: ReadonlyMap<number, { kind: string; at: number }>, sourceLength: number): ParseResult {
  const root: TaggedNode[] = [];
  const stack: Array<{ id: number; children: TaggedNode[] }> = [{ id: 0, children: root }];
  const seen = new Set<number>();
  let repairs = 0;
  const top = () => stack[stack.length - 1]!.children;
  const pushText = (text: string) => {
    if (!text) return;
    const list = top();
    const last = list[list.length - 1];
    if (last?.t === 'text') last.text += text;
    else list.push({ t: 'text', text });
  };

  let index = 0;
  for (const m of translated.matchAll(TAG_PATTERN)) {
    const id = Number(m[2]);
    const tag = tags.get(id);
    if (!tag) continue; // literal text that looks like a tag: left as text
    pushText(translated.slice(index, m.index));
    index = m.index! + m[0].length;
    const closing = m[1] === '/';
    const selfClosing = m[3] === '/';
    if (closing) {
      const at = stack.findIndex((frame) => frame.id === id);
      if (at > 0) {
        if (at !== stack.length - 1) repairs++;
        stack.length = at;
      } else {
        repairs++;
      }
      continue;
    }
    if (seen.has(id)) {
      repairs++;
      continue;
    }
    seen.add(id);
    if (tag.kind === 'opaque') {
      top().push({ t: 'single', id });
      if (!selfClosing) repairs++;
      continue;
    }
    const node: TaggedNode = { t: 'tag', id, children: [] };
    top().push(node);
    if (selfClosing) {
      repairs++;
      continue;
    }
    stack.push({ id, children: node.children });
  }
  pushText(translated.slice(index));
  if (stack.length > 1) repairs += stack.length - 1;

  for (const [id, tag] of tags) {
    if (seen.has(id)) continue;
    repairs++;
    insertMissing(root, id, tag.kind === 'opaque', sourceLength > 0 ? tag.at / sourceLength : 1);
  }
  return { nodes: root, repairs };
}

function plainLength(nodes: TaggedNode[]): number {
  let n = 0;
  for (const node of nodes) n += node.t === 'text' ? node.text.length : node.t === 'tag' ? plainLength(node.children) : 0;
  return n;
}

/** Re-inserts a lost placeholder at the root level, near `ratio` of the text, on a word boundary. */
function insertMissing(root: TaggedNode[], id: number, single: boolean, ratio: number) {
  const total = plainLength(root);
  const target = Math.round(Math.min(1, Math.max(0, ratio)) * total);
  let offset = 0;
  for (let i = 0; i < root.length; i++) {
    const node = root[i]!;
    const length = node.t === 'text' ? node.text.length : node.t === 'tag' ? plainLength(node.children) : 0;
    if (node.t === 'text' && target <= offset + length) {
      const text = node.text;
      const local = target - offset;
      if (single) {
        // The nearest boundary between words (or the ends of this text).
        let best = local;
        let bestDistance = Infinity;
        for (let k = 0; k <= text.length; k++) {
          const boundary = k === 0 || k === text.length || (/\s/.test(text[k - 1]!) && !/\s/.test(text[k]!));
          if (boundary && Math.abs(k - local) < bestDistance) {
            best = k;
            bestDistance = Math.abs(k - local);
          }
        }
        const replacement: TaggedNode[] = [];
        if (best > 0) replacement.push({ t: 'text', text: text.slice(0, best) });
        replacement.push({ t: 'single', id });
        if (best < text.length) replacement.push({ t: 'text', text: text.slice(best) });
        root.splice(i, 1, ...replacement);
        return;
      }
      // A lost pair wraps the word nearest to its position, so its formatting or link survives.
      const words = [...text.matchAll(/\S+/g)];
      if (words.length === 0) break;
      let word = words[0]!;
      for (const w of words) if (Math.abs(w.index! - local) < Math.abs(word.index! - local)) word = w;
      const replacement: TaggedNode[] = [];
      if (word.index! > 0) replacement.push({ t: 'text', text: text.slice(0, word.index) });
      replacement.push({ t: 'tag', id, children: [{ t: 'text', text: word[0] }] });
      const after = word.index! + word[0].length;
      if (after < text.length) replacement.push({ t: 'text', text: text.slice(after) });
      root.splice(i, 1, ...replacement);
      return;
    }
    offset += length;
  }
  root.push(single ? { t: 'single', id } : { t: 'tag', id, children: [] });
}

/**
 * The nodes to write for a translated paragraph: the engine's text with the original
 * styles, spans and opaque pieces in the places the placeholders say.
 */
export function applyTranslation<P, S>(built: BuiltSegment<P, S>, translated: string | undefined): { nodes: InlineNode<P, S>[]; repairs: number } {
  if (!built.text || translated === undefined) return { nodes: built.original, repairs: 0 };
  const { nodes: tagged, repairs } = parseTagged(translated.trim(), built.tags, built.plain.length);
  const convert = (list: TaggedNode[], context: StyleRef<S> | null): InlineNode<P, S>[] => {
    const out: InlineNode<P, S>[] = [];
    for (const node of list) {
      if (node.t === 'text') {
        if (node.text && context) out.push({ kind: 'text', text: node.text, style: context });
        continue;
      }
      const tag = built.tags.get(node.id)!;
      if (node.t === 'single' || tag.kind === 'opaque') {
        if (tag.kind === 'opaque') out.push({ kind: 'opaque', payload: tag.payload });
        continue;
      }
      if (tag.kind === 'format') out.push(...convert(node.children, tag.style));
      else out.push({ kind: 'span', payload: tag.payload, children: convert(node.children, tag.style ?? context) });
    }
    return out;
  };
  const body = convert(tagged, built.baseStyle);
  const nodes: InlineNode<P, S>[] = [...built.lead];
  if (built.leadSpace && built.baseStyle) nodes.push({ kind: 'text', text: built.leadSpace, style: built.baseStyle });
  nodes.push(...body);
  if (built.trailSpace && built.baseStyle) nodes.push({ kind: 'text', text: built.trailSpace, style: built.baseStyle });
  nodes.push(...built.trail);
  return { nodes: mergeRuns(nodes), repairs };
}

/** Removes placeholders: the text a reader sees. */
export function stripPlaceholders(segment: string): string {
  return segment.replace(TAG_PATTERN, '');
}

/** Words as users count them: the text toolkit's one counter. */
export { countWords } from '../text/toolkit';

/** Only text with letters goes to an engine; numbers, dates and punctuation stay as they are. */
export function isTranslatable(plain: string): boolean {
  return /\p{L}/u.test(plain);
}
