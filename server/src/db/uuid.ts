import { randomUUID } from 'node:crypto';

/**
 * A time-ordered UUID (version 7, RFC 9562): the Unix time in milliseconds in its first 48
 * bits, then random bits (74 of them, from the same pool as randomUUID). For the primary keys
 * of rows written at a high rate (translations and their sentences): new keys land at the
 * right edge of the index, on pages already in memory, where random (version 4) keys touch
 * a page anywhere in it for each row.
 */
export function uuidv7(now: number = Date.now()): string {
  const time = now.toString(16).padStart(12, '0');
  // A version 4 UUID with its time fields replaced: xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx.
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${randomUUID().slice(15)}`;
}
