import { describe, expect, it } from 'vitest';
import { formatTermFile, parseTermFile } from './exchange.fns';

describe('glossary files (CSV and TSV)', () => {
  it('reads CSV with quotes, commas, doubled quotes, CRLF, a byte order mark and blank lines', () => {
    const csv = '\uFEFFcontract,العقد\r\n"terms, conditions","الشروط ""والأحكام"""\r\n\r\n"multi\nline",سطر,en,ar,legal\r\n';
    expect(parseTermFile(csv, 'csv')).toEqual([
      { line: 1, values: { source_term: 'contract', target_term: 'العقد' } },
      { line: 2, values: { source_term: 'terms, conditions', target_term: 'الشروط "والأحكام"' } },
      { line: 4, values: { source_term: 'multi\nline', target_term: 'سطر', source_lang: 'en', target_lang: 'ar', domain: 'legal' } },
    ]);
  });

  it('takes the column order from a header line, in any order', () => {
    const tsv = 'domain\ttarget_term\tsource_term\nlegal\tالعقد\tcontract\n';
    expect(parseTermFile(tsv, 'tsv')).toEqual([{ line: 2, values: { domain: 'legal', target_term: 'العقد', source_term: 'contract' } }]);
  });

  it('reads a header written as a person names the columns, in English or Arabic', () => {
    expect(parseTermFile('Source term,Target term\ncontract,العقد\n', 'csv')).toEqual([{ line: 2, values: { source_term: 'contract', target_term: 'العقد' } }]);
    expect(parseTermFile('source,target,Domain\ninvoice,فاتورة,legal\n', 'csv')).toEqual([{ line: 2, values: { source_term: 'invoice', target_term: 'فاتورة', domain: 'legal' } }]);
    expect(parseTermFile('Source-Language\tTarget Language\tSource\tTarget\nen\tar\ttea\tشاي\n', 'tsv')).toEqual([
      { line: 2, values: { source_lang: 'en', target_lang: 'ar', source_term: 'tea', target_term: 'شاي' } },
    ]);
    expect(parseTermFile('المصطلح المصدر,المصطلح الهدف,المجال\nعقد,contract,legal\n', 'csv')).toEqual([{ line: 2, values: { source_term: 'عقد', target_term: 'contract', domain: 'legal' } }]);
  });

  it('writes a header and entries that read back the same, spreadsheet formulas defused', () => {
    const terms = [
      { source_term: 'a, "b"', target_term: 'أ', source_lang: 'en', target_lang: 'ar', domain: 'general' },
      { source_term: '=SUM(A1)', target_term: 'ب', source_lang: 'en', target_lang: 'ar', domain: 'legal' },
    ];
    const csv = formatTermFile(terms, 'csv');
    expect(csv.startsWith('\uFEFFsource_term,target_term,source_lang,target_lang,domain\r\n')).toBe(true);
    expect(csv).toContain(`"a, ""b"""`);
    expect(csv).toContain(`'=SUM(A1)`);
    const tsv = formatTermFile(terms, 'tsv');
    expect(tsv.split('\n')[0]).toBe('source_term\ttarget_term\tsource_lang\ttarget_lang\tdomain');
    for (const [text, format] of [[csv, 'csv'], [tsv, 'tsv']] as const) {
      expect(parseTermFile(text, format).map((row) => row.values)).toEqual(terms);
    }
  });
});

describe('glossary files as people and spreadsheets write them', () => {
  // "E-Commerce" and «القانون» (the screen's own names) were refused as invalid domains.
  it('reads domains and languages by the screen’s names, in English or Arabic', () => {
    const csv = 'Source term,Target term,Source language,Target language,Domain\nshipping,الشحن,English,Arabic,E-Commerce\nعقد,contract,العربية,الإنجليزية,القانون\ntea,شاي,en,ar,General (every domain)\nsale,بيع,en,ar,التجارة الإلكترونية\nfee,رسم,en,ar,الأعمال\n';
    expect(parseTermFile(csv, 'csv').map((row) => row.values)).toEqual([
      { source_term: 'shipping', target_term: 'الشحن', source_lang: 'en', target_lang: 'ar', domain: 'ecommerce' },
      { source_term: 'عقد', target_term: 'contract', source_lang: 'ar', target_lang: 'en', domain: 'legal' },
      { source_term: 'tea', target_term: 'شاي', source_lang: 'en', target_lang: 'ar', domain: 'general' },
      { source_term: 'sale', target_term: 'بيع', source_lang: 'en', target_lang: 'ar', domain: 'ecommerce' },
      { source_term: 'fee', target_term: 'رسم', source_lang: 'en', target_lang: 'ar', domain: 'business' },
    ]);
    // A value that names nothing stays as it is, for the import to report.
    expect(parseTermFile('x,y,en,ar,Medicine\n', 'csv')[0]!.values.domain).toBe('Medicine');
  });

  // A spreadsheet saves a TSV cell holding a comma or a quote in quotes; they were kept as part of the term.
  it('reads a TSV cell wholly in double quotes without them, and writes a term that starts with a quote so it reads back', () => {
    const tsv = '\uFEFFsource_term\ttarget_term\n"Smith, Jones & Co"\t"سميث، جونز وشركاه"\n"the ""best"" price"\tأفضل سعر\n';
    expect(parseTermFile(tsv, 'tsv').map((row) => row.values)).toEqual([
      { source_term: 'Smith, Jones & Co', target_term: 'سميث، جونز وشركاه' },
      { source_term: 'the "best" price', target_term: 'أفضل سعر' },
    ]);
    const terms = [{ source_term: '"quoted"', target_term: '«مقتبس»', source_lang: 'en', target_lang: 'ar', domain: 'general' }];
    expect(parseTermFile(formatTermFile(terms, 'tsv'), 'tsv').map((row) => row.values)).toEqual(terms);
  });
});
