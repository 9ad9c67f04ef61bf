import { describe, expect, it, vi } from 'vitest';
import { renderMarkup } from '../../components/render-markup.test-support';
import { AppliedNote } from './glossary-note';

// The app's i18n start-up reads the browser's cookies: these render in one language, as renderMarkup sets it.
vi.mock('../../i18n/use-language', () => import('../../i18n/use-language.test-support'));

const summary = { memory_segments: 0, memory_fuzzy_segments: 0, correction_segments: 0, glossary_terms: [], glossary_term_count: 0 };
const render = (language: 'en' | 'ar', applied: typeof summary) =>
  renderMarkup(language, 'translate', <AppliedNote applied={applied} sourceLang="en" targetLang="ar" manage={false} testId="document-applied" />);
const line = (html: string, testId: string) => new RegExp(`data-testid="${testId}">([^<]*)<`).exec(html)?.[1];

describe('AppliedNote (a document’s or website’s summary)', () => {
  it('counts sentences answered by approved corrections as corrections, apart from memory, in the plural forms of each language', async () => {
    const both = { ...summary, correction_segments: 2, memory_segments: 3, memory_fuzzy_segments: 1 };
    const en = await render('en', both);
    expect(line(en, 'corrections-applied')).toBe('2 sentences show your approved corrections instead of the machine translation');
    expect(en).toContain('3 sentences from your translation memory');
    expect(en.indexOf('corrections-applied')).toBeLessThan(en.indexOf('memory-applied'));
    expect(line(await render('en', { ...summary, correction_segments: 1 }), 'corrections-applied')).toBe('1 sentence shows your approved correction instead of the machine translation');

    const ar = (count: number) => render('ar', { ...summary, correction_segments: count }).then((html) => line(html, 'corrections-applied'));
    expect(await ar(1)).toBe('تعرض جملة واحدة تصحيحك المعتمد بدلًا من الترجمة الآلية');
    expect(await ar(2)).toBe('تعرض جملتان تصحيحاتك المعتمدة بدلًا من الترجمة الآلية');
    expect(await ar(3)).toBe('تعرض 3 جمل تصحيحاتك المعتمدة بدلًا من الترجمة الآلية');
    expect(await ar(11)).toBe('تعرض 11 جملة تصحيحاتك المعتمدة بدلًا من الترجمة الآلية');
    expect(await ar(100)).toBe('تعرض 100 جملة تصحيحاتك المعتمدة بدلًا من الترجمة الآلية');
  });

  it('shows corrections alone (no memory line), and nothing when nothing applied', async () => {
    const html = await render('en', { ...summary, correction_segments: 1 });
    expect(html).toContain('data-testid="corrections-applied"');
    expect(html).not.toContain('memory-applied');
    expect(await render('en', summary)).toBe('');
  });
});
