import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleDocx } from '../../server/test/fixtures/docx-fixture';
import { docxEntries, pptxEntries, pptxShape, readZip, writeZip, xlsxEntries } from '../../server/test/fixtures/documents';
import { reportPdf, scannedPdf } from '../../server/test/fixtures/pdf-fixture';
import { closeBrowserConnection, newConsentedPage, screenshot, signUpVerified } from './helpers';

/**
 * A demanding new user's walk through document translation, twice: in Arabic on a phone and in
 * English on a desktop, first as a guest (awkward files), then as a trial user (every format,
 * each download opened and read). It keeps what the walk found and fixed: a damaged file says
 * what to do, a file with only numbers is refused when chosen (titled as the visitor's to
 * change, not "Something went wrong"), and a PDF says it comes back as a Word document.
 */

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await closeBrowserConnection();
});

const SIZES = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;

async function open(locale: 'en' | 'ar', size: keyof typeof SIZES): Promise<Page> {
  const page = await newConsentedPage(locale, contexts);
  await page.setViewportSize(SIZES[size]);
  await page.goto('/translate/documents');
  await page.getByTestId('drop-zone').waitFor();
  return page;
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: page wider than the screen`).toBeLessThanOrEqual(page.viewportSize()!.width);
  await screenshot(page, name);
}

async function zipped(entries: Record<string, string | Buffer>) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-walk-'));
  return fs.readFile(await writeZip(path.join(dir, 'file.zip'), entries));
}

const WORDS = {
  en: { refusedTitle: 'Please choose another file', another: 'Translate another document', pdf: 'The translation of this PDF comes as a Word document (DOCX).' },
  ar: { refusedTitle: 'يُرجى اختيار ملف آخر', another: 'ترجمة مستند آخر', pdf: 'ستصلك ترجمة ملف PDF هذا في مستند Word ‏(DOCX).' },
};
const DAMAGED = {
  en: 'There is an issue with the uploaded file: it is damaged or incomplete. Open it in the program that made it, save a new copy and upload that.',
  ar: 'توجد مشكلة في الملف المرفوع: فهو تالف أو غير مكتمل. افتحه في البرنامج الذي أنشأه واحفظ نسخة جديدة منه ثم ارفعها.',
};
const NO_TEXT = { en: 'There is an issue with the uploaded file: we found no text to translate in it.', ar: 'توجد مشكلة في الملف المرفوع: لم نجد فيه نصًا لترجمته.' };

/** Chooses a file that must be refused: returns the dialog's title and text once it is closed, the file not kept. */
async function refused(page: Page, name: string, buffer: Buffer, shotName: string) {
  await page.getByTestId('document-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  const dialog = page.locator('dialog[open]');
  await dialog.waitFor({ timeout: 30_000 });
  const said = { title: await dialog.locator('.dialog__title').innerText(), text: await dialog.innerText() };
  await shot(page, shotName);
  await dialog.getByRole('button').first().click();
  await dialog.waitFor({ state: 'detached' });
  expect(await page.getByTestId('file-card').count(), `${name} is kept after its refusal`).toBe(0);
  return said;
}

/** Chooses a file, translates it, waits for the result, downloads it and reads the downloaded package back. */
async function translate(page: Page, locale: 'en' | 'ar', name: string, buffer: Buffer, shotName: string) {
  await page.getByTestId('document-input').setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
  await page.getByTestId('word-count').waitFor();
  const card = await page.getByTestId('file-card').innerText();
  await shot(page, `${shotName}-counted`);
  await page.getByTestId('translate-document').click();
  const progress = page.getByTestId('document-progress');
  await expect.poll(() => progress.getAttribute('data-state'), { timeout: 90_000 }).toMatch(/^(done|failed)$/);
  expect(await progress.getAttribute('data-state'), await progress.innerText()).toBe('done');
  const done = await progress.innerText();
  await shot(page, `${shotName}-done`);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-document').click()]);
  const saved = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-walk-download-')), download.suggestedFilename());
  await download.saveAs(saved);
  await progress.getByRole('button', { name: WORDS[locale].another }).click();
  await page.getByTestId('drop-zone').waitFor();
  return { card, done, fileName: download.suggestedFilename(), saved };
}

const text = (xml: string) => xml.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim();
const ARABIC = /[\u0600-\u06FF]/;

async function formats() {
  return {
    xlsx: await zipped(
      xlsxEntries([{ name: 'Budget', rows: '<row r="1"><c r="A1" t="s" s="1"><v>0</v></c><c r="B1" t="s" s="1"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><v>1200</v></c></row>' }], { sharedStrings: ['Region', 'Sales', 'North Africa'] }),
    ),
    pptx: await zipped(
      pptxEntries([
        pptxShape(2, '<a:p><a:r><a:rPr lang="en-US" b="1"/><a:t>Quarterly results</a:t></a:r></a:p>', { placeholder: 'title' }) +
          pptxShape(3, '<a:p><a:r><a:rPr lang="en-US"/><a:t>Revenue grew by ten percent this year.</a:t></a:r></a:p>'),
      ]),
    ),
    xliff: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2"><file source-language="en" datatype="plaintext" original="app.json"><body><trans-unit id="save"><source>Save your changes</source></trans-unit><trans-unit id="open"><source>Open the file</source></trans-unit></body></file></xliff>',
    ),
    pdf: Buffer.from(await reportPdf({ pages: 1 })),
  };
}

describe.each([
  ['ar', 'phone'],
  ['en', 'desktop'],
] as const)('documents walk (%s, %s)', (locale, size) => {
  const tag = `documents-walk-${locale}-${size}`;

  it('a guest is told, for each awkward file, what is wrong with it and what to do, titled as theirs to change', async () => {
    const page = await open(locale, size);
    expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
    await shot(page, `${tag}-guest-empty`);

    // A cut-off DOCX (a broken zip): damaged, and what to do about it (was the bare "There is an issue with the uploaded file").
    const damaged = await refused(page, 'cut.docx', (await sampleDocx()).subarray(0, 3000), `${tag}-guest-damaged`);
    expect(damaged).toEqual({ title: WORDS[locale].refusedTitle, text: expect.stringContaining(DAMAGED[locale]) });

    // Only numbers: refused when chosen (was counted as 4 words, then refused on Translate under "Something went wrong").
    const numbers = await zipped(docxEntries('<w:p><w:r><w:t>1200 3400 5600</w:t></w:r></w:p><w:p><w:r><w:t>2024</w:t></w:r></w:p>'));
    expect(await refused(page, 'numbers.docx', numbers, `${tag}-guest-numbers`)).toEqual({ title: WORDS[locale].refusedTitle, text: expect.stringContaining(NO_TEXT[locale]) });
    expect(await page.getByTestId('translate-document').isDisabled()).toBe(true);

    // The other awkward files, as they were already worded: empty, not a document, password-protected, over the guest's size.
    const locked = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1016), Buffer.from('EncryptionInfo', 'utf16le'), Buffer.from('EncryptedPackage', 'utf16le'), Buffer.alloc(512)]);
    for (const [name, buffer, words] of [
      ['empty.docx', Buffer.alloc(0), { en: 'it is empty', ar: 'الملف فارغ' }],
      ['notes.docx', Buffer.from('plain text, not a document'), { en: 'Unsupported file format', ar: 'صيغة ملف غير مدعومة' }],
      ['locked.docx', locked, { en: 'Remove the password and upload it again.', ar: 'أزل كلمة المرور ثم ارفعه مرة أخرى.' }],
      ['huge.docx', Buffer.alloc(2 * 1024 * 1024 + 1), { en: 'The largest document you can upload is 2 MB.', ar: 'أقصى حجم للمستند يمكنك رفعه هو 2 ميغابايت.' }],
    ] as const) {
      const said = await refused(page, name, buffer, `${tag}-guest-${name.replace('.docx', '')}`);
      expect(said.title, name).toBe(WORDS[locale].refusedTitle);
      expect(said.text, name).toContain(words[locale]);
    }
    // A format for accounts says how to get it.
    const pdf = await refused(page, 'report.pdf', Buffer.from(await reportPdf({ pages: 1 })), `${tag}-guest-pdf`);
    expect(pdf.text).toContain(locale === 'ar' ? 'أنشئ حسابًا مجانيًا لترجمة ملفات PDF أيضًا.' : 'Create a free account to translate PDF files too.');

    // A document already in the target language: "Detect language" turns the target round.
    await page.getByTestId('document-input').setInputFiles({ name: 'arabic.docx', mimeType: 'application/octet-stream', buffer: await zipped(docxEntries('<w:p><w:r><w:t>التقرير السنوي للشركة يعرض النتائج المالية لهذا العام.</w:t></w:r></w:p>')) });
    await page.getByTestId('word-count').waitFor();
    expect(await page.getByTestId('target-language').inputValue()).toBe('en');
    await shot(page, `${tag}-guest-arabic-counted`);
  }, 120_000);

  it('a trial user translates every format; each download holds the translation where the text was, its formatting kept', async () => {
    const page = await open(locale, size);
    await signUpVerified(page, { name: locale === 'ar' ? 'مها' : 'Maha', email: `${tag}-${Date.now()}@e2e.test`, password: 'walk-password-1' });
    await page.goto('/translate/documents');
    await page.getByTestId('drop-zone').waitFor();
    const files = await formats();
    const footnote = page.locator('.documents__footnote');
    const used = (count: number) => (locale === 'ar' ? `المستخدَم هذا الشهر: ${count}.` : `Used this month: ${count}.`);
    // The month's documents so far are said before a file is chosen (the plan's number alone left the user guessing).
    await expect.poll(() => footnote.innerText()).toContain(used(0));
    expect(await page.getByTestId('documents-used-up').count()).toBe(0);

    // A scanned PDF is refused when chosen, with what to do.
    const scan = await refused(page, 'scan.pdf', Buffer.from(await scannedPdf()), `${tag}-user-scanned`);
    expect(scan.title).toBe(WORDS[locale].refusedTitle);
    expect(scan.text).toContain(locale === 'ar' ? 'يُرجى رفع ملف PDF يحتوي على نص قابل للتحديد.' : 'Please upload a PDF with selectable text.');

    // PDF in, DOCX out: said on the file's card and on the result, and the download is a DOCX with the text translated.
    const pdf = await translate(page, locale, 'report.pdf', files.pdf, `${tag}-user-pdf`);
    expect(pdf.card).toContain(WORDS[locale].pdf);
    expect(pdf.done).toContain(WORDS[locale].pdf);
    expect(pdf.fileName).toBe('report (ar).docx');
    await expect.poll(() => footnote.innerText()).toContain(used(1));
    const pdfBody = text((await readZip(pdf.saved)).get('word/document.xml')!.toString('utf8'));
    expect(pdfBody).toMatch(ARABIC);
    expect(pdfBody).toContain('1200'); // the table's figures stay

    // A DOCX: the table, heading and the bold run survive; the text is Arabic.
    const docx = await translate(page, locale, 'report.docx', await sampleDocx(), `${tag}-user-docx`);
    expect(docx.card).not.toContain(WORDS[locale].pdf);
    const documentXml = (await readZip(docx.saved)).get('word/document.xml')!.toString('utf8');
    expect(text(documentXml)).toMatch(ARABIC);
    expect(documentXml).toContain('<w:tbl>');
    expect(documentXml).toContain('<w:b/>');
    expect(text(documentXml)).toContain('1200');

    // An XLSX: the strings translated, the number cell and the bold header style untouched.
    const xlsx = await translate(page, locale, 'budget.xlsx', files.xlsx, `${tag}-user-xlsx`);
    const workbook = await readZip(xlsx.saved);
    expect(text(workbook.get('xl/sharedStrings.xml')!.toString('utf8'))).toMatch(ARABIC);
    const sheet = workbook.get('xl/worksheets/sheet1.xml')!.toString('utf8');
    expect(sheet).toMatch(/<c r="B2"[^>]*><v>1200<\/v><\/c>/);
    expect(sheet).toMatch(/<c r="A1"[^>]* s="1"/);

    // A PPTX: the title keeps its bold, both shapes are translated.
    const pptx = await translate(page, locale, 'slides.pptx', files.pptx, `${tag}-user-pptx`);
    const slide = (await readZip(pptx.saved)).get('ppt/slides/slide1.xml')!.toString('utf8');
    expect(slide).toMatch(/b="1"/);
    expect(slide.match(/<a:t[^>]*>[^<]*[\u0600-\u06FF][^<]*<\/a:t>/g)?.length).toBeGreaterThanOrEqual(2);

    // An XLIFF: each unit gets a target in Arabic, the sources kept.
    const xliff = await translate(page, locale, 'app.xlf', files.xliff, `${tag}-user-xliff`);
    const xliffText = await fs.readFile(xliff.saved, 'utf8');
    expect(xliffText).toContain('<source>Save your changes</source>');
    expect(xliffText.match(/<target[^>]*>[^<]*[\u0600-\u06FF][^<]*<\/target>/g)?.length).toBe(2);

    // The month's five documents used: said before the next file is chosen, with the way to more (the plans).
    const usedUp = page.getByTestId('documents-used-up');
    await usedUp.waitFor();
    expect(await usedUp.innerText()).toBe(
      locale === 'ar'
        ? 'استخدمت كل مستندات هذا الشهر، وسيتجدد رصيدك في بداية الشهر القادم. اطّلع على الباقات للحصول على مستندات أكثر'
        : 'You have used all of this month’s documents; your allowance renews at the start of next month. See the plans for more documents',
    );
    expect(await usedUp.getByRole('link').getAttribute('href')).toBe('/pricing');
    expect(await footnote.innerText()).toContain(used(5));
    await shot(page, `${tag}-user-used-up`);
    // A sixth is still refused as a limit by the server, with the way on.
    await page.getByTestId('document-input').setInputFiles({ name: 'sixth.docx', mimeType: 'application/octet-stream', buffer: await sampleDocx() });
    await page.getByTestId('word-count').waitFor();
    await page.getByTestId('translate-document').click();
    const limit = page.locator('dialog[open]');
    await limit.waitFor();
    expect(await limit.locator('.dialog__title').innerText()).toBe(locale === 'ar' ? 'تم تجاوز الحد' : 'Limit Exceeded');
    expect(await limit.innerText()).toContain(locale === 'ar' ? 'اطّلع على الباقات للحصول على مستندات أكثر شهريًا' : 'See the plans for more documents a month');
    await shot(page, `${tag}-user-quota`);
    // The dialog's way on, beside "Ok" (which has the focus, so Enter only closes): the plans, where following it leads.
    expect(await limit.evaluate((dialog) => dialog.querySelector('.dialog__actions button') === document.activeElement)).toBe(true);
    const plans = limit.getByTestId('limit-plans');
    expect(await plans.innerText()).toBe(locale === 'ar' ? 'عرض الباقات' : 'See the plans');
    await plans.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pricing');
    expect(await page.locator('dialog[open]').count()).toBe(0);

    // The history lists the five, and downloads the PDF's translation again, as a DOCX.
    await page.goto('/user/translation-history?type=document');
    const entry = page.locator('[data-testid="history-entry"][data-type="document"]', { hasText: 'report.pdf' });
    await entry.waitFor();
    expect(await page.locator('[data-testid="history-entry"][data-type="document"]').count()).toBe(5);
    await shot(page, `${tag}-user-history`);
    const [again] = await Promise.all([page.waitForEvent('download'), entry.getByTestId('history-download').click()]);
    expect(again.suggestedFilename()).toBe('report (ar).docx');
  }, 300_000);
});
