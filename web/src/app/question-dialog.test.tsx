import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderMarkup } from '../components/render-markup.test-support';
import { QuestionDialog } from './dialog-context';

// A router around it: a limit's link is a router link.
const render = (language: 'en' | 'ar', element: React.ReactElement) => renderMarkup(language, 'common', <MemoryRouter>{element}</MemoryRouter>);

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

  it('a question about a limit (the websites page’s "translate what fits"): the limit’s link before "Cancel", and its advice', async () => {
    const html = await render(
      'ar',
      <QuestionDialog
        open
        question={{ title: 'هل تريد ترجمة ما يتسع له رصيدك؟', body: 'صفحات الويب المتبقية لك هذا الشهر: 2 من 10.', confirm: 'ترجمة صفحتين', limit: { type: 'web_pages' }, testId: 'translate-fit' }}
        action={{ to: '/team', label: 'عرض فريقك', testId: 'limit-team' }}
        advice="تعمل ضمن باقة فريقك، وهي التي تحدد هذا الحد."
        onAnswer={() => {}}
      />,
    );
    expect(html).toContain('<div class="dialog__actions form-dialog__actions"><a class="button button--outline" data-testid="limit-team" href="/team"');
    expect(html).toMatch(/عرض فريقك<\/a><button type="button" class="button button--ghost">إلغاء<\/button><button type="submit" class="button button--primary">ترجمة صفحتين<\/button>/);
    expect(html).toContain('<p>صفحات الويب المتبقية لك هذا الشهر: 2 من 10.</p><p class="muted">تعمل ضمن باقة فريقك، وهي التي تحدد هذا الحد.</p>');
  });

  it('says "Cancel" in the page’s language, and has a default test id and tone', async () => {
    const html = await render('ar', <QuestionDialog open question={{ title: 'المصطلح موجود في المسرد بالفعل', confirm: 'استبدال المصطلح' }} onAnswer={() => {}} />);
    expect(html).toMatch(/^<dialog class="dialog dialog--info form-dialog"[^>]* data-testid="question"/);
    expect(html).toContain('>إلغاء</button>');
    expect(html).toContain('<button type="submit" class="button button--primary">استبدال المصطلح</button>');
    expect(html).not.toContain('<p>');
  });
});
