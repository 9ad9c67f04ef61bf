import { describe, expect, it } from 'vitest';
import { hasPlaceholders, htmlToPlaceholders, placeholdersNest, placeholdersToHtml, unescapeHtml } from './markup';

describe('placeholders <-> bergamot HTML', () => {
  it('maps paired placeholders to spans and standalone ones to void img tags, escaping the text', () => {
    expect(placeholdersToHtml('Pay <x1>now</x1> & save <x2/> (a < b)')).toBe(
      'Pay <span data-x="1">now</span> &amp; save <img data-x="2"> (a &lt; b)',
    );
    expect(placeholdersToHtml('<x1>a <x2>b</x2></x1>')).toBe('<span data-x="1">a <span data-x="2">b</span></span>');
  });

  it('maps bergamot output back, matching closing spans with a stack', () => {
    expect(htmlToPlaceholders('<span data-x="1">ادفع <span data-x="2">الآن</span></span> &amp; <img data-x="3">')).toBe(
      '<x1>ادفع <x2>الآن</x2></x1> & <x3/>',
    );
    expect(htmlToPlaceholders("<span data-x='7'>x</span>")).toBe('<x7>x</x7>');
  });

  it('round-trips any properly nested segment', () => {
    for (const segment of ['Hello', '<x1>Hi</x1> there <x2/>.', 'a <x1>b <x2>c <x3/></x2> d</x1> e', 'x > y & "q" \'s']) {
      expect(htmlToPlaceholders(placeholdersToHtml(segment))).toBe(segment);
    }
  });

  it('closes what bergamot left open, so nesting stays valid', () => {
    expect(htmlToPlaceholders('<span data-x="1">a <span data-x="2">b')).toBe('<x1>a <x2>b</x2></x1>');
    expect(htmlToPlaceholders('a</span> b')).toBe('a b');
  });

  it('sends badly nested placeholders as void tags (bergamot aborts on unbalanced HTML) and maps them back', () => {
    const segment = 'a </x1> b <x1> c <x2>';
    expect(placeholdersNest(segment)).toBe(false);
    const html = placeholdersToHtml(segment);
    expect(html).not.toContain('span');
    expect(htmlToPlaceholders(html)).toBe(segment);
  });

  it('detects placeholders and decodes entities', () => {
    expect(hasPlaceholders('no tags <b>')).toBe(false);
    expect(hasPlaceholders('a <x12/> b')).toBe(true);
    expect(hasPlaceholders('a </x3> b')).toBe(true);
    expect(unescapeHtml('&lt;&gt;&amp;&quot;&#39;&#x41;&#1576;&nbsp;&bogus;')).toBe('<>&"\'Aب\u00a0&bogus;');
  });
});
