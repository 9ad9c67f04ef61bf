import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDialog } from '../../app/dialog-context';
import { Dialog } from '../../components/dialog';
import { useCurrentUser } from '../account/use-current-user';
import { plansPathFor, signInPathFor } from '../auth/roles';

/** The modal type of the limit dialog in the shared dialog state. */
export const LIMIT_MODAL = 'limit';

const KNOWN_TYPES = new Set(['char_limit', 'request_quota', 'trial_expired', 'plan_feature', 'llm_disabled']);

/**
 * The usage-limit dialog (spec section 4: a 402 sets the limit flag and shows the type and
 * message). Drawn from the app-wide dialog state when its modal type is "limit"; the
 * server's message comes first, then what the visitor can do about it.
 */
export function LimitDialog({ type, isGuest, onSignIn }: { type: string | null; isGuest: boolean; onSignIn: () => void }) {
  const { t } = useTranslation('translate');
  const location = useLocation();
  const dialog = useDialog();
  const open = dialog.shown && dialog.modalType === LIMIT_MODAL;
  const plansLink = plansPathFor(useCurrentUser().data);
  const hint = type && KNOWN_TYPES.has(type) ? t(`limit.${type as 'char_limit'}`) : null;
  return (
    <Dialog open={open} tone="error" title={dialog.title ?? t('limit.title')} onConfirm={dialog.confirmDialog} onClose={dialog.closeDialog}>
      <div className="limit-dialog" data-testid="limit-dialog" data-limit-type={type ?? ''}>
        <p className="limit-dialog__message" dir="auto">
          {typeof dialog.message === 'string' ? dialog.message : dialog.message?.join(' ')}
        </p>
        {hint && <p className="muted">{hint}</p>}
        <p>
          {isGuest ? (
            <>
              <Link to="/register" className="button button--outline button--small" onClick={dialog.closeDialog}>
                {t('limit.signUp')}
              </Link>{' '}
              {/* A guest who has an account: back to this translator once signed in, the text kept (as "Sign in to suggest"). */}
              <Link
                to={signInPathFor(`${location.pathname}${location.search}`)}
                className="button button--ghost button--small"
                data-testid="limit-sign-in"
                onClick={() => {
                  onSignIn();
                  dialog.closeDialog();
                }}
              >
                {t('limit.signIn')}
              </Link>
            </>
          ) : (
            <Link to={plansLink.to} className="button button--outline button--small" onClick={dialog.closeDialog}>
              {t(`limit.${plansLink.label}`)}
            </Link>
          )}
        </p>
      </div>
    </Dialog>
  );
}
