import { createHash } from 'node:crypto';
import type { Lang } from '../../engines/types';
import { NotFound } from '../../http/errors';
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
  entries: Array<{ source: string; target: string; id: number; domain: string }>;
  ownerKey: string;
}

/** An account's multilingual glossary (DeepL's v3): its dictionaries are the account's glossaries of each pair. */
export interface ApiMultilingualGlossary {
  id: string;
  name: string;
  createdAt: Date;
  dictionaries: ApiGlossary[];
  ownerKey: string;
}

/** One language pair's entries (the routes have checked them: two languages, no source term twice). */
export interface GlossaryDictionaryInput {
  source: Lang;
  target: Lang;
  entries: Array<{ source: string; target: string }>;
}

/** An id in the shape DeepL gives glossaries (a UUID), derived from what names the glossary. */
function derivedId(seed: string) {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Glossaries of the developer API over Lisan's own glossary terms: an account's glossary of
 * one language pair (the user's, or the team's for a team key) is one API glossary, with a
 * stable id derived from the owner and the pair. Terms added in the web app show up here and
 * terms added here apply in the web app; a name given through the API is kept beside them.
 * DeepL's v3 (multilingual) glossaries are a second view of the same terms: one per account,
 * with a stable id derived from the owner, whose dictionaries are its pairs' glossaries.
 */
export function createApiGlossaries(deps: { glossary: GlossaryService; keys: ApiKeysService; repo: ApiKeysRepo; now: () => Date }) {
  const idOf = (ownerKey: string, source: string, target: string) => derivedId(`api-glossary:${ownerKey}:${source}:${target}`);
  const multilingualIdOf = (ownerKey: string) => derivedId(`api-multilingual-glossary:${ownerKey}`);
  const defaultName = (ownerKey: string) => (ownerKey.startsWith('team:') ? 'Team glossary' : 'My glossary');

  /** The owners whose glossaries the caller may read: its own and, for a team member, the team's. */
  const readableOwners = (caller: ApiCaller) => (caller.key.team_id !== null ? [`team:${caller.key.team_id}`] : ownerKeysFor(caller.user, caller.team));

  /** Every glossary the caller may read, one per owner and pair with terms. */
  async function readable(caller: ApiCaller): Promise<ApiGlossary[]> {
    const ownerKeys = readableOwners(caller);
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
            name: named?.name ?? `${defaultName(ownerKey)} ${term.source_lang.toUpperCase()}-${term.target_lang.toUpperCase()}`,
            source: term.source_lang,
            target: term.target_lang,
            createdAt: new Date(named?.created_at ?? term.created_at),
            entries: [],
            ownerKey,
          };
          byId.set(id, glossary);
        }
        glossary.entries.push({ source: term.source_term, target: term.target_term, id: term.id, domain: term.domain });
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

  /**
   * Every multilingual glossary the caller may read: an owner's exists while it has terms, or
   * once a client created it (its name is kept, so an emptied glossary stays until deleted).
   */
  async function readableMultilingual(caller: ApiCaller): Promise<ApiMultilingualGlossary[]> {
    const ownerKeys = readableOwners(caller);
    const [pairs, names] = await Promise.all([readable(caller), deps.repo.multilingualGlossaryNames(ownerKeys)]);
    const glossaries: ApiMultilingualGlossary[] = [];
    for (const ownerKey of ownerKeys) {
      // In a fixed order (ar->en, then en->ar), whichever term came first.
      const dictionaries = pairs.filter((pair) => pair.ownerKey === ownerKey).sort((a, b) => `${a.source}:${a.target}`.localeCompare(`${b.source}:${b.target}`));
      const named = names.find((n) => n.owner_key === ownerKey);
      if (!named && !dictionaries.length) continue;
      const times = [...(named ? [new Date(named.created_at)] : []), ...dictionaries.map((d) => d.createdAt)];
      glossaries.push({
        id: multilingualIdOf(ownerKey),
        name: named?.name ?? defaultName(ownerKey),
        createdAt: new Date(Math.min(...times.map((time) => time.getTime()))),
        dictionaries,
        ownerKey,
      });
    }
    return glossaries;
  }

  async function findMultilingual(caller: ApiCaller, id: string) {
    const glossary = (await readableMultilingual(caller)).find((g) => g.id === id.toLowerCase());
    if (!glossary) throw new NotFound('api.glossary_not_found');
    return glossary;
  }

  /** A multilingual glossary the caller may change: only its own account's (a team's through a team key). */
  async function writableMultilingual(caller: ApiCaller, id: string) {
    const glossary = await findMultilingual(caller, id);
    if (glossary.ownerKey !== deps.keys.ownerKeyOf(caller).ownerKey) throw new NotFound('api.glossary_not_found');
    return glossary;
  }

  /** Adds the entries to the owner's terms of the pair (a source term already there gets the new target). */
  async function addEntries(owner: ReturnType<ApiKeysService['ownerKeyOf']>, dictionary: GlossaryDictionaryInput) {
    // General-domain terms apply to every domain (the glossary screen shows them under General); all in one statement.
    await deps.glossary.addOwnerTerms(
      owner,
      dictionary.entries.map((entry) => ({ source_lang: dictionary.source, target_lang: dictionary.target, source_term: entry.source, target_term: entry.target, domain: 'general' })),
    );
  }

  /** Deletes a pair's glossary: its terms (in the web app too) and the name given to it. */
  async function removePair(glossary: ApiGlossary) {
    await deps.glossary.deleteOwnerTerms(glossary.ownerKey, glossary.entries.map((entry) => entry.id));
    await deps.repo.deleteGlossaryName(glossary.ownerKey, glossary.source, glossary.target);
  }

  const dictionaryOf = (glossary: ApiMultilingualGlossary, source: Lang, target: Lang) => {
    const dictionary = glossary.dictionaries.find((d) => d.source === source && d.target === target);
    if (!dictionary) throw new NotFound('api.glossary_dictionary_not_found');
    return dictionary;
  };

  return {
    list: readable,
    find,
    listMultilingual: readableMultilingual,
    findMultilingual,

    /**
     * The glossary a translation names (`glossary_id`): a v2 glossary, or a v3 one's dictionary
     * of the pair (DeepL takes both ids). With a detected source, the dictionary into the target.
     * Undefined when the glossary has no dictionary for the pair.
     */
    async forTranslation(caller: ApiCaller, id: string, source: Lang | 'auto', target: Lang): Promise<ApiGlossary | undefined> {
      const matches = (pair: ApiGlossary) => pair.target === target && (source === 'auto' || pair.source === source);
      const pair = (await readable(caller)).find((g) => g.id === id.toLowerCase());
      if (pair) return matches(pair) ? pair : undefined;
      return (await findMultilingual(caller, id)).dictionaries.find(matches);
    },

    /** Adds the entries to the caller's glossary of the pair (made when it has none yet) and names it. */
    async create(caller: ApiCaller, input: { name: string } & GlossaryDictionaryInput) {
      const owner = deps.keys.ownerKeyOf(caller);
      await addEntries(owner, input);
      await deps.repo.saveGlossaryName({ owner_key: owner.ownerKey, source_lang: input.source, target_lang: input.target, name: input.name, created_at: deps.now() });
      await deps.keys.recordUsage(caller, {});
      return find(caller, idOf(owner.ownerKey, input.source, input.target));
    },

    /** Deletes the glossary's terms (in the web app too); only the owner's own glossaries. */
    async remove(caller: ApiCaller, id: string) {
      const glossary = await find(caller, id);
      if (glossary.ownerKey !== deps.keys.ownerKeyOf(caller).ownerKey) throw new NotFound('api.glossary_not_found');
      await removePair(glossary);
    },

    /**
     * POST /v3/glossaries: the dictionaries' entries are added to the caller's terms of their
     * pairs and the account's one multilingual glossary takes the name (created again: the same
     * glossary, renamed, its entries merged).
     */
    async createMultilingual(caller: ApiCaller, input: { name: string; dictionaries: GlossaryDictionaryInput[] }) {
      const owner = deps.keys.ownerKeyOf(caller);
      // Its creation time is its first: the terms' it had already, else now.
      const existing = (await readableMultilingual(caller)).find((g) => g.ownerKey === owner.ownerKey);
      const createdAt = existing?.createdAt ?? deps.now();
      for (const dictionary of input.dictionaries) await addEntries(owner, dictionary);
      await deps.repo.saveMultilingualGlossaryName({ owner_key: owner.ownerKey, name: input.name, created_at: createdAt });
      await deps.keys.recordUsage(caller, {});
      return findMultilingual(caller, multilingualIdOf(owner.ownerKey));
    },

    /** PATCH /v3/glossaries/{id}: a new name and/or entries merged into one dictionary (made when missing). */
    async updateMultilingual(caller: ApiCaller, id: string, input: { name?: string; dictionary?: GlossaryDictionaryInput }) {
      const glossary = await writableMultilingual(caller, id);
      const owner = deps.keys.ownerKeyOf(caller);
      if (input.dictionary) await addEntries(owner, input.dictionary);
      if (input.name !== undefined) await deps.repo.saveMultilingualGlossaryName({ owner_key: owner.ownerKey, name: input.name, created_at: glossary.createdAt });
      await deps.keys.recordUsage(caller, {});
      return findMultilingual(caller, glossary.id);
    },

    /** PUT /v3/glossaries/{id}/dictionaries: the pair's terms become exactly the entries. */
    async replaceDictionary(caller: ApiCaller, id: string, dictionary: GlossaryDictionaryInput) {
      const glossary = await writableMultilingual(caller, id);
      const kept = new Set(dictionary.entries.map((entry) => entry.source));
      const old = glossary.dictionaries.find((d) => d.source === dictionary.source && d.target === dictionary.target);
      // Terms the new entries do not list go; those they list are overwritten in place (their ids stay).
      await deps.glossary.deleteOwnerTerms(glossary.ownerKey, (old?.entries ?? []).filter((entry) => entry.domain !== 'general' || !kept.has(entry.source)).map((entry) => entry.id));
      await addEntries(deps.keys.ownerKeyOf(caller), dictionary);
      await deps.keys.recordUsage(caller, {});
      return dictionaryOf(await findMultilingual(caller, glossary.id), dictionary.source, dictionary.target);
    },

    /** The dictionary of one pair (404 when the glossary has none). */
    async dictionary(caller: ApiCaller, id: string, source: Lang, target: Lang) {
      return dictionaryOf(await findMultilingual(caller, id), source, target);
    },

    /** DELETE /v3/glossaries/{id}/dictionaries: the pair's terms go (in the web app too). */
    async removeDictionary(caller: ApiCaller, id: string, source: Lang, target: Lang) {
      await removePair(dictionaryOf(await writableMultilingual(caller, id), source, target));
    },

    /** DELETE /v3/glossaries/{id}: every dictionary's terms (the account's whole glossary) and the name. */
    async removeMultilingual(caller: ApiCaller, id: string) {
      const glossary = await writableMultilingual(caller, id);
      for (const dictionary of glossary.dictionaries) await removePair(dictionary);
      await deps.repo.deleteMultilingualGlossaryName(glossary.ownerKey);
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
