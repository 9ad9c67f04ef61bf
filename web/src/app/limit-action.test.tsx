import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { User } from '../api/types';
import { Dialog } from '../components/dialog';
import { renderMarkup } from '../components/render-markup.test-support';
import { currentUserQuery } from '../features/account/use-current-user';
import { teamKeys, type Team } from '../features/team/use-team';
import { useLimitAction, useLimitAdvice, type LimitAdvice } from './dialog-context';

/** A limit refusal's dialog, its action from useLimitAction and its advice from useLimitAdvice, as DialogHost gives them. */
function LimitRefusal({ type, advice }: { type: string | null; advice?: LimitAdvice }) {
  const shown = useLimitAdvice(type, advice);
  return <Dialog open tone="error" title="Limit Exceeded" message={['Your request quota exceeds the requests limit', ...(shown ? [shown] : [])]} action={useLimitAction(type)} onConfirm={() => {}} />;
}

const render = (language: 'en' | 'ar', user: Pick<User, 'role_id'> | null, page: string, type: string | null = 'doc_request_quota', advice?: LimitAdvice, team?: Team) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(currentUserQuery.queryKey, user as User | null);
  if (team) client.setQueryData(teamKeys.current(), team);
  return renderMarkup(
    language,
    ['common', 'translate'],
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[page]}>
        <LimitRefusal type={type} advice={advice} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

/** The dialog's sentences after the server's message. */
const advice = (html: string) => [...html.matchAll(/<li dir="auto">([^<]*)<\/li>/g)].map((match) => match[1]!.replaceAll('&#x27;', "'")).slice(1);

const member = (id: number, name: string, role_id: string) => ({ id, name, email: `${id}@example.com`, role_id, invited: false as const, joined_at: '2026-11-01T00:00:00Z' });
const team: Team = { id: 1, name: 'Nadia & Co', seats: 3, seats_taken: 2, llm_enabled: true, can_manage: false, members: [member(1, 'نادية', '3'), member(2, 'Sami', '5')] };
const documentsAdvice = { plans: 'See the plans for more documents a month.', signIn: 'Create a free account, or sign in, for more documents a month.' };

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

  it('a team’s manager or member, who cannot change the team’s plan: "See your team", and the team’s plan named as the reason', async () => {
    const html = await render('en', { role_id: '5' }, '/translate/documents', 'doc_request_quota', documentsAdvice);
    expect(link(html)).toBe('<a class="button button--outline" data-testid="limit-team" href="/team" data-discover="true">See your team</a>');
    expect(advice(html)).toEqual(["You work under your team's plan, which sets this limit. Only the team's owner can change it."]);
    // The owner named where the team page was read already (its members in the cache), isolated.
    const named = await render('ar', { role_id: '4' }, '/web-extraction', 'web_pages', 'Choose a plan with more web pages.', team);
    expect(link(named)).toContain('href="/team" data-discover="true">عرض فريقك</a>');
    expect(advice(named)).toEqual(['تعمل ضمن باقة فريقك، وهي التي تحدد هذا الحد. ولا يمكن تغييرها إلا لمالك الفريق، \u2068نادية\u2069.']);
    // On the team page itself (a manager's invitation over the seats): the reason, no link to the page one is on.
    const onTeamPage = await render('en', { role_id: '4' }, '/team', 'seat_limit', 'Choose a plan with team accounts or more seats.', team);
    expect(link(onTeamPage)).toBeNull();
    expect(advice(onTeamPage)).toEqual(["You work under your team's plan, which sets this limit. Only the team's owner, \u2068نادية\u2069, can change it."]);
    // The owner still goes to the plans, with the page's advice.
    const owner = await render('en', { role_id: '3' }, '/translate/documents', 'doc_request_quota', documentsAdvice);
    expect(link(owner)).toContain('href="/pricing"');
    expect(advice(owner)).toEqual([documentsAdvice.plans]);
  });

  it('a guest is told what fits signing in, where the page says it; the plans’ sentence otherwise', async () => {
    expect(advice(await render('en', null, '/translate/documents', 'doc_request_quota', documentsAdvice))).toEqual([documentsAdvice.signIn]);
    expect(advice(await render('en', null, '/translate', 'request_quota', 'Your quota resets at midnight.'))).toEqual(['Your quota resets at midnight.']);
  });

  it('nowhere for the LLM mode a team’s account manager turned off: "Ok" alone', async () => {
    const html = await render('en', { role_id: '5' }, '/translate', 'llm_disabled');
    expect(link(html)).toBeNull();
    expect(html).toContain('<div class="dialog__actions"><button type="button" class="button button--primary">Ok</button></div>');
  });
});
