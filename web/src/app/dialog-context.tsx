// The app-wide dialog state of spec section 2: a shown flag, the modal type and a step
// counter, shared by every screen. The generic message dialog is drawn by <DialogHost>;
// features with their own modal types read the same state and draw their own.

import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/client';
import { Dialog } from '../components/dialog';

/** The modal types the generic dialog draws; features may use any other name. */
export type MessageModalType = 'info' | 'success' | 'error';

export interface DialogState {
  shown: boolean;
  modalType: MessageModalType | (string & {}) | null;
  step: number;
  title: string | null;
  message: string | string[] | null;
}

export interface ShowDialogOptions {
  modalType?: DialogState['modalType'];
  title?: string;
  message?: string | string[];
  step?: number;
  /** Runs after the confirm button closes the dialog. */
  onConfirm?: () => void;
}

export interface DialogContextValue extends DialogState {
  showDialog: (options?: ShowDialogOptions) => void;
  /** An error dialog with the server's message (or flattened 422 messages, or its status text). */
  /**
   * An API error's messages. A 402 (a quota or a plan's limit) is titled "Limit Exceeded" unless
   * `title` says otherwise, with `limitAdvice` (what to do about it: the plans, the next period) after it.
   */
  showError: (error: unknown, title?: string, limitAdvice?: string) => void;
  closeDialog: () => void;
  confirmDialog: () => void;
  setStep: (step: number) => void;
  nextStep: () => void;
  previousStep: () => void;
}

const initialState: DialogState = { shown: false, modalType: null, step: 0, title: null, message: null };

const DialogContext = createContext<DialogContextValue | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('messages');
  const [state, setState] = useState<DialogState>(initialState);
  const onConfirmRef = useRef<(() => void) | undefined>(undefined);

  const showDialog = useCallback((options: ShowDialogOptions = {}) => {
    onConfirmRef.current = options.onConfirm;
    setState((previous) => ({
      shown: true,
      modalType: options.modalType ?? 'info',
      step: options.step ?? previous.step,
      title: options.title ?? null,
      message: options.message ?? null,
    }));
  }, []);

  const showError = useCallback(
    (error: unknown, title?: string, limitAdvice?: string) => {
      const message = isApiError(error) && error.status !== 0 ? error.messages : [t('errors.whoops')];
      if (isApiError(error) && error.status === 402) {
        showDialog({ modalType: 'error', title: title ?? t('errors.limitExceeded'), message: limitAdvice ? [...message, limitAdvice] : message });
        return;
      }
      showDialog({ modalType: 'error', title, message });
    },
    [showDialog, t],
  );

  const closeDialog = useCallback(() => {
    onConfirmRef.current = undefined;
    setState((previous) => ({ ...previous, shown: false }));
  }, []);

  const confirmDialog = useCallback(() => {
    const onConfirm = onConfirmRef.current;
    closeDialog();
    onConfirm?.();
  }, [closeDialog]);

  const setStep = useCallback((step: number) => setState((previous) => ({ ...previous, step })), []);
  const nextStep = useCallback(() => setState((previous) => ({ ...previous, step: previous.step + 1 })), []);
  const previousStep = useCallback(
    () => setState((previous) => ({ ...previous, step: Math.max(0, previous.step - 1) })),
    [],
  );

  const value = useMemo<DialogContextValue>(
    () => ({ ...state, showDialog, showError, closeDialog, confirmDialog, setStep, nextStep, previousStep }),
    [state, showDialog, showError, closeDialog, confirmDialog, setStep, nextStep, previousStep],
  );

  return <DialogContext.Provider value={value}>{children}</DialogContext.Provider>;
}

/** The shared dialog state and its actions. */
export function useDialog(): DialogContextValue {
  const context = useContext(DialogContext);
  if (!context) throw new Error('useDialog must be used inside <DialogProvider>');
  return context;
}

const MESSAGE_MODAL_TYPES: ReadonlySet<string> = new Set<MessageModalType>(['info', 'success', 'error']);

/** Draws the generic message dialog whenever the shared state asks for one. */
export function DialogHost() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const isMessageDialog = dialog.modalType !== null && MESSAGE_MODAL_TYPES.has(dialog.modalType);
  if (!isMessageDialog) return null;
  const tone = dialog.modalType as MessageModalType;
  const defaultTitle = { info: t('dialog.infoTitle'), success: t('dialog.successTitle'), error: t('dialog.errorTitle') }[tone];
  return (
    <Dialog
      open={dialog.shown}
      tone={tone}
      title={dialog.title ?? defaultTitle}
      message={dialog.message ?? undefined}
      onConfirm={dialog.confirmDialog}
      onClose={dialog.closeDialog}
    />
  );
}
