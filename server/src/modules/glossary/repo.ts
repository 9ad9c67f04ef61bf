import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { DB } from '../../db/schema';
import type { Domain, Lang } from '../../engines/types';
import type { DomainGlossaryTermsTable, TeamGlossaryTermsTable } from '../../db/tables/glossary';
import { isUniqueViolation } from '../../db/client';

export function createGlossaryRepo(db: Kysely<DB>) {
  return {
    listAllDomainTerms() {
      return db.selectFrom('domain_glossary_terms').selectAll().orderBy('id').execute();
    },

    async pageDomainTerms(filter: { domain?: Domain; source_lang?: Lang; q?: string; page: number; perPage: number }) {
      let query = db.selectFrom('domain_glossary_terms');
      if (filter.domain) query = query.where('domain', '=', filter.domain);
      if (filter.source_lang) query = query.where('source_lang', '=', filter.source_lang);
      if (filter.q) {
        const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('source_term', 'ilike', pattern), eb('target_term', 'ilike', pattern)]));
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('domain')
          .orderBy('source_lang')
          .orderBy('source_norm')
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    findDomainTerm(id: number) {
      return db.selectFrom('domain_glossary_terms').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Inserts, or returns null when the (domain, pair, term) already exists. */
    async insertDomainTerm(term: Insertable<DomainGlossaryTermsTable>) {
      return (
        (await db
          .insertInto('domain_glossary_terms')
          .values(term)
          .onConflict((oc) => oc.columns(['domain', 'source_lang', 'target_lang', 'source_norm']).doNothing())
          .returningAll()
          .executeTakeFirst()) ?? null
      );
    },

    /** Updates; 'duplicate' when the new key collides with another term. */
    async updateDomainTerm(id: number, changes: Updateable<DomainGlossaryTermsTable>) {
      try {
        return (await db.updateTable('domain_glossary_terms').set(changes).where('id', '=', id).returningAll().executeTakeFirst()) ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate' as const;
        throw error;
      }
    },

    async deleteDomainTerm(id: number) {
      const result = await db.deleteFrom('domain_glossary_terms').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    listOwnerTerms(ownerKey: string) {
      return db
        .selectFrom('team_glossary_terms')
        .select(['id', 'domain', 'source_lang', 'target_lang', 'source_term', 'target_term', 'source_norm', 'created_at'])
        .where('owner_key', '=', ownerKey)
        .orderBy('source_norm')
        .orderBy('domain')
        .execute();
    },

    async upsertOwnerTerm(term: Insertable<TeamGlossaryTermsTable>) {
      return db
        .insertInto('team_glossary_terms')
        .values(term)
        .onConflict((oc) =>
          oc
            .columns(['owner_key', 'domain', 'source_lang', 'target_lang', 'source_norm'])
            .doUpdateSet({ source_term: term.source_term, target_term: term.target_term, updated_at: sql`now()` }),
        )
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Many terms at once (an import), in one statement; keys must be distinct. */
    async upsertOwnerTerms(terms: Insertable<TeamGlossaryTermsTable>[]) {
      if (!terms.length) return;
      await db
        .insertInto('team_glossary_terms')
        .values(terms)
        .onConflict((oc) =>
          oc
            .columns(['owner_key', 'domain', 'source_lang', 'target_lang', 'source_norm'])
            .doUpdateSet((eb) => ({ source_term: eb.ref('excluded.source_term'), target_term: eb.ref('excluded.target_term'), updated_at: sql`now()` })),
        )
        .execute();
    },

    /** Updates one of an owner's terms; 'duplicate' when the new key is another term's. */
    async updateOwnerTerm(ownerKey: string, id: number, changes: Updateable<TeamGlossaryTermsTable>) {
      try {
        return (await db.updateTable('team_glossary_terms').set(changes).where('owner_key', '=', ownerKey).where('id', '=', id).returning('id').executeTakeFirst()) ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'duplicate' as const;
        throw error;
      }
    },

    async deleteOwnerTerms(ownerKey: string, ids: number[]) {
      await db.deleteFrom('team_glossary_terms').where('owner_key', '=', ownerKey).where('id', 'in', ids).execute();
    },

    async deleteOwnerTerm(ownerKey: string, id: number) {
      const result = await db.deleteFrom('team_glossary_terms').where('owner_key', '=', ownerKey).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type GlossaryRepo = ReturnType<typeof createGlossaryRepo>;
