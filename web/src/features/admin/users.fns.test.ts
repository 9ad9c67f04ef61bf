import { describe, expect, it } from 'vitest';
import { searchFromUserFilter, seatsLeftEmpty, userFilterFromSearch } from './users.fns';

describe('admin users filters', () => {
  it('reads the filters from the query string, tolerant of anything odd', () => {
    expect(userFilterFromSearch(new URLSearchParams('q=%20sami%40example.com%20&role_id=3&plan_id=12&page=4'))).toEqual({ q: 'sami@example.com', role_id: '3', plan_id: '12', page: 4 });
    expect(userFilterFromSearch(new URLSearchParams('role_id=9&plan_id=abc&page=-1'))).toEqual({ q: '', role_id: '', plan_id: '', page: 1 });
    expect(userFilterFromSearch(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes them back without the defaults, so a search and its pages are links', () => {
    expect(searchFromUserFilter({ q: '', role_id: '', plan_id: '', page: 1 }).toString()).toBe('');
    expect(searchFromUserFilter({ q: 'ليلى', role_id: '2', page: 3 }).toString()).toBe('q=%D9%84%D9%8A%D9%84%D9%89&role_id=2&page=3');
    const round = { q: 'a b', role_id: '5', plan_id: '7', page: 2 };
    expect(userFilterFromSearch(searchFromUserFilter(round))).toEqual(round);
  });
});

describe('the seats of a team plan left empty', () => {
  const startUp = { included_seats: 5 };
  it("keeps the team's current seats, more or fewer than the plan includes", () => {
    expect(seatsLeftEmpty(startUp, 9)).toEqual({ seats: 9, kept: true });
    expect(seatsLeftEmpty(startUp, 2)).toEqual({ seats: 2, kept: true });
  });

  it("gives the plan's included seats without a subscription or with a single seat", () => {
    expect(seatsLeftEmpty(startUp, null)).toEqual({ seats: 5, kept: false });
    expect(seatsLeftEmpty(startUp, 1)).toEqual({ seats: 5, kept: false });
  });
});
