import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { SocialProvider, User } from '../../api/types';
import { useDialog } from '../../app/dialog-context';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrors, FormErrors, PasswordField, TextField, useFocusFirstError, useFormValues } from '../../components/form-field';
import { SOCIAL_PROVIDERS, socialErrorFrom, socialLoginHref } from '../auth/auth.fns';
import { ProviderIcon } from '../auth/social-login-buttons';
import { useAuthProviders } from '../auth/use-auth';
import { useDeleteAccount, useDisconnect, useUpdatePassword } from './use-account';
import { useCurrentUser } from './use-current-user';
import { isolate } from '../../i18n/format';

/** /user/auth-settings: password settings, social links (connect, disconnect) and account deletion. */
export function AuthSettingsPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null; // the AuthRoute guard shows the loading state
  return (
    <>
      <PasswordSection user={user} />
      <SocialLinksSection user={user} />
      <DeleteAccountSection user={user} />
    </>
  );
}

const PASSWORD_FIELDS = ['old_password', 'password', 'password_confirmation'] as const;

function PasswordSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog } = useDialog();
  const update = useUpdatePassword();
  const hasPassword = user.has_password;
  const empty = { old_password: '', password: '', password_confirmation: '' };
  const { values, set, setValues } = useFormValues(empty);
  const formRef = useFocusFirstError<HTMLFormElement>(update.error);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const { old_password, ...rest } = values;
    update.mutate(hasPassword ? values : rest, {
      onSuccess: () => {
        setValues(empty);
        showDialog({ modalType: 'success', message: tMessages('success.passwordUpdated') });
      },
    });
  };

  return (
    <section className="panel account-card" id="password" aria-labelledby="password-title">
      <h2 id="password-title" className="account-card__title">
        {t('password.title')}
      </h2>
      <p className="muted account-card__hint">{hasPassword ? t('password.hint') : t('password.setHint')}</p>
      <form ref={formRef} className="form" onSubmit={submit} noValidate>
        <FormErrors error={update.error} shownFields={PASSWORD_FIELDS} />
        {hasPassword && (
          <PasswordField
            label={t('password.oldPassword')}
            name="old_password"
            autoComplete="current-password"
            value={values.old_password}
            onChange={set('old_password')}
            error={update.error}
          />
        )}
        <div className="form__row">
          <PasswordField label={t('password.newPassword')} name="password" value={values.password} onChange={set('password')} error={update.error} />
          <PasswordField
            label={t('password.confirmPassword')}
            name="password_confirmation"
            value={values.password_confirmation}
            onChange={set('password_confirmation')}
            error={update.error}
          />
        </div>
        <div className="form__actions">
          {/* aria-disabled, not disabled: the focus stays here while the request runs (see the profile form). */}
          <button type="submit" className="button button--primary" aria-disabled={update.isPending || undefined}>
            {update.isPending ? t('password.saving') : hasPassword ? t('password.update') : t('password.set')}
          </button>
        </div>
      </form>
    </section>
  );
}

function SocialLinksSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { t: tAuth } = useTranslation('auth');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog, showError } = useDialog();
  const [searchParams] = useSearchParams();
  const { data: available } = useAuthProviders();
  const disconnect = useDisconnect();
  const connected = searchParams.get('connected');
  const socialError = socialErrorFrom(searchParams);

  const unlink = (provider: SocialProvider) =>
    disconnect.mutate(provider, {
      onSuccess: () => showDialog({ modalType: 'success', message: tMessages('success.accountDisconnected') }),
      onError: (error) => showError(error), // "Not so fast, you will need to set a password ..."
    });

  return (
    <section className="panel account-card" id="social-links" aria-labelledby="social-title">
      <h2 id="social-title" className="account-card__title">
        {t('social.title')}
      </h2>
      <p className="muted account-card__hint">{t('social.hint')}</p>
      {connected && (SOCIAL_PROVIDERS as readonly string[]).includes(connected) && (
        <p className="notice notice--success" role="status">
          {t('social.connectedNotice', { provider: t(`social.providers.${connected as SocialProvider}`) })}
        </p>
      )}
      {socialError && (
        <p className="notice notice--error" role="alert">
          {tAuth(`social.errors.${socialError}`)}
        </p>
      )}
      <ul className="social-links">
        {SOCIAL_PROVIDERS.map((provider) => {
          const isConnected = user.social?.[provider] ?? false;
          return (
            <li key={provider} className="social-links__item" data-provider={provider} data-connected={isConnected}>
              <ProviderIcon provider={provider} />
              <span className="social-links__name">{t(`social.providers.${provider}`)}</span>
              <span className={`pill${isConnected ? '' : ' pill--muted'}`}>{isConnected ? t('social.connected') : t('social.notConnected')}</span>
              <span className="social-links__action">
                {isConnected ? (
                  <button type="button" className="button button--ghost button--small" onClick={() => unlink(provider)} disabled={disconnect.isPending}>
                    {t('social.disconnect')}
                  </button>
                ) : available?.[provider] ? (
                  <a className="button button--outline button--small" href={socialLoginHref(provider)}>
                    {t('social.connect')}
                  </a>
                ) : (
                  <span className="muted social-links__unavailable">{t('social.unavailable')}</span>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * The account's deletion, confirmed in a FormDialog like the app's other confirmations (focus kept inside, Escape and
 * the backdrop cancel, the submit button busy while the request runs). Every refusal stays in the dialog: a wrong
 * password or e-mail under its field, any other (a team owner must hand the team over first) above the field.
 */
function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { showDialog } = useDialog();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [confirmation, setConfirmation] = useState('');
  const needsPassword = user.has_password;
  const field = needsPassword ? 'password' : 'email';
  // A refusal puts the focus back on the field (the busy submit button had dropped it, out of the modal dialog).
  const fieldsRef = useFocusFirstError<HTMLDivElement>(remove.error);

  const close = () => {
    setOpen(false);
    setConfirmation('');
    remove.reset();
  };

  const submit = () =>
    remove.mutate(needsPassword ? { password: confirmation } : { email: confirmation }, {
      onSuccess: (answer) => {
        setOpen(false);
        void navigate('/', { replace: true });
        showDialog({ modalType: 'success', message: answer.message });
      },
    });

  return (
    <section className="panel account-card account-card--danger" id="delete-account" aria-labelledby="delete-title">
      <h2 id="delete-title" className="account-card__title">
        {t('delete.title')}
      </h2>
      <p className="muted account-card__hint">{t('delete.hint')}</p>
      <div className="form__actions">
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          {t('delete.button')}
        </button>
      </div>
      <FormDialog
        open={open}
        tone="danger"
        title={t('delete.confirmTitle')}
        submitLabel={remove.isPending ? t('delete.deleting') : t('delete.confirm')}
        cancelLabel={t('delete.cancel')}
        busy={remove.isPending}
        noValidate
        testId="delete-account-dialog"
        onCancel={close}
        onSubmit={submit}
      >
        <p>{t('delete.hint')}</p>
        <div ref={fieldsRef}>
          <FormErrors error={remove.error} shownFields={[field]} />
          <TextField
            label={needsPassword ? t('delete.passwordLabel') : t('delete.emailLabel', { email: isolate(user.email) })}
            name={field}
            type={needsPassword ? 'password' : 'email'}
            dir="ltr"
            autoComplete={needsPassword ? 'current-password' : 'off'}
            value={confirmation}
            onChange={setConfirmation}
            errors={fieldErrors(remove.error, field)}
          />
        </div>
      </FormDialog>
    </section>
  );
}
