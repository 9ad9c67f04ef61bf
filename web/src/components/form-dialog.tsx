import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActionLink, focusAfterDialog, keepTabInDialog, type DialogAction } from './dialog';

export interface FormDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  /** The submit button's text. */
  submitLabel: string;
  /** The cancel button's text; "Close" by default. */
  cancelLabel?: string;
  tone?: 'info' | 'danger';
  busy?: boolean;
  /** The id of what says why submitting is not possible now: the submit button is disabled and described by it. */
  submitBlockedBy?: string;
  onSubmit: () => void;
  onCancel: () => void;
  /**
   * Leave the fields to the server's checks, shown in the page's language: a browser's own
   * bubble ("Please include an '@'…") speaks the browser's language, not the page's.
   */
  noValidate?: boolean;
  /** One link before the buttons (a limit's way on, as the message dialog's); following it cancels the dialog. */
  action?: DialogAction;
  /** For tests and styling. */
  testId?: string;
  /**
   * Where the focus goes back to when the dialog is taken off the page while open; by default what had the
   * focus as it opened. A button disabled while its dialog loads has lost the focus by then: its flow passes it.
   */
  returnFocusTo?: Element | null;
}

/**
 * A modal with a form and two actions (cancel, submit): suggestions, feedback and
 * confirmations. Built on <dialog> like the app's message dialog: focus stays inside,
 * Escape and the backdrop cancel.
 */
export function FormDialog({ open, title, children, submitLabel, cancelLabel, tone = 'info', busy = false, submitBlockedBy, onSubmit, onCancel, noValidate, action, testId, returnFocusTo }: FormDialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  // Noted before showModal moves the focus in. Closing an open <dialog> gives the focus back to what opened it,
  // but taking it off the page does not: the plan-change confirmation, unmounted on "Go back" and Escape, left
  // the focus on the page's body. Declared first, so it runs before the effect that opens the dialog.
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (!open) return;
    opener.current = returnFocusTo ?? document.activeElement;
    const dialog = dialogRef.current;
    return () => {
      if (!dialog?.isConnected) focusAfterDialog(opener.current);
    };
  }, [open, returnFocusTo]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first control; the action's link before the buttons is not where a question starts
      // (Enter there would leave the page): "Cancel" is, as without a link.
      if (document.activeElement instanceof HTMLAnchorElement && document.activeElement.closest('.dialog__actions')) cancelRef.current?.focus();
    }
    if (!open && dialog.open) {
      dialog.close();
      focusAfterDialog(opener.current);
    }
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !submitBlockedBy) onSubmit();
  };

  return (
    <dialog
      ref={dialogRef}
      className={`dialog dialog--${tone === 'danger' ? 'error' : 'info'} form-dialog`}
      aria-labelledby={titleId}
      data-testid={testId}
      onKeyDown={keepTabInDialog}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onCancel();
      }}
    >
      <form className="dialog__panel" onSubmit={submit} noValidate={noValidate}>
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        <div className="dialog__body">{children}</div>
        <div className="dialog__actions form-dialog__actions">
          {action && <DialogActionLink action={action} close={onCancel} />}
          <button ref={cancelRef} type="button" className="button button--ghost" onClick={onCancel}>
            {cancelLabel ?? t('dialog.close')}
          </button>
          <button type="submit" className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`} disabled={busy || Boolean(submitBlockedBy)} aria-describedby={submitBlockedBy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
