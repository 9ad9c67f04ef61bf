import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  open: boolean;
  title: string;
  /** One message, or a list (the flattened 422 errors). */
  message?: string | string[];
  children?: ReactNode;
  tone?: 'info' | 'success' | 'error';
  /** The confirm button's text; "Ok" by default (spec section 8). */
  confirmLabel?: string;
  onConfirm: () => void;
  /** Escape or the backdrop; the confirm action by default. */
  onClose?: () => void;
}

/** A modal built on <dialog>: focus stays inside, Escape closes it, the page behind is inert. */
export function Dialog({ open, title, message, children, tone = 'info', confirmLabel, onConfirm, onClose }: DialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const close = onClose ?? onConfirm;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const messages = message === undefined ? [] : Array.isArray(message) ? message : [message];

  return (
    <dialog
      ref={dialogRef}
      className={`dialog dialog--${tone}`}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
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
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onConfirm} autoFocus>
            {confirmLabel ?? t('dialog.ok')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
