/**
 * A deliberately small XML tree: the streaming transformer (stream.ts) builds one only for
 * the elements a filter captures (a paragraph, a cell's string, a sheet view), never for a
 * whole part, so memory stays bounded by the largest captured element.
 *
 * Attribute order is kept (object key order), text is stored decoded and escaped again on
 * output, comments and processing instructions pass through as raw markup.
 */
export interface XmlElement {
  type: 'element';
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

export interface XmlText {
  type: 'text';
  text: string;
}

/** Markup kept verbatim (comments, processing instructions). */
export interface XmlRaw {
  type: 'raw';
  xml: string;
}

export type XmlNode = XmlElement | XmlText | XmlRaw;

export function el(name: string, attrs: Record<string, string> = {}, children: XmlNode[] = []): XmlElement {
  return { type: 'element', name, attrs, children };
}

export function textNode(text: string): XmlText {
  return { type: 'text', text };
}

export const isElement = (node: XmlNode | undefined): node is XmlElement => node?.type === 'element';

export function escapeText(value: string): string {
  let out = '';
  let last = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    let rep: string | null = null;
    if (c === 38) rep = '&amp;';
    else if (c === 60) rep = '&lt;';
    else if (c === 62) rep = '&gt;';
    else if (c === 13) rep = '&#13;';
    if (rep) {
      out += value.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return last === 0 ? value : out + value.slice(last);
}

export function escapeAttr(value: string): string {
  return value.replace(/[&<>"\n\r\t]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : c === '\n' ? '&#10;' : c === '\r' ? '&#13;' : '&#9;',
  );
}

export function serializeAttrs(attrs: Record<string, string>): string {
  let out = '';
  for (const name in attrs) out += ` ${name}="${escapeAttr(attrs[name]!)}"`;
  return out;
}

export function serialize(node: XmlNode): string {
  const parts: string[] = [];
  serializeInto(node, parts);
  return parts.join('');
}

export function serializeAll(nodes: readonly XmlNode[]): string {
  const parts: string[] = [];
  for (const node of nodes) serializeInto(node, parts);
  return parts.join('');
}

function serializeInto(node: XmlNode, parts: string[]) {
  if (node.type === 'text') {
    parts.push(escapeText(node.text));
    return;
  }
  if (node.type === 'raw') {
    parts.push(node.xml);
    return;
  }
  if (node.children.length === 0) {
    parts.push(`<${node.name}${serializeAttrs(node.attrs)}/>`);
    return;
  }
  parts.push(`<${node.name}${serializeAttrs(node.attrs)}>`);
  for (const child of node.children) serializeInto(child, parts);
  parts.push(`</${node.name}>`);
}

/** Local part of a qualified name: "w:p" -> "p". */
export const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Prefix of a qualified name with its colon ("w:p" -> "w:"), or "". */
export const prefixOf = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? '' : name.slice(0, colon + 1);
};

export function child(node: XmlElement, name: string): XmlElement | undefined {
  for (const c of node.children) if (c.type === 'element' && c.name === name) return c;
  return undefined;
}

export function children(node: XmlElement, name?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of node.children) if (c.type === 'element' && (name === undefined || c.name === name)) out.push(c);
  return out;
}

/** Every descendant element with the name, in document order (not descending into matches). */
export function findAll(node: XmlElement, name: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of node.children) {
    if (c.type !== 'element') continue;
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}

/** Concatenated text of a subtree. */
export function textOf(node: XmlNode): string {
  if (node.type === 'text') return node.text;
  if (node.type === 'raw') return '';
  let out = '';
  for (const c of node.children) out += textOf(c);
  return out;
}

export function removeChildren(node: XmlElement, name: string) {
  node.children = node.children.filter((c) => !(c.type === 'element' && c.name === name));
}

/**
 * Returns the child with this name, creating it at the position the schema's sequence
 * requires (`order` lists the local names in schema order; unknown names go last).
 */
export function ensureChild(node: XmlElement, name: string, order: readonly string[], attrs: Record<string, string> = {}): XmlElement {
  const existing = child(node, name);
  if (existing) return existing;
  const created = el(name, attrs);
  insertInOrder(node, created, order);
  return created;
}

export function insertInOrder(node: XmlElement, element: XmlElement, order: readonly string[]) {
  const rank = (n: XmlNode) => (n.type === 'element' ? order.indexOf(localName(n.name)) : -1);
  const wanted = order.indexOf(localName(element.name));
  let index = node.children.length;
  if (wanted >= 0) {
    for (let i = 0; i < node.children.length; i++) {
      const r = rank(node.children[i]!);
      if (r > wanted) {
        index = i;
        break;
      }
    }
  }
  node.children.splice(index, 0, element);
}

export function cloneElement(node: XmlElement): XmlElement {
  return {
    type: 'element',
    name: node.name,
    attrs: { ...node.attrs },
    children: node.children.map((c) => (c.type === 'element' ? cloneElement(c) : { ...c })),
  };
}
