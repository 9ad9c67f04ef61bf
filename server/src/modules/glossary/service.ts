import { CachedValue, type CacheBus } from '../../db/cache';
import type { Domain, GlossaryTerm, Lang } from '../../engines/types';
import { normalizeForMatch } from '../../engines/normalize';
import { Invalid, NotFound } from '../../http/errors';
import { parseInput } from '../../http/validation';
import { ownerKeysFor, speaksForTeam, type AccountLookup } from '../../pipeline/owner';
import type { UserRow } from '../../db/schema';
import { Forbidden } from '../../http/errors';
import { directionByScript, formatTermFile, parseTermFile, type TermFileFormat } from './exchange.fns';
import type { GlossaryRepo } from './repo';
import { ownerTermRequest } from '../../../../contract/glossary';
import { IMPORT_MAX_ENTRIES } from './schemas';
import type { DomainGlossaryTermRow } from '../../db/tables/glossary';

export const DOMAIN_GLOSSARY_TOPIC = 'domain-glossary';
export const TEAM_GLOSSARY_TOPIC = 'team-glossary';
const OWNER_CACHE_LIMIT = 5_000;
const PER_PAGE = 50;

export interface GlossaryTermInput {
  domain: Domain;
  source_lang: Lang;
  target_lang: Lang;
  source_term: string;
  target_term: string;
  note?: string;
}

/** The columns of a term as stored: languages, both terms, and the source's match key. */
function termColumns(input: Omit<GlossaryTermInput, 'domain' | 'note'>) {
  return {
    source_lang: input.source_lang,
    target_lang: input.target_lang,
    source_term: input.source_term,
    target_term: input.target_term,
    source_norm: normalizeForMatch(input.source_term, input.source_lang),
  };
}

const pairKey = (domain: string, source: string, target: string) => `${domain}:${source}:${target}`;

/** A personal or team term (GET .../glossary). */
export type OwnerTerm = {
  id: number;
  domain: Domain;
  source_lang: Lang;
  target_lang: Lang;
  source_term: string;
  target_term: string;
  source_norm: string;
};

type OwnerTermInput = Omit<GlossaryTermInput, 'note'>;

/**
 * A term of this glossary whose source another applicable term also translates, differently:
 * 'same_source' (this glossary, General and a domain), 'team' (the team's glossary, for a
 * member's own term) or 'admin' (Lisan's per-domain glossary). The term here wins.
 */
export interface GlossaryConflict {
  kind: 'same_source' | 'team' | 'admin';
  term_id: number;
  other: { id: number; domain: Domain; source_term: string; target_term: string };
}

/** Terms of two domains can meet in one translation when one of them is General or both are the same. */
const domainsMeet = (a: string, b: string) => a === b || a === 'general' || b === 'general';

function conflictsOf(own: OwnerTerm[], others: Array<{ kind: 'team' | 'admin'; terms: Omit<OwnerTerm, 'source_norm'>[] }>): GlossaryConflict[] {
  const targetNorm = (term: { target_term: string; target_lang: string }) => normalizeForMatch(term.target_term, term.target_lang as Lang);
  const bySource = new Map<string, OwnerTerm[]>();
  for (const term of own) {
    const key = `${term.source_lang}:${term.target_lang}:${term.source_norm}`;
    bySource.set(key, [...(bySource.get(key) ?? []), term]);
  }
  const conflicts: GlossaryConflict[] = [];
  const clash = (term: OwnerTerm, other: Omit<OwnerTerm, 'source_norm'>) => domainsMeet(term.domain, other.domain) && targetNorm(term) !== targetNorm(other);
  const otherOf = (other: Omit<OwnerTerm, 'source_norm'>) => ({ id: other.id, domain: other.domain, source_term: other.source_term, target_term: other.target_term });
  for (const group of bySource.values()) {
    for (const term of group) {
      for (const other of group) if (other !== term && clash(term, other)) conflicts.push({ kind: 'same_source', term_id: term.id, other: otherOf(other) });
    }
  }
  for (const { kind, terms } of others) {
    for (const other of terms) {
      const norm = normalizeForMatch(other.source_term, other.source_lang as Lang);
      for (const term of bySource.get(`${other.source_lang}:${other.target_lang}:${norm}`) ?? []) {
        if (clash(term, other)) conflicts.push({ kind, term_id: term.id, other: otherOf(other) });
      }
    }
  }
  return conflicts;
}

export function toPublicTerm(row: DomainGlossaryTermRow) {
  return {
    id: row.id,
    domain: row.domain,
    source_lang: row.source_lang,
    target_lang: row.target_lang,
    source_term: row.source_term,
    target_term: row.target_term,
    note: row.note,
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

/**
 * Glossaries: per-domain terms (admins) and team terms (keyed by owner: 'user:<id>'
 * now, 'team:<id>' once teams exist). Terms for a request come back merged, most
 * specific first: team terms, then the domain's own, then the General domain's (which
 * apply to every domain). Both are cached in every process and dropped on change.
 */
export function createGlossaryService(deps: { repo: GlossaryRepo; cache: CacheBus; accounts: Pick<AccountLookup, 'membershipOf'>; now: () => Date }) {
  const domainTerms = new CachedValue(deps.cache, DOMAIN_GLOSSARY_TOPIC, async () => {
    const rows = await deps.repo.listAllDomainTerms();
    const byPair = new Map<string, GlossaryTerm[]>();
    for (const row of rows) {
      const key = pairKey(row.domain, row.source_lang, row.target_lang);
      const list = byPair.get(key) ?? [];
      list.push({ source: row.source_term, target: row.target_term });
      byPair.set(key, list);
    }
    // Merged lists per domain are built once, so engines can cache work per list.
    const merged = new Map<string, GlossaryTerm[]>();
    return { byPair, merged };
  });

  const ownerTerms = new Map<string, Promise<Array<{ domain: string; source_lang: string; target_lang: string; source_term: string; target_term: string }>>>();
  const mergedWithOwner = new Map<string, GlossaryTerm[]>();
  deps.cache.on(TEAM_GLOSSARY_TOPIC, () => {
    ownerTerms.clear();
    mergedWithOwner.clear();
  });
  deps.cache.on(DOMAIN_GLOSSARY_TOPIC, () => mergedWithOwner.clear());

  function loadOwnerTerms(ownerKey: string) {
    let terms = ownerTerms.get(ownerKey);
    if (!terms) {
      if (ownerTerms.size >= OWNER_CACHE_LIMIT) {
        ownerTerms.clear();
        mergedWithOwner.clear();
      }
      terms = deps.repo.listOwnerTerms(ownerKey);
      ownerTerms.set(ownerKey, terms);
      terms.catch(() => ownerTerms.delete(ownerKey));
    }
    return terms;
  }

  async function domainList(domain: Domain, source: Lang, target: Lang): Promise<GlossaryTerm[]> {
    const snapshot = await domainTerms.get();
    const key = pairKey(domain, source, target);
    let list = snapshot.merged.get(key);
    if (!list) {
      const own = snapshot.byPair.get(key) ?? [];
      list = domain === 'general' ? own : [...own, ...(snapshot.byPair.get(pairKey('general', source, target)) ?? [])];
      snapshot.merged.set(key, list);
    }
    return list;
  }

  const invalidDomainTerm = () => new Invalid({ source_term: ['glossary.duplicate'] });

  return {
    /** The terms a translation must use, team terms first. The same array comes back for the same inputs. */
    async termsFor(input: { source: Lang; target: Lang; domain: Domain; ownerKeys?: string[] }): Promise<GlossaryTerm[]> {
      const base = await domainList(input.domain, input.source, input.target);
      if (!input.ownerKeys?.length) return base;
      const cacheKey = `${input.ownerKeys.join(',')}|${pairKey(input.domain, input.source, input.target)}`;
      const cached = mergedWithOwner.get(cacheKey);
      if (cached) return cached;
      // Per owner (the user before the team): the domain's own terms, then General's.
      const own: GlossaryTerm[] = [];
      for (const ownerKey of input.ownerKeys) {
        const rows = (await loadOwnerTerms(ownerKey)).filter((row) => row.source_lang === input.source && row.target_lang === input.target);
        for (const row of rows) if (row.domain === input.domain) own.push({ source: row.source_term, target: row.target_term });
        if (input.domain !== 'general') for (const row of rows) if (row.domain === 'general') own.push({ source: row.source_term, target: row.target_term });
      }
      const list = own.length ? [...own, ...base] : base;
      mergedWithOwner.set(cacheKey, list);
      return list;
    },

    async listDomainTerms(filter: { domain?: Domain; source_lang?: Lang; q?: string; page: number }) {
      const { rows, total } = await deps.repo.pageDomainTerms({ ...filter, perPage: PER_PAGE });
      return { data: rows.map(toPublicTerm), meta: { page: filter.page, per_page: PER_PAGE, total } };
    },

    async createDomainTerm(input: GlossaryTermInput, adminId: number) {
      const now = deps.now();
      const row = await deps.repo.insertDomainTerm({
        domain: input.domain,
        ...termColumns(input),
        note: input.note ?? '',
        created_by: adminId,
        created_at: now,
        updated_at: now,
      });
      if (!row) throw invalidDomainTerm();
      await deps.cache.invalidate(DOMAIN_GLOSSARY_TOPIC);
      return toPublicTerm(row);
    },

    async updateDomainTerm(id: number, input: GlossaryTermInput) {
      if (!(await deps.repo.findDomainTerm(id))) throw new NotFound('glossary.not_found');
      const row = await deps.repo.updateDomainTerm(id, {
        domain: input.domain,
        ...termColumns(input),
        note: input.note ?? '',
        updated_at: deps.now(),
      });
      if (row === 'duplicate') throw invalidDomainTerm();
      if (!row) throw new NotFound('glossary.not_found');
      await deps.cache.invalidate(DOMAIN_GLOSSARY_TOPIC);
      return toPublicTerm(row);
    },

    async deleteDomainTerm(id: number) {
      if (!(await deps.repo.deleteDomainTerm(id))) throw new NotFound('glossary.not_found');
      await deps.cache.invalidate(DOMAIN_GLOSSARY_TOPIC);
    },

    async listOwnerTerms(ownerKey: string) {
      const rows = await deps.repo.listOwnerTerms(ownerKey);
      return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
    },

    /**
     * GET /api/user/glossary and /api/team/glossary: the terms, the conflicts among them and
     * with the glossaries below (a member's own terms: the team's; both: Lisan's per-domain
     * terms), and whether the caller may edit.
     */
    async ownerGlossary(ownerKey: string, options: { teamKey?: string; canEdit: boolean }) {
      const terms = (await deps.repo.listOwnerTerms(ownerKey)).map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() }));
      const others: Array<{ kind: 'team' | 'admin'; terms: Omit<OwnerTerm, 'source_norm'>[] }> = [];
      if (options.teamKey) others.push({ kind: 'team', terms: await deps.repo.listOwnerTerms(options.teamKey) });
      others.push({ kind: 'admin', terms: await deps.repo.listAllDomainTerms() });
      return { data: terms, conflicts: conflictsOf(terms, others), can_edit: options.canEdit };
    },

    async addOwnerTerm(owner: { ownerKey: string; userId: number | null; teamId: number | null }, input: OwnerTermInput) {
      const now = deps.now();
      const row = await deps.repo.upsertOwnerTerm({
        owner_key: owner.ownerKey,
        owner_user_id: owner.userId,
        team_id: owner.teamId,
        domain: input.domain,
        ...termColumns(input),
        created_at: now,
        updated_at: now,
      });
      await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
      return { id: row.id, domain: row.domain, source_lang: row.source_lang, target_lang: row.target_lang, source_term: row.source_term, target_term: row.target_term };
    },

    /**
     * Many terms of one owner at once (a developer API glossary's entries): one statement, so all
     * are saved or none, and one cache flush. A term already there gets the new target; of two
     * entries with the same key (the same words once normalised) the later one is kept.
     */
    async addOwnerTerms(owner: { ownerKey: string; userId: number | null; teamId: number | null }, inputs: OwnerTermInput[]) {
      const now = deps.now();
      const rows = new Map<string, Parameters<GlossaryRepo['upsertOwnerTerms']>[0][number]>();
      for (const input of inputs) {
        const columns = { domain: input.domain, ...termColumns(input) };
        rows.set(`${columns.domain}:${columns.source_lang}:${columns.target_lang}:${columns.source_norm}`, { owner_key: owner.ownerKey, owner_user_id: owner.userId, team_id: owner.teamId, ...columns, created_at: now, updated_at: now });
      }
      if (!rows.size) return;
      await deps.repo.upsertOwnerTerms([...rows.values()]);
      await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
    },

    async updateOwnerTerm(ownerKey: string, id: number, input: OwnerTermInput) {
      const row = await deps.repo.updateOwnerTerm(ownerKey, id, { domain: input.domain, ...termColumns(input), updated_at: deps.now() });
      if (row === 'duplicate') throw new Invalid({ source_term: ['glossary.duplicate'] });
      if (!row) throw new NotFound('glossary.not_found');
      await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
      return { id, domain: input.domain, source_lang: input.source_lang, target_lang: input.target_lang, source_term: input.source_term, target_term: input.target_term };
    },

    /**
     * Adds a CSV or TSV file's entries (a term already there gets the file's target). Entries
     * that are invalid, or that give a source term of the file a second, different target,
     * are skipped and reported by line; the rest are saved together.
     */
    async importOwnerTerms(
      owner: { ownerKey: string; userId: number | null; teamId: number | null },
      input: { format: TermFileFormat; content: string; source_lang: string; target_lang: string; domain: string },
    ) {
      const entries = parseTermFile(input.content, input.format);
      if (!entries.length) throw Invalid.field('content', 'glossary.import_empty');
      if (entries.length > IMPORT_MAX_ENTRIES) throw Invalid.field('content', 'glossary.import_limit', { max: IMPORT_MAX_ENTRIES });
      const keyOf = (term: { domain: string; source_lang: string; target_lang: string; source_norm: string }) =>
        `${term.domain}:${term.source_lang}:${term.target_lang}:${term.source_norm}`;
      const existing = new Map((await deps.repo.listOwnerTerms(owner.ownerKey)).map((row) => [keyOf(row), row.target_term]));
      const seen = new Map<string, { line: number; target: string }>();
      const skipped: Array<{ line: number; errors: Invalid['fields'] }> = [];
      const now = deps.now();
      const rows = [];
      let added = 0;
      let updated = 0;
      let reversed = 0;
      for (const entry of entries) {
        let term: OwnerTermInput;
        // An entry without languages takes the chosen direction, unless its two terms are plainly
        // written the other way round (an Arabic term with an English target in an English -> Arabic
        // import): it then keeps its own, rather than becoming a term that can never match.
        const languages = entry.values.source_lang || entry.values.target_lang ? null : directionByScript(entry.values.source_term ?? '', entry.values.target_term ?? '');
        const flipped = languages !== null && languages[0] !== input.source_lang;
        try {
          term = parseInput(ownerTermRequest, {
            domain: entry.values.domain?.toLowerCase() ?? input.domain,
            source_lang: languages?.[0] ?? entry.values.source_lang?.toLowerCase() ?? input.source_lang,
            target_lang: languages?.[1] ?? entry.values.target_lang?.toLowerCase() ?? input.target_lang,
            source_term: entry.values.source_term ?? '',
            target_term: entry.values.target_term ?? '',
          });
        } catch (error) {
          if (!(error instanceof Invalid)) throw error;
          skipped.push({ line: entry.line, errors: error.fields });
          continue;
        }
        const columns = { domain: term.domain, ...termColumns(term) };
        const key = keyOf(columns);
        const earlier = seen.get(key);
        if (earlier) {
          if (earlier.target !== term.target_term) skipped.push({ line: entry.line, errors: { source_term: [{ key: 'glossary.import_conflict', params: { line: earlier.line } }] } });
          continue;
        }
        seen.set(key, { line: entry.line, target: term.target_term });
        if (flipped) reversed++;
        const before = existing.get(key);
        if (before === term.target_term) continue;
        if (before === undefined) added++;
        else updated++;
        rows.push({ owner_key: owner.ownerKey, owner_user_id: owner.userId, team_id: owner.teamId, ...columns, created_at: now, updated_at: now });
      }
      await deps.repo.upsertOwnerTerms(rows);
      if (rows.length) await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
      return { added, updated, unchanged: seen.size - rows.length, reversed, skipped };
    },

    /** The glossary as a CSV or TSV file (the import's format, with a header line). */
    async exportOwnerTerms(ownerKey: string, format: TermFileFormat) {
      const rows = await deps.repo.listOwnerTerms(ownerKey);
      return formatTermFile(
        rows.map((row) => ({ source_term: row.source_term, target_term: row.target_term, source_lang: row.source_lang, target_lang: row.target_lang, domain: row.domain })),
        format,
      );
    },

    async deleteOwnerTerm(ownerKey: string, id: number) {
      if (!(await deps.repo.deleteOwnerTerm(ownerKey, id))) throw new NotFound('glossary.not_found');
      await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
    },

    /** Many of an owner's terms at once (a developer API glossary or dictionary deleted): one statement, one cache flush. */
    async deleteOwnerTerms(ownerKey: string, ids: number[]) {
      if (!ids.length) return;
      await deps.repo.deleteOwnerTerms(ownerKey, ids);
      await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
    },

    /** The caller's own glossary key (an individual account's glossary). */
    personalKey: (user: Pick<UserRow, 'id'>) => ownerKeysFor(user)[0]!,

    /**
     * The team glossary of the caller's team: every member reads it, the owner and
     * managers edit it. Not in a team: 403.
     */
    async teamGlossary(user: UserRow, options: { write: boolean }) {
      const team = await deps.accounts.membershipOf(user);
      if (!team) throw new Forbidden('glossary.no_team');
      if (options.write && !speaksForTeam(team)) throw new Forbidden('glossary.managers_only');
      return { ownerKey: `team:${team.teamId}`, userId: null, teamId: team.teamId, canEdit: speaksForTeam(team) };
    },

    /** The caller's team glossary key, or none outside a team (whose terms a member's own may clash with). */
    async teamKeyOf(user: UserRow) {
      const team = await deps.accounts.membershipOf(user);
      return team ? `team:${team.teamId}` : undefined;
    },
  };
}

export type GlossaryService = ReturnType<typeof createGlossaryService>;
