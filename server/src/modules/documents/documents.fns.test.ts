import { describe, expect, it } from 'vitest';
import { assembleTranslations, cleanFileName, contentDisposition, monthStart, planBatches, progressFor, translatedFileName } from './documents.fns';

describe('document pipeline helpers', () => {
  it('batches only segments with letters, within segment and character limits, deterministically', () => {
    const segments = ['Hello world', '2024', 'Second <x1>one</x1>', '—', 'Third', 'Fourth sentence here'];
    const batches = planBatches(segments, { maxSegments: 2, maxChars: 1000 });
    expect(batches).toEqual([
      { index: 0, segmentIndexes: [0, 2] },
      { index: 1, segmentIndexes: [4, 5] },
    ]);
    expect(planBatches(segments, { maxSegments: 10, maxChars: 20 }).map((b) => b.segmentIndexes)).toEqual([[0], [2], [4], [5]]);
    expect(planBatches(segments, { maxSegments: 2, maxChars: 1000 })).toEqual(batches);
  });

  it('puts translations back in document order and keeps the untranslated segments as they were', () => {
    const segments = ['Hello', '2024', 'World'];
    const batches = planBatches(segments, { maxSegments: 1, maxChars: 100 });
    expect(assembleTranslations(segments, batches, new Map([[0, ['مرحبا']], [1, ['العالم']]]))).toEqual(['مرحبا', '2024', 'العالم']);
    expect(() => assembleTranslations(segments, batches, new Map([[0, ['مرحبا']]]))).toThrow(/batch 1/);
  });

  it('reports progress through the three phases', () => {
    expect(progressFor('analyzing')).toBeLessThan(5);
    expect(progressFor('translating', 0, 4)).toBe(5);
    expect(progressFor('translating', 2, 4)).toBe(47);
    expect(progressFor('translating', 4, 4)).toBe(90);
    expect(progressFor('generating')).toBe(95);
    expect(progressFor('done')).toBe(100);
  });

  it('names files safely and downloads them with an RFC 5987 name', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\me\\تقرير "سنوي".docx')).toBe('تقرير سنوي.docx');
    expect(cleanFileName('')).toBe('document');
    expect(translatedFileName('report.pdf', 'pdf', 'ar')).toBe('report (ar).docx');
    expect(translatedFileName('تقرير.xlsx', 'xlsx', 'en')).toBe('تقرير (en).xlsx');
    expect(contentDisposition('تقرير (en).xlsx')).toBe(`attachment; filename="_____ (en).xlsx"; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1%20%28en%29.xlsx`);
    // Quotes and backslashes never reach the quoted name; an empty name still has one (the requests' attachments).
    expect(contentDisposition('a"b\\c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`);
    expect(contentDisposition('')).toBe(`attachment; filename="file"; filename*=UTF-8''`);
  });

  it('counts monthly quotas from the first day of the month (UTC)', () => {
    expect(monthStart(new Date('2026-03-17T22:10:00Z')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
