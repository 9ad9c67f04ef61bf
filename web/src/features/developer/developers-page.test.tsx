import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { DevelopersPage } from './developers-page';

beforeEach(() => vi.stubGlobal('window', { location: { origin: 'https://lisan.example' } }));
afterEach(() => vi.unstubAllGlobals());

const render = (language: 'en' | 'ar') =>
  renderMarkup(
    language,
    'developer',
    <MemoryRouter>
      <DevelopersPage />
    </MemoryRouter>,
  );

describe('Developers page: a Copy button per sample', () => {
  it('names each button after its sample and API, with the visible "Copy" first, and gives each an empty live region for "Copied"', async () => {
    const html = await render('en');
    const buttons = [...html.matchAll(/<button[^>]*aria-label="([^"]*)"[^>]*data-testid="(curl-[a-z]+-[a-z]+)-copy"[^>]*>([^<]*)<\/button>/g)];
    const blocks = [...html.matchAll(/<pre data-testid="(curl-[a-z]+-[a-z]+)"/g)].map((match) => match[1]);
    expect(buttons.map((match) => match[2])).toEqual(blocks);
    expect(blocks).toHaveLength(8);
    expect(buttons.every((match) => match[3] === 'Copy')).toBe(true);
    expect(buttons[0]![1]).toBe('Copy the DeepL API v2 example “Translate text”');
    expect(buttons.find((match) => match[2] === 'curl-libre-translate')![1]).toBe('Copy the LibreTranslate API example “Translate text”');
    for (const id of blocks) expect(html).toContain(`<span class="developers__copy-status small" role="status" data-testid="${id}-copied"></span>`);
  });

  it('speaks Arabic in the Arabic interface', async () => {
    const html = await render('ar');
    expect(html).toContain('aria-label="نسخ مثال «ترجمة نص» من واجهة DeepL البرمجية (v2)" data-testid="curl-deepl-translate-copy">نسخ</button>');
    expect(html).toContain('aria-label="نسخ مثال «اكتشاف اللغة» من واجهة LibreTranslate البرمجية" data-testid="curl-libre-detect-copy">نسخ</button>');
  });
});
