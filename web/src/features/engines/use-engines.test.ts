import { describe, expect, it } from 'vitest';
import { newestStamp } from './use-engines';

describe('newestStamp (what a check waits to see superseded)', () => {
  it('is the latest state stamp of the directions, 0 when none has a state', () => {
    expect(newestStamp([])).toBe(0);
    expect(newestStamp([{ download: null }, {}])).toBe(0);
    expect(newestStamp([{ download: { updated_at: '2026-11-24T10:00:00.000Z' } }, { download: { updated_at: '2026-11-24T10:00:05.000Z' } }])).toBe(Date.parse('2026-11-24T10:00:05.000Z'));
  });
});
