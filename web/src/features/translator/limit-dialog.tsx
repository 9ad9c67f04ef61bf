import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDialog, useLimitAction, useLimitAdvice } from '../../app/dialog-context';
import { Dialog } from '../../components/dialog';

/** The modal type of the limit dialog in the shared dialog state. */
export const LIMIT_MODAL = 'limit';

const KNOWN_TYPES = new Set(['char_limit', 'request_quota', 'trial_expired', 'plan_feature', 'llm_disabled']);

/**
 * The usage-limit dialog (spec section 4: a 402 sets the limit flag and shows the type and
 * message). Drawn from the app-wide dialog state when its modal type is "limit"; the
 * server's message comes first, then what the visitor can do about it, and the dialog's one
 * way on beside "Ok" (the plans; for a guest, signing in back to this translator, the text kept,
 * as "Sign in to suggest" does).
 */
export function LimitDialog({ type, isGuest, onSignIn }: { type: string | null; isGuest: boolean; onSignIn: () => void }) {
  const { t } = useTranslation('translate');
  const dialog = useDialog();
  const open = dialog.shown && dialog.modalType === LIMIT_MODAL;
  const action = useLimitAction(type, onSignIn);
  const known = type && KNOWN_TYPES.has(type) ? t(`limit.${type as 'char_limit'}`) : undefined;
  // The day's quota resets for a team's member too; the other hints name a plan to choose or billing details to add,
  // which are the team owner's: a member is told that instead (useLimitAdvice).
  const hint = useLimitAdvice(type, known && (type === 'request_quota' ? { plans: known, team: known } : { plans: known }));
  return (
    <Dialog open={open} tone="error" title={dialog.title ?? t('limit.title')} action={action} onConfirm={dialog.confirmDialog} onClose={dialog.closeDialog}>
      <div className="limit-dialog" data-testid="limit-dialog" data-limit-type={type ?? ''}>
        <p className="limit-dialog__message" dir="auto">
          {typeof dialog.message === 'string' ? dialog.message : dialog.message?.join(' ')}
        </p>
        {hint && <p className="muted">{hint}</p>}
        {/* The translator's own offer to a guest, in its text: a free account (the action beside "Ok" is for one who has an account). */}
        {isGuest && (
          <p>
            <Link to="/register" className="button button--outline button--small" onClick={dialog.closeDialog}>
              {t('limit.signUp')}
            </Link>
          </p>
        )}
      </div>
    </Dialog>
  );
}
