import QRCode from 'qrcode';
import type { InvoiceRow } from '../../db/tables/billing';
import { minorToText, textToMinor } from './billing.fns';

/**
 * ZATCA's e-invoice QR code (Saudi e-invoicing, phase 1 "generation"): five TLV fields, base64.
 * Each field is one tag byte, one length byte (the value's UTF-8 length, so at most 255 bytes)
 * and the value's UTF-8 bytes.
 */
export interface ZatcaFields {
  /** Tag 1: the seller's name. */
  sellerName: string;
  /** Tag 2: the seller's VAT registration number. */
  vatNumber: string;
  /** Tag 3: when the invoice was issued, ISO 8601 with its time zone. */
  timestamp: string;
  /** Tag 4: the invoice's total including VAT, two decimals. */
  total: string;
  /** Tag 5: the VAT total, two decimals. */
  vatTotal: string;
}

/** The TLV bytes of the fields, tags 1 to 5 in order; a value over 255 UTF-8 bytes is refused. */
export function zatcaTlv(fields: ZatcaFields): Buffer {
  const values = [fields.sellerName, fields.vatNumber, fields.timestamp, fields.total, fields.vatTotal];
  return Buffer.concat(
    values.map((value, index) => {
      const bytes = Buffer.from(value, 'utf8');
      if (bytes.length > 255) throw new RangeError(`ZATCA tag ${index + 1} is ${bytes.length} bytes long (255 at most)`);
      return Buffer.concat([Buffer.from([index + 1, bytes.length]), bytes]);
    }),
  );
}

/** What the QR code holds: the TLV bytes in base64. */
export const zatcaQrText = (fields: ZatcaFields) => zatcaTlv(fields).toString('base64');

/** The longest start of `text` whose UTF-8 form fits in `max` bytes, cut between characters. */
function fitUtf8(text: string, max: number): string {
  let out = '';
  let size = 0;
  for (const char of text) {
    size += Buffer.byteLength(char, 'utf8');
    if (size > max) break;
    out += char;
  }
  return out;
}

/**
 * The QR's fields of an issued invoice, or null when its seller has no VAT number (no QR then).
 * The seller is named in Arabic when the invoice keeps an Arabic name, else by the Latin one
 * (cut to 255 bytes: an Arabic name of 200 characters is 400). The invoices carry no VAT line
 * (prices are charged as they are), so the VAT total is 0.00 and the total is the amount.
 */
export function invoiceZatcaFields(invoice: Pick<InvoiceRow, 'seller' | 'issued_at' | 'amount'>): ZatcaFields | null {
  const vatNumber = invoice.seller.tax_id?.trim();
  if (!vatNumber) return null;
  return {
    sellerName: fitUtf8(invoice.seller.name_ar?.trim() || invoice.seller.name, 255),
    vatNumber: fitUtf8(vatNumber, 255),
    // "2026-11-21T09:30:00Z": UTC, whole seconds.
    timestamp: new Date(invoice.issued_at).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    total: minorToText(textToMinor(invoice.amount)),
    vatTotal: minorToText(0),
  };
}

/** A horizontal run of dark modules: row, first column, how many. */
export interface QrRun {
  row: number;
  column: number;
  length: number;
}

/**
 * The QR symbol of `text` (error correction M) as its size in modules and its dark modules,
 * joined into horizontal runs so that a row is drawn as few rectangles without seams.
 */
export function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const runs: QrRun[] = [];
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const first = column;
      while (column < modules.size && modules.get(row, column)) column++;
      runs.push({ row, column: first, length: column - first });
    }
  }
  return { size: modules.size, runs };
}
