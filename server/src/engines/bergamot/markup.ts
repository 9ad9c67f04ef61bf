/**
 * Our placeholders (`<x1>…</x1>`, `<x2/>`) <-> HTML that bergamot-translator's HTML mode keeps.
 *
 * Bergamot only treats a fixed set of elements as inline (they do not break the sentence), and
 * copies the tags it saw in the input back into the output, attributes included, at the places
 * the model's alignment points to. So a paired placeholder becomes `<span data-x="N">…</span>`
 * and a standalone one `<img data-x="N">` (a void inline element); the text around them is
 * HTML-escaped. On the way back the spans are matched with a stack, so nesting survives.
 */
const PLACEHOLDER = /<(\/?)x(\d+)(\/?)>/g;

export function hasPlaceholders(segment: string): boolean {
  return /<\/?x\d+\/?>/.test(segment);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function unescapeHtml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
  });
}

/** Whether the paired placeholders of a segment nest properly (`<x1><x2></x2></x1>`). */
export function placeholdersNest(segment: string): boolean {
  const open: string[] = [];
  for (const [, closing, id, selfClosing] of segment.matchAll(PLACEHOLDER)) {
    if (selfClosing) continue;
    if (!closing) open.push(id!);
    else if (open.pop() !== id) return false;
  }
  return open.length === 0;
}

/**
 * Segment with placeholders -> HTML for bergamot's HTML mode. Properly nested pairs become
 * spans (bergamot then keeps them nested); when the input does not nest, every placeholder
 * becomes a void `<img>` (bergamot aborts on unbalanced tags), marked open/close with data-k.
 */
export function placeholdersToHtml(segment: string): string {
  const nested = placeholdersNest(segment);
  let out = '';
  let last = 0;
  for (const match of segment.matchAll(PLACEHOLDER)) {
    out += escapeHtml(segment.slice(last, match.index));
    const [, closing, id, selfClosing] = match;
    if (selfClosing) out += `<img data-x="${id}">`;
    else if (!nested) out += `<img data-x="${id}" data-k="${closing ? 'c' : 'o'}">`;
    else if (closing) out += '</span>';
    else out += `<span data-x="${id}">`;
    last = match.index! + match[0].length;
  }
  return out + escapeHtml(segment.slice(last));
}

const TAG = /<[^>]*>/g;
const DATA_X = /\sdata-x\s*=\s*["']?(\d+)/i;
const DATA_K = /\sdata-k\s*=\s*["']?([oc])/i;

/** Bergamot's HTML output -> text with our placeholders, valid nesting guaranteed. */
export function htmlToPlaceholders(html: string): string {
  let out = '';
  let last = 0;
  const open: (string | null)[] = [];
  for (const match of html.matchAll(TAG)) {
    out += unescapeHtml(html.slice(last, match.index));
    last = match.index! + match[0].length;
    const tag = match[0];
    const name = /^<\/?\s*([a-z0-9]+)/i.exec(tag)?.[1]?.toLowerCase();
    const id = DATA_X.exec(tag)?.[1];
    if (name === 'img') {
      const kind = DATA_K.exec(tag)?.[1];
      if (id) out += kind === 'o' ? `<x${id}>` : kind === 'c' ? `</x${id}>` : `<x${id}/>`;
    } else if (name === 'span' && tag[1] === '/') {
      const closing = open.pop();
      if (closing) out += `</x${closing}>`;
    } else if (name === 'span') {
      open.push(id ?? null);
      if (id) out += `<x${id}>`;
    }
    // Anything else cannot come back (we never send it); dropped.
  }
  out += unescapeHtml(html.slice(last));
  while (open.length) {
    const id = open.pop();
    if (id) out += `</x${id}>`;
  }
  return out;
}
