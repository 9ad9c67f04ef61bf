import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { ApiKeyRow } from '../../db/tables/api';
import type { RowLookup } from '../../http/rate-limit';

/**
 * A key by its digest, as a look-up that joins the rate limiter's batch (http/rate-limit.ts):
 * every key request reads its key (no cache: a revoked key stops at once in every process) in
 * the same statement as its rate-limit hit and its address's failure count.
 */
export const apiKeyByHash: RowLookup<ApiKeyRow> = {
  sql: (hashes, params) => `select "secret_hash" as "key", row_to_json("api_keys") as "row" from "api_keys" where "secret_hash" in (${hashes.map((hash) => `$${params.push(hash)}`).join(', ')})`,
  parse: (row) => {
    const key = row as unknown as ApiKeyRow & { created_at: string; last_used_at: string | null; revoked_at: string | null };
    return { ...key, created_at: new Date(key.created_at), last_used_at: key.last_used_at === null ? null : new Date(key.last_used_at), revoked_at: key.revoked_at === null ? null : new Date(key.revoked_at) };
  },
};

export function createApiKeysRepo(db: Kysely<DB>) {
  return {
    /**
     * Inserts a key unless its owner (the user's own keys, or the team's) already has `max`
     * active ones; undefined then. The owner's keys are counted under a transaction-level
     * advisory lock on the owner, so two keys made at the same moment cannot both pass the count.
     */
    insertWithin(values: { user_id: number; team_id: number | null; name: string; prefix: string; secret_hash: string; created_at: Date }, max: number) {
      const owner = values.team_id !== null ? `api-keys:team:${values.team_id}` : `api-keys:user:${values.user_id}`;
      return db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${owner}, 0))`.execute(trx);
        const { active } = await trx
          .selectFrom('api_keys')
          .select((eb) => eb.fn.countAll<string>().as('active'))
          .where('revoked_at', 'is', null)
          .where((eb) => (values.team_id !== null ? eb('team_id', '=', values.team_id) : eb.and([eb('user_id', '=', values.user_id), eb('team_id', 'is', null)])))
          .executeTakeFirstOrThrow();
        if (Number(active) >= max) return undefined;
        return trx.insertInto('api_keys').values(values).returningAll().executeTakeFirstOrThrow();
      });
    },

    findById(id: number) {
      return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The user's own keys and, when given, their team's keys, newest first, with this month's usage. */
    list(scope: { userId: number; teamId: number | null }) {
      return db
        .selectFrom('api_keys as k')
        .select(['k.id', 'k.user_id', 'k.team_id', 'k.name', 'k.prefix', 'k.created_at', 'k.last_used_at', 'k.revoked_at'])
        .where((eb) =>
          eb.or([
            eb.and([eb('k.user_id', '=', scope.userId), eb('k.team_id', 'is', null)]),
            ...(scope.teamId !== null ? [eb('k.team_id', '=', scope.teamId)] : []),
          ]),
        )
        .orderBy('k.created_at', 'desc')
        .orderBy('k.id', 'desc')
        .execute();
    },

    revoke(id: number, at: Date) {
      return db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
    },

    /** Last use, written at most once a minute per key (a busy key does not write on every request). */
    touch(id: number, at: Date) {
      return db
        .updateTable('api_keys')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', new Date(at.getTime() - 60_000))]))
        .execute();
    },

    glossaryNames(ownerKeys: string[]) {
      return db.selectFrom('api_glossary_names').selectAll().where('owner_key', 'in', ownerKeys).execute();
    },

    saveGlossaryName(values: { owner_key: string; source_lang: string; target_lang: string; name: string; created_at: Date }) {
      return db
        .insertInto('api_glossary_names')
        .values(values)
        .onConflict((oc) => oc.columns(['owner_key', 'source_lang', 'target_lang']).doUpdateSet({ name: values.name }))
        .execute();
    },

    deleteGlossaryName(ownerKey: string, source: string, target: string) {
      return db.deleteFrom('api_glossary_names').where('owner_key', '=', ownerKey).where('source_lang', '=', source).where('target_lang', '=', target).execute();
    },

    multilingualGlossaryNames(ownerKeys: string[]) {
      return db.selectFrom('api_multilingual_glossaries').selectAll().where('owner_key', 'in', ownerKeys).execute();
    },

    /** Names the owner's multilingual glossary (made when it has none: its creation time stays the first). */
    saveMultilingualGlossaryName(values: { owner_key: string; name: string; created_at: Date }) {
      return db
        .insertInto('api_multilingual_glossaries')
        .values(values)
        .onConflict((oc) => oc.column('owner_key').doUpdateSet({ name: values.name }))
        .execute();
    },

    deleteMultilingualGlossaryName(ownerKey: string) {
      return db.deleteFrom('api_multilingual_glossaries').where('owner_key', '=', ownerKey).execute();
    },

  };
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
