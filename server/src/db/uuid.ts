import { createHash, randomUUID } from 'node:crypto';

/**
 * A time-ordered UUID (version 7, RFC 9562): the Unix time in milliseconds in its first 48
 * bits, then random bits (74 of them, from the same pool as randomUUID). For the primary keys
 * of rows written at a high rate (translations and their sentences): new keys land at the
 * right edge of the index, on pages already in memory, where random (version 4) keys touch
 * a page anywhere in it for each row.
 */
let prefixTime = -1;
let prefix = '';

export function uuidv7(now: number = Date.now()): string {
  // The time's part is the same for every key of a millisecond (a translation's sentences).
  if (now !== prefixTime) {
    const time = now.toString(16).padStart(12, '0');
    prefix = `${time.slice(0, 8)}-${time.slice(8, 12)}-7`;
    prefixTime = now;
  }
  // A version 4 UUID with its time fields replaced: xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx.
  return prefix + randomUUID().slice(15);
}

/**
 * A UUID named by a key (version 8, RFC 9562: the key's SHA-256, its version and variant bits
 * set): the same key gives the same UUID, in every process. For ids that make a repeated
 * action a no-op (a job queued once whatever number of runs queue it).
 */
export function uuidFromKey(key: string): string {
  const bytes = createHash('sha256').update(key).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
