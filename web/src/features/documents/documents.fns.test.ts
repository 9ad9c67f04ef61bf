import { describe, expect, it } from 'vitest';
import { acceptAttribute, checkFile, checkWords, formatFromName, isFinished, phaseStatus, targetFor } from './documents.fns';

const limits = { fileFormats: ['docx', 'pdf', 'xliff'], maxDocSize: 2, docWordsCount: 2000 };

describe('document screen helpers', () => {
  it('reads the format a file name suggests', () => {
    expect(formatFromName('Report.DOCX')).toBe('docx');
    expect(formatFromName('strings.xlf')).toBe('xliff');
    expect(formatFromName('notes.txt')).toBeNull();
    expect(formatFromName('no-extension')).toBeNull();
  });

  it('checks format, size and words against the limits before uploading', () => {
    expect(checkFile({ name: 'a.docx', size: 1024 }, limits)).toBeNull();
    expect(checkFile({ name: 'a.xlsx', size: 1024 }, limits)).toEqual({ kind: 'format', format: 'xlsx' });
    expect(checkFile({ name: 'a.exe', size: 1024 }, limits)).toEqual({ kind: 'format', format: null });
    expect(checkFile({ name: 'a.pdf', size: 3 * 1024 * 1024 }, limits)).toEqual({ kind: 'size', limitMb: 2 });
    expect(checkWords(2001, limits)).toEqual({ kind: 'words', limit: 2000 });
    expect(checkWords(2000, limits)).toBeNull();
    expect(acceptAttribute(limits.fileFormats)).toBe('.docx,.xlf,.xliff,.pdf');
  });

  it('shows the three phases in order', () => {
    expect(['analyzing', 'translating', 'generating'].map((p) => phaseStatus('translating', p as 'analyzing'))).toEqual(['done', 'current', 'pending']);
    expect(phaseStatus('done', 'generating')).toBe('done');
    expect(phaseStatus('failed', 'analyzing')).toBe('pending');
    expect(phaseStatus('canceled', 'analyzing')).toBe('pending');
    // A canceled document is no longer polled, as a done or failed one.
    expect((['analyzing', 'translating', 'generating', 'done', 'failed', 'canceled'] as const).map(isFinished)).toEqual([false, false, false, true, true, true]);
  });

  it('keeps the two languages different', () => {
    expect(targetFor('en', 'en')).toBe('ar');
    expect(targetFor('ar', 'ar')).toBe('en');
    expect(targetFor('auto', 'en')).toBe('en');
    // "Detect language" found the language chosen as the target: the other one is meant.
    expect(targetFor('auto', 'en', 'en')).toBe('ar');
    expect(targetFor('auto', 'ar', 'ar')).toBe('en');
    expect(targetFor('auto', 'ar', 'en')).toBe('ar');
  });
});
