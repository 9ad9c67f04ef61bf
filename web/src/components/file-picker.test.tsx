import { describe, expect, it, vi } from 'vitest';
import { FilePicker } from './file-picker';
import { renderMarkup } from './render-markup.test-support';

// The app's i18n start-up reads the browser's cookies; these need only the language they are rendered in.
vi.mock('../i18n/use-language', () => import('./language-mock.test-support'));

describe('FilePicker', () => {
  it("is named by its form's label and its button, one <label> only, and described by the file it holds", async () => {
    const html = await renderMarkup(
      'en',
      'glossary',
      <>
        <span id="import-label">CSV or TSV file</span>
        <FilePicker id="import" labelledBy="import-label" choose="Choose a file…" fileName="terms.csv" none aria-describedby="import-hint" />
      </>,
    );
    expect(html).toMatch(/<input id="import" type="file" aria-labelledby="import-label import-choose" aria-describedby="import-hint import-file"/);
    expect(html.match(/<label /g)).toHaveLength(1);
    expect(html).toContain('<label for="import" id="import-choose" class="button button--outline button--small file-picker__choose">Choose a file…</label>');
    expect(html).toContain('<bdi id="import-file" class="file-picker__file" dir="ltr">terms.csv</bdi>');
  });

  it('says "No file chosen" in the page\'s language to a screen reader too, and keeps its one label without a form label', async () => {
    const html = await renderMarkup('ar', 'common', <FilePicker id="logo" choose="اختر شعارًا…" none />);
    expect(html).toMatch(/<input id="logo" type="file" aria-describedby="logo-file"/);
    expect(html).not.toContain('aria-labelledby');
    expect(html).toMatch(/<span id="logo-file" class="file-picker__file file-picker__file--none">[^<]+<\/span>/);
    expect(html).not.toContain('No file');
  });

  it('describes nothing while it shows nothing', async () => {
    const html = await renderMarkup('en', 'common', <FilePicker id="logo" choose="Choose logo…" />);
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain('id="logo-file"');
  });
});
