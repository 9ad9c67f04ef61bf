import type { CardNameParts } from '../../../../contract/cards';
import type { InvoiceParty, InvoiceRow } from '../../db/tables/billing';

/**
 * The seller an invoice keeps: the admin's site settings (name, its Arabic form, address, VAT
 * number) where set, else the environment's (INVOICE_SELLER_NAME / _NAME_AR / _ADDRESS), each on
 * its own; no VAT number then, and no Arabic name when neither sets one.
 */
export function sellerParty(
  settings: { name?: string; nameAr?: string; address?: string; vatNumber?: string },
  fallback: { name: string; nameAr?: string; address: string },
): InvoiceParty {
  const name = settings.name?.trim() || fallback.name;
  const nameAr = settings.nameAr?.trim() || fallback.nameAr?.trim();
  const address = settings.address?.trim() || fallback.address;
  const vatNumber = settings.vatNumber?.trim();
  return { name, ...(nameAr ? { name_ar: nameAr } : {}), address, ...(vatNumber ? { tax_id: vatNumber } : {}) };
}

/** One row of GET /api/user/invoices (API.md; contract/billing.ts `invoice` writes the dates as ISO text). */
export function toInvoiceJson(invoice: InvoiceRow) {
  return {
    invoice_id: invoice.id,
    id: invoice.id,
    number: invoice.number,
    amount: Number(invoice.amount),
    currency: invoice.currency,
    status: invoice.status,
    kind: invoice.kind,
    issued_at: invoice.issued_at,
    paid_at: invoice.paid_at,
    overdue_since: invoice.overdue_since,
    period: { start: invoice.period_start, end: invoice.period_end },
    description_en: invoice.lines[0]?.description_en ?? '',
    description_ar: invoice.lines[0]?.description_ar ?? '',
    paid_card: paidCard(invoice),
    download_url: `/api/user/invoices/${invoice.id}/download`,
  };
}

/**
 * The card a paid invoice was paid with; null when not paid, free, or its card is not known (paid before
 * migration 0370). The PDF's "Paid by" line and the invoice list's card both come from here.
 */
export function paidCard(invoice: Pick<InvoiceRow, 'status' | 'amount' | 'paid_card_brand' | 'paid_card_last4'>): CardNameParts | null {
  if (invoice.status !== 'paid' || Number(invoice.amount) <= 0 || !invoice.paid_card_brand || !invoice.paid_card_last4) return null;
  return { brand: invoice.paid_card_brand, last4: invoice.paid_card_last4 };
}
