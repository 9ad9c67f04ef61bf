// The browser's own form checks (required, type="email", min, minLength...) speak the
// browser's language, not the interface's: an Arabic page in an English browser said "Please
// fill out this field." This replaces each message with the interface's, for every form at once.

import type { i18n as I18n } from 'i18next';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isControl = (target: EventTarget | null): target is Control =>
  target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;

/** What the interface says for a control's first failed check ('' when it passes them all; no custom validity set). */
export function validationMessage(control: Control, t: I18n['t']): string {
  const v = control.validity;
  if (v.valid) return '';
  const input = control instanceof HTMLInputElement ? control : null;
  if (v.valueMissing) return t(control instanceof HTMLSelectElement || input?.type === 'checkbox' || input?.type === 'radio' ? 'validation.choose' : 'validation.required');
  if (v.typeMismatch && input?.type === 'email') return t('validation.email');
  if (v.typeMismatch && input?.type === 'url') return t('validation.url');
  if (v.badInput && input?.type === 'number') return t('validation.number');
  if (v.rangeUnderflow && input) return t('validation.min', { min: Number(input.min) });
  if (v.rangeOverflow && input) return t('validation.max', { max: Number(input.max) });
  if (v.tooShort && !(control instanceof HTMLSelectElement)) return t('validation.tooShort', { count: control.minLength });
  if (v.tooLong && !(control instanceof HTMLSelectElement)) return t('validation.tooLong', { count: control.maxLength });
  return t('validation.invalid');
}

/**
 * Listens on the whole document: a control's `invalid` event (fired by a submission or
 * reportValidity, before the browser shows its bubble) gets the interface's message as its
 * custom validity, and any edit of the control drops it again so the browser checks afresh.
 */
export function localizeValidationMessages(i18n: I18n, root: Document = document): void {
  root.addEventListener(
    'invalid',
    (event) => {
      if (!isControl(event.target)) return;
      const control = event.target;
      control.setCustomValidity('');
      control.setCustomValidity(validationMessage(control, i18n.t.bind(i18n)));
    },
    true,
  );
  const clear = (event: Event) => {
    if (isControl(event.target) && event.target.validity.customError) event.target.setCustomValidity('');
  };
  root.addEventListener('input', clear, true);
  root.addEventListener('change', clear, true);
}
