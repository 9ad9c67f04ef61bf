import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import bidiFactory from 'bidi-js';
import PDFDocument from 'pdfkit';
import { cardLabel } from '../../../../contract/cards';
import { formatDate } from '../../../../contract/dates';
import { formatMoney, formatNumber, t, type Locale } from '../../i18n/messages';
import type { InvoiceParty, InvoiceRow } from '../../db/tables/billing';
import { paidCard } from './invoices.fns';
import { invoiceZatcaFields, qrRuns, zatcaQrText } from './zatca';

/**
 * Invoice PDFs with pdfkit. pdfkit's font engine (fontkit) shapes Arabic (joining forms,
 * ligatures) for a run of Arabic text; it does not reorder mixed-direction lines. So each
 * line goes through the Unicode bidi algorithm (bidi-js) here: split into runs by embedding
 * level and script, ordered visually, Arabic runs drawn word by word from the right in
 * IBM Plex Sans Arabic (shipped by @fontsource as WOFF, which fontkit reads), other runs in
 * its Latin face. Pages are laid out from the right for Arabic invoices.
 */

const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('@fontsource/ibm-plex-sans-arabic/package.json')), 'files');
const fontFile = (script: 'arabic' | 'latin', weight: 400 | 600) => path.join(FONT_DIR, `ibm-plex-sans-arabic-${script}-${weight}-normal.woff`);

let fontCache: Record<string, Buffer> | null = null;
function fonts() {
  fontCache ??= {
    'ar-400': fs.readFileSync(fontFile('arabic', 400)),
    'ar-600': fs.readFileSync(fontFile('arabic', 600)),
    'la-400': fs.readFileSync(fontFile('latin', 400)),
    'la-600': fs.readFileSync(fontFile('latin', 600)),
  };
  return fontCache;
}

const bidi = bidiFactory();
const ARABIC = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

type Doc = InstanceType<typeof PDFDocument>;
interface Run {
  text: string;
  level: number;
  arabic: boolean;
}

/** Logical runs of one line: same embedding level and same script class. */
export function bidiRuns(text: string, direction?: 'ltr' | 'rtl'): Run[] {
  if (!text) return [];
  const { levels } = bidi.getEmbeddingLevels(text, direction);
  const runs: Run[] = [];
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const level = levels[i]!;
    const arabic = ARABIC.test(char);
    const last = runs[runs.length - 1];
    // Spaces and other neutrals join the run they sit in, so words of one script stay together.
    const neutral = /[\s\u00A0]/.test(char);
    if (last && last.level === level && (last.arabic === arabic || neutral)) last.text += char;
    else runs.push({ text: char, level, arabic });
  }
  return runs;
}

/** Rule L2 of the bidi algorithm on runs: reverse every sequence at each level from the highest odd one down. */
export function visualOrder(runs: Run[]): Run[] {
  const order = [...runs];
  if (!order.length) return order;
  const max = Math.max(...order.map((r) => r.level));
  const minOdd = Math.min(...order.map((r) => r.level).filter((l) => l % 2 === 1), max + 1);
  for (let level = max; level >= minOdd && level > 0; level--) {
    for (let i = 0; i < order.length; i++) {
      if (order[i]!.level < level) continue;
      let j = i;
      while (j + 1 < order.length && order[j + 1]!.level >= level) j++;
      const reversed = order.slice(i, j + 1).reverse();
      order.splice(i, j - i + 1, ...reversed);
      i = j;
    }
  }
  return order;
}

interface Piece {
  text: string;
  font: string;
  width: number;
}

/** The pieces of a line from left to right, each drawn in one font. */
function layoutLine(doc: Doc, text: string, direction: 'ltr' | 'rtl' | undefined, weight: 400 | 600, size: number): Piece[] {
  const pieces: Piece[] = [];
  const measure = (value: string, font: string) => doc.font(font).fontSize(size).widthOfString(value);
  const latin = `la-${weight}`;
  const arabic = `ar-${weight}`;
  for (const run of visualOrder(bidiRuns(text, direction))) {
    if (run.arabic) {
      // Words from the right; fontkit shapes each word and orders its glyphs.
      const words = run.text.split(/(\s+)/).filter((w) => w !== '');
      const ordered = run.level % 2 === 1 ? words.reverse() : words;
      for (const word of ordered) {
        if (/^\s+$/.test(word)) pieces.push({ text: ' ', font: latin, width: measure(' ', latin) * word.length });
        else pieces.push({ text: word, font: arabic, width: measure(word, arabic) });
      }
    } else {
      let value = run.text;
      if (run.level % 2 === 1) value = [...value].reverse().map((c) => bidi.getMirroredCharacter(c) ?? c).join('');
      pieces.push({ text: value, font: latin, width: measure(value, latin) });
    }
  }
  return pieces;
}

interface TextOptions {
  size?: number;
  weight?: 400 | 600;
  color?: string;
  /** Physical alignment inside [x, x + width]. */
  align?: 'left' | 'right' | 'center';
}

function drawText(doc: Doc, direction: 'ltr' | 'rtl', text: string, x: number, y: number, width: number, options: TextOptions = {}) {
  const size = options.size ?? 10;
  // The paragraph direction comes from the text itself (first strong character), as
  // dir="auto" does: "1 Example Street" stays left-to-right on an Arabic invoice.
  const pieces = layoutLine(doc, text, undefined, options.weight ?? 400, size);
  const total = pieces.reduce((sum, p) => sum + p.width, 0);
  const align = options.align ?? (direction === 'rtl' ? 'right' : 'left');
  let cursor = align === 'left' ? x : align === 'right' ? x + width - total : x + (width - total) / 2;
  doc.fillColor(options.color ?? '#18181b');
  for (const piece of pieces) {
    if (piece.text.trim()) doc.font(piece.font).fontSize(size).text(piece.text, cursor, y, { lineBreak: false });
    cursor += piece.width;
  }
}


/**
 * pdfkit maps a ligature glyph (lam-alef "لا", "لى", "شر") to its characters in logical order,
 * but text extractors read an Arabic line from the right and reverse each glyph's characters,
 * so "إلى" came out as "إىل" when copied or searched. Arabic glyphs that stand for several
 * characters are therefore mapped in visual order (called before the document ends, when the
 * fonts' ToUnicode maps are written).
 */
function mapArabicLigaturesVisually(doc: Doc): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  // A font is kept under its registered name and its PostScript name: each is mapped once.
  for (const font of new Set(Object.values(families))) {
    const unicode = font.unicode;
    if (!unicode) continue;
    unicode.forEach((codePoints, gid) => {
      if (codePoints.length > 1 && codePoints.some((code) => ARABIC.test(String.fromCodePoint(code)))) unicode[gid] = [...codePoints].reverse();
    });
  }
}

export interface InvoicePdfOptions {
  /** Reads a stored file (the company logo kept with the invoice); null when absent. */
  readFile?: (key: string) => Promise<Buffer | null>;
  locale?: Locale;
}

/** The logo as PNG or JPEG bytes (the formats pdfkit embeds), or null. */
async function logoImage(party: InvoiceParty, readFile: InvoicePdfOptions['readFile']): Promise<Buffer | null> {
  if (!party.logo_path || !readFile) return null;
  const bytes = await readFile(party.logo_path).catch(() => null);
  if (!bytes) return null;
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg ? bytes : null;
}

/** The seller's lines under their name: each line of the address, then the VAT number when there is one. */
export function sellerLines(seller: InvoiceParty, L: (key: string, params?: Record<string, string>) => string): string[] {
  const address = (seller.address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return seller.tax_id ? [...address, L('billing.pdf.vat_number', { number: seller.tax_id })] : address;
}

/**
 * The seller's name as the heading of an invoice in `locale`, and the other language's name under
 * it when the invoice keeps both. An Arabic invoice is headed by the Arabic name when there is one;
 * the product's own name is written in the reader's script ("لسان"); another name stays as configured.
 */
export function sellerNames(seller: InvoiceParty, locale: Locale): { heading: string; other: string | null } {
  const nameAr = seller.name_ar?.trim();
  if (locale === 'ar' && nameAr) return { heading: nameAr, other: nameAr === seller.name ? null : seller.name };
  const heading = seller.name === t('en', 'billing.pdf.product_name') ? t(locale, 'billing.pdf.product_name') : seller.name;
  return { heading, other: nameAr && nameAr !== heading ? nameAr : null };
}

/**
 * ZATCA's QR code drawn as vector squares (black on the white page, which is its quiet zone):
 * `width` points wide, its top left corner at (x, y).
 */
function drawQr(doc: Doc, text: string, x: number, y: number, width: number) {
  const { size, runs } = qrRuns(text);
  const module = width / size;
  doc.save();
  for (const run of runs) doc.rect(x + run.column * module, y + run.row * module, run.length * module, module);
  doc.fillColor('#000000').fill();
  doc.restore();
}

/** The QR code's width on the page (points); four modules of white around it are kept free. */
export const QR_WIDTH = 96;

/** Renders an issued invoice as a one-page A4 PDF in the invoice's (or the given) language. */
export async function renderInvoicePdf(invoice: InvoiceRow, options: InvoicePdfOptions): Promise<Buffer> {
  const locale = options.locale ?? invoice.locale;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const L = (key: string, params?: Record<string, string | number>) => t(locale, key, params);
  // Dates and amounts in the invoice's language (Western digits in both, see docs/decisions.md).
  const day = (value: Date | string) => formatDate(value, locale);
  const money = (value: string | number) => formatMoney(value, locale);
  const { heading: sellerName, other: otherSellerName } = sellerNames(invoice.seller, locale);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    lang: locale,
    info: { Title: `${L('billing.pdf.invoice')} ${invoice.number}`, Author: sellerName, CreationDate: new Date(invoice.issued_at) },
  });
  for (const [name, data] of Object.entries(fonts())) doc.registerFont(name, data);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const pageWidth = doc.page.width;
  const margin = 50;
  const inner = pageWidth - margin * 2;
  /** x of a box that starts `offset` points from the reading start and is `width` wide. */
  const at = (offset: number, width: number) => (dir === 'ltr' ? margin + offset : pageWidth - margin - offset - width);
  const text = (value: string, offset: number, y: number, width: number, opts: TextOptions = {}) => drawText(doc, dir, value, at(offset, width), y, width, opts);
  const start: 'left' | 'right' = dir === 'rtl' ? 'right' : 'left';
  const end: 'left' | 'right' = dir === 'rtl' ? 'left' : 'right';

  // Header: the seller at the start (name, the name in the other language, address lines, VAT
  // number), "Invoice" and the number at the end.
  text(sellerName, 0, 50, 250, { size: 20, weight: 600, color: '#0f766e', align: start });
  let sellerY = 78;
  if (otherSellerName) {
    text(otherSellerName, 0, sellerY, 250, { size: 11, weight: 600, color: '#0f766e', align: start });
    sellerY += 16;
  }
  for (const line of sellerLines(invoice.seller, L)) {
    text(line, 0, sellerY, 250, { size: 9, color: '#52525b', align: start });
    sellerY += 12;
  }
  text(L('billing.pdf.invoice'), inner - 250, 50, 250, { size: 20, weight: 600, align: end });
  text(invoice.number, inner - 250, 78, 250, { size: 11, color: '#52525b', align: end });

  // Everything below the rule moves down with a longer seller block.
  const ruleY = Math.max(105, sellerY + 3);
  const top = ruleY - 105;
  doc.moveTo(margin, ruleY).lineTo(pageWidth - margin, ruleY).lineWidth(1).strokeColor('#e4e4e7').stroke();

  // Meta: number, dates, period, status.
  const meta: Array<[string, string | string[]]> = [
    [L('billing.pdf.number'), invoice.number],
    [L('billing.pdf.issued'), day(invoice.issued_at)],
    [L('billing.pdf.due'), day(invoice.due_at)],
    // Two lines ("من 21 نوفمبر 2026" / "إلى 21 ديسمبر 2026"), so long month names stay in the column.
    [L('billing.pdf.period'), [L('billing.pdf.period_from', { date: day(invoice.period_start) }), L('billing.pdf.period_to', { date: day(invoice.period_end) })]],
    [L('billing.pdf.status'), L(`billing.status.${invoice.status}`)],
  ];
  const card = paidCard(invoice);
  if (card) meta.push([L('billing.pdf.payment'), L('billing.pdf.paid_by', { card: cardLabel(card) })]);
  let y = 120 + top;
  for (const [label, value] of meta) {
    text(label, 0, y, 110, { size: 9, color: '#71717a', align: start });
    for (const [index, line] of (Array.isArray(value) ? value : [value]).entries()) text(line, 115, y + index * 14, 150, { size: 10, align: start });
    y += 16 + (Array.isArray(value) ? (value.length - 1) * 14 : 0);
  }

  // Parties: from (seller) and billed to (customer, with company and logo when present).
  let partyY = 120 + top;
  const partyOffset = inner - 220;
  text(L('billing.pdf.billed_to'), partyOffset, partyY, 220, { size: 9, color: '#71717a', align: start });
  partyY += 15;
  const customer = invoice.customer;
  const logo = await logoImage(customer, options.readFile);
  if (logo) {
    try {
      doc.image(logo, at(partyOffset, 220) + (dir === 'rtl' ? 220 - 80 : 0), partyY, { fit: [80, 40] });
      partyY += 46;
    } catch {
      // An unreadable logo leaves the invoice without it.
    }
  }
  for (const value of [customer.company, customer.name, customer.email, customer.address, customer.tax_id ? `${L('billing.pdf.tax_id')}: ${customer.tax_id}` : '']) {
    if (!value) continue;
    text(value, partyOffset, partyY, 220, { size: 10, weight: value === (customer.company || customer.name) ? 600 : 400, align: start });
    partyY += 15;
  }

  // Lines table; columns run from the reading start: description, qty, unit price, amount.
  y = Math.max(y, partyY) + 24;
  const columns = [
    { key: 'description', offset: 0, width: 255, align: start },
    { key: 'quantity', offset: 265, width: 50, align: end },
    { key: 'unit_price', offset: 325, width: 80, align: end },
    { key: 'amount', offset: 415, width: inner - 415, align: end },
  ] as const;
  doc.rect(margin, y - 6, inner, 24).fill('#f4f4f5');
  for (const column of columns) text(L(`billing.pdf.${column.key}`), column.offset, y, column.width, { size: 9, weight: 600, color: '#3f3f46', align: column.align });
  y += 26;
  for (const item of invoice.lines) {
    const values = [locale === 'ar' ? item.description_ar : item.description_en, formatNumber(item.quantity, locale), money(item.unit_amount), money(item.amount)];
    columns.forEach((column, index) => text(values[index]!, column.offset, y, column.width, { size: 10, align: column.align }));
    y += 22;
    doc.moveTo(margin, y - 6).lineTo(pageWidth - margin, y - 6).lineWidth(0.5).strokeColor('#e4e4e7').stroke();
  }
  y += 8;
  text(L('billing.pdf.total'), 265, y, 140, { size: 11, weight: 600, align: end });
  text(money(invoice.amount), 415, y, inner - 415, { size: 12, weight: 600, align: end });

  // ZATCA's QR code (seller, VAT number, time, total, VAT) when the seller has a VAT number: at the
  // reading start under the lines, beside the total, whose column it leaves free.
  const zatca = invoiceZatcaFields(invoice);
  if (zatca) drawQr(doc, zatcaQrText(zatca), at(0, QR_WIDTH), y + 4, QR_WIDTH);

  text(L('billing.pdf.footer'), 0, doc.page.height - 80, inner, { size: 8, color: '#71717a', align: 'center' });

  // A sandbox (test card) payment: "TEST" across the page and a line saying no money was charged.
  if (invoice.gateway === 'sandbox') {
    text(L('billing.pdf.sandbox_note'), 0, doc.page.height - 100, inner, { size: 9, weight: 600, color: '#b91c1c', align: 'center' });
    doc.save();
    doc.rotate(-35, { origin: [pageWidth / 2, doc.page.height / 2] });
    doc.font('la-600').fontSize(150).fillColor('#dc2626').fillOpacity(0.12);
    doc.text('TEST', 0, doc.page.height / 2 - 90, { width: pageWidth, align: 'center', lineBreak: false });
    doc.restore();
  }

  mapArabicLigaturesVisually(doc);
  doc.end();
  return finished;
}
