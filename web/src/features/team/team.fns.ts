import { isApiError } from '../../api/client';

/**
 * The advice the team page adds under a 402: "Choose a plan with team accounts or more seats." fits a plan without
 * teams, not a full team, whose refusal (`seat_limit`) already says what to do ("Upgrade your plan or add seats ...")
 * and was followed by advice to choose team accounts the owner already had.
 */
export function teamLimitAdvice(error: unknown, advice: string): string | undefined {
  return isApiError(error) && error.type === 'seat_limit' ? undefined : advice;
}
