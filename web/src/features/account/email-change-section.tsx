import { useState } from 'react';
import { Isolated } from '../../components/isolated';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '../../api/types';
import { useDialog } from '../../app/dialog-context';
import { FormDialog } from '../../components/form-dialog';
import { fieldErrors, FormErrors, PasswordField, TextField, useFocusFirstError } from '../../components/form-field';
import { useCancelEmailChange, useChangeEmail, useResendEmailChange } from './use-account';

const FIELDS = ['email', 'password'] as const;

/**
 * The account's e-mail address on the basic-info tab: read-only, with "Change e-mail address" (a FormDialog asking for
 * the new address and the current password), and while a change waits for its link, the pending address with resend
 * and cancel (once the link expired, the card says so and offers a new link). An account without a password is pointed
 * to the sign-in settings to set one first.
 */
export function EmailChangeSection({ user }: { user: User }) {
  const { t } = useTranslation('account');
  const { showDialog, showError } = useDialog();
  const change = useChangeEmail();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState({ email: '', password: '' });
  const fieldsRef = useFocusFirstError<HTMLDivElement>(change.error);
  const pending = user.email_change;

  const close = () => {
    setOpen(false);
    setValues({ email: '', password: '' });
    change.reset();
  };

  const submit = () =>
    change.mutate(values, {
      onSuccess: (answer) => {
        close();
        showDialog({ modalType: 'success', message: answer.message });
      },
    });

  const done = { onSuccess: (answer: { message: string }) => showDialog({ modalType: 'success', message: answer.message }), onError: (error: unknown) => showError(error) };

  return (
    <section className="panel account-card" id="email" aria-labelledby="email-title" data-testid="email-change">
      <h2 id="email-title" className="account-card__title">
        {t('emailChange.title')}
      </h2>
      {/* Text, not a read-only field: a long address wraps whole on a phone instead of being cut off. */}
      <div className="email-change__current">
        <p className="form-field__label">
          {t('emailChange.current')}
        </p>
        {/* The line starts where the page's lines start; the address inside it is left to right. */}
        <p className="email-change__address">
          <Isolated kind="email" data-testid="current-email">
            {user.email}
          </Isolated>
        </p>
        <p className="form-field__hint">{t('emailChange.hint')}</p>
      </div>
      {/* An expired link no longer works: the card says so (the server's clock decides) and offers a new one. */}
      {pending && (
        <div className={`notice ${pending.expired ? 'notice--warning' : 'notice--info'}`} data-testid="email-change-pending" data-expired={pending.expired}>
          <p>
            <strong>{t(pending.expired ? 'emailChange.expired' : 'emailChange.pending')}</strong>
          </p>
          {/* The address on its own line, like the current one: inside a right-to-left sentence a long one broke apart. */}
          <p className="email-change__address">
            <Isolated kind="email" data-testid="pending-email">
              {pending.email}
            </Isolated>
          </p>
          <p>{t(pending.expired ? 'emailChange.expiredHint' : 'emailChange.pendingHint')}</p>
        </div>
      )}
      <div className="form__actions">
        {!user.has_password ? (
          <>
            <p className="muted" data-testid="email-change-needs-password">
              {t('emailChange.needsPassword')}
            </p>
            <Link className="button button--ghost" to="/user/auth-settings#password">
              {t('emailChange.setPassword')}
            </Link>
          </>
        ) : pending ? (
          <>
            <button type="button" className="button button--ghost" aria-disabled={resend.isPending || undefined} onClick={() => !resend.isPending && resend.mutate(undefined, done)}>
              {t(pending.expired ? 'emailChange.resendExpired' : 'emailChange.resend')}
            </button>
            <button type="button" className="button button--ghost" aria-disabled={cancel.isPending || undefined} onClick={() => !cancel.isPending && cancel.mutate(undefined, done)}>
              {t('emailChange.cancelChange')}
            </button>
          </>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
            {t('emailChange.button')}
          </button>
        )}
      </div>
      <FormDialog
        open={open}
        title={t('emailChange.dialogTitle')}
        submitLabel={change.isPending ? t('emailChange.sending') : t('emailChange.send')}
        cancelLabel={t('emailChange.cancel')}
        busy={change.isPending}
        noValidate
        testId="email-change-dialog"
        onCancel={close}
        onSubmit={submit}
      >
        <p>{t('emailChange.dialogHint')}</p>
        <div ref={fieldsRef}>
          <FormErrors error={change.error} shownFields={FIELDS} />
          <TextField
            label={t('emailChange.newEmail')}
            name="email"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={values.email}
            onChange={(email) => setValues((current) => ({ ...current, email }))}
            errors={fieldErrors(change.error, 'email')}
          />
          <PasswordField
            label={t('emailChange.password')}
            name="password"
            autoComplete="current-password"
            value={values.password}
            onChange={(password) => setValues((current) => ({ ...current, password }))}
            error={change.error}
          />
        </div>
      </FormDialog>
    </section>
  );
}
