// The questions asked before an action (ask() of the dialog context): one at a time, each answered
// once, drawn by <QuestionHost> in Lisan's own dialog. A browser's window.confirm speaks the browser's
// language and direction, not the page's (an Arabic page got an English, left-to-right "OK / Cancel").

/**
 * A question's texts are kept in the catalogs as one object, `{ title, body, confirm }` (billing's
 * `admin.confirmDelete`), so `t(key, { returnObjects: true, ...values })` gives them, names interpolated.
 */
export interface Question {
  title: string;
  /** What the action does or costs, in a sentence or two. */
  body?: string;
  /** The confirm button's text: the action's name ("Delete plan", "Revoke key"), not "OK". */
  confirm: string;
  /** 'danger' for what deletes or cannot be undone: a red button and border. */
  tone?: 'info' | 'danger';
  /** A question about a limit refusal (a 402's type): it offers the limit's way on and advice, as its dialog does (limitWayFor). */
  limit?: { type: string | null };
  /** For tests. */
  testId?: string;
}

export interface QuestionState {
  /** The question shown, or the last one while its dialog closes; null before the first. */
  question: Question | null;
  open: boolean;
}

export interface QuestionStore {
  /** Shows the question; resolves true when confirmed, false when cancelled (button, Escape, backdrop). */
  ask: (question: Question) => Promise<boolean>;
  /** Answers the open question; a second answer (a double click) is ignored. */
  answer: (confirmed: boolean) => void;
  snapshot: () => QuestionState;
  subscribe: (listener: () => void) => () => void;
}

/** A question store for useSyncExternalStore. A question asked while another is open replaces it: the first is declined. */
export function createQuestionStore(): QuestionStore {
  let state: QuestionState = { question: null, open: false };
  let settle: ((confirmed: boolean) => void) | null = null;
  const listeners = new Set<() => void>();
  const update = (next: QuestionState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const answer = (confirmed: boolean) => {
    const pending = settle;
    if (!pending) return;
    settle = null;
    update({ question: state.question, open: false });
    pending(confirmed);
  };

  return {
    ask: (question) => {
      settle?.(false);
      return new Promise<boolean>((resolve) => {
        settle = resolve;
        update({ question, open: true });
      });
    },
    answer,
    snapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
