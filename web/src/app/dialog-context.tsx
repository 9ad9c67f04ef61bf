// The app-wide dialog state of spec section 2: a shown flag, the modal type and a step
// counter, shared by every screen. The generic message dialog is drawn by <DialogHost>;
// features with their own modal types read the same state and draw their own. Questions
// before an action (ask) are drawn by <QuestionHost>.

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { TeamAnswer } from '../../../contract/teams';
import { isApiError } from '../api/client';
import { Dialog, type DialogAction } from '../components/dialog';
import { FormDialog } from '../components/form-dialog';
import { useCurrentUser } from '../features/account/use-current-user';
import { limitWayFor, type LimitWay } from '../features/auth/roles';
import { teamKeys } from '../features/team/use-team';
import { isolate } from '../i18n/format';
import { createQuestionStore, type Question, type QuestionStore } from './questions';

/** The modal types the generic dialog draws; features may use any other name. */
export type MessageModalType = 'info' | 'success' | 'error';

export interface DialogState {
  shown: boolean;
  modalType: MessageModalType | (string & {}) | null;
  step: number;
  title: string | null;
  message: string | string[] | null;
  /**
   * A limit refusal (a 402, the spec's limit flag), its type and the page's advice: the dialog leads on to the plans,
   * to signing in or to the team (limitWayFor), and says the advice that fits that way (useLimitAdvice).
   */
  limit: { type: string | null; advice?: LimitAdvice } | null;
  /** Where the focus goes as the dialog closes, when the control that opened it is gone (DialogProps.returnFocus). */
  returnFocus: (() => Element | null | undefined) | null;
}

/**
 * What a page says to do about a limit, after the server's message: one sentence for every way on, or one per way
 * (`plans` also for an administrator; a guest's `signIn` where the plans' sentence does not fit one). A team's member
 * is told their team's plan sets it (`translate:limit.teamAdvice`) unless the page has a `team` sentence.
 */
export type LimitAdvice = string | ({ plans: string } & Partial<Record<'signIn' | 'team', string>>);

export interface ShowDialogOptions {
  modalType?: DialogState['modalType'];
  title?: string;
  message?: string | string[];
  step?: number;
  limit?: DialogState['limit'];
  /** The control the focus goes to as the dialog closes, by any way (a deleted entry's successor); read then. */
  returnFocus?: () => Element | null | undefined;
  /** Runs after the confirm button closes the dialog. */
  onConfirm?: () => void;
}

export interface DialogContextValue extends DialogState {
  showDialog: (options?: ShowDialogOptions) => void;
  /** An error dialog with the server's message (or flattened 422 messages, or its status text). */
  /**
   * An API error's messages. A 402 (a quota or a plan's limit) is titled "Limit Exceeded" unless
   * `title` says otherwise, with `limitAdvice` (what to do about it: the plans, the next period) after it, and the
   * link there (useLimitAction, useLimitAdvice). `returnFocus`: as showDialog's (a failed delete's own button).
   */
  showError: (error: unknown, title?: string, limitAdvice?: LimitAdvice, returnFocus?: ShowDialogOptions['returnFocus']) => void;
  closeDialog: () => void;
  confirmDialog: () => void;
  /**
   * Asks before an action in Lisan's own dialog, in the page's language and direction (never the
   * browser's window.confirm): resolves true when confirmed, false when cancelled.
   */
  ask: (question: Question) => Promise<boolean>;
  setStep: (step: number) => void;
  nextStep: () => void;
  previousStep: () => void;
}

const initialState: DialogState = { shown: false, modalType: null, step: 0, title: null, message: null, limit: null, returnFocus: null };

const DialogContext = createContext<DialogContextValue | null>(null);
const QuestionContext = createContext<QuestionStore | null>(null);

export function DialogProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('messages');
  const [state, setState] = useState<DialogState>(initialState);
  const [questions] = useState(createQuestionStore);
  const onConfirmRef = useRef<(() => void) | undefined>(undefined);

  const showDialog = useCallback((options: ShowDialogOptions = {}) => {
    onConfirmRef.current = options.onConfirm;
    setState((previous) => ({
      shown: true,
      modalType: options.modalType ?? 'info',
      step: options.step ?? previous.step,
      title: options.title ?? null,
      message: options.message ?? null,
      limit: options.limit ?? null,
      returnFocus: options.returnFocus ?? null,
    }));
  }, []);

  const showError = useCallback(
    (error: unknown, title?: string, limitAdvice?: LimitAdvice, returnFocus?: ShowDialogOptions['returnFocus']) => {
      // Words the server did not send (no connection, a proxy's English page) are said in the page's language.
      const message = isApiError(error) && error.spoken ? error.messages : [t(isApiError(error) && error.unreachable ? 'errors.unreachable' : 'errors.whoops')];
      if (isApiError(error) && error.status === 402) {
        showDialog({ modalType: 'error', title: title ?? t('errors.limitExceeded'), message, limit: { type: error.type, advice: limitAdvice }, returnFocus });
        return;
      }
      showDialog({ modalType: 'error', title, message, returnFocus });
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
    () => ({ ...state, showDialog, showError, closeDialog, confirmDialog, ask: questions.ask, setStep, nextStep, previousStep }),
    [state, showDialog, showError, closeDialog, confirmDialog, questions, setStep, nextStep, previousStep],
  );

  return (
    <DialogContext.Provider value={value}>
      <QuestionContext.Provider value={questions}>{children}</QuestionContext.Provider>
    </DialogContext.Provider>
  );
}

/** The shared dialog state and its actions. */
export function useDialog(): DialogContextValue {
  const context = useContext(DialogContext);
  if (!context) throw new Error('useDialog must be used inside <DialogProvider>');
  return context;
}

const MESSAGE_MODAL_TYPES: ReadonlySet<string> = new Set<MessageModalType>(['info', 'success', 'error']);

/** limitWayFor for the current user on this page (its path and query: a guest comes back to it). */
export function useLimitWay(type: string | null): LimitWay | null {
  const { pathname, search } = useLocation();
  return limitWayFor(useCurrentUser().data, `${pathname}${search}`, type);
}

const LIMIT_ACTION_TEST_IDS: Record<LimitWay['label'], string> = { plans: 'limit-plans', adminArea: 'limit-plans', signIn: 'limit-sign-in', team: 'limit-team' };

/**
 * The one way on from a limit refusal, as the dialog's action: "See the plans" (an administrator: the admin area), for
 * a guest "Have an account? Sign in", back to this page (`onSignIn` runs as a guest follows it), for a team's member
 * "See your team" (none on the team page itself: a link to the page one is on leads nowhere). Its words are the
 * translator's limit dialog's, where it was first offered.
 */
export function useLimitAction(type: string | null, onSignIn?: () => void): DialogAction | undefined {
  const { t } = useTranslation('translate');
  const { pathname } = useLocation();
  const way = useLimitWay(type);
  if (!way || way.to === pathname) return undefined;
  const signIn = way.label === 'signIn';
  return { to: way.to, label: t(`limit.${way.label}`), testId: LIMIT_ACTION_TEST_IDS[way.label], onFollow: signIn ? onSignIn : undefined };
}

/**
 * The page's advice about a limit that fits the way on (LimitAdvice). A team's member is told that the team's plan sets
 * the limit and that only its owner can change it, naming the owner where the team page was read already (the team's
 * members are in the query cache; nothing is fetched for a refusal).
 */
export function useLimitAdvice(type: string | null, advice: LimitAdvice | undefined): string | undefined {
  const { t } = useTranslation('translate');
  const queryClient = useQueryClient();
  const way = useLimitWay(type);
  if (way?.label === 'team') {
    if (typeof advice === 'object' && advice.team) return advice.team;
    const owner = queryClient.getQueryData<TeamAnswer['data']>(teamKeys.current())?.members.find((member) => !member.invited && member.role_id === '3');
    return owner?.name ? t('limit.teamAdviceOwner', { owner: isolate(owner.name) }) : t('limit.teamAdvice');
  }
  if (typeof advice !== 'object') return advice;
  return (way?.label === 'signIn' ? advice.signIn : undefined) ?? advice.plans;
}

/** Draws the generic message dialog whenever the shared state asks for one. */
export function DialogHost() {
  const { t } = useTranslation();
  const dialog = useDialog();
  const limitAction = useLimitAction(dialog.limit?.type ?? null);
  const limitAdvice = useLimitAdvice(dialog.limit?.type ?? null, dialog.limit?.advice);
  const isMessageDialog = dialog.modalType !== null && MESSAGE_MODAL_TYPES.has(dialog.modalType);
  if (!isMessageDialog) return null;
  const tone = dialog.modalType as MessageModalType;
  const defaultTitle = { info: t('dialog.infoTitle'), success: t('dialog.successTitle'), error: t('dialog.errorTitle') }[tone];
  return (
    <Dialog
      open={dialog.shown}
      tone={tone}
      title={dialog.title ?? defaultTitle}
      message={dialog.limit && limitAdvice ? [...[dialog.message ?? []].flat(), limitAdvice] : (dialog.message ?? undefined)}
      action={dialog.limit ? limitAction : undefined}
      returnFocus={dialog.returnFocus ?? undefined}
      onConfirm={dialog.confirmDialog}
      onClose={dialog.closeDialog}
    />
  );
}

/**
 * Draws the question ask() shows. Leaving the page declines it: the question is about the page
 * that asked (the browser's Back could change the page behind the open dialog).
 */
export function QuestionHost() {
  const questions = useContext(QuestionContext);
  if (!questions) throw new Error('QuestionHost must be used inside <DialogProvider>');
  const { question, open } = useSyncExternalStore(questions.subscribe, questions.snapshot, questions.snapshot);
  const { pathname } = useLocation();
  useEffect(() => () => questions.answer(false), [pathname, questions]);
  const limitType = question?.limit?.type ?? null;
  const limitAction = useLimitAction(limitType);
  const limitAdvice = useLimitAdvice(limitType, undefined);
  return question && <QuestionDialog question={question} open={open} onAnswer={questions.answer} action={question.limit ? limitAction : undefined} advice={question.limit ? limitAdvice : undefined} />;
}

/**
 * A question in the app's FormDialog: its title, body, "Cancel" and the button naming the
 * action. Cancel, Escape and the backdrop answer false; the focus starts on "Cancel". A question
 * about a limit has the limit's link before them (following it answers false) and its advice.
 */
export function QuestionDialog({ question, open, onAnswer, action, advice }: { question: Question; open: boolean; onAnswer: (confirmed: boolean) => void; action?: DialogAction; advice?: string }) {
  const { t } = useTranslation();
  return (
    <FormDialog
      open={open}
      title={question.title}
      submitLabel={question.confirm}
      cancelLabel={t('dialog.cancel')}
      tone={question.tone}
      testId={question.testId ?? 'question'}
      action={action}
      onSubmit={() => onAnswer(true)}
      onCancel={() => onAnswer(false)}
    >
      {question.body && <p>{question.body}</p>}
      {advice && <p className="muted">{advice}</p>}
    </FormDialog>
  );
}
