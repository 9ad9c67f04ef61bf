import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import { PasswordField } from './form-field';
import { renderMarkup } from './render-markup.test-support';

const render = (language: 'en' | 'ar', element: React.ReactElement) => renderMarkup(language, 'auth', element);

describe('PasswordField', () => {
  it('is a hidden password with a "Show" button beside it, after it in the reading order, that names the field it controls', async () => {
    const html = await render('en', <PasswordField label="Password" name="password" id="pw" value="secret-1" onChange={() => {}} error={null} />);
    expect(html).toMatch(/<div class="form-field__control"><input type="password" dir="ltr"[^>]* id="pw"[^>]* value="secret-1"\/><button type="button"/);
    expect(html).toContain('<button type="button" class="button button--ghost form-field__action" aria-controls="pw" aria-label="Show password">Show</button></div>');
    expect(html).toContain('spellCheck="false"');
    expect(html).toContain('<label class="form-field__label" for="pw">Password</label>');
  });

  it('speaks Arabic in the Arabic interface, and keeps its 422 message under the field', async () => {
    const error = new ApiError({ status: 422, body: { message: 'x', errors: { password: ['يجب ألا تقل كلمة المرور عن 8 أحرف.'] } } });
    const html = await render('ar', <PasswordField label="كلمة المرور" name="password" id="pw" value="" onChange={() => {}} error={error} />);
    expect(html).toContain('aria-label="إظهار كلمة المرور">إظهار</button>');
    expect(html).toMatch(/<input type="password"[^>]* id="pw" aria-invalid="true" aria-describedby="pw-error"[^>]*\/>/);
    expect(html).toContain('<li dir="auto">يجب ألا تقل كلمة المرور عن 8 أحرف.</li>');
  });
});
