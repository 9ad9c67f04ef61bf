import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { useCurrentUser } from '../account/use-current-user';
import { useQuotationRequest } from './use-billing';

/** /enterprise: the enterprise "request a quotation" form. */
export function QuotationPage() {
  const { t } = useTranslation('billing');
  const { data: user } = useCurrentUser();
  const request = useQuotationRequest();
  const [form, setForm] = useState({ name: user?.name ?? '', email: user?.email ?? '', company: '', seats: '', message: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);

  // Signed-in users: their name and e-mail, once the user call has answered.
  useEffect(() => {
    if (user) setForm((previous) => ({ ...previous, name: previous.name || user.name, email: previous.email || user.email }));
  }, [user]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const answer = await request.mutateAsync({ ...form, seats: form.seats ? Number(form.seats) : null });
      setDone(answer.message);
    } catch (error) {
      if (isApiError(error) && error.status === 422) setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]!])));
      else setErrors({ form: isApiError(error) ? error.message : t('errors.generic') });
    }
  }

  const field = (name: keyof typeof form, label: string, type = 'text') => (
    <div className="form-field">
      <label htmlFor={`quote-${name}`}>{label}</label>
      {name === 'message' ? (
        <textarea id={`quote-${name}`} rows={5} dir="auto" value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} aria-invalid={Boolean(errors[name])} />
      ) : (
        <input id={`quote-${name}`} type={type} dir="auto" value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} aria-invalid={Boolean(errors[name])} />
      )}
      {errors[name] && <p className="form-field__error">{errors[name]}</p>}
    </div>
  );

  return (
    <section className="container page-section billing-page" data-testid="quotation-page">
      <header className="billing-page__header">
        <h1>{t('quotation.title')}</h1>
        <p className="muted">{t('quotation.subtitle')}</p>
      </header>
      {done ? (
        <p className="notice notice--success" role="status" data-testid="quotation-done">
          {done}
        </p>
      ) : (
        <form className="panel billing-form" onSubmit={(event) => void submit(event)} noValidate>
          {field('name', t('quotation.name'))}
          {field('email', t('quotation.email'), 'email')}
          {field('company', t('quotation.company'))}
          {field('seats', t('quotation.seats'), 'number')}
          {field('message', t('quotation.message'))}
          {errors.form && <p className="notice notice--error">{errors.form}</p>}
          <button type="submit" className="button button--primary" disabled={request.isPending}>
            {t('quotation.send')}
          </button>
        </form>
      )}
    </section>
  );
}
