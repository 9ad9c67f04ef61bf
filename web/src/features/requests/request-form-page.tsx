import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LINGUISTS } from '../../app/site-links';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { DateField } from '../../components/date-field';
import { FilePicker } from '../../components/file-picker';
import { FormErrors, FormField, useFocusFirstError } from '../../components/form-field';
import { useCurrentUser } from '../account/use-current-user';
import './requests.css';
import { isValidationError, SERVICE_TYPES, submitErrors, useSubmitRequest, type ServiceType } from './use-requests';

const ACCEPTED_FILES = '.docx,.xlsx,.pptx,.pdf,.xliff,.xlf,.txt';
const LANGUAGES = ['en', 'ar'] as const;
/** The fields the form shows its messages beside; any other field's go above the form. */
const SHOWN_FIELDS = ['service', 'source_lang', 'target_lang', 'company', 'seats', 'words', 'file', 'deadline', 'name', 'email', 'phone', 'message'] as const;

function isServiceType(value: string | null): value is ServiceType {
  return (SERVICE_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * /human-translation: order professional human translation, proofreading or editing, or
 * ask for an enterprise quotation (?service=quotation). The beta notice links here.
 */
export function RequestFormPage() {
  const { t } = useTranslation('requests');
  const { t: tCommon } = useTranslation();
  const [searchParams] = useSearchParams();
  const { data: user } = useCurrentUser();
  const dialog = useDialog();
  const submit = useSubmitRequest();
  const initialService = searchParams.get('service');
  const [service, setService] = useState<ServiceType>(isServiceType(initialService) ? initialService : 'translation');
  const [sourceLang, setSourceLang] = useState<'en' | 'ar'>('en');
  const [targetLang, setTargetLang] = useState<'en' | 'ar'>('ar');
  // A refused request's 422 messages, each under its field; the focus goes to the first of them.
  const errors = submitErrors(submit.error);
  const formRef = useFocusFirstError<HTMLFormElement>(submit.error);
  const [done, setDone] = useState<{ message: string; reference: string } | null>(null);

  const isQuotation = service === 'quotation';
  const fieldErrors = (name: string) => errors[name];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submit.isPending) return;
    const form = new FormData(event.currentTarget);
    form.set('service', service);
    if (isQuotation) {
      form.delete('source_lang');
      form.delete('target_lang');
    } else {
      form.set('source_lang', sourceLang);
      if (service === 'translation') form.set('target_lang', targetLang);
      else form.delete('target_lang');
    }
    const file = form.get('file');
    if (file instanceof File && !file.name && file.size === 0) form.delete('file');
    submit.mutate(form, {
      onSuccess: (result) => setDone({ message: result.message, reference: result.data.reference }),
      onError: (error) => {
        if (!isValidationError(error)) dialog.showError(error);
      },
    });
  };

  if (done) return <RequestDone message={done.message} reference={done.reference} onAnother={() => { submit.reset(); setDone(null); }} />;

  return (
    <section className="container page-section">
      <div className="request-layout">
        <header className="request-layout__intro">
          <span className="pill pill--accent">{t('intro.badge')}</span>
          <h1>{tCommon('pages.humanTranslation.title')}</h1>
          <p className="muted">{t('intro.body')}</p>
          <ul className="request-layout__points">
            <li>{t('intro.linguists', { linguists: LINGUISTS })}</li>
            <li>{t('intro.security')}</li>
            <li>{t('intro.reply')}</li>
          </ul>
        </header>

        <form ref={formRef} className="panel form request-form" data-testid="request-form" onSubmit={onSubmit} noValidate>
          <FormErrors error={isValidationError(submit.error) ? submit.error : null} shownFields={SHOWN_FIELDS} />
          <fieldset className="form__group">
            <legend className="form-field__label">{t('fields.service')}</legend>
            <div className="choice-grid" role="radiogroup">
              {SERVICE_TYPES.map((type) => (
                <label key={type} className={`choice${service === type ? ' choice--selected' : ''}`}>
                  <input type="radio" name="service-choice" value={type} checked={service === type} onChange={() => setService(type)} data-testid={`service-${type}`} />
                  <span className="choice__title">{t(`services.${type}.title`)}</span>
                  <span className="choice__body">{t(`services.${type}.body`)}</span>
                </label>
              ))}
            </div>
            {fieldErrors('service') && <p className="form-field__errors">{fieldErrors('service')!.join(' ')}</p>}
          </fieldset>

          {!isQuotation && (
            <div className="form__row">
              <FormField label={service === 'translation' ? t('fields.sourceLang') : t('fields.textLang')} errors={fieldErrors('source_lang')}>
                <select className="input" value={sourceLang} onChange={(e) => setSourceLang(e.target.value as 'en' | 'ar')}>
                  {LANGUAGES.map((code) => (
                    <option key={code} value={code}>
                      {tCommon(`language.${code}`)}
                    </option>
                  ))}
                </select>
              </FormField>
              {service === 'translation' && (
                <FormField label={t('fields.targetLang')} errors={fieldErrors('target_lang')}>
                  <select className="input" value={targetLang} onChange={(e) => setTargetLang(e.target.value as 'en' | 'ar')}>
                    {LANGUAGES.map((code) => (
                      <option key={code} value={code}>
                        {tCommon(`language.${code}`)}
                      </option>
                    ))}
                  </select>
                </FormField>
              )}
            </div>
          )}

          {isQuotation ? (
            <div className="form__row">
              <FormField label={t('fields.company')} errors={fieldErrors('company')}>
                <input className="input" name="company" autoComplete="organization" dir="auto" maxLength={160} />
              </FormField>
              <FormField label={t('fields.seats')} errors={fieldErrors('seats')} optional optionalLabel={t('optional')}>
                <input className="input" name="seats" type="number" min={1} inputMode="numeric" />
              </FormField>
            </div>
          ) : (
            <div className="form__row">
              <FormField label={t('fields.words')} errors={fieldErrors('words')} hint={t('hints.wordsOrFile')}>
                <input className="input" name="words" type="number" min={1} inputMode="numeric" data-testid="request-words" />
              </FormField>
              <FormField label={t('fields.file')} errors={fieldErrors('file')} hint={t('hints.file')} optional optionalLabel={t('optional')}>
                <FilePicker name="file" accept={ACCEPTED_FILES} choose={tCommon('file.choose')} none data-testid="request-file" />
              </FormField>
            </div>
          )}

          <div className="form__row">
            <DateField label={t('fields.deadline')} name="deadline" errors={fieldErrors('deadline')} optionalLabel={t('optional')} testId="request-deadline" />
            {!isQuotation && (
              <FormField label={t('fields.company')} errors={fieldErrors('company')} optional optionalLabel={t('optional')}>
                <input className="input" name="company" autoComplete="organization" dir="auto" maxLength={160} />
              </FormField>
            )}
          </div>

          <div className="form__row">
            <FormField label={t('fields.name')} errors={fieldErrors('name')}>
              <input className="input" name="name" autoComplete="name" dir="auto" defaultValue={user?.name ?? ''} maxLength={120} data-testid="request-name" />
            </FormField>
            <FormField label={t('fields.email')} errors={fieldErrors('email')}>
              <input className="input" name="email" type="email" autoComplete="email" dir="ltr" defaultValue={user?.email ?? ''} data-testid="request-email" />
            </FormField>
          </div>
          <FormField label={t('fields.phone')} errors={fieldErrors('phone')} optional optionalLabel={t('optional')}>
            <input className="input" name="phone" type="tel" autoComplete="tel" dir="ltr" maxLength={40} />
          </FormField>
          <FormField label={t('fields.message')} errors={fieldErrors('message')} optional optionalLabel={t('optional')}>
            <textarea className="input" name="message" rows={4} maxLength={5000} dir="auto" placeholder={t(`placeholders.${isQuotation ? 'quotation' : 'message'}`)} />
          </FormField>

          <div className="form__actions">
            <p className="muted form__note">{t('privacyNote')}</p>
            <button type="submit" className="button button--primary" aria-disabled={submit.isPending || undefined} data-testid="request-submit">
              {submit.isPending ? t('sending') : t(isQuotation ? 'submitQuotation' : 'submit')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
}

/**
 * The request's receipt, in place of the form. The focus goes to its heading (the form's button it was on is gone,
 * and the page's top is where the receipt is), so a keyboard or screen-reader user starts reading there.
 */
function RequestDone({ message, reference, onAnother }: { message: string; reference: string; onAnother: () => void }) {
  const { t } = useTranslation('requests');
  const { t: tCommon } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <section className="container page-section">
      <div className="panel request-done" data-testid="request-done" role="status">
        <span className="request-done__icon" aria-hidden="true">
          ✓
        </span>
        <h1 ref={heading} tabIndex={-1}>
          {t('done.title')}
        </h1>
        <p>{message}</p>
        <p className="muted">{t('done.reference', { reference })}</p>
        <div className="request-done__actions">
          <Link className="button button--primary" to="/">
            {tCommon('notFound.backHome')}
          </Link>
          <button type="button" className="button button--ghost" onClick={onAnother}>
            {t('done.another')}
          </button>
        </div>
      </div>
    </section>
  );
}
