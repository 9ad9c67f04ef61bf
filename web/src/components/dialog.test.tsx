import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Dialog, type DialogAction } from './dialog';
import { renderMarkup } from './render-markup.test-support';

const render = (language: 'en' | 'ar', action?: DialogAction) =>
  renderMarkup(
    language,
    'common',
    <MemoryRouter>
      <Dialog open tone="error" title="Limit Exceeded" message="Your request quota exceeds the requests limit" action={action} onConfirm={() => {}} />
    </MemoryRouter>,
  );

const actionsOf = (html: string) => /<div class="dialog__actions">(.*?)<\/div>/.exec(html)?.[1];

describe('Dialog: its one action', () => {
  it('is a real link before "Ok" in the actions, so the reading and Tab order meet it first', async () => {
    const html = await render('en', { label: 'See the plans', to: '/pricing', testId: 'limit-plans' });
    expect(actionsOf(html)).toBe(
      '<a class="button button--outline" data-testid="limit-plans" href="/pricing" data-discover="true">See the plans</a>' +
        '<button type="button" class="button button--primary">Ok</button>',
    );
    // The message stays as it was, above the actions.
    expect(html).toContain('<p dir="auto">Your request quota exceeds the requests limit</p>');
  });

  it('keeps a page-relative address (a sign-in that comes back to the page) as it is', async () => {
    const html = await render('en', { label: 'Have an account? Sign in', to: '/login?next=%2Ftranslate%3Ftab%3Ddoc', testId: 'limit-sign-in' });
    expect(actionsOf(html)).toContain('<a class="button button--outline" data-testid="limit-sign-in" href="/login?next=%2Ftranslate%3Ftab%3Ddoc" data-discover="true">Have an account? Sign in</a>');
  });

  it('in Arabic: the link and then "Ok" in the same order, which the right-to-left page lays out from the right', async () => {
    const html = await render('ar', { label: 'عرض الباقات', to: '/pricing' });
    expect(actionsOf(html)).toBe('<a class="button button--outline" href="/pricing" data-discover="true">عرض الباقات</a><button type="button" class="button button--primary">حسنًا</button>');
  });

  it('is not there when none is given: "Ok" alone, as before', async () => {
    expect(actionsOf(await render('en'))).toBe('<button type="button" class="button button--primary">Ok</button>');
  });
});
