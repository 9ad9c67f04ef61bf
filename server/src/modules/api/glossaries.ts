import { createHash } from 'node:crypto';
import type { Lang } from '../../engines/types';
import { Invalid, NotFound } from '../../http/errors';
import type { GlossaryService } from '../glossary/service';
import { ownerKeysFor } from '../../pipeline/owner';
import type { ApiCaller, ApiKeysService } from './keys';
import type { ApiKeysRepo } from './repo';

/** Terms one request may add (DeepL's own limit is larger; Lisan's glossary screen shows them all). */
export const MAX_GLOSSARY_ENTRIES = 5_000;

export interface ApiGlossary {
  id: string;
  name: string;
  source: Lang;
  target: Lang;
  createdAt: Date;
  entries: Array<{ source: string; target: string; id: number }>;
  ownerKey: string;
}

/**
 * Glossaries of the developer API over Lisan's own glossary terms: an account's glossary of
 * one language pair (the user's, or the team's for a team key) is one API glossary, with a
 * stable id derived from the owner and the pair. Terms added in the web app show up here and
 * terms added here apply in the web app; a name given through the API is kept beside them.
 */
export function createApiGlossaries(deps: { glossary: GlossaryService; keys: ApiKeysService; repo: ApiKeysRepo; now: () => Date }) {
  const idOf = (ownerKey: string, source: string, target: string) => {
    const hex = createHash('sha256').update(`api-glossary:${ownerKey}:${source}:${target}`).digest('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
  };

  /** Every glossary the caller may read: its own and, for a team member, the team's. */
  async function readable(caller: ApiCaller): Promise<ApiGlossary[]> {
    const ownerKeys = caller.key.team_id !== null ? [`team:${caller.key.team_id}`] : ownerKeysFor(caller.user, caller.team);
    const names = await deps.repo.glossaryNames(ownerKeys);
    const byId = new Map<string, ApiGlossary>();
    for (const ownerKey of ownerKeys) {
      for (const term of await deps.glossary.listOwnerTerms(ownerKey)) {
        const id = idOf(ownerKey, term.source_lang, term.target_lang);
        let glossary = byId.get(id);
        if (!glossary) {
          const named = names.find((n) => n.owner_key === ownerKey && n.source_lang === term.source_lang && n.target_lang === term.target_lang);
          glossary = {
            id,
            name: named?.name ?? `${ownerKey.startsWith('team:') ? 'Team glossary' : 'My glossary'} ${term.source_lang.toUpperCase()}-${term.target_lang.toUpperCase()}`,
            source: term.source_lang,
            target: term.target_lang,
            createdAt: new Date(named?.created_at ?? term.created_at),
            entries: [],
            ownerKey,
          };
          byId.set(id, glossary);
        }
        glossary.entries.push({ source: term.source_term, target: term.target_term, id: term.id });
        if (new Date(term.created_at) < glossary.createdAt) glossary.createdAt = new Date(term.created_at);
      }
    }
    return [...byId.values()];
  }

  async function find(caller: ApiCaller, id: string) {
    const glossary = (await readable(caller)).find((g) => g.id === id.toLowerCase());
    if (!glossary) throw new NotFound('api.glossary_not_found');
    return glossary;
  }

  return {
    list: readable,
    find,

    /** Adds the entries to the caller's glossary of the pair (made when it has none yet) and names it. */
    async create(caller: ApiCaller, input: { name: string; source: Lang; target: Lang; entries: Array<{ source: string; target: string }> }) {
      if (input.source === input.target) throw Invalid.field('target_lang', 'translate.same_language');
      const owner = deps.keys.ownerKeyOf(caller);
      for (const entry of input.entries) {
        // General-domain terms apply to every domain (the glossary screen shows them under General).
        await deps.glossary.addOwnerTerm(owner, { source_lang: input.source, target_lang: input.target, source_term: entry.source, target_term: entry.target, domain: 'general' });
      }
      await deps.repo.saveGlossaryName({ owner_key: owner.ownerKey, source_lang: input.source, target_lang: input.target, name: input.name, created_at: deps.now() });
      await deps.keys.recordUsage(caller, {});
      return find(caller, idOf(owner.ownerKey, input.source, input.target));
    },

    /** Deletes the glossary's terms (in the web app too); only the owner's own glossaries. */
    async remove(caller: ApiCaller, id: string) {
      const glossary = await find(caller, id);
      if (glossary.ownerKey !== deps.keys.ownerKeyOf(caller).ownerKey) throw new NotFound('api.glossary_not_found');
      for (const entry of glossary.entries) await deps.glossary.deleteOwnerTerm(glossary.ownerKey, entry.id);
      await deps.repo.deleteGlossaryName(glossary.ownerKey, glossary.source, glossary.target);
    },
  };
}

export type ApiGlossaries = ReturnType<typeof createApiGlossaries>;

/** Glossary entries as DeepL takes them: TSV (tab between the terms) or CSV (comma, quotes allowed). */
export function parseGlossaryEntries(text: string, format: 'tsv' | 'csv'): Array<{ source: string; target: string }> | null {
  const entries: Array<{ source: string; target: string }> = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const cells = format === 'tsv' ? line.split('\t') : splitCsvLine(line);
    if (!cells || cells.length < 2) return null;
    const [source, target] = [cells[0]!.trim(), cells[1]!.trim()];
    if (!source || !target || source.length > 200 || target.length > 200) return null;
    entries.push({ source, target });
  }
  return entries;
}

/** The first source term the entries list more than once (as written, after trimming), else undefined. */
export function repeatedSourceTerm(entries: ReadonlyArray<{ source: string }>): string | undefined {
  const seen = new Set<string>();
  for (const entry of entries) {
    if (seen.has(entry.source)) return entry.source;
    seen.add(entry.source);
  }
  return undefined;
}

function splitCsvLine(line: string): string[] | null {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && !cell) quoted = true;
    else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  if (quoted) return null;
  cells.push(cell);
  return cells;
}

/** Entries written back: TSV, or CSV with quotes where needed. */
export function formatGlossaryEntries(entries: Array<{ source: string; target: string }>, format: 'tsv' | 'csv') {
  const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return entries.map((entry) => (format === 'tsv' ? `${entry.source}\t${entry.target}` : `${csvCell(entry.source)},${csvCell(entry.target)}`)).join('\n');
}
