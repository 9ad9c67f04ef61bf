import { describe, expect, it } from 'vitest';
import { createQuestionStore, type Question } from './questions';

const deletePlan: Question = { title: 'Delete the plan “Pro”?', body: 'A plan in use is archived instead.', confirm: 'Delete plan', tone: 'danger' };

describe('ask (the question store behind useDialog().ask)', () => {
  it('shows the question and resolves true when confirmed', async () => {
    const questions = createQuestionStore();
    expect(questions.snapshot()).toEqual({ question: null, open: false });
    const answer = questions.ask(deletePlan);
    expect(questions.snapshot()).toEqual({ question: deletePlan, open: true });
    questions.answer(true);
    await expect(answer).resolves.toBe(true);
    // Closed, its text kept while the dialog closes.
    expect(questions.snapshot()).toEqual({ question: deletePlan, open: false });
  });

  it('resolves false when cancelled: the Cancel button, Escape and the backdrop all answer false', async () => {
    const questions = createQuestionStore();
    const answer = questions.ask(deletePlan);
    questions.answer(false);
    await expect(answer).resolves.toBe(false);
    expect(questions.snapshot().open).toBe(false);
  });

  it('takes the first answer only (a double click on Delete answers once)', async () => {
    const questions = createQuestionStore();
    const answer = questions.ask(deletePlan);
    questions.answer(false);
    questions.answer(true);
    await expect(answer).resolves.toBe(false);
  });

  it('declines an unanswered question when another is asked, and answers the new one', async () => {
    const questions = createQuestionStore();
    const first = questions.ask(deletePlan);
    const second = questions.ask({ title: 'Leave the team?', confirm: 'Leave team' });
    await expect(first).resolves.toBe(false);
    expect(questions.snapshot()).toEqual({ question: { title: 'Leave the team?', confirm: 'Leave team' }, open: true });
    questions.answer(true);
    await expect(second).resolves.toBe(true);
  });

  it('tells its subscribers (the host) of every change, until they unsubscribe', async () => {
    const questions = createQuestionStore();
    const seen: boolean[] = [];
    const unsubscribe = questions.subscribe(() => seen.push(questions.snapshot().open));
    const answer = questions.ask(deletePlan);
    questions.answer(true);
    await answer;
    unsubscribe();
    void questions.ask(deletePlan);
    expect(seen).toEqual([true, false]);
  });
});
