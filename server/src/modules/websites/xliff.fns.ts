/**
 * XLIFF 1.2 for linguist review: one <file> per translated page, one <trans-unit> per segment.
 * Paired placeholders travel as <g id="N">…</g>, standalone ones as <x id="N"/>; on the way
 * back <bx/>/<ex/> pairs are understood too, and <mrk> markers are dropped (their text kept).
 * Reading uses saxes (strict, no DTD processing); a DOCTYPE is refused outright.
 */
import { SaxesParser } from 'saxes';
import { MT_SUGGESTION_TARGET_ATTRS } from '../../formats/xliff';

export interface XliffUnit {
  id: string;
  source: string;
  target: string;
  /** Human note for the linguist (e.g. "alt text"). */
  note?: string;
  reviewed?: boolean;
}

export interface XliffFile {
  original: string;
  sourceLang: string;
  targetLang: string;
  title?: string;
  /** A note for the whole file (the "dictionary gloss" notice). */
  notice?: string;
  units: XliffUnit[];
}

const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export function escapeXml(text: string): string {
  return text
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const PLACEHOLDER = /<(\/?)x(\d+)(\/?)>/g;

/** A segment (text with our placeholders) as XLIFF inline content. */
export function segmentToXliff(segment: string): string {
  let out = '';
  let last = 0;
  for (const match of segment.matchAll(PLACEHOLDER)) {
    out += escapeXml(segment.slice(last, match.index));
    const [, closing, id, self] = match;
    out += self ? `<x id="${id}"/>` : closing ? '</g>' : `<g id="${id}">`;
    last = match.index! + match[0].length;
  }
  return out + escapeXml(segment.slice(last));
}

/** Engine output awaiting review, as the document filter marks the XLIFF targets it writes. */
const MT_SUGGESTION_STATE = Object.entries(MT_SUGGESTION_TARGET_ATTRS)
  .map(([name, value]) => `${name}="${value}"`)
  .join(' ');

export const XLIFF_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">\n';
export const XLIFF_FOOTER = '</xliff>\n';

/** One <file> element (a translated page) of an XLIFF 1.2 document. */
export function xliffFile(file: XliffFile): string {
  let out = `  <file original="${escapeXml(file.original)}" source-language="${file.sourceLang}" target-language="${file.targetLang}" datatype="html" tool-id="lisan">\n`;
  out += `    <header><tool tool-id="lisan" tool-name="Lisan"/>${file.title ? `<note>${escapeXml(file.title)}</note>` : ''}${file.notice ? `<note from="lisan" priority="1">${escapeXml(file.notice)}</note>` : ''}</header>\n    <body>\n`;
  for (const unit of file.units) {
    // Engine output awaits review; units a reviewer sent back are translated.
    const state = unit.reviewed ? 'state="translated"' : MT_SUGGESTION_STATE;
    out += `      <trans-unit id="${escapeXml(unit.id)}" xml:space="preserve">\n`;
    out += `        <source>${segmentToXliff(unit.source)}</source>\n`;
    out += `        <target ${state}>${segmentToXliff(unit.target)}</target>\n`;
    if (unit.note) out += `        <note>${escapeXml(unit.note)}</note>\n`;
    out += '      </trans-unit>\n';
  }
  return out + '    </body>\n  </file>\n';
}

export class XliffError extends Error {}

function localName(name: string): string {
  return name.includes(':') ? name.slice(name.indexOf(':') + 1) : name;
}

/** Reads the files and units of an XLIFF 1.2 document (source and target as segments). */
export function parseXliff(text: string, limits: { maxUnits: number } = { maxUnits: 200_000 }): XliffFile[] {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const files: XliffFile[] = [];
  let file: XliffFile | null = null;
  let unit: { id: string; source: string | null; target: string | null } | null = null;
  let capture: 'source' | 'target' | null = null;
  let buffer = '';
  let depth = 0; // inside source/target
  const pairStack: string[] = [];
  let units = 0;
  let sawRoot = false;

  parser.on('doctype', () => {
    throw new XliffError('DOCTYPE declarations are not accepted');
  });
  parser.on('opentag', (tag) => {
    const name = localName(tag.name);
    const attr = (key: string) => {
      const value = tag.attributes[key];
      return typeof value === 'string' ? value : undefined;
    };
    if (!sawRoot) {
      if (name !== 'xliff') throw new XliffError('Not an XLIFF document');
      sawRoot = true;
    }
    if (capture) {
      depth++;
      const id = attr('id') ?? attr('rid') ?? '';
      if (name === 'g') {
        pairStack.push(`g:${id}`);
        buffer += `<x${id}>`;
      } else if (name === 'x') buffer += `<x${id}/>`;
      else if (name === 'bx') buffer += `<x${attr('rid') ?? id}>`;
      else if (name === 'ex') buffer += `</x${attr('rid') ?? id}>`;
      else pairStack.push(`other:${name}`);
      return;
    }
    if (name === 'file') {
      file = { original: attr('original') ?? '', sourceLang: attr('source-language') ?? '', targetLang: attr('target-language') ?? '', units: [] };
      files.push(file);
    } else if (name === 'trans-unit') {
      unit = { id: attr('id') ?? '', source: null, target: null };
    } else if ((name === 'source' || name === 'target') && unit) {
      capture = name;
      buffer = '';
      depth = 0;
      pairStack.length = 0;
    }
  });
  const onText = (value: string) => {
    if (capture) buffer += value;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag) => {
    const name = localName(tag.name);
    if (capture) {
      if (depth > 0) {
        depth--;
        if (name === 'g') {
          const open = pairStack.pop();
          if (open?.startsWith('g:')) buffer += `</x${open.slice(2)}>`;
        } else if (name !== 'x' && name !== 'bx' && name !== 'ex') pairStack.pop();
        return;
      }
      if (unit) unit[capture] = buffer;
      capture = null;
      return;
    }
    if (name === 'trans-unit' && unit && file) {
      if (++units > limits.maxUnits) throw new XliffError('Too many translation units');
      if (unit.source !== null && unit.target !== null) file.units.push({ id: unit.id, source: unit.source, target: unit.target });
      unit = null;
    } else if (name === 'file') {
      file = null;
    }
  });
  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof XliffError) throw error;
    throw new XliffError((error as Error).message);
  }
  if (!sawRoot) throw new XliffError('Not an XLIFF document');
  return files;
}
