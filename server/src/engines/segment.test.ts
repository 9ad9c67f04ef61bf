import { describe, expect, it } from 'vitest';
import { countWords, detectLanguage } from '../text/toolkit';
import { joinSegments, segmentText } from './segment';

const texts = (input: string) => segmentText(input).segments.map((segment) => segment.text);

describe('segmentText (English)', () => {
  it('splits sentences at . ! ? and keeps each terminator with its sentence', () => {
    expect(texts('Hello there. How are you? Fine!')).toEqual(['Hello there.', 'How are you?', 'Fine!']);
  });

  it('does not split after abbreviations, initials, inside numbers or before a lower-case word', () => {
    expect(texts('Mr. Smith met Dr. Jones at 3.30 p.m. today. J. R. R. Tolkien wrote it, e.g. this one.')).toEqual([
      'Mr. Smith met Dr. Jones at 3.30 p.m. today.',
      'J. R. R. Tolkien wrote it, e.g. this one.',
    ]);
    expect(texts('The price is $4.99 per item. It grows.')).toEqual(['The price is $4.99 per item.', 'It grows.']);
    expect(texts('Wait... what happened? nothing.')).toEqual(['Wait... what happened? nothing.']);
  });

  it('keeps closing quotes and brackets with the sentence', () => {
    expect(texts('He said "Stop." Then he left. (It was late.) Good.')).toEqual(['He said "Stop."', 'Then he left.', '(It was late.)', 'Good.']);
  });

  it('ends a segment at every line break and keeps the breaks and spaces as separators', () => {
    const input = '  Title\n\nFirst line. Second sentence.  \nLast line';
    const segmented = segmentText(input);
    expect(segmented.leading).toBe('  ');
    expect(segmented.segments).toEqual([
      { text: 'Title', separator: '\n\n' },
      { text: 'First line.', separator: ' ' },
      { text: 'Second sentence.', separator: '  \n' },
      { text: 'Last line', separator: '' },
    ]);
  });
});

describe('segmentText (Arabic)', () => {
  it('splits at the Arabic question mark ؟ and semicolon ؛, never at the Arabic comma ،', () => {
    expect(texts('كيف حالك؟ أنا بخير، شكرًا لك. ذهبنا إلى السوق؛ ثم عدنا إلى البيت!')).toEqual([
      'كيف حالك؟',
      'أنا بخير، شكرًا لك.',
      'ذهبنا إلى السوق؛',
      'ثم عدنا إلى البيت!',
    ]);
  });

  it('handles mixed Arabic and English text and Arabic-Indic digits', () => {
    expect(texts('وُقِّع العقد في ٣.٥ ساعات. The meeting ended.')).toEqual(['وُقِّع العقد في ٣.٥ ساعات.', 'The meeting ended.']);
  });
});

describe('segmentText is lossless', () => {
  it.each([
    'One. Two.\n\n\tThree?  Four!\n',
    '\n\n  مرحبا.  كيف الحال؟\r\nبخير؛   شكرا\n',
    'No terminator at all',
    '   ',
    '',
    '"Quoted." (Bracketed.) … Ellipsis… next',
  ])('gives the input back from its parts: %j', (input) => {
    const segmented = segmentText(input);
    expect(joinSegments(segmented, segmented.segments.map((s) => s.text))).toBe(input);
    for (const segment of segmented.segments) {
      expect(segment.text).toBe(segment.text.trim());
      expect(segment.text).not.toBe('');
      expect(segment.separator.trim()).toBe('');
    }
  });

  it('puts translations back between the original whitespace', () => {
    const segmented = segmentText('Hello.\n\nBye.');
    expect(joinSegments(segmented, ['مرحبا.', 'وداعا.'])).toBe('مرحبا.\n\nوداعا.');
  });
});

describe('countWords', () => {
  it('counts Latin and Arabic words and numbers', () => {
    expect(countWords('Hello, world!')).toBe(2);
    expect(countWords('السلام عليكم ورحمة الله')).toBe(4);
    expect(countWords("don't stop 2024")).toBe(3);
    expect(countWords('  ... ')).toBe(0);
  });
});

describe('detectLanguage', () => {
  it('tells Arabic from English by script', () => {
    expect(detectLanguage('Good morning')).toEqual({ lang: 'en', confidence: 1 });
    expect(detectLanguage('صباح الخير')?.lang).toBe('ar');
    expect(detectLanguage('اشتريت iPhone جديدًا اليوم')?.lang).toBe('ar');
    expect(detectLanguage('The word كتاب means book')?.lang).toBe('en');
  });

  it('returns null when there are no letters', () => {
    expect(detectLanguage('123 456 !!')).toBeNull();
    expect(detectLanguage('')).toBeNull();
  });
});
