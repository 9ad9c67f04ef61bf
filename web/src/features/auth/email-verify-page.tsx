import type { ReactNode } from 'react';
import { Isolated } from '../../components/isolated';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import type { User } from '../../api/types';
import type { EmailChangeLink, EmailVerifyLink } from '../../../../contract/auth';
import { CHECK_EMAIL_PATH, EMAIL_VERIFY_PATH, isEmailNotVerified, useCurrentUser } from '../account/use-current-user';
import { emailLinkActionFrom, emailLinkPageFrom, isEmailChangeStatus, verifyStatusFrom, type EmailLinkAction, type VerifyStatus } from './auth.fns';
import { homePathFor } from './roles';
import { useConfirmEmailLink, useLinkLook, useWithoutEmailInUrl } from './use-auth';
import './auth.css';

/** What each dead or finished state of a link says, and whether it is good news. */
const RESULTS = {
  verified: { ns: 'messages', key: 'success.emailVerified', done: true },
  already: { ns: 'auth', key: 'verify.already', done: true },
  invalid: { ns: 'messages', key: 'errors.verificationInvalid', done: false },
  email_changed: { ns: 'auth', key: 'emailChange.changed', done: true },
  change_expired: { ns: 'auth', key: 'emailChange.expired', done: false },
  change_invalid: { ns: 'auth', key: 'emailChange.invalid', done: false },
  change_taken: { ns: 'auth', key: 'emailChange.taken', done: false },
} as const;

/**
 * The page an e-mailed link leads to: the registration's verification link (GET /email/verify/{id}/{hash}) and the
 * link that confirms a change of address (GET /email/change/{token}). Opening a link only looks (mail scanners open
 * links too), so a live one shows what it would do with one button (`confirm`, `change_confirm`), whose POST acts;
 * the other statuses are the result, or why the link is dead. Each flow has its own heading and tab title. The URL
 * names no address: a live link's page asks the server for it (an old-form URL's `email` is dropped, never shown).
 */
export function EmailVerifyPage() {
  const [searchParams] = useSearchParams();
  useWithoutEmailInUrl();
  const status = verifyStatusFrom(searchParams);
  if (status === 'confirm' || status === 'change_confirm') {
    const action = emailLinkActionFrom(searchParams);
    if (!action) return <LinkResult status={status === 'confirm' ? 'invalid' : 'change_invalid'} />;
    return <LiveLink key={action.look} status={status} action={action} />;
  }
  return <LinkResult status={status} />;
}

/** A live link: the page asks for its address with the link's parts (no URL carries it), then offers the button. */
function LiveLink({ status, action }: { status: 'confirm' | 'change_confirm'; action: EmailLinkAction }) {
  const { t } = useTranslation();
  const link = useLinkLook<EmailVerifyLink | EmailChangeLink>(action.look);
  if (link.data?.status === status && link.data.email) return <ConfirmLink status={status} path={action.path} email={link.data.email} />;
  if (link.data) return <LinkResult status={link.data.status === status ? (status === 'confirm' ? 'invalid' : 'change_invalid') : link.data.status} />;
  return (
    <StatusPanel status={status} icon="@" actions={null}>
      {link.error ? (
        <p className="notice notice--error" role="alert">
          {isApiError(link.error) ? link.error.messages.join(' ') : link.error.message}
        </p>
      ) : (
        <p className="muted" role="status">
          {t('status.loading')}
        </p>
      )}
    </StatusPanel>
  );
}

/** A live link: what it will do, for the address it names, and the button that does it. */
function ConfirmLink({ status, path, email }: { status: 'confirm' | 'change_confirm'; path: string; email: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const confirm = useConfirmEmailLink();
  const texts = status === 'change_confirm' ? 'emailChange.confirm' : 'verify.confirm';
  // A 422 says the link died since it was opened (used in another tab, expired, the address taken): no button then.
  const dead = isApiError(confirm.error) && confirm.error.status === 422;
  const submit = () => {
    if (confirm.isPending) return;
    confirm.mutate({ path }, { onSuccess: (answer) => void navigate(`${EMAIL_VERIFY_PATH}?status=${answer.status}`, { replace: true }) });
  };
  const button = (
    <button type="button" className="button button--primary" aria-disabled={confirm.isPending || undefined} onClick={submit}>
      {t(confirm.isPending ? `${texts}.busy` : `${texts}.button`)}
    </button>
  );
  return (
    <StatusPanel status={status} icon={dead ? '!' : '@'} actions={dead ? <NextSteps status={status} /> : button}>
      {!dead && (
        <>
          <p className="email-link__lead">{t(`${texts}.lead`)}</p>
          <p className="email-link__address" data-testid="email-link-address" data-private="">
            <Isolated kind="email">{email}</Isolated>
          </p>
        </>
      )}
      {confirm.error ? (
        <p className="notice notice--error" role="alert">
          {isApiError(confirm.error) ? confirm.error.messages.join(' ') : confirm.error.message}
        </p>
      ) : (
        <p className="muted">{t(`${texts}.hint`)}</p>
      )}
    </StatusPanel>
  );
}

/** The result of a link, or why it is dead. */
function LinkResult({ status }: { status: VerifyStatus }) {
  const { t } = useTranslation();
  const result = status === 'unknown' || status === 'confirm' || status === 'change_confirm' ? null : RESULTS[status];
  return (
    <StatusPanel status={status} icon={result && !result.done ? '!' : '✓'} actions={<NextSteps status={status} />}>
      {result ? (
        <p className={`notice ${result.done ? 'notice--success' : 'notice--error'}`}>{t(result.key, { ns: result.ns })}</p>
      ) : (
        <p className="muted">{t('pages.emailVerify.description')}</p>
      )}
    </StatusPanel>
  );
}

/** Every state of the page: an icon, the flow's heading (as the tab's title), what the link does or did, what next. */
function StatusPanel({ status, icon, actions, children }: { status: VerifyStatus; icon: string; actions: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  return (
    <section className="container page-section">
      <div className="panel status-page" data-status={status}>
        <span className="status-page__icon" aria-hidden="true">
          {icon}
        </span>
        <h1>{t(`pages.${emailLinkPageFrom(searchParams)}.title`)}</h1>
        {children}
        <div className="status-page__actions">{actions}</div>
      </div>
    </section>
  );
}

/** The one way on from a link's page: where, and the button's label. */
function NextSteps({ status }: { status: VerifyStatus }) {
  const { t } = useTranslation('auth');
  const { data: user, error } = useCurrentUser();
  const next = nextStepFrom(status, user ?? null, isEmailNotVerified(error));
  return next ? (
    <Link className="button button--primary" to={next.to}>
      {t(next.label)}
    </Link>
  ) : null;
}

/**
 * Where to go from a link's result: a change of address leads to the account (signed in) or to sign-in; a
 * verification to the dashboard once done, to a new link while the address is still unverified, else to sign-in.
 */
function nextStepFrom(status: VerifyStatus, user: User | null, unverified: boolean) {
  const signIn = { to: '/login', label: 'verify.signIn' } as const;
  if (isEmailChangeStatus(status)) return user ? ({ to: '/user/basic-info', label: 'emailChange.toAccount' } as const) : signIn;
  const done = status === 'verified' || status === 'already';
  if (done && user) return { to: homePathFor(user), label: 'verify.toDashboard' } as const;
  if (!done && unverified) return { to: CHECK_EMAIL_PATH, label: 'verify.resend' } as const;
  return !user && !unverified ? signIn : null;
}
