import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../api/types';
import { useDialog } from '../../app/dialog-context';
import { FilePicker } from '../../components/file-picker';
import { fieldErrors, FormErrors, SelectField, TextField, useFocusFirstError, useFormValues } from '../../components/form-field';
import { LANGUAGE_NAMES } from '../../i18n/locale';
import { useLanguage } from '../../i18n/use-language';
import { EmailChangeSection } from './email-change-section';
import { LOGO_ACCEPT, logoProblem, profileFormData, profileValuesOf, type ProfileValues } from './account.fns';
import { useUpdateProfile, useUpdateSettings, type SettingsInput } from './use-account';
import { useCurrentUser } from './use-current-user';

const PROFILE_FIELDS = ['name', 'phone', 'job_title', 'country', 'company_name', 'company_website', 'company_address', 'logo'] as const;

/** /user/basic-info: name, personal and company info with the logo, and language preferences. */
export function BasicInfoPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // the AuthRoute guard shows the loading state
  return (
    <>
      <ProfileForm user={user} />
      {/* After the profile form: its dialog's form must not come before the profile's in the page. */}
      <EmailChangeSection user={user} />
      <PreferencesForm user={user} />
    </>
  );
}

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog } = useDialog();
  const update = useUpdateProfile();
  const { values, set, setValues } = useFormValues<ProfileValues>(profileValuesOf(user));
  const [logoFile, setLogoFile] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const preview = useObjectUrl(logoFile);
  const errorsOf = (field: string) => fieldErrors(update.error, field);
  const shownLogo = preview ?? (removeLogo ? null : user.company?.logo_url ?? null);
  const formRef = useFocusFirstError<HTMLFormElement>(update.error);

  const chooseLogo = (file: File | undefined) => {
    setLogoError(null);
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      setLogoError(t(`basicInfo.${problem}`));
      return;
    }
    setLogoFile(file);
    setRemoveLogo(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(profileFormData(values, { file: logoFile, remove: removeLogo }), {
      onSuccess: (answer) => {
        setValues(profileValuesOf(answer.user));
        setLogoFile(null);
        setRemoveLogo(false);
        showDialog({ modalType: 'success', message: tMessages('success.profileUpdated') });
      },
    });
  };

  return (
    <form ref={formRef} className="form account-section" onSubmit={submit} noValidate aria-labelledby="personal-title">
      <FormErrors error={update.error} shownFields={PROFILE_FIELDS} />
      <section className="panel account-card">
        <h2 id="personal-title" className="account-card__title">
          {t('basicInfo.personalTitle')}
        </h2>
        <div className="form__row">
          <TextField label={t('basicInfo.name')} name="name" autoComplete="name" dir="auto" value={values.name} onChange={set('name')} errors={errorsOf('name')} />
        </div>
        <div className="form__row">
          <TextField label={t('basicInfo.phone')} name="phone" type="tel" dir="ltr" autoComplete="tel" value={values.phone} onChange={set('phone')} errors={errorsOf('phone')} maxLength={32} />
          <TextField label={t('basicInfo.jobTitle')} name="job_title" dir="auto" autoComplete="organization-title" value={values.job_title} onChange={set('job_title')} errors={errorsOf('job_title')} maxLength={100} />
          <TextField label={t('basicInfo.country')} name="country" dir="auto" autoComplete="country-name" value={values.country} onChange={set('country')} errors={errorsOf('country')} maxLength={100} />
        </div>
      </section>

      <section className="panel account-card" id="company" aria-labelledby="company-title">
        <h2 id="company-title" className="account-card__title">
          {t('basicInfo.companyTitle')}
        </h2>
        <p className="muted account-card__hint">{t('basicInfo.companyHint')}</p>
        <div className="form__row">
          <TextField label={t('basicInfo.companyName')} name="company_name" dir="auto" autoComplete="organization" value={values.company_name} onChange={set('company_name')} errors={errorsOf('company_name')} maxLength={255} />
          <TextField label={t('basicInfo.website')} name="company_website" type="url" dir="ltr" autoComplete="url" placeholder="https://" value={values.company_website} onChange={set('company_website')} errors={errorsOf('company_website')} maxLength={255} />
        </div>
        <TextField label={t('basicInfo.address')} name="company_address" dir="auto" autoComplete="street-address" value={values.company_address} onChange={set('company_address')} errors={errorsOf('company_address')} maxLength={500} />
        <div className="form-field logo-field">
          <span className="form-field__label" id="company-logo-label">
            {t('basicInfo.logo')}
          </span>
          <div className="logo-field__body">
            <div className="logo-field__preview">
              {shownLogo ? <img src={shownLogo} alt={t('basicInfo.logoAlt')} /> : <span className="muted">{t('basicInfo.noLogo')}</span>}
            </div>
            <div className="logo-field__controls">
              <FilePicker name="logo" labelledBy="company-logo-label" aria-describedby="company-logo-hint" accept={LOGO_ACCEPT} choose={t('basicInfo.chooseLogo')} fileName={logoFile?.name ?? null} onFile={(file) => chooseLogo(file ?? undefined)} />
              <p className="form-field__hint" id="company-logo-hint">
                {t('basicInfo.logoHint')}
              </p>
              {(user.company?.logo_url || logoFile) && !removeLogo && (
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => {
                    setLogoFile(null);
                    setRemoveLogo(true);
                  }}
                >
                  {t('basicInfo.removeLogo')}
                </button>
              )}
              {removeLogo && <p className="form-field__hint">{t('basicInfo.logoRemoved')}</p>}
              {[...(logoError ? [logoError] : []), ...errorsOf('logo')].map((message) => (
                <p key={message} className="form-field__errors" role="alert">
                  {message}
                </p>
              ))}
            </div>
          </div>
        </div>
      </section>
      <div className="form__actions">
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page's top, and the success dialog
            would give it back there. */}
        <button type="submit" className="button button--primary" aria-disabled={update.isPending || undefined}>
          {update.isPending ? t('basicInfo.saving') : t('basicInfo.save')}
        </button>
      </div>
    </form>
  );
}

const LANGUAGES = ['en', 'ar'] as const;
const SOURCE_LANGUAGES = ['auto', 'en', 'ar'] as const;
const DOMAINS = ['general', 'business', 'legal', 'ecommerce'] as const;

function PreferencesForm({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog } = useDialog();
  const { setLanguage } = useLanguage();
  const update = useUpdateSettings();
  const [values, setValues] = useState<Required<SettingsInput>>({
    locale: user.locale === 'ar' ? 'ar' : 'en',
    source_lang: user.settings?.source_lang ?? 'auto',
    target_lang: user.settings?.target_lang ?? 'ar',
    domain: user.settings?.domain ?? 'general',
  });
  const set = <K extends keyof SettingsInput>(field: K) => (value: string) => setValues((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    update.mutate(values, {
      onSuccess: () => {
        void setLanguage(values.locale);
        showDialog({ modalType: 'success', message: tMessages('success.settingsUpdated') });
      },
    });
  };

  return (
    <form className="form account-section" onSubmit={submit} noValidate>
      <section className="panel account-card" aria-labelledby="preferences-title">
        <h2 id="preferences-title" className="account-card__title">
          {t('preferences.title')}
        </h2>
        <p className="muted account-card__hint">{t('preferences.hint')}</p>
        <FormErrors error={update.error} />
        <div className="form__row">
          <SelectField label={t('preferences.interfaceLanguage')} name="locale" value={values.locale} onChange={set('locale')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('preferences.sourceLang')} name="source_lang" value={values.source_lang} onChange={set('source_lang')}>
            {SOURCE_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`preferences.languages.${language}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('preferences.targetLang')} name="target_lang" value={values.target_lang} onChange={set('target_lang')}>
            {LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`preferences.languages.${language}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('preferences.domain')} name="domain" value={values.domain} onChange={set('domain')}>
            {DOMAINS.map((domain) => (
              <option key={domain} value={domain}>
                {t(`preferences.domains.${domain}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="form__actions">
          <button type="submit" className="button button--outline" aria-disabled={update.isPending || undefined}>
            {t('preferences.save')}
          </button>
        </div>
      </section>
    </form>
  );
}

/** A blob: URL for a chosen file's preview, revoked when the file changes or the form goes. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
