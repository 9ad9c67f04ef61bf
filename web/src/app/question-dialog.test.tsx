import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../components/render-markup.test-support';
import { QuestionDialog } from './dialog-context';

const render = (language: 'en' | 'ar', element: React.ReactElement) => renderMarkup(language, 'common', element);

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
