import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A link beside the confirm button: where to go about what the dialog says (a limit's plans, signing in). */
export interface DialogAction {
  label: string;
  to: string;
  testId?: string;
  /** Runs as the link is followed, before the dialog closes (the translator keeps the guest's text). */
  onFollow?: () => void;
}

export interface DialogProps {
  open: boolean;
  title: string;
  /** One message, or a list (the flattened 422 errors). */
  message?: string | string[];
  children?: ReactNode;
  tone?: 'info' | 'success' | 'error';
  /** The confirm button's text; "Ok" by default (spec section 8). */
  confirmLabel?: string;
  /** One link before the confirm button; following it closes the dialog as Escape does. */
  action?: DialogAction;
  /**
   * Where the focus goes as the dialog closes (whichever way), when not back to what opened it: the page names the
   * control that takes the place of one the dialog's errand took away (a deleted history entry's Delete button).
   * Nothing named, or nothing left on the page: the usual way (focusAfterDialog).
   */
  returnFocus?: () => Element | null | undefined;
  onConfirm: () => void;
  /** Escape or the backdrop; the confirm action by default. */
  onClose?: () => void;
}

const TABBABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Tab and Shift+Tab go round a modal's own controls. A modal <dialog> makes the page behind it
 * inert, but from its last control the browser lets Tab leave to its own toolbar; here the
 * focus goes back to the first control (and from the first, backwards, to the last).
 */
export function keepTabInDialog(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (control) => !control.matches(':disabled') && control.tabIndex >= 0 && control.checkVisibility(),
  );
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const leaving = event.shiftKey ? document.activeElement === first || document.activeElement === event.currentTarget : document.activeElement === last;
  if (!leaving) return;
  event.preventDefault();
  (event.shiftKey ? last : first).focus();
}

/**
 * Where the focus goes as a modal closes. The browser gives it back to what had it when the modal
 * opened; when that has left the page meanwhile (a revoked key's Revoke button, its row gone) or
 * was the page's body (it was lost before the modal opened), the focus would be nowhere and the
 * next Tab would start from the top of the page: it goes to the page's main content instead.
 * `target`, when the page names one still on it, comes first (see DialogProps.returnFocus).
 */
export function focusAfterDialog(opener: Element | null, target?: Element | null) {
  for (const candidate of [target, opener]) {
    if (candidate instanceof HTMLElement && candidate.isConnected && candidate !== document.body) {
      candidate.focus();
      return;
    }
  }
  document.getElementById('main')?.focus({ preventScroll: true });
}

/**
 * A dialog's one link (DialogAction), an outline button before the dialog's own buttons: following it runs `onFollow`,
 * then closes the dialog as Escape does (`close`). The message dialog and the form dialog (a question) draw it alike.
 */
export function DialogActionLink({ action, close }: { action: DialogAction; close: () => void }) {
  return (
    <Link
      to={action.to}
      className="button button--outline"
      data-testid={action.testId}
      onClick={() => {
        action.onFollow?.();
        close();
      }}
    >
      {action.label}
    </Link>
  );
}

/** A modal built on <dialog>: focus stays inside, Escape closes it, the page behind is inert. */
export function Dialog({ open, title, message, children, tone = 'info', confirmLabel, action, returnFocus, onConfirm, onClose }: DialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const close = onClose ?? onConfirm;
  const confirmRef = useRef<HTMLButtonElement>(null);

  const opener = useRef<Element | null>(null);
  // Read as the dialog closes, not watched: the page gives a new function each render, which must not reopen it.
  const returnFocusRef = useRef(returnFocus);
  useEffect(() => {
    returnFocusRef.current = returnFocus;
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
      // The focus starts on the confirm button, not on the first control (the action's link, a link in the message):
      // Enter on a dialog that has just opened closes it, it never leaves the page. (React's autoFocus ran while the
      // <dialog> was closed, when nothing in it can take the focus.)
      confirmRef.current?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      focusAfterDialog(opener.current, returnFocusRef.current?.());
    }
  }, [open]);

  const messages = message === undefined ? [] : Array.isArray(message) ? message : [message];

  return (
    <dialog
      ref={dialogRef}
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onKeyDown={keepTabInDialog}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) close(); // A click on the backdrop.
      }}
    >
      <div className="dialog__panel">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div id={bodyId} className="dialog__body">
          {messages.length === 1 && <p dir="auto">{messages[0]}</p>}
          {messages.length > 1 && (
            <ul className="dialog__list">
              {messages.map((item, index) => (
                <li key={index} dir="auto">
                  {item}
                </li>
              ))}
            </ul>
          )}
          {children}
        </div>
        {/* The link first: in the reading order and the Tab order it comes before "Ok", which stays at the inline end
            (the left in Arabic) and has the focus when the dialog opens (Shift+Tab reaches the link). */}
        <div className="dialog__actions">
          {action && <DialogActionLink action={action} close={close} />}
          <button ref={confirmRef} type="button" className="button button--primary" onClick={onConfirm}>
            {confirmLabel ?? t('dialog.ok')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
