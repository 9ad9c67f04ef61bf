// Document filter benchmark (issue 5): for a generated 300-page DOCX (~150k words), a
// 100k-cell XLSX and a 100-page PDF, the seconds to analyse and to merge, the engine time
// (the fast test engine) shown apart, and the peak RSS of the process that did it.
//
//   node --import tsx bench/documents.ts            all cases, one table
//   node --import tsx bench/documents.ts docx       a subset
// (each case runs in bench/documents-child.mjs)
// `npm run bench` runs it after the HTTP scenarios (bench/run.ts).
//
// Each case runs in a child process of its own, so its peak RSS is its own.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';
import { markdownTable } from './table';

export interface DocumentBenchRow {
  case: string;
  size: string;
  segments: number;
  words: number;
  analyzeSeconds: number;
  engineSeconds: number;
  mergeSeconds: number;
  totalSeconds: number;
  peakRssMb: number;
  target: string;
  met: string;
}

const root = path.resolve(import.meta.dirname, '..');
const workDir = path.join(root, 'data', 'bench-documents');

const WORDS = 'report market growth revenue quarter customer service delivery quality region strategy product design team budget results figure analysis review policy contract partner office network platform training support survey planning risk capital'.split(' ');

function sentence(seed: number, length: number) {
  const words: string[] = [];
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    const index = (state >>> 0) % (WORDS.length * 8);
    // Most words from the list, some invented, so the text compresses like real prose.
    words.push(index < WORDS.length * 6 ? WORDS[index % WORDS.length]! : `${WORDS[index % WORDS.length]!.slice(0, 4)}${(state >>> 8) % 997}x`);
  }
  words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
  return `${words.join(' ')}.`;
}

async function writeZip(file: string, entries: Array<[string, string | Buffer]>) {
  const zip = new yazl.ZipFile();
  for (const [name, content] of entries) zip.addBuffer(typeof content === 'string' ? Buffer.from(content) : content, name);
  zip.end();
  const out = fs.createWriteStream(file);
  zip.outputStream.pipe(out);
  await finished(out);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';

/** 300 pages: headings, paragraphs of ~100 words in runs with bold, italics, links and noise, a table every 10 pages. */
export async function generateDocx(file: string) {
  const body: string[] = [];
  let words = 0;
  let n = 0;
  for (let page = 0; page < 300; page++) {
    body.push(`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${sentence(page, 5)}</w:t></w:r></w:p>`);
    words += 5;
    for (let p = 0; p < 5; p++, n++) {
      // Word-like markup: rsid attributes and full run properties on every run, sentences
      // split into many runs (as editing leaves them), spell-check marks, a bold phrase, a link.
      const props = '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:cs="Times New Roman"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB"/></w:rPr>';
      const run = (text: string, extra = '') => `<w:r w:rsidR="00A1${(n % 97).toString(16).padStart(2, '0')}C3" w:rsidRPr="00D4E5F6">${extra ? props.replace('<w:rPr>', `<w:rPr>${extra}`) : props}<w:t xml:space="preserve">${text}</w:t></w:r>`;
      const runs: string[] = [];
      const first = sentence(n, 60).split(' ');
      for (let k = 0; k < first.length; k += 6) runs.push(run(`${first.slice(k, k + 6).join(' ')} `));
      runs.push('<w:proofErr w:type="spellStart"/>', run(`${sentence(n + 1, 4)} `, '<w:b/>'), '<w:proofErr w:type="spellEnd"/>');
      runs.push(`<w:hyperlink r:id="rIdLink" w:history="1"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>${sentence(n + 3, 3)}</w:t></w:r></w:hyperlink>`);
      const last = sentence(n + 5, 30).split(' ');
      for (let k = 0; k < last.length; k += 5) runs.push(run(` ${last.slice(k, k + 5).join(' ')}`, k === 10 ? '<w:i/>' : ''));
      words += 97;
      body.push(`<w:p w:rsidR="00A1B2C3" w:rsidRDefault="00D4E5F6" w:rsidP="00112233"><w:pPr><w:spacing w:after="160"/><w:jc w:val="both"/></w:pPr>${runs.join('')}</w:p>`);
    }
    if (page % 10 === 9) {
      const rows = Array.from({ length: 6 }, (_r, i) => `<w:tr>${Array.from({ length: 4 }, (_c, j) => `<w:tc><w:p><w:r><w:t>${sentence(i * 4 + j + page, 2)}</w:t></w:r></w:p></w:tc>`).join('')}</w:tr>`).join('');
      body.push(`<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/></w:tblPr>${rows}</w:tbl>`);
      words += 48;
    }
    body.push('<w:p><w:r><w:br w:type="page"/></w:r></w:p>');
  }
  await writeZip(file, [
    ['[Content_Types].xml', `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`],
    ['_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`],
    ['word/_rels/document.xml.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdLink" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.com/" TargetMode="External"/></Relationships>`],
    ['word/document.xml', `${XML}<w:document ${W}><w:body>${body.join('')}<w:sectPr/></w:body></w:document>`],
  ]);
  return words;
}

/** 10,000 rows x 10 columns: text in shared strings, numbers, dates and formulas. */
async function generateXlsx(file: string) {
  const S = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const strings: string[] = [];
  const rows: string[] = [];
  const cols = 'ABCDEFGHIJ';
  for (let r = 1; r <= 10_000; r++) {
    const cells: string[] = [];
    for (let c = 0; c < 10; c++) {
      const ref = `${cols[c]}${r}`;
      if (c < 5) {
        strings.push(sentence(r * 10 + c, 3 + (c % 3)));
        cells.push(`<c r="${ref}" t="s"><v>${strings.length - 1}</v></c>`);
      } else if (c === 9) cells.push(`<c r="${ref}"><f>SUM(F${r}:H${r})</f><v>0</v></c>`);
      else cells.push(`<c r="${ref}"><v>${(r * 37 + c) % 1000}</v></c>`);
    }
    rows.push(`<row r="${r}">${cells.join('')}</row>`);
  }
  await writeZip(file, [
    ['[Content_Types].xml', `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`],
    ['_rels/.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`],
    ['xl/workbook.xml', `${XML}<workbook ${S}><sheets><sheet name="Sales data" sheetId="1" r:id="rId1"/></sheets></workbook>`],
    ['xl/_rels/workbook.xml.rels', `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`],
    ['xl/sharedStrings.xml', `${XML}<sst ${S} count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${s}</t></si>`).join('')}</sst>`],
    ['xl/worksheets/sheet1.xml', `${XML}<worksheet ${S}><sheetViews><sheetView workbookViewId="0"/></sheetViews><sheetData>${rows.join('')}</sheetData></worksheet>`],
  ]);
}

async function generatePdf(file: string) {
  const { reportPdf } = await import('../server/test/fixtures/pdf-fixture');
  fs.writeFileSync(file, await reportPdf({ pages: 100 }));
}

const CASES = {
  docx: { label: '300-page DOCX', file: 'book.docx', generate: generateDocx, target: { maxSeconds: 10, maxRssMb: 400 } },
  xlsx: { label: '100k-cell XLSX', file: 'cells.xlsx', generate: generateXlsx, target: null },
  pdf: { label: '100-page PDF', file: 'report.pdf', generate: generatePdf, target: null },
} as const;
type CaseName = keyof typeof CASES;

/** Runs in the child process: generate (once), analyse, translate, merge; prints one JSON line. */
export async function runCase(name: CaseName) {
  const { analyzeDocument, DEFAULT_LIMITS, detectFormat, mergeDocument } = await import('../server/src/formats');
  const { ReversingTestEngine } = await import('../server/test/engines/reversing-engine');
  const spec = CASES[name];
  fs.mkdirSync(workDir, { recursive: true });
  const file = path.join(workDir, spec.file);
  if (!fs.existsSync(file)) await spec.generate(file);
  const options = { source: 'en' as const, target: 'ar' as const, limits: DEFAULT_LIMITS, workDir };

  const t0 = performance.now();
  const format = await detectFormat(file, DEFAULT_LIMITS);
  const analysis = await analyzeDocument(file, format, options);
  const t1 = performance.now();
  const translations = await new ReversingTestEngine().translate(analysis.segments, { source: 'en', target: 'ar', domain: 'general' });
  const t2 = performance.now();
  const out = path.join(workDir, `out-${name}.${format === 'pdf' ? 'docx' : format}`);
  await mergeDocument(file, format, out, { translations, parts: analysis.parts }, options);
  const t3 = performance.now();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(
    `${JSON.stringify({ name, bytes: fs.statSync(file).size, segments: analysis.segments.length, words: analysis.words, analyze: (t1 - t0) / 1000, engine: (t2 - t1) / 1000, merge: (t3 - t2) / 1000, peakRssMb })}\n`,
  );
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Runs the cases (each in its own process) and returns one row per case. */
export function runDocumentsBench(names: string[] = Object.keys(CASES)): DocumentBenchRow[] {
  const rows: DocumentBenchRow[] = [];
  for (const name of names.filter((n): n is CaseName => n in CASES)) {
    const output = execFileSync(process.execPath, [path.join(root, 'bench/documents-child.mjs'), name], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1024 * 1024 });
    const result = JSON.parse(output.trim().split('\n').pop()!);
    const spec = CASES[name];
    const filterSeconds = result.analyze + result.merge;
    const target = spec.target;
    rows.push({
      case: spec.label,
      size: mb(result.bytes),
      segments: result.segments,
      words: result.words,
      analyzeSeconds: result.analyze,
      engineSeconds: result.engine,
      mergeSeconds: result.merge,
      totalSeconds: result.analyze + result.engine + result.merge,
      peakRssMb: result.peakRssMb,
      target: target ? `analyze+merge < ${target.maxSeconds} s, RSS < ${target.maxRssMb} MB` : '-',
      met: target ? (filterSeconds < target.maxSeconds && result.peakRssMb < target.maxRssMb ? 'yes' : 'NO') : '-',
    });
  }
  return rows;
}

export function printDocumentsTable(rows: DocumentBenchRow[]) {
  const table = rows.map((r) => ({
    case: r.case,
    file: r.size,
    segments: String(r.segments),
    words: String(r.words),
    'analyze s': r.analyzeSeconds.toFixed(2),
    'merge s': r.mergeSeconds.toFixed(2),
    'engine s (apart)': r.engineSeconds.toFixed(2),
    'total s': r.totalSeconds.toFixed(2),
    'peak RSS MB': r.peakRssMb.toFixed(0),
    target: r.target,
    met: r.met,
  }));
  console.log(`\nDocument filters (${process.platform}, node ${process.version}; engine = the test engine, timed apart)\n`);
  console.log(markdownTable(table));
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  printDocumentsTable(runDocumentsBench(process.argv.slice(2).length ? process.argv.slice(2) : undefined));
}
