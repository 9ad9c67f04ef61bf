import { describe, expect, it, vi } from 'vitest';
import { isolate, valueDirection } from '../i18n/format';
import { Isolated } from './isolated';
import { renderMarkup } from './render-markup.test-support';

// The app's i18n start-up reads the browser's cookies; these need only the language they are rendered in.
vi.mock('../i18n/use-language', () => import('./language-mock.test-support'));

// One rule for the values people type (docs/decisions.md "Names that users type"): a file's name is
// isolated in the page's direction, an address left to right, a free name in its own direction.

describe('Isolated', () => {
  it("isolates a file's name in the page's direction, so its extension stays at the end of the page's reading order", async () => {
    expect(await renderMarkup('en', 'common', <Isolated kind="file">عقد.txt</Isolated>)).toBe('<bdi dir="ltr">عقد.txt</bdi>');
    expect(await renderMarkup('ar', 'common', <Isolated kind="file">contract.txt</Isolated>)).toBe('<bdi dir="rtl">contract.txt</bdi>');
  });

  it('an e-mail address or a web address left to right, a name in its own direction, in both languages', async () => {
    for (const language of ['en', 'ar'] as const) {
      expect(await renderMarkup(language, 'common', <Isolated kind="email">huda@example.com</Isolated>)).toBe('<bdi dir="ltr">huda@example.com</bdi>');
      expect(await renderMarkup(language, 'common', <Isolated kind="url">example.com/ar</Isolated>)).toBe('<bdi dir="ltr">example.com/ar</bdi>');
      expect(await renderMarkup(language, 'common', <Isolated kind="name">هدى</Isolated>)).toBe('<bdi dir="auto">هدى</bdi>');
    }
  });

  it('passes its other attributes on, and cannot be given another direction', async () => {
    const html = await renderMarkup('en', 'common', <Isolated kind="email" className="x" title="a@b.example" data-testid="e">a@b.example</Isolated>);
    expect(html).toBe('<bdi class="x" title="a@b.example" data-testid="e" dir="ltr">a@b.example</bdi>');
  });
});

describe('isolate', () => {
  it("wraps a value in the isolate of its kind's direction (the string form, for a sentence)", () => {
    expect(isolate('عقد.txt', valueDirection('file', 'en'))).toBe('\u2066عقد.txt\u2069');
    expect(isolate('contract.txt', valueDirection('file', 'ar'))).toBe('\u2067contract.txt\u2069');
    expect(isolate('a@b.example', valueDirection('email', 'ar'))).toBe('\u2066a@b.example\u2069');
    expect(isolate('Nadia & Co', valueDirection('name', 'ar'))).toBe('\u2068Nadia & Co\u2069');
    expect(isolate('Nadia & Co')).toBe('\u2068Nadia & Co\u2069');
    expect(isolate('', 'ltr')).toBe('');
  });
});
