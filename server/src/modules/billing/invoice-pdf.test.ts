import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { bidiRuns, QR_WIDTH, renderInvoicePdf, sellerLines, sellerNames, visualOrder } from './invoice-pdf';
import { paidCard, sellerParty } from './invoices.fns';
import { zatcaQrText } from './zatca';
import type { InvoiceRow } from '../../db/tables/billing';

const invoice = {
  id: 7,
  number: 'INV-000042',
  user_id: 1,
  subscription_id: 1,
  plan_id: 4,
  kind: 'subscription',
  frequency: 'monthly',
  seats: 2,
  period_start: new Date('2026-11-21T00:00:00Z'),
  period_end: new Date('2026-12-21T00:00:00Z'),
  currency: 'USD',
  amount: '118.00',
  lines: [{ description_en: 'Pro plan, monthly, 2 seat(s)', description_ar: 'باقة الاحترافية، اشتراك شهري، عدد المستخدمين: 2', quantity: 2, unit_amount: '59.00', amount: '118.00' }],
  customer: { name: 'ليلى أحمد', email: 'layla@example.com', company: 'شركة المثال', address: '1 Example Street, Riyadh', tax_id: '300123456700003', logo_path: null },
  seller: { name: 'Lisan', address: 'Riyadh' },
  locale: 'ar',
  status: 'paid',
  issued_at: new Date('2026-11-21T00:00:00Z'),
  due_at: new Date('2026-11-21T00:00:00Z'),
  paid_at: new Date('2026-11-21T00:00:00Z'),
  overdue_since: null,
  voided_at: null,
  attempts: 1,
  last_error: null,
  gateway: 'sandbox',
  payment_ref: 'sbx_pay_1',
  created_at: new Date('2026-11-21T00:00:00Z'),
} as unknown as InvoiceRow;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../../../.test-results/screenshots');

/** Keeps a PNG of the first page beside the browser tests' screenshots, for review. */
async function keepFirstPage(file: string, name: string) {
  await fs.mkdir(SCREENSHOT_DIR, { recursive: true });
  execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, path.join(SCREENSHOT_DIR, name)]);
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

const pdfText = async (pdf: Buffer) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lisan-pdf-'));
  const file = path.join(dir, 'invoice.pdf');
  await fs.writeFile(file, pdf);
  try {
    return { text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }), fonts: execFileSync('pdffonts', [file], { encoding: 'utf8' }), dir, file };
  } catch (error) {
    await fs.rm(dir, { recursive: true, force: true });
    throw error;
  }
};

/**
 * The first page in grey at 4 pixels a point, and the box of its pure black pixels: the QR code's
 * modules, the only thing drawn in #000 (text is #18181b or lighter, and antialiasing only lightens).
 */
function blackBox(pdf: string) {
  const pgm = execFileSync('pdftoppm', ['-gray', '-r', '288', '-f', '1', '-l', '1', pdf], { maxBuffer: 64 * 1024 * 1024 });
  // P5 header: "P5\n<width> <height>\n255\n".
  const header = pgm.subarray(0, 20).toString('latin1').match(/^P5\s+(\d+)\s+(\d+)\s+255\s/)!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = pgm.subarray(header[0].length);
  const dark = (x: number, y: number) => pixels[y * width + x]! < 12;
  let [left, top, right, bottom] = [width, height, -1, -1];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (dark(x, y)) [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  return { width, found: right >= 0, left, top, right, bottom, dark, pixel: (x: number, y: number) => pixels[y * width + x]! };
}

/** The QR code on the page read back module by module (the centre of each), as 0/1 rows of `size`. */
function readQr(box: ReturnType<typeof blackBox>, size: number): number[] {
  const module = (box.right - box.left + 1) / size;
  const bits: number[] = [];
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++) bits.push(box.dark(Math.round(box.left + (column + 0.5) * module), Math.round(box.top + (row + 0.5) * module)) ? 1 : 0);
  return bits;
}

/** How many pixels of the ring `width` pixels wide around the box are not white (past the modules' antialiased edge, 2 pixels). */
function quietZoneInk(box: ReturnType<typeof blackBox>, width: number): number {
  let ink = 0;
  const [left, top, right, bottom] = [box.left - width, box.top - width, box.right + width, box.bottom + width].map(Math.round) as [number, number, number, number];
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      const inside = x >= box.left - 2 && x <= box.right + 2 && y >= box.top - 2 && y <= box.bottom + 2;
      if (!inside && box.pixel(x, y) < 250) ink++;
    }
  return ink;
}

describe('bidi layout', () => {
  it('orders an Arabic line with a Latin amount from right to left, keeping the number left-to-right', () => {
    const runs = visualOrder(bidiRuns('الإجمالي 118.00', 'rtl'));
    expect(runs.map((r) => r.text.trim())).toEqual(['118.00', 'الإجمالي']);
    // As in browsers: a Latin word after a number in an Arabic line ends up left of it.
    expect(visualOrder(bidiRuns('المبلغ 118.00 USD', 'rtl')).map((r) => r.text.trim()).filter(Boolean)).toEqual(['USD', '118.00', 'المبلغ']);
    expect(runs[1]!.level % 2).toBe(1);
  });

  it('keeps a Latin line left-to-right when its direction comes from its first strong character', () => {
    expect(visualOrder(bidiRuns('1 Example Street, Riyadh')).map((r) => r.text)).toEqual(['1 Example Street, Riyadh']);
  });
});

describe('invoice PDF', () => {
  it('renders an Arabic invoice with embedded Arabic fonts and extractable, correctly ordered text', async () => {
    const pdf = await renderInvoicePdf(invoice, {});
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, fonts, dir, file } = await pdfText(pdf);
    try {
      // Its first page is kept as an image for review.
      const png = await keepFirstPage(file, 'invoice-pdf-ar-1');
      expect((await fs.stat(png)).size).toBeGreaterThan(1000);
      expect(fonts).toMatch(/IBMPlexSansArabic-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
      expect(text).toContain('فاتورة');
      expect(text).toContain('ليلى أحمد');
      expect(text).toContain('INV-000042');
      expect(text).toContain('$118.00');
      expect(text).toContain('1 Example Street, Riyadh');
      // The label (start, right) and its value sit on one line, label to the right.
      const line = text.split('\n').find((l) => l.includes('رقم الفاتورة'))!;
      expect(line.indexOf('INV-000042')).toBeLessThan(line.indexOf('رقم الفاتورة'));
      // pdftotext marks embeddings (U+202A-U+202E), spaces Arabic runs by their boxes and
      // mirrors brackets of right-to-left runs a second time, so phrases are compared without
      // those marks, spaces and brackets (the PNG shows them drawn right).
      const flat = (value: string) => value.replace(/[\u202A-\u202E()]/g, '').replace(/\s+/g, '');
      // Arabic labels (ligatures extract as the right letters), the product's Arabic name,
      // and dates written with Intl for "ar" in Western digits.
      expect(text).toContain('لسان');
      expect(text).not.toContain('Lisan');
      expect(flat(text)).toContain(flat('فاتورة إلى'));
      expect(flat(text)).toContain(flat('تاريخ الإصدار'));
      expect(flat(text)).toContain(flat('تاريخ الاستحقاق'));
      expect(flat(text)).toContain(flat('الإجمالي (دولار أمريكي)'));
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      // The service period reads "من …" then "إلى …" and sits on the label's line, left of the label.
      const lines = text.split('\n');
      const periodAt = lines.findIndex((l) => l.includes('فترة الخدمة'));
      expect(flat(lines[periodAt]!)).toContain(flat('من 21 نوفمبر 2026'));
      expect(lines[periodAt]!.indexOf('2026')).toBeLessThan(lines[periodAt]!.indexOf('فترة الخدمة'));
      expect(flat(lines[periodAt + 1]!)).toContain(flat('إلى 21 ديسمبر 2026'));
      // The layout runs right to left: the total's label is right of its amount.
      const total = text.split('\n').find((l) => l.includes('$118.00') && flat(l).includes('الإجمالي'))!;
      expect(total.indexOf('$118.00')).toBeLessThan(total.indexOf(total.match(/[\u0600-\u06FF]/)![0]));
      // pdftotext writes the colon after the number ("عددالمستخدمين2:"), as on the VAT line; the PNG reads "عدد المستخدمين: 2".
      expect(flat(text)).toContain(flat('عدد المستخدمين2:'));

    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('renders the English invoice left to right', async () => {
    const pdf = await renderInvoicePdf(invoice, { locale: 'en' });
    const { text, dir, file } = await pdfText(pdf);
    await keepFirstPage(file, 'invoice-pdf-en-1');
    await fs.rm(dir, { recursive: true, force: true });
    const lines = text.split('\n');
    const periodAt = lines.findIndex((l) => l.includes('Service period'));
    expect(lines[periodAt]).toContain('21 November 2026 –');
    expect(lines[periodAt + 1]).toContain('21 December 2026');
    const line = text.split('\n').find((l) => l.includes('Invoice number'))!;
    expect(line.indexOf('Invoice number')).toBeLessThan(line.indexOf('INV-000042'));
    expect(text).toContain('Pro plan, monthly, 2 seat(s)');
    expect(text).toContain('Total (USD)');
  });

  it('shows the company logo kept with the invoice, and ignores a file that is not an image', async () => {
    // A 1x1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    const files: Record<string, Buffer> = { 'users/1/invoice-logos/logo.png': png, 'users/1/invoice-logos/fake.png': Buffer.from('<svg/>') };
    const readFile = async (key: string) => files[key] ?? null;
    const withLogo = await renderInvoicePdf({ ...invoice, customer: { ...invoice.customer, logo_path: 'users/1/invoice-logos/logo.png' } }, { readFile });
    const without = await renderInvoicePdf(invoice, { readFile });
    const fake = await renderInvoicePdf({ ...invoice, customer: { ...invoice.customer, logo_path: 'users/1/invoice-logos/fake.png' } }, { readFile });
    expect(withLogo.includes(Buffer.from('/Subtype /Image'))).toBe(true);
    expect(without.includes(Buffer.from('/Subtype /Image'))).toBe(false);
    expect(fake.includes(Buffer.from('/Subtype /Image'))).toBe(false);
  });
  it('prints the seller’s address lines and VAT number, and the card it was paid with, in both languages', async () => {
    const sold = {
      ...invoice,
      seller: { name: 'Lisan Translation Co.', address: '12 King Fahd Road\nRiyadh 12345\nSaudi Arabia', tax_id: '310123456700003' },
      paid_card_brand: 'visa',
      paid_card_last4: '4242',
    } as InvoiceRow;
    // As above, and without the short vowels (pdftotext puts the damma of «دُفعت» before its letter).
    const flat = (value: string) => value.replace(/[\u202A-\u202E()]|\p{Mn}/gu, '').replace(/\s+/g, '');
    for (const [locale, vat, paidBy, label] of [
      ['en', 'VAT number:', 'Paid by VISA •••• 4242', 'Payment'],
      ['ar', 'الرقم الضريبي:', 'دُفعت ببطاقة VISA •••• 4242', 'طريقة الدفع'],
    ] as const) {
      const { text, dir, file } = await pdfText(await renderInvoicePdf(sold, { locale }));
      await keepFirstPage(file, `invoice-pdf-seller-${locale}-1`);
      await fs.rm(dir, { recursive: true, force: true });
      for (const line of ['12 King Fahd Road', 'Riyadh 12345', 'Saudi Arabia', '310123456700003', 'VISA •••• 4242']) expect(text, `${locale}: ${line}`).toContain(line);
      // The VAT number on its label's line (pdftotext moves an Arabic line's colon beside the number; the PNG shows it right).
      expect(flat(text.split('\n').find((l) => l.includes('310123456700003'))!)).toContain(flat(vat).replace(':', ''));
      expect(flat(text)).toContain(flat(paidBy));
      // On the payment label's line, as the other facts of the invoice.
      const payment = text.split('\n').find((l) => flat(l).includes(flat(label)))!;
      expect(payment).toContain('VISA •••• 4242');
    }
  });

  it('says how it was paid only for a paid invoice of something, whose card is known', async () => {
    const paid = { status: 'paid', amount: '9.00', paid_card_brand: 'visa', paid_card_last4: '4242' } as const;
    expect(paidCard(paid)).toEqual({ brand: 'visa', last4: '4242' });
    expect(paidCard({ ...paid, status: 'overdue' })).toBeNull();
    expect(paidCard({ ...paid, amount: '0.00' })).toBeNull();
    expect(paidCard({ ...paid, paid_card_brand: null, paid_card_last4: null })).toBeNull();
    // An invoice of before (no card kept) has no payment line and the old header.
    const { text, dir } = await pdfText(await renderInvoicePdf(invoice, { locale: 'en' }));
    await fs.rm(dir, { recursive: true, force: true });
    expect(text).not.toContain('Paid by');
    expect(text).not.toContain('VAT number');
  });

  it('lists the seller’s address line by line, then the VAT number when set', () => {
    const L = (key: string, params?: Record<string, string>) => `${key} ${params?.number ?? ''}`.trim();
    expect(sellerLines({ name: 'Lisan', address: ' 1 Road \r\n\n Riyadh ', tax_id: '3001' }, L)).toEqual(['1 Road', 'Riyadh', 'billing.pdf.vat_number 3001']);
    expect(sellerLines({ name: 'Lisan' }, L)).toEqual([]);
  });
});

describe("ZATCA's QR code and the seller's Arabic name", () => {
  const sold = {
    ...invoice,
    gateway: 'stripe',
    issued_at: new Date('2026-11-21T09:30:00Z'),
    seller: { name: 'Lisan Translation Co.', name_ar: 'شركة لسان للترجمة', address: 'Riyadh', tax_id: '310123456700003' },
  } as InvoiceRow;

  it('draws the QR of the seller, VAT number, time, total and VAT at the reading start under the lines, in both languages', async () => {
    const expected = zatcaQrText({ sellerName: 'شركة لسان للترجمة', vatNumber: '310123456700003', timestamp: '2026-11-21T09:30:00Z', total: '118.00', vatTotal: '0.00' });
    const { modules } = QRCode.create(expected, { errorCorrectionLevel: 'M' });
    for (const locale of ['en', 'ar'] as const) {
      const pdf = await renderInvoicePdf(sold, { locale });
      // Vector squares, not an image.
      expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(false);
      const { text, dir, file } = await pdfText(pdf);
      try {
        await keepFirstPage(file, `invoice-pdf-zatca-${locale}-1`);
        const box = blackBox(file);
        expect(box.found, locale).toBe(true);
        // Square, QR_WIDTH points (4 pixels a point), inside the margins at the reading start.
        expect(Math.abs(box.right - box.left + 1 - QR_WIDTH * 4), locale).toBeLessThanOrEqual(2);
        expect(Math.abs(box.bottom - box.top - (box.right - box.left)), locale).toBeLessThanOrEqual(2);
        if (locale === 'en') expect(Math.abs(box.left - 50 * 4)).toBeLessThanOrEqual(2);
        else expect(Math.abs(box.right + 1 - (box.width - 50 * 4))).toBeLessThanOrEqual(2);
        // Read back module by module, it is the symbol of the expected TLV.
        expect(readQr(box, modules.size), locale).toEqual([...modules.data]);
        // Nothing else drawn within its quiet zone (four modules of white around it), and it starts below the
        // lines table (its one row's rule is at 312 points with this seller block), beside the total.
        expect(quietZoneInk(box, (4 * (box.right - box.left + 1)) / modules.size), locale).toBe(0);
        expect(box.top / 4, locale).toBeGreaterThan(312);
        expect(text.split('\n').find((l) => l.includes('$118.00') && !l.includes('$59.00')), locale).toMatch(/Total|الإجمالي/);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('draws no QR when the seller has no VAT number', async () => {
    for (const seller of [{ name: 'Lisan', address: 'Riyadh' }, { name: 'Lisan', name_ar: 'لسان', tax_id: '' }]) {
      const { dir, file } = await pdfText(await renderInvoicePdf({ ...sold, seller } as InvoiceRow, { locale: 'en' }));
      try {
        expect(blackBox(file).found).toBe(false);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('heads the Arabic invoice with the Arabic name, the Latin one under it, and the English one the other way round', async () => {
    const flat = (value: string) => value.replace(/[\u202A-\u202E]/g, '').replace(/\s+/g, '');
    for (const [locale, first, second] of [
      ['ar', 'شركة لسان للترجمة', 'Lisan Translation Co.'],
      ['en', 'Lisan Translation Co.', 'شركة لسان للترجمة'],
    ] as const) {
      const { text, dir } = await pdfText(await renderInvoicePdf(sold, { locale }));
      await fs.rm(dir, { recursive: true, force: true });
      const lines = text.split('\n').map(flat);
      const firstAt = lines.findIndex((l) => l.includes(flat(first)));
      expect(firstAt, locale).toBeGreaterThanOrEqual(0);
      expect(lines.findIndex((l) => l.includes(flat(second))), locale).toBeGreaterThan(firstAt);
    }
  });

  it("keeps each seller detail from the settings, else from the environment (INVOICE_SELLER_NAME_AR for the Arabic name)", () => {
    const env = { name: 'Lisan', nameAr: 'لسان', address: 'Riyadh' };
    expect(sellerParty({ name: ' Co. ', nameAr: ' شركة ', vatNumber: '3001' }, env)).toEqual({ name: 'Co.', name_ar: 'شركة', address: 'Riyadh', tax_id: '3001' });
    expect(sellerParty({ name: '', nameAr: '', address: '', vatNumber: '' }, env)).toEqual({ name: 'Lisan', name_ar: 'لسان', address: 'Riyadh' });
    // No Arabic name anywhere: none kept.
    expect(sellerParty({ nameAr: ' ' }, { ...env, nameAr: '' })).toEqual({ name: 'Lisan', address: 'Riyadh' });
  });

  it('names the seller in the reader’s language', () => {
    expect(sellerNames({ name: 'Lisan Translation Co.', name_ar: 'شركة لسان' }, 'ar')).toEqual({ heading: 'شركة لسان', other: 'Lisan Translation Co.' });
    expect(sellerNames({ name: 'Lisan Translation Co.', name_ar: 'شركة لسان' }, 'en')).toEqual({ heading: 'Lisan Translation Co.', other: 'شركة لسان' });
    // Without an Arabic name: the product's own name in the reader's script, another name as it is.
    expect(sellerNames({ name: 'Lisan' }, 'ar')).toEqual({ heading: 'لسان', other: null });
    expect(sellerNames({ name: 'Lisan Translation Co.' }, 'ar')).toEqual({ heading: 'Lisan Translation Co.', other: null });
    expect(sellerNames({ name: 'Lisan', name_ar: 'لسان' }, 'en')).toEqual({ heading: 'Lisan', other: 'لسان' });
  });
});
