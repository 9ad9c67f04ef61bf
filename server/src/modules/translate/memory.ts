import type { CacheBus } from '../../db/cache';
import type { TranslateRepo } from './repo';

export const MEMORY_TOPIC = 'translation-memory';
const CACHE_LIMIT = 100_000;

/**
 * Whether an owner has any translation-memory entry, cached in every process so that the
 * many users without one skip the look-up query. Any change to the memory (a like, a
 * suggestion) drops every process's cache through the cache bus.
 */
export function createMemoryIndex(deps: { repo: TranslateRepo; cache: CacheBus }) {
  const known = new Map<string, Promise<boolean>>();
  deps.cache.on(MEMORY_TOPIC, () => known.clear());

  const hasOwner = (ownerKey: string) => {
    let result = known.get(ownerKey);
    if (!result) {
      if (known.size >= CACHE_LIMIT) known.clear();
      result = deps.repo.hasMemory(ownerKey);
      known.set(ownerKey, result);
      result.catch(() => known.delete(ownerKey));
    }
    return result;
  };

  return {
    async hasEntries(ownerKeys: string[]) {
      for (const ownerKey of ownerKeys) if (await hasOwner(ownerKey)) return true;
      return false;
    },
    /** Called after every change to the memory. */
    changed: () => deps.cache.invalidate(MEMORY_TOPIC),
  };
}

export type MemoryIndex = ReturnType<typeof createMemoryIndex>;
