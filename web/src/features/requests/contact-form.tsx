import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { FormField, useFocusFirstError } from '../../components/form-field';
import { useCurrentUser } from '../account/use-current-user';
import './requests.css';
import { isValidationError, submitErrors, useSubmitContact } from './use-requests';

/** The contact form of /contact: stored, and e-mailed to the operator. */
export function ContactForm() {
  const { t } = useTranslation('requests');
  const { data: user } = useCurrentUser();
  const dialog = useDialog();
  const submit = useSubmitContact();
  // A refused message's 422 messages, each under its field; the focus goes to the first of them.
  const errors = submitErrors(submit.error);
  const formRef = useFocusFirstError<HTMLFormElement>(submit.error);
  const [thanks, setThanks] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const form = event.currentTarget;
    const data = new FormData(form);
    submit.mutate(
      { name: String(data.get('name') ?? ''), email: String(data.get('email') ?? ''), subject: String(data.get('subject') ?? ''), message: String(data.get('message') ?? '') },
      {
        onSuccess: (result) => {
          setThanks(result.message);
          form.reset();
        },
        onError: (error) => {
          if (!isValidationError(error)) dialog.showError(error);
        },
      },
    );
  };

  return (
    <div className="contact-block">
      <h2>{t('contact.title')}</h2>
      <p className="muted">
        {t('contact.orderHint')} <Link to="/human-translation">{t('contact.orderLink')}</Link>
      </p>
      {thanks && (
        <p className="notice notice--success" role="status" data-testid="contact-thanks">
          {thanks}
        </p>
      )}
      <form ref={formRef} className="form" data-testid="contact-form" onSubmit={onSubmit} noValidate>
        <div className="form__row">
          <FormField label={t('fields.name')} errors={errors.name}>
            <input className="input" name="name" autoComplete="name" dir="auto" defaultValue={user?.name ?? ''} maxLength={120} />
          </FormField>
          <FormField label={t('fields.email')} errors={errors.email}>
            <input className="input" name="email" type="email" autoComplete="email" dir="ltr" defaultValue={user?.email ?? ''} />
          </FormField>
        </div>
        <FormField label={t('fields.subject')} errors={errors.subject} optional optionalLabel={t('optional')}>
          <input className="input" name="subject" maxLength={200} dir="auto" />
        </FormField>
        <FormField label={t('fields.message')} errors={errors.message}>
          <textarea className="input" name="message" rows={5} maxLength={5000} dir="auto" />
        </FormField>
        <div className="form__actions">
          <button type="submit" className="button button--primary" aria-disabled={submit.isPending || undefined}>
            {submit.isPending ? t('sending') : t('contact.send')}
          </button>
        </div>
      </form>
    </div>
  );
}
