/**
 * HTML -> segments and back.
 *
 * Text: each run of text and inline elements between block boundaries is one segment; inline
 * elements with translatable content become paired placeholders (`<x1>…</x1>`), elements kept
 * as they are (images, line breaks, inline code, `translate="no"`) standalone ones (`<x2/>`).
 * A run that is just one inline element is entered instead, so engines see "Hello", not
 * "<x1>Hello</x1>".
 * Attributes: alt, title, placeholder, aria-label, button values, labels and the meta
 * description (plus its Open Graph and Twitter twins) are plain-text segments.
 * Left alone: script, style, template, noscript, svg, math, code, kbd, samp, pre, textarea,
 * and any element with `translate="no"` or the `notranslate` class (content and attributes).
 */
import {
  appendChild,
  createText,
  getAttr,
  isElement,
  isText,
  setAttr,
  shallowClone,
  type ChildNode,
  type Element,
  type ParentNode,
} from './dom';
import { repairPlaceholders, stripPlaceholders, tokenizePlaceholders } from './placeholders';

/** Nothing inside is touched, attributes included. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math']);
/** Content untouched; the element's own attributes are still translated. */
const OPAQUE = new Set(['code', 'kbd', 'samp', 'pre', 'textarea', 'xmp', 'listing', 'plaintext', 'iframe', 'object', 'embed', 'video', 'audio', 'canvas', 'picture']);
/** Void elements that may sit inside a sentence. */
const VOID_INLINE = new Set(['br', 'img', 'input', 'wbr']);
/** Elements that do not break a sentence (phrasing content). */
const INLINE = new Set([
  'a', 'abbr', 'acronym', 'b', 'bdi', 'bdo', 'big', 'blink', 'br', 'button', 'cite', 'code', 'data', 'del', 'dfn', 'em', 'font',
  'i', 'img', 'input', 'ins', 'kbd', 'label', 'mark', 'meter', 'nobr', 'output', 'picture', 'progress', 'q', 'rp', 'rt', 'ruby',
  's', 'samp', 'script', 'small', 'span', 'strike', 'strong', 'style', 'sub', 'sup', 'svg', 'math', 'template', 'noscript',
  'textarea', 'time', 'tt', 'u', 'var', 'wbr', 'audio', 'video', 'canvas', 'iframe', 'object', 'embed',
]);

const META_NAMES = new Set(['description', 'twitter:title', 'twitter:description', 'og:title', 'og:description', 'og:site_name']);

const HAS_LETTER = /\p{L}/u;
const HTML_SPACE = /[ \t\n\r\f]+/g;

export interface Placeholder {
  id: number;
  node: Element;
  paired: boolean;
}

export type Unit =
  | { kind: 'text'; segment: string; parent: ParentNode; nodes: ChildNode[]; placeholders: Placeholder[] }
  | { kind: 'attr'; segment: string; element: Element; name: string };

function isSkipped(element: Element): boolean {
  if (SKIPPED.has(element.tagName)) return true;
  if ((getAttr(element, 'translate') ?? '').trim().toLowerCase() === 'no') return true;
  const classes = getAttr(element, 'class');
  return classes !== undefined && /(^|\s)notranslate(\s|$)/.test(classes);
}

/** Kept whole inside a sentence: `<x1/>`. */
function isStandalone(element: Element): boolean {
  return VOID_INLINE.has(element.tagName) || OPAQUE.has(element.tagName) || isSkipped(element);
}

function translatableAttributes(element: Element): string[] {
  const names: string[] = [];
  const tag = element.tagName;
  if (tag === 'meta') {
    const key = (getAttr(element, 'name') ?? getAttr(element, 'property') ?? '').trim().toLowerCase();
    if (META_NAMES.has(key)) names.push('content');
    return names;
  }
  if (tag === 'img' || tag === 'area' || (tag === 'input' && (getAttr(element, 'type') ?? '').toLowerCase() === 'image')) names.push('alt');
  names.push('title', 'aria-label');
  if (tag === 'input' || tag === 'textarea') names.push('placeholder');
  if (tag === 'input' && ['submit', 'button', 'reset'].includes((getAttr(element, 'type') ?? '').toLowerCase())) names.push('value');
  if (tag === 'track' || tag === 'option' || tag === 'optgroup') names.push('label');
  return names;
}

class Extractor {
  readonly units: Unit[] = [];
  private inlineCache = new WeakMap<Element, boolean>();

  /** Inline for segmenting: an inline tag whose descendants are all inline too. */
  private isInline(element: Element): boolean {
    const cached = this.inlineCache.get(element);
    if (cached !== undefined) return cached;
    let inline = INLINE.has(element.tagName);
    if (inline && !isStandalone(element)) {
      inline = element.childNodes.every((child) => !isElement(child) || this.isInline(child));
    }
    this.inlineCache.set(element, inline);
    return inline;
  }

  private attributes(element: Element) {
    for (const name of translatableAttributes(element)) {
      const value = getAttr(element, name);
      if (value === undefined) continue;
      const segment = value.replace(HTML_SPACE, ' ').trim();
      if (HAS_LETTER.test(segment)) this.units.push({ kind: 'attr', segment, element, name });
    }
  }

  element(element: Element) {
    if (isSkipped(element)) return;
    this.attributes(element);
    if (OPAQUE.has(element.tagName)) {
      if (element.tagName === 'picture') for (const child of element.childNodes) if (isElement(child)) this.element(child);
      return;
    }
    if (VOID_INLINE.has(element.tagName)) return;
    this.container(element);
  }

  container(parent: ParentNode) {
    let run: ChildNode[] = [];
    const flush = () => {
      if (run.length) this.run(parent, run);
      run = [];
    };
    for (const child of parent.childNodes) {
      if (isText(child) || child.nodeName === '#comment') run.push(child);
      else if (isElement(child)) {
        if (this.isInline(child)) run.push(child);
        else {
          flush();
          this.element(child);
        }
      }
    }
    flush();
  }

  private run(parent: ParentNode, nodes: ChildNode[]) {
    const meaningful = nodes.filter((n) => !(isText(n) && !n.value.trim()) && n.nodeName !== '#comment');
    if (meaningful.length === 0) return;
    // A run that is one inline element: enter it (its own runs become the segments).
    if (meaningful.length === 1 && isElement(meaningful[0]!) && !isStandalone(meaningful[0])) {
      this.element(meaningful[0]);
      return;
    }
    if (meaningful.every((n) => isElement(n) && isStandalone(n))) {
      for (const n of meaningful) this.element(n as Element);
      return;
    }
    const placeholders: Placeholder[] = [];
    const serialize = (list: ChildNode[]): string => {
      let out = '';
      for (const node of list) {
        if (isText(node)) out += node.value;
        else if (isElement(node)) {
          const id = placeholders.length + 1;
          if (isStandalone(node)) {
            placeholders.push({ id, node, paired: false });
            this.element(node);
            out += `<x${id}/>`;
          } else {
            placeholders.push({ id, node, paired: true });
            this.attributes(node);
            out += `<x${id}>${serialize(node.childNodes)}</x${id}>`;
          }
        }
      }
      return out;
    };
    const segment = serialize(nodes).replace(HTML_SPACE, ' ').trim();
    if (!HAS_LETTER.test(stripPlaceholders(segment))) return;
    // The run's attribute units were pushed while serializing, so they come before its
    // text unit: applyUnit() translates them before the pairs are cloned.
    this.units.push({ kind: 'text', segment, parent, nodes, placeholders });
  }
}

/** The translatable units of a parsed document, in document order. */
export function extractUnits(root: ParentNode): Unit[] {
  const extractor = new Extractor();
  extractor.container(root);
  return extractor.units;
}

/** Rebuilds the nodes of a translated segment: clones for pairs, the original nodes for standalone placeholders. */
function buildNodes(translated: string, placeholders: Placeholder[]): ChildNode[] {
  const byId = new Map(placeholders.map((p) => [p.id, p]));
  const root = { childNodes: [] as ChildNode[] } as unknown as ParentNode;
  const stack: Array<{ id: number | null; node: ParentNode }> = [{ id: null, node: root }];
  const used = new Set<number>();
  const top = () => stack[stack.length - 1]!.node;
  const append = (node: ChildNode) => {
    const parent = top();
    const last = parent.childNodes[parent.childNodes.length - 1];
    if (isText(node) && last && isText(last)) last.value += node.value;
    else appendChild(parent, node);
  };
  for (const token of tokenizePlaceholders(translated)) {
    if (token.kind === 'text') append(createText(token.text));
    else if (token.kind === 'self') {
      const placeholder = byId.get(token.id);
      if (placeholder && !placeholder.paired && !used.has(token.id)) {
        used.add(token.id);
        append(placeholder.node);
      }
    } else if (token.kind === 'open') {
      const placeholder = byId.get(token.id);
      if (placeholder?.paired && !used.has(token.id)) {
        used.add(token.id);
        const clone = shallowClone(placeholder.node);
        append(clone);
        stack.push({ id: token.id, node: clone });
      } else {
        // A duplicate or a standalone id used as a pair: keep its text, not the element.
        stack.push({ id: token.id, node: top() });
      }
    } else {
      const index = stack.map((f) => f.id).lastIndexOf(token.id);
      if (index > 0) stack.length = index;
    }
  }
  return root.childNodes.map((node) => {
    node.parentNode = null;
    return node;
  });
}

/** Applies one translation to its unit; answers how many placeholders had to be repaired. */
export function applyUnit(unit: Unit, translation: string): number {
  if (unit.kind === 'attr') {
    setAttr(unit.element, unit.name, stripPlaceholders(translation).trim());
    return 0;
  }
  const { text, repaired } = repairPlaceholders(unit.segment, translation.trim());
  const parent = unit.parent;
  const first = unit.nodes[0]!;
  const last = unit.nodes[unit.nodes.length - 1]!;
  const lead = isText(first) ? (/^\s*/.exec(first.value)?.[0] ?? '') : '';
  const trail = isText(last) && last !== first ? (/\s*$/.exec(last.value)?.[0] ?? '') : isText(first) && first === last ? (/\s*$/.exec(first.value)?.[0] ?? '') : '';
  const start = parent.childNodes.indexOf(first);
  const end = parent.childNodes.indexOf(last);
  const built = buildNodes(text, unit.placeholders);
  const replacement: ChildNode[] = [];
  if (lead) replacement.push(createText(lead));
  replacement.push(...built);
  if (trail) replacement.push(createText(trail));
  for (const node of replacement) node.parentNode = parent;
  parent.childNodes.splice(start, end - start + 1, ...replacement);
  return repaired;
}
