import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../components/render-markup.test-support';
import { SiteFooter } from './site-footer';

const render = (language: 'en' | 'ar') =>
  renderMarkup(
    language,
    'common',
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('SiteFooter', () => {
  it.each(['en', 'ar'] as const)('gives each half of the name its language, as the header does, the bar silent (%s)', async (language) => {
    const html = await render(language);
    // A screen reader reads "Lisan" in an English voice on an Arabic page and «لسان» in an Arabic one on an English page.
    expect(html).toContain('<p class="site-footer__logo"><span lang="en">Lisan</span> <span aria-hidden="true">|</span> <span lang="ar">لسان</span></p>');
  });
});
