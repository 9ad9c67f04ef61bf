import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { invoiceZatcaFields, qrRuns, zatcaQrText, zatcaTlv } from './zatca';

const bobs = { sellerName: 'Bobs Records', vatNumber: '310122393500003', timestamp: '2022-04-25T15:30:00Z', total: '1000.00', vatTotal: '150.00' };

describe('ZATCA TLV', () => {
  it('writes each field as its tag, its UTF-8 length and its bytes, tags 1 to 5 in order', () => {
    const field = (tag: number, value: string) => [tag, value.length, ...Buffer.from(value, 'latin1')];
    expect([...zatcaTlv(bobs)]).toEqual([
      ...field(1, 'Bobs Records'),
      ...field(2, '310122393500003'),
      ...field(3, '2022-04-25T15:30:00Z'),
      ...field(4, '1000.00'),
      ...field(5, '150.00'),
    ]);
    // The vector published with ZATCA's QR guidance for these values.
    expect(zatcaQrText(bobs)).toBe('AQxCb2JzIFJlY29yZHMCDzMxMDEyMjM5MzUwMDAwMwMUMjAyMi0wNC0yNVQxNTozMDowMFoEBzEwMDAuMDAFBjE1MC4wMA==');
  });

  it('counts an Arabic name in UTF-8 bytes, and refuses a value over 255 bytes', () => {
    const tlv = zatcaTlv({ ...bobs, sellerName: 'شركة لسان' });
    // Eight Arabic letters of two bytes each and a space.
    expect([...tlv.subarray(0, 2)]).toEqual([1, 17]);
    expect(tlv.subarray(2, 19).toString('utf8')).toBe('شركة لسان');
    expect(tlv[19]).toBe(2);
    expect(zatcaTlv({ ...bobs, sellerName: 'a'.repeat(255) })[1]).toBe(255);
    expect(() => zatcaTlv({ ...bobs, sellerName: 'a'.repeat(256) })).toThrow(RangeError);
  });
});

describe("an invoice's ZATCA fields", () => {
  const invoice = { seller: { name: 'Lisan Translation Co.', tax_id: '310123456700003' }, issued_at: new Date('2026-11-21T09:30:15.250Z'), amount: '118' };

  it('names the seller, its VAT number, the issue time with its zone, the total and the VAT with two decimals', () => {
    expect(invoiceZatcaFields(invoice)).toEqual({ sellerName: 'Lisan Translation Co.', vatNumber: '310123456700003', timestamp: '2026-11-21T09:30:15Z', total: '118.00', vatTotal: '0.00' });
  });

  it('names the seller in Arabic when the invoice keeps an Arabic name, cut to 255 bytes between letters', () => {
    expect(invoiceZatcaFields({ ...invoice, seller: { ...invoice.seller, name_ar: ' شركة لسان للترجمة ' } })?.sellerName).toBe('شركة لسان للترجمة');
    const long = invoiceZatcaFields({ ...invoice, seller: { ...invoice.seller, name_ar: 'ب'.repeat(200) } })!;
    expect(long.sellerName).toBe('ب'.repeat(127));
    expect(() => zatcaTlv(long)).not.toThrow();
  });

  it('is none without a VAT number', () => {
    expect(invoiceZatcaFields({ ...invoice, seller: { name: 'Lisan' } })).toBeNull();
    expect(invoiceZatcaFields({ ...invoice, seller: { name: 'Lisan', tax_id: '  ' } })).toBeNull();
  });
});

describe('QR modules', () => {
  it('are the dark modules of QRCode.create (error correction M), row by row in runs', () => {
    const text = zatcaQrText(bobs);
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const { size, runs } = qrRuns(text);
    expect(size).toBe(modules.size);
    const drawn = Array.from({ length: size }, () => Array<number>(size).fill(0));
    for (const run of runs) for (let column = run.column; column < run.column + run.length; column++) drawn[run.row]![column] = 1;
    expect(drawn.flat()).toEqual([...modules.data]);
    // Runs never touch: each ends before a light module or the row's end.
    for (const run of runs) expect(run.column + run.length === size || !modules.get(run.row, run.column + run.length)).toBe(true);
  });
});
