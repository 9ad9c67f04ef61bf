import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { Dialog } from '../components/dialog';
import { renderMarkup } from '../components/render-markup.test-support';
import { currentUserQuery } from '../features/account/use-current-user';
import { useLimitAction } from './dialog-context';

/** A limit refusal's dialog, its action from useLimitAction as DialogHost and the translator's LimitDialog give it. */
function LimitRefusal({ type }: { type: string | null }) {
  return <Dialog open tone="error" title="Limit Exceeded" message="Your request quota exceeds the requests limit" action={useLimitAction(type)} onConfirm={() => {}} />;
}

const render = (language: 'en' | 'ar', user: Pick<User, 'role_id'> | null, page: string, type: string | null = 'doc_request_quota') => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(currentUserQuery.queryKey, user as User | null);
  return renderMarkup(
    language,
    ['common', 'translate'],
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[page]}>
        <LimitRefusal type={type} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

const link = (html: string) => /<div class="dialog__actions">(<a [^>]*>[^<]*<\/a>)?<button/.exec(html)?.[1] ?? null;

describe('useLimitAction: where a limit refusal leads', () => {
  it('a signed-in user: "See the plans", to the pricing page', async () => {
    expect(link(await render('en', { role_id: '2' }, '/web-extraction'))).toBe('<a class="button button--outline" data-testid="limit-plans" href="/pricing" data-discover="true">See the plans</a>');
    expect(link(await render('ar', { role_id: '3' }, '/team', 'seat_limit'))).toBe('<a class="button button--outline" data-testid="limit-plans" href="/pricing" data-discover="true">عرض الباقات</a>');
  });

  it('a guest: the translator’s "Have an account? Sign in", coming back to the page refused, its query kept', async () => {
    expect(link(await render('en', null, '/translate?tab=doc'))).toBe(
      `<a class="button button--outline" data-testid="limit-sign-in" href="/login?next=${encodeURIComponent('/translate?tab=doc')}" data-discover="true">Have an account? Sign in</a>`,
    );
    expect(link(await render('ar', null, '/translate', 'request_quota'))).toContain('>لديك حساب؟ سجّل الدخول</a>');
  });

  it('an administrator, whose account buys no plan: the admin area', async () => {
    expect(link(await render('en', { role_id: '1' }, '/translate', 'request_quota'))).toBe('<a class="button button--outline" data-testid="limit-plans" href="/admin" data-discover="true">Admin area</a>');
  });

  it('nowhere for the LLM mode a team’s account manager turned off: "Ok" alone', async () => {
    const html = await render('en', { role_id: '5' }, '/translate', 'llm_disabled');
    expect(link(html)).toBeNull();
    expect(html).toContain('<div class="dialog__actions"><button type="button" class="button button--primary">Ok</button></div>');
  });
});
