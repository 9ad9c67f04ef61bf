import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pptxEntries, pptxShape, readZip, writeZip, xlsxEntries } from '../../test/fixtures/documents';
import { sampleDocx } from '../../test/fixtures/docx-fixture';
import { reportPdf } from '../../test/fixtures/pdf-fixture';
import { tempDir } from '../../test/fixtures/round-trip';
import { detectFormat } from './detect';
import { isDocumentError } from './errors';
import { analyzeDocument, mergeDocument } from './index';
import { DEFAULT_LIMITS } from './limits';

/**
 * A small fuzz run: fixtures of every format are mutated (bytes flipped, cut, spliced, XML
 * inside packages damaged) and each mutant must end in a translation or a DocumentError,
 * quickly; never another exception, never a hang. Deterministic (seeded), a few seconds.
 */
let dir: string;
const seeds: Record<string, Buffer> = {};

function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

function mutateBytes(data: Buffer, next: () => number): Buffer {
  const out = Buffer.from(data);
  const kind = Math.floor(next() * 4);
  if (kind === 0) for (let i = 0; i < 1 + Math.floor(next() * 8); i++) out[Math.floor(next() * out.length)] = Math.floor(next() * 256);
  if (kind === 1) return out.subarray(0, Math.floor(next() * out.length));
  if (kind === 2) {
    const start = Math.floor(next() * out.length);
    const length = Math.floor(next() * 512);
    return Buffer.concat([out.subarray(0, start), out.subarray(start, start + length), out.subarray(start)]);
  }
  if (kind === 3) out.fill(0, Math.floor(next() * out.length), Math.floor(next() * out.length));
  return out;
}

const XML_MUTATIONS = [
  (xml: string, at: number) => xml.slice(0, at) + xml.slice(at + 7),
  (xml: string, at: number) => xml.slice(0, at) + '<' + xml.slice(at),
  (xml: string, at: number) => xml.slice(0, at) + '</w:p>' + xml.slice(at),
  (xml: string, at: number) => xml.slice(0, at) + '&amp;&#0;&bogus;' + xml.slice(at),
  (xml: string, at: number) => xml.slice(0, at) + '<x1></x2><w:r><w:t>' + xml.slice(at),
  (xml: string, at: number) => xml.slice(0, at) + '"' + xml.slice(at),
  (xml: string) => xml.replace(/<w:t[ >]/, '<w:t><w:t>'),
  (xml: string) => xml.replace(/<\/w:r>/g, ''),
  (xml: string) => xml.replace(/fldCharType="end"/g, 'fldCharType="begin"'),
  (xml: string, at: number) => xml.slice(0, at),
];

async function outcome(file: string): Promise<'ok' | string> {
  try {
    const format = await detectFormat(file, DEFAULT_LIMITS);
    const options = { source: 'en' as const, target: 'ar' as const, limits: DEFAULT_LIMITS, workDir: dir };
    const analysis = await analyzeDocument(file, format, options);
    await mergeDocument(file, format, `${file}.out`, { translations: analysis.segments.map((s) => `${s} ترجمة`), parts: analysis.parts }, options);
    return 'ok';
  } catch (error) {
    if (isDocumentError(error)) return (error as { code: string }).code;
    throw error;
  }
}

beforeAll(async () => {
  dir = tempDir('lisan-fuzz-');
  seeds.docx = await sampleDocx();
  seeds.xlsx = fs.readFileSync(
    await writeZip(path.join(dir, 'seed.xlsx'), xlsxEntries([{ name: 'Sheet One', rows: '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><f>\'Sheet One\'!A1</f><v>1</v></c></row>' }], { sharedStrings: '<si><r><t>Rich </t></r><r><rPr><b/></rPr><t>text</t></r></si>' })),
  );
  seeds.pptx = fs.readFileSync(await writeZip(path.join(dir, 'seed.pptx'), pptxEntries([pptxShape(2, '<a:p><a:r><a:t>Hello </a:t></a:r><a:r><a:rPr b="1"/><a:t>world</a:t></a:r></a:p>')])));
  seeds.xliff = Buffer.from('<?xml version="1.0"?><xliff version="1.2"><file source-language="en" datatype="plaintext" original="x"><body><trans-unit id="1"><source>Click <g id="1">here</g> now<x id="2"/>.</source></trans-unit></body></file></xliff>');
  seeds.pdf = Buffer.from(await reportPdf({ pages: 1 }));
});

describe('fuzzing the filters with mutated fixtures', () => {
  it('every byte-level mutant ends in a translation or a clear document error', async () => {
    const next = random(20240601);
    const seen = new Map<string, number>();
    for (const [format, data] of Object.entries(seeds)) {
      for (let i = 0; i < 25; i++) {
        const file = path.join(dir, `bytes-${format}-${i}`);
        fs.writeFileSync(file, mutateBytes(data, next));
        const started = Date.now();
        const result = await outcome(file);
        expect(Date.now() - started, `${file}: ${result}`).toBeLessThan(5000);
        seen.set(result, (seen.get(result) ?? 0) + 1);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('every package whose XML was damaged ends in a translation or a clear document error', async () => {
    const next = random(7);
    for (const format of ['docx', 'xlsx', 'pptx'] as const) {
      const source = path.join(dir, `xml-seed.${format}`);
      fs.writeFileSync(source, seeds[format]!);
      const entries = await readZip(source);
      const xmlParts = [...entries.keys()].filter((name) => name.endsWith('.xml') && !name.startsWith('['));
      for (let i = 0; i < 30; i++) {
        const part = xmlParts[Math.floor(next() * xmlParts.length)]!;
        const xml = entries.get(part)!.toString('utf8');
        const mutate = XML_MUTATIONS[Math.floor(next() * XML_MUTATIONS.length)]!;
        const mutated = new Map(entries);
        mutated.set(part, Buffer.from(mutate(xml, Math.floor(next() * xml.length))));
        const file = await writeZip(path.join(dir, `xml-${format}-${i}.${format}`), Object.fromEntries(mutated));
        const result = await outcome(file);
        expect(['ok', 'broken_file', 'unsupported_format', 'too_complex', 'unsafe_xml', 'no_text']).toContain(result);
      }
    }
  });
});
