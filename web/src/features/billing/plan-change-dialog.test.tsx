import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import type { PlanPreview } from './billing-types';
import { PlanChangeDialog } from './plan-change-dialog';
import { billingKeys } from './use-billing';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const preview = (kind: PlanPreview['kind'], name_en: string, name_ar: string): PlanPreview => ({
  kind,
  plan: { id: 7, name_en, name_ar, is_team: false },
  frequency: 'monthly',
  seats: 1,
  currency: 'USD',
  charge_now: kind === 'subscribe' ? 9 : 0,
  credit: null,
  payment: kind === 'subscribe' ? 'checkout' : 'none',
  takes_effect_at: '2026-12-01T00:00:00Z',
  renews_at: '2027-01-01T00:00:00Z',
  renewal_amount: 9,
  trial_days_left: null,
});

const render = (language: 'en' | 'ar', shown: PlanPreview) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(billingKeys.subscription(), { plan: null, frequency: null, payments: 'on' });
  return renderMarkup(
    language,
    ['billing', 'common'],
    <QueryClientProvider client={client}>
      <PlanChangeDialog preview={shown} busy={false} seats={1} onSeats={() => {}} onConfirm={() => {}} onCancel={() => {}} opener={null} />
    </QueryClientProvider>,
  );
};

const title = (html: string) => /<h2[^>]*>([^<]*)<\/h2>/.exec(html)?.[1];

describe('PlanChangeDialog: the plan named once, whatever name the admin gave it', () => {
  it('a seeded name gets «باقة» in Arabic; «باقة الأعمال» and "Business Plan" stay as they are', async () => {
    expect(title(await render('ar', preview('subscribe', 'Hobbyist', 'الهواة')))).toBe('هل تريد الاشتراك في باقة الهواة؟');
    expect(title(await render('ar', preview('subscribe', 'Business Plan', 'باقة الأعمال')))).toBe('هل تريد الاشتراك في باقة الأعمال؟');
    expect(title(await render('en', preview('subscribe', 'Business Plan', 'باقة الأعمال')))).toBe('Subscribe to Business Plan?');
    const downgrade = await render('ar', preview('downgrade', 'Business Plan', 'الباقة الذهبية'));
    expect(title(downgrade)).toBe('هل تريد الانتقال إلى الباقة الذهبية عند التجديد؟');
    expect(downgrade).toContain('ثم تبدأ الباقة الذهبية.');
    expect(await render('ar', preview('keep', 'Business Plan', 'باقة الأعمال'))).toContain('وستبقى على باقة الأعمال.');
    expect(await render('ar', preview('keep', 'Business Plan', 'باقة الأعمال'))).not.toContain('باقة باقة');
  });
});
