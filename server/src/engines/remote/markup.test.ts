import { describe, expect, it } from 'vitest';
import { decodeHtml, decodeXml, encodeHtml, encodeXml, tokenize, xmlTagNames } from './markup';

describe('remote markup: placeholders and glossary terms', () => {
  it('splits text, placeholders and glossary terms, longest term first, whole words only, case-insensitively', () => {
    const glossary = [
      { source: 'price', target: 'السعر' },
      { source: 'contract price', target: 'ثمن العقد' },
    ];
    expect(tokenize('The Contract  Price and <x1>price</x1>list prices', glossary)).toEqual([
      { kind: 'text', text: 'The ' },
      { kind: 'term', text: 'ثمن العقد' },
      { kind: 'text', text: ' and ' },
      { kind: 'open', id: '1' },
      { kind: 'term', text: 'السعر' },
      { kind: 'close', id: '1' },
      { kind: 'text', text: 'list prices' },
    ]);
    expect(tokenize('سعر العقد هنا', [{ source: 'العقد', target: 'the contract' }])).toEqual([
      { kind: 'text', text: 'سعر ' },
      { kind: 'term', text: 'the contract' },
      { kind: 'text', text: ' هنا' },
    ]);
    // Regex characters in terms are literal; empty terms are ignored.
    expect(tokenize('C++ (beta)', [{ source: 'C++', target: 'سي++' }, { source: ' ', target: 'x' }])).toEqual([
      { kind: 'term', text: 'سي++' },
      { kind: 'text', text: ' (beta)' },
    ]);
  });

  it('encodes for HTML APIs and decodes their answers', () => {
    const html = encodeHtml('a <x1>b & c</x1> <x2/> d', [{ source: 'd', target: 'د' }]);
    expect(html).toBe('a <span data-x="1">b &amp; c</span> <img data-x="2"> <span translate="no" class="notranslate">د</span>');
    expect(decodeHtml(html)).toBe('a <x1>b & c</x1> <x2/> د');
  });

  it('encodes for DeepL XML and decodes, including placeholders that do not nest', () => {
    const xml = encodeXml('a <x1>b</x1> <x2/> <c>', [{ source: 'b', target: 'ب' }]);
    expect(xml).toBe('a <x1><g>ب</g></x1> <x2/> &lt;c&gt;');
    expect(xmlTagNames(xml).sort()).toEqual(['x1', 'x2']);
    expect(decodeXml(xml, 'a <x1>b</x1> <x2/> <c>')).toBe('a <x1>ب</x1> <x2/> <c>');
    const broken = encodeXml('</x3> a <x3>');
    expect(broken).toBe('<xc3/> a <xo3/>');
    expect(decodeXml(broken, '</x3> a <x3>')).toBe('</x3> a <x3>');
    expect(decodeXml('<x2 /> <x4></x4>', 'x <x2/> <x4></x4>')).toBe('<x2/> <x4></x4>');
  });
});
