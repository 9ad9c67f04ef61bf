import { describe, expect, it } from 'vitest';
import { applyTranslation, buildSegment, countWords, parseTagged, type InlineNode } from './inline';

type N = InlineNode<string, string>;
const text = (t: string, style = ''): N => ({ kind: 'text', text: t, style: { key: style, value: style } });
const opaque = (payload: string): N => ({ kind: 'opaque', payload });
const span = (payload: string, children: N[]): N => ({ kind: 'span', payload, children });

describe('segments with placeholders', () => {
  it('merges runs of the same style and marks only the differently formatted word', () => {
    const built = buildSegment([text('My '), text('name '), text('is', 'b'), text(' Mich'), text('ael')]);
    expect(built.text).toBe('My name <x1>is</x1> Michael');
    expect(built.baseStyle?.key).toBe('');
  });

  it('keeps leading and trailing spaces and opaque pieces out of the segment', () => {
    const built = buildSegment([opaque('bookmark'), text('  Hello world  '), opaque('comment-end')]);
    expect(built.text).toBe('Hello world');
    const { nodes } = applyTranslation(built, 'مرحبا بالعالم');
    expect(nodes).toEqual([opaque('bookmark'), text('  مرحبا بالعالم  '), opaque('comment-end')]);
  });

  it('numbers placeholders above any literal "<x1>" already in the text', () => {
    const built = buildSegment([text('Type <x1> here '), text('now', 'b')]);
    expect(built.text).toBe('Type <x1> here <x2>now</x2>');
    const { nodes, repairs } = applyTranslation(built, 'اكتب <x1> هنا <x2>الآن</x2>');
    expect(repairs).toBe(0);
    expect(nodes).toEqual([text('اكتب <x1> هنا '), text('الآن', 'b')]);
  });

  it('rebuilds spans (links) with their own main style and nested formatting', () => {
    const built = buildSegment([text('Visit '), span('link', [text('our great ', 'link'), text('site', 'link-bold')]), text(' today')]);
    expect(built.text).toBe('Visit <x1>our great <x2>site</x2></x1> today');
    const { nodes } = applyTranslation(built, 'زر <x1>موقعنا <x2>الإلكتروني</x2></x1> اليوم');
    expect(nodes).toEqual([text('زر '), span('link', [text('موقعنا ', 'link'), text('الإلكتروني', 'link-bold')]), text(' اليوم')]);
  });

  it('repairs what an engine breaks: drops unknown and repeated tags, closes misnested ones, re-inserts lost ones', () => {
    const tags = new Map([
      [1, { kind: 'format', at: 0 }],
      [2, { kind: 'opaque', at: 10 }],
    ]);
    expect(parseTagged('a <x9>b</x9> <x1>c</x1><x1>d</x1>', tags, 20)).toMatchObject({ repairs: 3 });
    const lost = parseTagged('one two three four', tags, 20);
    expect(lost.repairs).toBe(2);
    // The lost pair wraps the first word (its position was 0), the lost single lands between words near the middle.
    expect(lost.nodes).toEqual([{ t: 'tag', id: 1, children: [{ t: 'text', text: 'one' }] }, { t: 'text', text: ' two ' }, { t: 'single', id: 2 }, { t: 'text', text: 'three four' }]);
    const misnested = parseTagged('<x1>a <x2/> b', tags, 20);
    expect(misnested.nodes).toEqual([{ t: 'tag', id: 1, children: [{ t: 'text', text: 'a ' }, { t: 'single', id: 2 }, { t: 'text', text: ' b' }] }]);
  });

  it('tolerates spaces and case inside placeholders', () => {
    const tags = new Map([[1, { kind: 'format', at: 0 }]]);
    expect(parseTagged('< X1 >word</ x1>', tags, 4)).toEqual({ nodes: [{ t: 'tag', id: 1, children: [{ t: 'text', text: 'word' }] }], repairs: 0 });
  });

  it('counts words in English and Arabic, not numbers alone or punctuation', () => {
    expect(countWords('My name is Michael.')).toBe(4);
    expect(countWords('اسمي مايكل، وأعمل هنا')).toBe(4);
    expect(countWords('— 2024 !')).toBe(1);
  });
});
