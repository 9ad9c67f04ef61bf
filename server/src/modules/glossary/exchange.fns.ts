import { scriptLetters } from '../../text/toolkit';

/**
 * Glossary files in and out: CSV (RFC 4180 quoting) and TSV (one entry a line; a cell wholly in
 * double quotes, as spreadsheets save a cell holding a quote or a comma, is read without them),
 * the formats DeepL and Google Translate glossaries use. Columns, in this order when there is
 * no header: source_term, target_term, source_lang, target_lang, domain; the last three are
 * optional (the import's defaults fill them). A first line naming the columns is a header:
 * the export's names, or the words a person types (the screen's column labels, in either
 * language: "Source term", "source", «المصطلح المصدر»...). Domains and languages are read the
 * same way: the export's codes or the screen's names ("E-Commerce", «القانون», "Arabic").
 */
export type TermFileFormat = 'csv' | 'tsv';

export const TERM_FILE_COLUMNS = ['source_term', 'target_term', 'source_lang', 'target_lang', 'domain'] as const;
type Column = (typeof TERM_FILE_COLUMNS)[number];

export interface TermFileRow {
  /** 1-based line of the entry in the file (for error reports). */
  line: number;
  values: Partial<Record<Column, string>>;
}

/** Cells that a spreadsheet would run as a formula get a leading apostrophe on export (and lose it on import). */
const FORMULA_START = /^[=+\-@\t\r]/;

function splitCsv(text: string): Array<{ line: number; cells: string[] }> {
  const records: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return records;
}

/** A TSV cell wholly in double quotes (a spreadsheet's way with a quote or a comma) loses them; doubled quotes inside are one. */
function unquoteTsvCell(cell: string) {
  const trimmed = cell.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/""/g, '"') : cell;
}

function splitTsv(text: string) {
  return text.split(/\r\n|\n|\r/).map((row, index) => ({ line: index + 1, cells: row.split('\t').map(unquoteTsvCell) }));
}

/** Header names a person writes for each column, as `headerColumn` normalises them. */
const HEADER_ALIASES: Record<string, Column> = {
  source: 'source_term',
  target: 'target_term',
  translation: 'target_term',
  source_language: 'source_lang',
  target_language: 'target_lang',
  'المصطلح_المصدر': 'source_term',
  'المصدر': 'source_term',
  'المصطلح_الهدف': 'target_term',
  'الهدف': 'target_term',
  'الترجمة': 'target_term',
  'لغة_المصدر': 'source_lang',
  'لغة_الهدف': 'target_lang',
  'المجال': 'domain',
};

/** The column a header cell names ("Source term", "source-lang", «المجال»), or the cell as it is. */
function headerColumn(cell: string): string {
  const name = cell.trim().toLowerCase().replace(/[\s-]+/g, '_');
  return HEADER_ALIASES[name] ?? name;
}

const LANGUAGE_NAMES: Record<string, string> = { english: 'en', 'الإنجليزية': 'en', 'الانجليزية': 'en', arabic: 'ar', 'العربية': 'ar' };

/** Domain and language names a person writes for a value (the screen's, in either language), as `valueKey` normalises them. */
const VALUE_ALIASES: Partial<Record<Column, Record<string, string>>> = {
  domain: {
    ecommerce: 'ecommerce',
    'general(everydomain)': 'general',
    'عام': 'general',
    'عام(كلالمجالات)': 'general',
    'الأعمال': 'business',
    'أعمال': 'business',
    'القانون': 'legal',
    'قانون': 'legal',
    'التجارةالإلكترونية': 'ecommerce',
    'تجارةإلكترونية': 'ecommerce',
  },
  source_lang: LANGUAGE_NAMES,
  target_lang: LANGUAGE_NAMES,
};

const valueKey = (cell: string) => cell.toLowerCase().replace(/[\s_-]+/g, '');

/** The code a domain or language cell names ("E-Commerce" is ecommerce, «العربية» ar), or the cell as it is. */
function columnValue(column: Column, cell: string) {
  return VALUE_ALIASES[column]?.[valueKey(cell)] ?? cell;
}

const unescapeFormula = (cell: string) => (cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell);

/** The entries of a glossary file; blank lines are skipped. */
export function parseTermFile(content: string, format: TermFileFormat): TermFileRow[] {
  const text = content.replace(/^\uFEFF/, '');
  const records = (format === 'csv' ? splitCsv(text) : splitTsv(text)).filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  let columns: readonly Column[] = TERM_FILE_COLUMNS;
  const first = records[0]?.cells.map(headerColumn);
  if (first && first.includes('source_term') && first.includes('target_term')) {
    columns = first as Column[];
    records.shift();
  }
  return records.map((record) => {
    const values: TermFileRow['values'] = {};
    columns.forEach((column, index) => {
      const cell = record.cells[index];
      if ((TERM_FILE_COLUMNS as readonly string[]).includes(column) && cell !== undefined && cell.trim() !== '') values[column] = columnValue(column, unescapeFormula(cell.trim()));
    });
    return { line: record.line, values };
  });
}

function csvCell(value: string) {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A glossary file with a header line; CSV starts with a byte order mark so spreadsheets read Arabic as UTF-8. */
export function formatTermFile(terms: Array<Record<Column, string>>, format: TermFileFormat): string {
  if (format === 'tsv') {
    const cell = (value: string) => {
      const flat = value.replace(/[\t\r\n]+/g, ' ');
      const safe = FORMULA_START.test(flat) ? `'${flat}` : flat;
      // A term that starts with a quote is quoted, so that reading it back keeps its quotes.
      return safe.startsWith('"') ? `"${safe.replace(/"/g, '""')}"` : safe;
    };
    return [TERM_FILE_COLUMNS.join('\t'), ...terms.map((term) => TERM_FILE_COLUMNS.map((column) => cell(term[column])).join('\t'))].join('\n') + '\n';
  }
  return '\uFEFF' + [TERM_FILE_COLUMNS.join(','), ...terms.map((term) => TERM_FILE_COLUMNS.map((column) => csvCell(term[column])).join(','))].join('\r\n') + '\r\n';
}

/**
 * The direction two terms are written in, when their scripts say it plainly: an Arabic source
 * (no Latin letters) with an English target (no Arabic letters) is Arabic -> English, and the
 * reverse. Null otherwise (both in one script, mixed, no letters): the caller's choice stands.
 */
export function directionByScript(source: string, target: string): ['ar', 'en'] | ['en', 'ar'] | null {
  const from = scriptLetters(source);
  const to = scriptLetters(target);
  if (from.arabic > 0 && from.latin === 0 && to.latin > 0 && to.arabic === 0) return ['ar', 'en'];
  if (from.latin > 0 && from.arabic === 0 && to.arabic > 0 && to.latin === 0) return ['en', 'ar'];
  return null;
}
