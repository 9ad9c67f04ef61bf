import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { EntryCard } from './history-page';
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
const title = (html: string) => /<p class="history-entry__title">(.*?)<\/p>/.exec(html)![1];

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
