import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { NoInvoices } from './no-invoices';

const render = (language: 'en' | 'ar', element: React.ReactElement) => renderMarkup(language, 'billing', <MemoryRouter>{element}</MemoryRouter>);

describe('NoInvoices (what the invoice table shows when empty)', () => {
  it('says there are none yet and leads to the plans, in both languages', async () => {
    for (const [language, said, action] of [
      ['en', 'You have no invoices yet. Your first invoice comes with your first plan.', 'See the plans'],
      ['ar', 'لا توجد لديك فواتير بعد. تصدر فاتورتك الأولى مع أول باقة تشترك فيها.', 'عرض الباقات'],
    ] as const) {
      const html = await render(language, <NoInvoices canChoosePlan />);
      expect(html).toContain(said);
      expect(html).toMatch(new RegExp(`<a class="button button--primary button--small" data-testid="no-invoices-plans" href="/user/membership#change-plan"[^>]*>${action}</a>`));
    }
  });

  it('leaves the way to the plans out for whoever buys none (a team’s member, an administrator)', async () => {
    const html = await render('en', <NoInvoices canChoosePlan={false} />);
    expect(html).toContain('<p class="muted">You have no invoices yet.</p>');
    expect(html).not.toContain('no-invoices-plans');
  });
});
