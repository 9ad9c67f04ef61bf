import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DialogProvider } from '../../app/dialog-context';
import { renderMarkup } from '../../components/render-markup.test-support';
import { RequestRow } from './admin-requests-page';
import type { ServiceRequest } from './use-requests';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const request = (fileName: string, name: string): ServiceRequest => ({
  id: 7,
  reference: 'REQ-00007',
  service: 'translation',
  source_lang: 'ar',
  target_lang: 'en',
  words: 1200,
  seats: null,
  deadline: null,
  name,
  email: 'huda@example.com',
  phone: null,
  company: null,
  message: '',
  locale: 'en',
  user_id: null,
  status: 'new',
  file: { name: fileName, type: 'text/plain', size: 2048, url: '/api/admin/requests/7/file' },
  created_at: '2026-12-01T09:00:00Z',
  updated_at: '2026-12-01T09:00:00Z',
});

const row = (language: 'en' | 'ar', value: ServiceRequest) =>
  renderMarkup(
    language,
    ['requests', 'common', 'messages'],
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <DialogProvider>
          <table>
            <tbody>
              <RequestRow request={value} />
            </tbody>
          </table>
        </DialogProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );

// An Arabic file name in an English page read "txt.عقد" (its own direction made it a right-to-left run).
describe("a request's row", () => {
  it("an Arabic file's name in an English page is isolated left to right: its extension at the end", async () => {
    const html = await row('en', request('عقد.txt', 'هدى'));
    expect(html).toContain('<a href="/api/admin/requests/7/file" download=""><bdi dir="ltr">عقد.txt</bdi></a>');
    expect(html).toContain('<bdi dir="auto">هدى</bdi>');
    expect(html).toContain('<a href="mailto:huda@example.com"><bdi dir="ltr">huda@example.com</bdi></a>');
  });

  it("an English file's name in an Arabic page is isolated right to left; the address stays left to right", async () => {
    const html = await row('ar', request('contract.txt', 'Huda'));
    expect(html).toContain('<bdi dir="rtl">contract.txt</bdi>');
    expect(html).toContain('<bdi dir="auto">Huda</bdi>');
    expect(html).toContain('<bdi dir="ltr">huda@example.com</bdi>');
  });
});
