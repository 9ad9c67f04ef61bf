import { CachedValue, type CacheBus } from '../../db/cache';
import type { Domain, GlossaryTerm, Lang } from '../../engines/types';
import { normalizeForMatch } from '../../engines/normalize';
import { Invalid, NotFound } from '../../http/errors';
import { ownerKeysFor, speaksForTeam, type AccountLookup } from '../translate/owner';
import type { UserRow } from '../../db/schema';
import { Forbidden } from '../../http/errors';
import type { GlossaryRepo } from './repo';
import type { DomainGlossaryTermRow } from './tables';

export const DOMAIN_GLOSSARY_TOPIC = 'domain-glossary';
export const TEAM_GLOSSARY_TOPIC = 'team-glossary';
const OWNER_CACHE_LIMIT = 5_000;
const PER_PAGE = 50;

export interface GlossaryTermInput {
  domain: string;
  source_lang: string;
  target_lang: string;
  source_term: string;
  target_term: string;
  note?: string;
}

/** The columns of a term as stored: languages, both terms, and the source's match key. */
function termColumns(input: Omit<GlossaryTermInput, 'domain' | 'note'>) {
  const source_lang = input.source_lang as Lang;
  return {
    source_lang,
    target_lang: input.target_lang as Lang,
    source_term: input.source_term,
    target_term: input.target_term,
    source_norm: normalizeForMatch(input.source_term, source_lang),
  };
}

const pairKey = (domain: string, source: string, target: string) => `${domain}:${source}:${target}`;

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

  const ownerTerms = new Map<string, Promise<Array<{ source_lang: string; target_lang: string; source_term: string; target_term: string }>>>();
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
      const own: GlossaryTerm[] = [];
      for (const ownerKey of input.ownerKeys) {
        for (const row of await loadOwnerTerms(ownerKey)) {
          if (row.source_lang === input.source && row.target_lang === input.target) own.push({ source: row.source_term, target: row.target_term });
        }
      }
      const list = own.length ? [...own, ...base] : base;
      mergedWithOwner.set(cacheKey, list);
      return list;
    },

    async listDomainTerms(filter: { domain?: string; source_lang?: string; q?: string; page: number }) {
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

    async addOwnerTerm(owner: { ownerKey: string; userId: number | null; teamId: number | null }, input: Omit<GlossaryTermInput, 'domain'>) {
      const now = deps.now();
      const row = await deps.repo.upsertOwnerTerm({
        owner_key: owner.ownerKey,
        owner_user_id: owner.userId,
        team_id: owner.teamId,
        ...termColumns(input),
        created_at: now,
        updated_at: now,
      });
      await deps.cache.invalidate(TEAM_GLOSSARY_TOPIC);
      return { id: row.id, source_lang: row.source_lang, target_lang: row.target_lang, source_term: row.source_term, target_term: row.target_term };
    },

    async deleteOwnerTerm(ownerKey: string, id: number) {
      if (!(await deps.repo.deleteOwnerTerm(ownerKey, id))) throw new NotFound('glossary.not_found');
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
      return { ownerKey: `team:${team.teamId}`, userId: null, teamId: team.teamId };
    },
  };
}

export type GlossaryService = ReturnType<typeof createGlossaryService>;
