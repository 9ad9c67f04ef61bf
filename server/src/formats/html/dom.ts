/** Small helpers over parse5's default tree (the WHATWG parsing algorithm, as browsers parse). */
import { html as parse5html, parse, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';

export type Document = T.Document;
export type Element = T.Element;
export type ParentNode = T.ParentNode;
export type ChildNode = T.ChildNode;
export type TextNode = T.TextNode;

export function parseDocument(html: string): Document {
  // scriptingEnabled: <noscript> content stays raw text, as in a browser with scripts on;
  // we leave it alone either way.
  return parse(html, { scriptingEnabled: true });
}

export function serializeDocument(document: Document): string {
  return serialize(document);
}

export function isElement(node: T.Node): node is Element {
  return 'tagName' in node;
}

export function isText(node: T.Node): node is TextNode {
  return node.nodeName === '#text';
}

export function isHtmlElement(node: Element): boolean {
  return node.namespaceURI === parse5html.NS.HTML;
}

export function getAttr(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name && !a.namespace)?.value;
}

export function setAttr(element: Element, name: string, value: string) {
  const attr = element.attrs.find((a) => a.name === name && !a.namespace);
  if (attr) attr.value = value;
  else element.attrs.push({ name, value });
}

export function removeAttr(element: Element, name: string) {
  element.attrs = element.attrs.filter((a) => a.name !== name || a.namespace);
}

export function createText(value: string, parentNode: ParentNode | null = null): TextNode {
  return { nodeName: '#text', value, parentNode };
}

export function createElement(tagName: string, attrs: Array<{ name: string; value: string }>, parentNode: ParentNode | null = null): Element {
  return { nodeName: tagName, tagName, attrs, namespaceURI: parse5html.NS.HTML, childNodes: [], parentNode };
}

/** A copy of an element without its children (attributes copied). */
export function shallowClone(element: Element): Element {
  return { nodeName: element.nodeName, tagName: element.tagName, attrs: element.attrs.map((a) => ({ ...a })), namespaceURI: element.namespaceURI, childNodes: [], parentNode: null };
}

export function appendChild(parent: ParentNode, child: ChildNode) {
  child.parentNode = parent;
  parent.childNodes.push(child);
}

export function removeNode(node: ChildNode) {
  const parent = node.parentNode;
  if (!parent) return;
  const index = parent.childNodes.indexOf(node);
  if (index >= 0) parent.childNodes.splice(index, 1);
  node.parentNode = null;
}

/** Depth-first walk over elements (template contents excluded). */
export function* walkElements(node: ParentNode): Generator<Element> {
  for (const child of node.childNodes) {
    if (isElement(child)) {
      yield child;
      yield* walkElements(child);
    }
  }
}

export function findElement(node: ParentNode, predicate: (element: Element) => boolean): Element | undefined {
  for (const element of walkElements(node)) if (predicate(element)) return element;
  return undefined;
}

/** Concatenated text of a subtree (script and style excluded). */
export function textContent(node: ParentNode): string {
  let out = '';
  for (const child of node.childNodes) {
    if (isText(child)) out += child.value;
    else if (isElement(child) && child.tagName !== 'script' && child.tagName !== 'style') out += textContent(child);
  }
  return out;
}
