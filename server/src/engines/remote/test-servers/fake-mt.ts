/**
 * The "translation" the stand-ins perform: word by word from a small English<->Arabic list,
 * unknown words kept. Enough to see that text was translated and markup was not touched.
 */
const EN_AR: Record<string, string> = {
  hello: 'مرحبا',
  world: 'العالم',
  the: 'ال',
  contract: 'العقد',
  price: 'السعر',
  new: 'الجديد',
  is: 'هو',
  good: 'جيد',
  today: 'اليوم',
  pay: 'ادفع',
  now: 'الآن',
  and: 'و',
  order: 'الطلب',
  thank: 'شكرا',
  you: 'لك',
};
const AR_EN: Record<string, string> = Object.fromEntries(Object.entries(EN_AR).map(([en, ar]) => [ar, en]));

export function fakeTranslate(text: string, source: string, target: string): string {
  const table = source.toLowerCase().startsWith('en') && target.toLowerCase().startsWith('ar') ? EN_AR : source.toLowerCase().startsWith('ar') ? AR_EN : {};
  return text.replace(/[\p{L}']+/gu, (word) => table[word.toLowerCase()] ?? word);
}

/**
 * Translates the text nodes of an HTML/XML fragment and leaves the tags (attributes included)
 * alone, as the real services do; `skip(tag)` says whether an element's content must be left
 * untranslated (translate="no", DeepL ignore_tags). Returns null for unbalanced markup.
 */
export function translateMarkup(
  markup: string,
  translate: (text: string) => string,
  skip: (openTag: string) => boolean,
  isVoid: (openTag: string) => boolean,
): string | null {
  const stack: { name: string; skip: boolean }[] = [];
  let out = '';
  let last = 0;
  const emitText = (text: string) => {
    out += stack.some((e) => e.skip) ? text : translate(text);
  };
  for (const match of markup.matchAll(/<[^>]*>/g)) {
    emitText(markup.slice(last, match.index));
    last = match.index! + match[0].length;
    const tag = match[0];
    const name = /^<\/?\s*([^\s/>]+)/.exec(tag)?.[1]?.toLowerCase() ?? '';
    if (tag.startsWith('</')) {
      if (stack.pop()?.name !== name) return null;
    } else if (!tag.endsWith('/>') && !isVoid(tag)) {
      stack.push({ name, skip: skip(tag) });
    }
    out += tag;
  }
  emitText(markup.slice(last));
  return stack.length ? null : out;
}
