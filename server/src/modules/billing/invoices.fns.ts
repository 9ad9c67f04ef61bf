import type { InvoiceRow } from './tables';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/** One row of GET /api/user/invoices (API.md). */
export function toInvoiceJson(invoice: InvoiceRow) {
  return {
    invoice_id: invoice.id,
    id: invoice.id,
    number: invoice.number,
    amount: Number(invoice.amount),
    currency: invoice.currency,
    status: invoice.status,
    kind: invoice.kind,
    issued_at: iso(invoice.issued_at),
    paid_at: iso(invoice.paid_at),
    overdue_since: iso(invoice.overdue_since),
    period: { start: iso(invoice.period_start), end: iso(invoice.period_end) },
    description_en: invoice.lines[0]?.description_en ?? '',
    description_ar: invoice.lines[0]?.description_ar ?? '',
    download_url: `/api/user/invoices/${invoice.id}/download`,
  };
}
