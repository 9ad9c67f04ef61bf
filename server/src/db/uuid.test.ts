import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidFromKey, uuidv7 } from './uuid';

describe('uuidv7', () => {
  it('is a version 7 UUID of the RFC variant whose first 48 bits are the time in milliseconds', () => {
    const at = Date.UTC(2026, 10, 28, 12, 34, 56, 789);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.slice(0, 8) + id.slice(9, 13), 16)).toBe(at);
    expect(z.uuid().safeParse(id).success).toBe(true);
  });

  it('orders by time, and ids of one millisecond differ', () => {
    const ids = [1, 2, 3, 1_000, 2 ** 40].map((ms) => uuidv7(1_700_000_000_000 + ms));
    expect([...ids].sort()).toEqual(ids);
    const same = new Set(Array.from({ length: 1000 }, () => uuidv7(1_700_000_000_000)));
    expect(same.size).toBe(1000);
  });
});

describe('uuidFromKey', () => {
  it('is a version 8 UUID of the RFC variant, the same for the same key and different for another', () => {
    const id = uuidFromKey('document-mail:0193a1b2-0000-7000-8000-000000000001:documentReady');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(id).success).toBe(true);
    expect(uuidFromKey('document-mail:0193a1b2-0000-7000-8000-000000000001:documentReady')).toBe(id);
    expect(uuidFromKey('document-mail:0193a1b2-0000-7000-8000-000000000001:documentFailed')).not.toBe(id);
  });
});
