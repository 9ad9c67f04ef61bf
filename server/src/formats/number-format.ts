import { buildSegment, type InlineNode } from './inline';
import type { PartContext } from './ooxml';
import type { XmlElement } from './xml/dom';

/** Number format codes (Excel's, also in charts of any Office file): their quoted words are translated. */
type FormatSection = { source: string; pieces: Array<{ literal: boolean; text: string }> };

/**
 * A number format code split into its sections (positive;negative;zero;text), each into
 * quoted literal text and the codes around it: digits, dates, `[$-409]` locale and `[Red]`
 * colour tags, `\x` escapes, `_x` spaces and `*x` fills. Null when a quote is never closed.
 */
export function numberFormatSections(code: string): FormatSection[] | null {
  const sections: FormatSection[] = [];
  let section: FormatSection = { source: '', pieces: [] };
  const push = (literal: boolean, text: string) => {
    section.source += literal ? `"${text}"` : text;
    const last = section.pieces[section.pieces.length - 1];
    if (!literal && last && !last.literal) last.text += text;
    else section.pieces.push({ literal, text });
  };
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    let end = i + 1;
    if (c === '"') {
      end = code.indexOf('"', i + 1) + 1;
      if (end === 0) return null;
      push(true, code.slice(i + 1, end - 1));
    } else if (c === ';') {
      sections.push(section);
      section = { source: '', pieces: [] };
    } else {
      if (c === '[') end = code.includes(']', i) ? code.indexOf(']', i) + 1 : code.length;
      else if (c === '\\' || c === '_' || c === '*') end = Math.min(i + 2, code.length);
      push(false, code.slice(i, end));
    }
    i = end;
  }
  sections.push(section);
  return sections;
}

/** Literal text in a format code: quoted, a quote inside written as an escaped \". */
const quoteFormatLiteral = (text: string) => `"${text.replace(/"/g, '"\\""')}"`;

/**
 * A custom number format ("Total: "#,##0, 0.00" USD", [$-409]"Due "dd/mm/yyyy): in each
 * section with a word in quotes, the quoted text is the segment and the codes between are
 * placeholders; codes, locale tags and the format's id stay. Excel refuses a code over 255
 * characters: a longer translation keeps the original. Cell formats (`numFmt` in styles) and
 * chart formats (`c:numFmt`, axis and data-label numbers) alike.
 */
export function processNumberFormat(node: XmlElement, context: PartContext) {
  const source = node.attrs.formatCode ?? '';
  const sections = numberFormatSections(source);
  if (!sections) return;
  const out = sections.map(({ source: original, pieces }) => {
    if (!pieces.some((p) => p.literal && /\p{L}/u.test(p.text))) return original;
    const built = buildSegment(pieces.map((p): InlineNode<{ code: string }, undefined> => (p.literal ? { kind: 'text', text: p.text, style: { key: '', value: undefined } } : { kind: 'opaque', payload: { code: p.text } })));
    return context.cursor
      .apply(built)
      .map((n) => (n.kind === 'text' ? quoteFormatLiteral(n.text) : n.kind === 'opaque' ? n.payload.code : ''))
      .join('');
  });
  const code = out.join(';');
  if (context.mode === 'merge' && code !== source && code.length <= 255) node.attrs.formatCode = code;
}
