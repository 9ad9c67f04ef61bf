import { expect } from 'vitest';
import { EngineError, type TranslationJob } from '../../src/engines/types';

/** The job most engine tests translate: English to Arabic, general domain. */
export const EN_AR: TranslationJob = { source: 'en', target: 'ar', domain: 'general' };

/** The EngineError a translation fails with (the test fails if it succeeds or throws something else). */
export async function engineErrorOf(promise: Promise<unknown>): Promise<EngineError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}
