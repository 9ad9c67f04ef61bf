import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GLOSS_NOTICE } from '../engines/dictionary/engine';
import { docxEntries, readZipText, writeZip } from '../../test/fixtures/documents';
import { reportPdf } from '../../test/fixtures/pdf-fixture';
import { tempDir } from '../../test/fixtures/round-trip';
import { analyzeDocument, DEFAULT_LIMITS, mergeDocument, type DocumentFormat } from './index';
import { customPropertiesWithNotice, NOTICE_PROPERTY } from './notice';

/** The "dictionary gloss" notice in produced files: a custom document property, an XLIFF comment. */
let dir: string;
beforeAll(() => {
  dir = tempDir();
});

const options = { source: 'en' as const, target: 'ar' as const, limits: DEFAULT_LIMITS, workDir: os.tmpdir() };

async function translate(file: string, format: DocumentFormat, notice?: string) {
  const analysis = await analyzeDocument(file, format, options);
  const out = path.join(dir, `out-${path.basename(file)}${format === 'pdf' ? '.docx' : ''}`);
  await mergeDocument(file, format, out, { translations: analysis.segments.map((s) => `ع ${s}`), parts: analysis.parts, notice }, options);
  return out;
}

describe('dictionary gloss notice in produced files', () => {
  it('adds a custom document property to an Office file, declared in the package', async () => {
    const file = await writeZip(path.join(dir, 'a.docx'), docxEntries('<w:p><w:r><w:t>The book is new.</w:t></w:r></w:p>'));
    const out = await translate(file, 'docx', GLOSS_NOTICE);
    const custom = await readZipText(out, 'docProps/custom.xml');
    expect(custom).toContain(`name="${NOTICE_PROPERTY}"><vt:lpwstr>${GLOSS_NOTICE}</vt:lpwstr>`);
    expect(await readZipText(out, '[Content_Types].xml')).toContain('<Override PartName="/docProps/custom.xml" ContentType="application/vnd.openxmlformats-officedocument.custom-properties+xml"/>');
    expect(await readZipText(out, '_rels/.rels')).toMatch(/Type="http:\/\/schemas\.openxmlformats\.org\/officeDocument\/2006\/relationships\/custom-properties" Target="docProps\/custom\.xml"/);
    // The text itself is translated as always.
    expect(await readZipText(out, 'word/document.xml')).toContain('ع The book is new.');

    // Without a notice (a neural engine answered) nothing is added.
    const plain = await translate(file, 'docx');
    await expect(readZipText(plain, 'docProps/custom.xml')).rejects.toThrow();
    expect(await readZipText(plain, '[Content_Types].xml')).not.toContain('custom.xml');
  });

  it('keeps the custom properties a file already has, numbering ours after them', () => {
    const existing =
      '<?xml version="1.0"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/custom-properties" xmlns:vt="http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes"><property fmtid="{D5CDD505-2E9C-101B-9397-08002B2CF9AE}" pid="7" name="Client"><vt:lpwstr>ACME &amp; Co</vt:lpwstr></property></Properties>';
    const merged = customPropertiesWithNotice(existing, 'a < b');
    expect(merged).toContain('name="Client"><vt:lpwstr>ACME &amp; Co</vt:lpwstr>');
    expect(merged).toContain(`pid="8" name="${NOTICE_PROPERTY}"><vt:lpwstr>a &lt; b</vt:lpwstr>`);
    expect(customPropertiesWithNotice(merged, 'again')).toBe(merged);
  });

  it('writes it into the DOCX made from a PDF', async () => {
    const file = path.join(dir, 'report.pdf');
    fs.writeFileSync(file, await reportPdf({ pages: 1 }));
    const out = await translate(file, 'pdf', GLOSS_NOTICE);
    expect(await readZipText(out, 'docProps/custom.xml')).toContain(GLOSS_NOTICE);
    expect(await readZipText(out, '[Content_Types].xml')).toContain('/docProps/custom.xml');
  });

  it('puts it in an XLIFF file as a comment after the XML declaration', async () => {
    const file = path.join(dir, 'a.xlf');
    fs.writeFileSync(
      file,
      '<?xml version="1.0" encoding="UTF-8"?>\n<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file original="a" source-language="en" target-language="ar" datatype="plaintext"><body><trans-unit id="1"><source>The book</source></trans-unit></body></file></xliff>\n',
    );
    const out = await translate(file, 'xliff', 'Dictionary gloss -- check it');
    const text = fs.readFileSync(out, 'utf8');
    expect(text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<!-- Dictionary gloss - check it -->\s*<xliff /);
    expect(text).toContain('ع The book');
  });
});
