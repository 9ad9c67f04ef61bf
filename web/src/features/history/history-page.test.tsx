import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../app/dialog-context';
import type { User } from '../../api/types';
import { renderMarkup } from '../../components/render-markup.test-support';
import { currentUserQuery } from '../account/use-current-user';
import { filtersFromSearch } from './history.fns';
import { EntryCard, HistoryPage } from './history-page';
import { historyKeys } from './use-history';
import type { HistoryEntry } from './types';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const entry = (type: HistoryEntry['type'], title: string): HistoryEntry => ({
  project_id: 'p1',
  type,
  source_lang: 'ar',
  target_lang: 'en',
  domain: 'general',
  title,
  created_at: '2026-12-01T09:00:00Z',
  state: 'done',
  file_id: type === 'document' ? 'f1' : undefined,
  user_name: 'هدى',
});

const card = (language: 'en' | 'ar', value: HistoryEntry) =>
  renderMarkup(
    language,
    ['history', 'translate', 'common'],
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <ul>
          <EntryCard entry={value} own onDelete={() => undefined} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );

/** The entry's title, as written. */
const title = (html: string) => /<p class="history-entry__title" tabindex="-1">(.*?)<\/p>/.exec(html)![1];

describe("a history entry's title", () => {
  it("a document's Arabic file name in an English page is isolated left to right, as is its delete button's label", async () => {
    const html = await card('en', entry('document', 'عقد.txt'));
    expect(title(html)).toBe('<bdi lang="ar" dir="ltr">عقد.txt</bdi>');
    expect(html).toContain('aria-label="Delete “\u2066عقد.txt\u2069”"');
    expect(html).toContain('<bdi dir="auto">هدى</bdi>');
  });

  it("a document's English file name in an Arabic page is isolated right to left", async () => {
    const html = await card('ar', { ...entry('document', 'contract.txt'), source_lang: 'en', target_lang: 'ar' });
    expect(title(html)).toBe('<bdi lang="en" dir="rtl">contract.txt</bdi>');
    expect(html).toContain('\u2067contract.txt\u2069');
  });

  it("a text's or a website's title keeps its own direction", async () => {
    expect(title(await card('en', entry('text', 'مرحبا بالعالم')))).toBe('<bdi lang="ar" dir="auto">مرحبا بالعالم</bdi>');
    expect(title(await card('ar', entry('website', 'Example site')))).toBe('<bdi lang="ar" dir="auto">Example site</bdi>');
  });
});

/** The history page at `address` with an empty list for its filters: what its empty state says and offers. */
async function emptyHistory(language: 'en' | 'ar', address: string, user: Partial<User> = { id: 7, role_id: '2', team: null }) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(currentUserQuery.queryKey, user as User);
  const filters = filtersFromSearch(new URL(address, 'http://lisan.test').searchParams);
  client.setQueryData(historyKeys.list(filters), { data: [], meta: { page: 1, per_page: 20, total: 0 } });
  client.setQueryData(historyKeys.settings(), 'never');
  const html = await renderMarkup(
    language,
    ['history', 'translate', 'common', 'messages'],
    <QueryClientProvider client={client}>
      <DialogProvider>
        <MemoryRouter initialEntries={[address]}>
          <HistoryPage />
        </MemoryRouter>
      </DialogProvider>
    </QueryClientProvider>,
  );
  const empty = /<div class="history-page__empty" data-testid="history-empty"><p>(.*?)<\/p>(.*?)<\/div>/.exec(html);
  return { message: empty?.[1], action: empty?.[2] };
}

describe('the empty history', () => {
  // With only a type filter it said "Nothing in your history matches your search." and offered "Start translating".
  it.each([
    ['en', 'document', 'You have not translated any documents yet.', '/translate/documents', 'Translate a document'],
    ['en', 'website', 'You have not translated any websites yet.', '/web-extraction', 'Translate a website'],
    ['en', 'text', 'You have not translated any text yet.', '/#translator', 'Translate text'],
    ['ar', 'document', 'لم تترجم أي مستند بعد.', '/translate/documents', 'ترجمة مستند'],
    ['ar', 'website', 'لم تترجم أي موقع بعد.', '/web-extraction', 'ترجمة موقع إلكتروني'],
    ['ar', 'text', 'لم تترجم أي نص بعد.', '/#translator', 'ترجمة نص'],
  ] as const)('with a type filter and no words (%s, %s): nothing of that type yet, and that type\'s translator', async (language, type, message, href, label) => {
    expect(await emptyHistory(language, `/user/translation-history?type=${type}`)).toEqual({
      message,
      action: `<a class="button button--primary" data-testid="history-start" href="${href}" data-discover="true">${label}</a>`,
    });
  });

  it("in a team's view, the team's", async () => {
    const owner = { id: 7, role_id: '3', team: { id: 1 } } as unknown as Partial<User>;
    expect((await emptyHistory('en', '/user/translation-history?scope=team&type=document', owner)).message).toBe('Your team has not translated any documents yet.');
    expect((await emptyHistory('ar', '/user/translation-history?scope=team&type=website', owner)).message).toBe('لم يترجم فريقك أي موقع بعد.');
    expect((await emptyHistory('en', '/user/translation-history?scope=team', owner)).message).toBe('Your team&#x27;s translations will appear here.');
  });

  it('words that found nothing still say so and offer to clear them; no filter at all, the translator', async () => {
    const searched = await emptyHistory('en', '/user/translation-history?type=document&q=contract');
    expect(searched.message).toBe('Nothing in your history matches your search.');
    expect(searched.action).toContain('data-testid="history-search-clear"');
    expect(await emptyHistory('ar', '/user/translation-history')).toEqual({
      message: 'ستظهر ترجماتك هنا.',
      action: '<a class="button button--primary" data-testid="history-start" href="/#translator" data-discover="true">ابدأ الترجمة</a>',
    });
  });
});
