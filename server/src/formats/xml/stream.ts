import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { DocumentError } from '../errors';
import { el, escapeText, serializeAll, serializeAttrs, textNode, type XmlElement, type XmlNode } from './dom';

/**
 * Streaming XML transformer over saxes (a strict, non-validating parser that never reads a
 * DTD: a DOCTYPE is refused outright, so entity expansion and external entities cannot
 * happen). Markup outside captured elements is copied through as it streams; elements a
 * filter captures become a small tree handed to `onCapture`, whose result is written in
 * their place. Without `write` (analysis) nothing is serialized at all.
 */
export interface OpenElement {
  name: string;
  attrs: Record<string, string>;
}

export interface XmlTransformHandlers {
  /** Called at each start tag outside a captured element: capture it (and its subtree)? */
  capture?(name: string, attrs: Record<string, string>, ancestors: readonly OpenElement[]): boolean;
  /** A captured element, complete. Returns what to write instead (default: the element itself, possibly changed). */
  onCapture?(node: XmlElement, ancestors: readonly OpenElement[]): XmlNode | XmlNode[] | void;
  /** A start tag that is not captured; may change `element.attrs` before it is written, and returns markup to insert just before it. */
  onOpen?(element: OpenElement, ancestors: readonly OpenElement[]): string | void;
  /** The end tag of a non-captured element; returns markup to insert just before it. */
  onClose?(element: OpenElement, ancestors: readonly OpenElement[]): string | void;
}

export interface XmlTransformOptions {
  /** Receives serialized output; omitted when only analysing. */
  write?: (chunk: string) => void | Promise<void>;
  /** Produce output at all (transformXmlChunks); transformXml derives it from `write`. */
  serialize?: boolean;
  maxDepth: number;
  maxCapturedChars: number;
  maxBytes: number;
  /**
   * namespace URI -> the prefix the filters expect. A part that binds one of these URIs to
   * another prefix on its root element is read as if it had used the expected prefix.
   */
  canonicalPrefixes?: Record<string, string>;
}

const FLUSH_AT = 64 * 1024;

function decoderFor(first: Uint8Array): { decoder: TextDecoder; skip: number } {
  if (first[0] === 0xef && first[1] === 0xbb && first[2] === 0xbf) return { decoder: new TextDecoder('utf-8', { fatal: true }), skip: 3 };
  if (first[0] === 0xff && first[1] === 0xfe) return { decoder: new TextDecoder('utf-16le', { fatal: true }), skip: 2 };
  if (first[0] === 0xfe && first[1] === 0xff) return { decoder: new TextDecoder('utf-16be', { fatal: true }), skip: 2 };
  if (first[0] === 0x3c && first[1] === 0x00) return { decoder: new TextDecoder('utf-16le', { fatal: true }), skip: 0 };
  if (first[0] === 0x00 && first[1] === 0x3c) return { decoder: new TextDecoder('utf-16be', { fatal: true }), skip: 0 };
  return { decoder: new TextDecoder('utf-8', { fatal: true }), skip: 0 };
}

export async function transformXml(
  source: AsyncIterable<Uint8Array | string>,
  handlers: XmlTransformHandlers,
  options: XmlTransformOptions,
): Promise<void> {
  const write = options.write;
  for await (const chunk of transformXmlChunks(source, handlers, { ...options, serialize: Boolean(write) })) await write!(chunk);
}

/** The transformer as a pull stream: output chunks come as the consumer asks for them. */
export async function* transformXmlChunks(
  source: AsyncIterable<Uint8Array | string>,
  handlers: XmlTransformHandlers,
  options: XmlTransformOptions,
): AsyncGenerator<string> {
  const write = options.serialize;
  const out: string[] = [];
  let outSize = 0;
  const emit = write
    ? (s: string) => {
        out.push(s);
        outSize += s.length;
      }
    : () => {};

  const parser = new SaxesParser({ xmlns: false, position: false });
  const ancestors: OpenElement[] = [];
  const selfClosing: boolean[] = [];
  let depth = 0;
  let rootSeen = false;
  let remap: Map<string, string> | null = null;

  // Capture state: the stack of elements being built, and a size counter.
  let captureStack: XmlElement[] = [];
  let captureChars = 0;

  const rename = (name: string) => {
    if (!remap) return name;
    const colon = name.indexOf(':');
    if (colon < 0) return name;
    const prefix = name.slice(0, colon);
    if (prefix === 'xmlns') {
      const mapped = remap.get(name.slice(colon + 1));
      return mapped ? `xmlns:${mapped}` : name;
    }
    const mapped = remap.get(prefix);
    return mapped ? `${mapped}:${name.slice(colon + 1)}` : name;
  };

  const renameAttrs = (attrs: Record<string, string>): Record<string, string> => {
    if (!remap) return attrs;
    const result: Record<string, string> = {};
    for (const key in attrs) {
      let value = attrs[key]!;
      if (key === 'mc:Ignorable' || key === 'mc:ProcessContent' || key.endsWith(':Ignorable')) {
        value = value
          .split(/\s+/)
          .map((p) => remap!.get(p) ?? p)
          .join(' ');
      }
      result[rename(key)] = value;
    }
    return result;
  };

  const buildRemap = (attrs: Record<string, string>) => {
    if (!options.canonicalPrefixes) return;
    const bound = new Map<string, string>(); // prefix -> uri
    for (const key in attrs) if (key.startsWith('xmlns:')) bound.set(key.slice(6), attrs[key]!);
    for (const [prefix, uri] of bound) {
      const canonical = options.canonicalPrefixes[uri];
      if (!canonical || canonical === prefix) continue;
      const taken = bound.get(canonical);
      if (taken !== undefined && taken !== uri) continue; // the expected prefix means something else here
      (remap ??= new Map()).set(prefix, canonical);
    }
  };

  parser.on('xmldecl', (decl) => {
    const standalone = decl.standalone ? ` standalone="${decl.standalone}"` : '';
    emit(`<?xml version="${decl.version ?? '1.0'}" encoding="UTF-8"${standalone}?>`);
  });
  parser.on('doctype', () => {
    throw new DocumentError('unsafe_xml', 'DOCTYPE declarations are refused');
  });
  parser.on('processinginstruction', (pi) => {
    const xml = `<?${pi.target}${pi.body ? ` ${pi.body}` : ''}?>`;
    if (captureStack.length) captureStack[captureStack.length - 1]!.children.push({ type: 'raw', xml });
    else emit(xml);
  });
  parser.on('comment', (text) => {
    const xml = `<!--${text}-->`;
    if (captureStack.length) captureStack[captureStack.length - 1]!.children.push({ type: 'raw', xml });
    else emit(xml);
  });

  const onText = (text: string) => {
    if (captureStack.length) {
      captureChars += text.length;
      if (captureChars > options.maxCapturedChars) throw new DocumentError('too_complex', 'captured element too large');
      const parent = captureStack[captureStack.length - 1]!;
      const last = parent.children[parent.children.length - 1];
      if (last?.type === 'text') last.text += text;
      else parent.children.push(textNode(text));
    } else {
      emit(escapeText(text));
    }
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('opentag', (tag: SaxesTagPlain) => {
    depth++;
    if (depth > options.maxDepth) throw new DocumentError('too_complex', `XML nested deeper than ${options.maxDepth}`);
    if (!rootSeen) {
      rootSeen = true;
      buildRemap(tag.attributes as Record<string, string>);
    }
    const name = rename(tag.name);
    const attrs = renameAttrs(tag.attributes as Record<string, string>);
    if (captureStack.length) {
      captureChars += name.length + 8;
      if (captureChars > options.maxCapturedChars) throw new DocumentError('too_complex', 'captured element too large');
      const node = el(name, attrs);
      captureStack[captureStack.length - 1]!.children.push(node);
      captureStack.push(node);
      return;
    }
    if (handlers.capture?.(name, attrs, ancestors)) {
      captureStack = [el(name, attrs)];
      captureChars = 0;
      return;
    }
    const element: OpenElement = { name, attrs };
    const inserted = handlers.onOpen?.(element, ancestors);
    if (inserted) emit(inserted);
    ancestors.push(element);
    selfClosing.push(tag.isSelfClosing);
    emit(`<${element.name}${serializeAttrs(element.attrs)}${tag.isSelfClosing ? '/' : ''}>`);
  });

  parser.on('closetag', () => {
    depth--;
    if (captureStack.length) {
      const node = captureStack.pop()!;
      if (captureStack.length === 0) {
        const result = handlers.onCapture ? handlers.onCapture(node, ancestors) : undefined;
        if (write) {
          const nodes = result === undefined ? [node] : Array.isArray(result) ? result : [result];
          emit(serializeAll(nodes));
        }
      }
      return;
    }
    const element = ancestors.pop()!;
    const wasSelfClosing = selfClosing.pop();
    const inserted = handlers.onClose?.(element, ancestors);
    if (wasSelfClosing) {
      if (inserted) throw new Error(`cannot insert into self-closing <${element.name}>`);
      return;
    }
    if (inserted) emit(inserted);
    emit(`</${element.name}>`);
  });

  parser.on('error', (error) => {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError('broken_file', `XML: ${error.message}`);
  });

  const take = () => {
    const chunk = out.join('');
    out.length = 0;
    outSize = 0;
    return chunk;
  };

  let decoder: TextDecoder | null = null;
  let bytes = 0;
  try {
    for await (const chunk of source) {
      let text: string;
      if (typeof chunk === 'string') {
        bytes += chunk.length;
        text = chunk;
      } else {
        bytes += chunk.byteLength;
        let data = chunk;
        if (!decoder) {
          const detected = decoderFor(chunk);
          decoder = detected.decoder;
          data = chunk.subarray(detected.skip);
        }
        text = decoder.decode(data, { stream: true });
      }
      if (bytes > options.maxBytes) throw new DocumentError('too_large', `XML part larger than ${options.maxBytes} bytes`);
      if (text) parser.write(text);
      if (outSize >= FLUSH_AT) yield take();
    }
    if (decoder) {
      const rest = decoder.decode();
      if (rest) parser.write(rest);
    }
    parser.close();
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    if (error instanceof TypeError && /encoded data|decode/i.test(error.message)) throw new DocumentError('broken_file', 'invalid character encoding');
    throw error instanceof Error && /^\d+:\d+: /.test(error.message) ? new DocumentError('broken_file', error.message) : error;
  }
  if (!rootSeen) throw new DocumentError('broken_file', 'no root element');
  if (out.length) yield take();
}

/** Parses a small XML document (bounded) fully into a tree; for parts like [Content_Types].xml. */
export async function parseXmlDocument(
  source: AsyncIterable<Uint8Array | string>,
  options: Pick<XmlTransformOptions, 'maxDepth' | 'maxCapturedChars' | 'maxBytes'>,
): Promise<XmlElement> {
  let root: XmlElement | undefined;
  await transformXml(
    source,
    {
      capture: (_name, _attrs, ancestors) => ancestors.length === 0,
      onCapture: (node) => {
        root = node;
      },
    },
    options,
  );
  if (!root) throw new DocumentError('broken_file', 'no root element');
  return root;
}

/** An async iterable over one string, for tests and small inputs. */
export async function* fromString(xml: string): AsyncIterable<string> {
  yield xml;
}
