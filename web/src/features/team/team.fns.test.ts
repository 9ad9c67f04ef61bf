import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client';
import { teamLimitAdvice } from './team.fns';

describe('teamLimitAdvice', () => {
  const advice = 'Choose a plan with team accounts or more seats.';
  it('adds nothing to a full team, whose refusal says how to get seats', () => {
    const full = new ApiError({ status: 402, body: { status: 402, type: 'seat_limit', message: 'The 1 seat of your plan is taken. Upgrade your plan or add seats to invite more members.' } });
    expect(teamLimitAdvice(full, advice)).toBeUndefined();
  });
  it('points a plan without teams to the plans', () => {
    const noTeams = new ApiError({ status: 402, body: { status: 402, type: 'plan_feature', message: 'Please upgrade your plan to use this feature' } });
    expect(teamLimitAdvice(noTeams, advice)).toBe(advice);
    expect(teamLimitAdvice(new Error('network'), advice)).toBe(advice);
  });
});
