import type { CacheBus } from '../../db/cache';
import type { UserRow } from '../../db/schema';
import { normalizeForMatch } from '../../engines/normalize';
import type { Lang } from '../../engines/types';
import { ownerKeysFor, speaksForTeam, type AccountLookup } from '../../pipeline/owner';
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
    /** The pipeline's look-up (see pipeline.ts MemoryReader): the repo's one indexed query. */
    findMemory: (ownerKeys: string[], source: string, target: string, norms: string[], skeletons: string[]) => deps.repo.findMemory(ownerKeys, source, target, norms, skeletons),
    /** Called after every change to the memory. */
    changed: () => deps.cache.invalidate(MEMORY_TOPIC),
  };
}

export type MemoryIndex = ReturnType<typeof createMemoryIndex>;

/** An approved translation of one source sentence (or segment with placeholders). */
export interface ApprovedTranslation {
  source: Lang;
  target: Lang;
  sourceText: string;
  targetText: string;
  /** The machine's words the approved translation replaces, when known: the pipeline shows the correction with them. */
  machineText?: string | null;
}

/**
 * The one way approved translations enter the memory: a correction in the translator, a
 * website's reviewed XLIFF units. They are the approver's own, or the whole team's when a
 * team owner or manager approves them; the pipeline uses them from then on.
 *
 * The machine's words an entry keeps are the machine's, whoever corrected the sentence before:
 * when the words given are the target of a correction the approver's translations are answered
 * with (their own, their team's), that correction's machine's words are kept instead (a website
 * unit's page shows the earlier correction, not the machine's words; a translator sentence whose
 * correction had none known keeps none).
 */
export function createMemoryApprovals(deps: {
  repo: Pick<TranslateRepo, 'upsertMemory' | 'findMemory'>;
  index: Pick<MemoryIndex, 'changed'>;
  accounts: Pick<AccountLookup, 'membershipOf'>;
  now: () => Date;
}) {
  /** The corrections the user is answered with, for the entries' sentences: one look-up per language pair. */
  async function correctionsShown(ownerKeys: string[], entries: ApprovedTranslation[]) {
    const byPair = new Map<string, ApprovedTranslation[]>();
    for (const entry of entries) {
      if (!entry.machineText) continue;
      const pair = `${entry.source}:${entry.target}`;
      byPair.set(pair, [...(byPair.get(pair) ?? []), entry]);
    }
    const shown: Array<{ source: string; target: string; source_norm: string; target_text: string; machine_text: string | null }> = [];
    for (const group of byPair.values()) {
      const { source, target } = group[0]!;
      const rows = await deps.repo.findMemory(ownerKeys, source, target, [...new Set(group.map((entry) => normalizeForMatch(entry.sourceText, source)))]);
      for (const row of rows) if (row.origin === 'suggestion') shown.push({ source, target, ...row });
    }
    return shown;
  }

  return {
    async approve(user: UserRow, entries: ApprovedTranslation[]) {
      if (!entries.length) return;
      const team = await deps.accounts.membershipOf(user);
      const forTeam = speaksForTeam(team);
      // Suggestions first, newest first (findMemory's order): the correction the user was shown.
      const shown = await correctionsShown(ownerKeysFor(user, team), entries);
      const now = deps.now();
      for (const entry of entries) {
        const sourceNorm = normalizeForMatch(entry.sourceText, entry.source);
        const earlier = shown.find((row) => row.source === entry.source && row.target === entry.target && row.source_norm === sourceNorm && row.target_text === entry.machineText);
        await deps.repo.upsertMemory({
          ownerKey: forTeam ? `team:${team.teamId}` : ownerKeysFor(user)[0]!,
          ownerUserId: forTeam ? null : user.id,
          teamId: forTeam ? team.teamId : null,
          source: entry.source,
          target: entry.target,
          sourceNorm,
          sourceText: entry.sourceText,
          targetText: entry.targetText,
          machineText: earlier ? earlier.machine_text : (entry.machineText ?? null),
          origin: 'suggestion',
          now,
        });
      }
      await deps.index.changed();
    },
  };
}

export type MemoryApprovals = ReturnType<typeof createMemoryApprovals>;
