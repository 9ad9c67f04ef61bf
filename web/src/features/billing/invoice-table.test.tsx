import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import type { Invoice } from './billing-types';
import { InvoiceTable } from './invoice-table';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const render = (language: 'en' | 'ar', invoices: Invoice[]) =>
  renderMarkup(
    language,
    'billing',
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <InvoiceTable invoices={invoices} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const paid: Invoice = {
  invoice_id: 7,
  id: 7,
  number: 'INV-000007',
  amount: 59,
  currency: 'USD',
  status: 'paid',
  kind: 'subscription',
  issued_at: '2026-11-21T10:00:00.000Z',
  paid_at: '2026-11-21T10:00:00.000Z',
  overdue_since: null,
  period: { start: '2026-11-21T10:00:00.000Z', end: '2026-12-21T10:00:00.000Z' },
  description_en: 'Pro (monthly)',
  description_ar: 'الاحترافية (شهريًا)',
  paid_card: { brand: 'visa', last4: '4242' },
  download_url: '/api/user/invoices/7/download',
};
const overdue: Invoice = { ...paid, id: 8, invoice_id: 8, number: 'INV-000008', status: 'overdue', paid_at: null, overdue_since: '2026-12-21T10:00:00.000Z', paid_card: null };

/** The "paid with" cell of each row, as markup. */
const paidCards = (html: string) => [...html.matchAll(/<td data-label="[^"]*" data-testid="invoice-paid-card">(.*?)<\/td>/g)].map((match) => match[1]);

describe('InvoiceTable', () => {
  it('names the card a paid invoice was paid with, one left-to-right run in Arabic too, and none for an unpaid one', async () => {
    for (const [language, header] of [
      ['en', 'Paid with'],
      ['ar', 'طريقة الدفع'],
    ] as const) {
      const html = await render(language, [overdue, paid]);
      expect(html).toContain(`<th scope="col">${header}</th>`);
      expect(html).toContain(`<td data-label="${header}" data-testid="invoice-paid-card">`);
      // Isolated: in Arabic "•••• 4242" stays after "VISA" and does not flip.
      expect(paidCards(html)).toEqual(['<span class="muted">—</span>', '<bdi dir="ltr"><span class="billing-card-summary__brand">VISA</span> •••• 4242</bdi>']);
    }
  });
});
