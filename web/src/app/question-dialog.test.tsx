import { readFileSync } from 'node:fs';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { QuestionDialog } from './dialog-context';

const common = (language: 'en' | 'ar') => JSON.parse(readFileSync(new URL(`../i18n/${language}/common.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

async function render(language: 'en' | 'ar', element: React.ReactElement) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: language, resources: { [language]: { common: common(language) } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

describe('QuestionDialog (what ask() draws)', () => {
  it('is the app’s FormDialog: the title, the body, "Cancel" and the button naming the action, red for a destructive one', async () => {
    const html = await render(
      'en',
      <QuestionDialog open question={{ title: 'Revoke the key “CI”?', body: 'Programs using it stop working at once.', confirm: 'Revoke key', tone: 'danger', testId: 'confirm-revoke-key' }} onAnswer={() => {}} />,
    );
    expect(html).toMatch(/^<dialog class="dialog dialog--error form-dialog"[^>]* data-testid="confirm-revoke-key"/);
    expect(html).toContain('>Revoke the key “CI”?</h2>');
    expect(html).toContain('<p>Programs using it stop working at once.</p>');
    expect(html).toContain('<button type="button" class="button button--ghost">Cancel</button>');
    expect(html).toContain('<button type="submit" class="button button--danger">Revoke key</button>');
  });

  it('says "Cancel" in the page’s language, and has a default test id and tone', async () => {
    const html = await render('ar', <QuestionDialog open question={{ title: 'المصطلح موجود في المسرد بالفعل', confirm: 'استبدال المصطلح' }} onAnswer={() => {}} />);
    expect(html).toMatch(/^<dialog class="dialog dialog--info form-dialog"[^>]* data-testid="question"/);
    expect(html).toContain('>إلغاء</button>');
    expect(html).toContain('<button type="submit" class="button button--primary">استبدال المصطلح</button>');
    expect(html).not.toContain('<p>');
  });
});
