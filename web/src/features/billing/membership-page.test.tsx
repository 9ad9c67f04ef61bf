import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../app/dialog-context';
import type { User } from '../../api/types';
import { renderMarkup } from '../../components/render-markup.test-support';
import { currentUserQuery } from '../account/use-current-user';
import { plansQuery } from '../plans/use-plans';
import { membershipLinks } from './billing.fns';
import type { Invoice, Subscription } from './billing-types';
import { MembershipPage } from './membership-page';
import { billingKeys } from './use-billing';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

/** A team member's answer from GET /api/user/subscription: the team's plan, no subscription of their own. */
const teamPlan: Subscription = {
  status: 'none', plan: { id: 3, name_en: 'Start-up', name_ar: 'الشركات الناشئة', slug: 'startup', is_team: true } as Subscription['plan'], frequency: null, seats: null, amount: null, source: null,
  currency: 'USD', starts_at: null, expires_at: null, days_left: null, expiring_soon: false, cancellation: null, next_change: null, trial: null, card: null, pending_invoice: null,
  downgraded: null, selected_plan: null, gateway: 'sandbox', payments: 'sandbox', grace_days: 14,
};
const card: Subscription['card'] = { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2030, holder_name: 'Huda', verified: true, gateway: 'sandbox' };
const invoice = { id: 7, invoice_id: 7, number: 'INV-000007', amount: 9, currency: 'USD', status: 'paid' } as Invoice;

/** The membership page as `role` sees it, with `invoices` of their own (undefined: not read). */
async function membership(language: 'en' | 'ar', role: string, subscription: Subscription, invoices?: Invoice[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(currentUserQuery.queryKey, { id: 9, role_id: role, team: { id: 1 } } as unknown as User);
  client.setQueryData(billingKeys.subscription(), subscription);
  client.setQueryData(plansQuery.queryKey, []);
  if (invoices) client.setQueryData(billingKeys.invoices(), invoices);
  const html = await renderMarkup(
    language,
    ['billing', 'home', 'common', 'messages'],
    <QueryClientProvider client={client}>
      <DialogProvider>
        <MemoryRouter initialEntries={['/user/membership']}>
          <MembershipPage />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  const actions = /<div class="billing-summary__actions">(.*?)<\/div>/.exec(html)?.[1] ?? '';
  return {
    links: [...actions.matchAll(/<a [^>]*href="([^"]+)"[^>]*>(.*?)<\/a>/g)].map((link) => `${link[1]} ${link[2]}`),
    teamPays: /<p class="muted billing-summary__note" data-testid="membership-team-pays">(.*?)<\/p>/.exec(html)?.[1],
  };
}

describe("the membership page's ways on", () => {
  it('a team member without a card or invoices of their own: no links, the sentence that the owner pays', async () => {
    expect(await membership('en', '5', teamPlan, [])).toEqual({ links: [], teamPays: 'Your team&#x27;s owner pays for the team&#x27;s plan, so you need no card.' });
    expect(await membership('ar', '4', teamPlan, [])).toEqual({ links: [], teamPays: 'يدفع مالك الفريق ثمن باقة الفريق، فلا تحتاج إلى بطاقة.' });
  });

  it('a team member with invoices from before they joined: "Invoices" (not "Payment management")', async () => {
    expect(await membership('en', '5', teamPlan, [invoice])).toEqual({
      links: ['/user/invoices Invoices'],
      teamPays: 'Your team&#x27;s owner pays for the team&#x27;s plan, so you need no card.',
    });
    expect((await membership('ar', '5', teamPlan, [invoice])).links).toEqual(['/user/invoices الفواتير']);
  });

  it('a team member with a card of their own: "Payment management", to change it, and no sentence', async () => {
    expect(await membership('ar', '5', { ...teamPlan, card }, [])).toEqual({ links: ['/user/payment-management إدارة المدفوعات'], teamPays: undefined });
  });

  it("the team's owner, and anyone else: both links, as before", async () => {
    expect(await membership('en', '3', teamPlan)).toEqual({ links: ['/user/payment-management Payment management', '/user/invoices Invoices'], teamPays: undefined });
    expect((await membership('ar', '2', teamPlan)).links).toEqual(['/user/payment-management إدارة المدفوعات', '/user/invoices الفواتير']);
  });
});

describe('membershipLinks', () => {
  it("a team's manager or member: payment management with a card, invoices with some, else the owner pays", () => {
    expect(membershipLinks(true, false, 0)).toEqual({ paymentManagement: false, invoices: false, teamPays: true });
    expect(membershipLinks(true, false, undefined)).toEqual({ paymentManagement: false, invoices: false, teamPays: true });
    expect(membershipLinks(true, false, 2)).toEqual({ paymentManagement: false, invoices: true, teamPays: true });
    expect(membershipLinks(true, true, 0)).toEqual({ paymentManagement: true, invoices: false, teamPays: false });
    expect(membershipLinks(false, false, undefined)).toEqual({ paymentManagement: true, invoices: true, teamPays: false });
  });
});
