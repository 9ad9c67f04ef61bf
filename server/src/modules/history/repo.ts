import { sql, type ExpressionBuilder, type Insertable, type Kysely } from 'kysely';
import { insertSql, type FullRow } from '../../db/bulk-insert';
import type { DB } from '../../db/schema';
import type { AutoDelete, HistoryEntriesTable, HistoryType } from '../../db/tables/history';

/**
 * Whose entries: a user's own (`user`), which leaves out what they made for a team they have
 * since left (it stays with that team), or a whole team's (`team`), whoever made them.
 */
export type HistoryOwner = { user: number; teamId: number | null } | { team: number };

function ownedBy(owner: HistoryOwner) {
  return (eb: ExpressionBuilder<DB, 'history_entries'>) =>
    'team' in owner
      ? eb('history_entries.team_id', '=', owner.team)
      : eb.and([
          eb('history_entries.user_id', '=', owner.user),
          owner.teamId === null ? eb('history_entries.team_id', 'is', null) : eb.or([eb('history_entries.team_id', 'is', null), eb('history_entries.team_id', '=', owner.teamId)]),
        ]);
}

/** The columns a new entry gives (every column: none is left to its default). */
const ENTRY_COLUMNS = [
  'project_id',
  'user_id',
  'team_id',
  'type',
  'source_lang',
  'target_lang',
  'domain',
  'title',
  'preview',
  'search_text',
  'state',
  'file_id',
  'channel',
  'created_at',
  'updated_at',
] as const;

export type NewHistoryEntry = FullRow<HistoryEntriesTable, (typeof ENTRY_COLUMNS)[number]>;

/**
 * Inserting history entries as one step of another module's statement (a data-modifying CTE:
 * `with saved_history as (${insertHistoryEntriesSql(entries, params)}) ...`), so the text
 * translator saves a translation and its entry in one round trip while the SQL of this table
 * stays here. The entries of a big batch go as one JSON parameter (db/bulk-insert.ts).
 */
export function insertHistoryEntriesSql(entries: NewHistoryEntry[], params: unknown[]) {
  return `${insertSql('history_entries', ENTRY_COLUMNS, entries, params)} returning "project_id"`;
}

export function createHistoryRepo(db: Kysely<DB>) {
  return {
    /** A page of a user's own entries, or of a team's (the owner's and managers' view). */
    async page(owner: HistoryOwner, filter: { type?: HistoryType; q?: string; page: number; perPage: number }) {
      let query = db.selectFrom('history_entries').where(ownedBy(owner));
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.q) {
        const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('search_text', 'ilike', pattern)]));
      }
      const [rows, total] = await Promise.all([
        query
          .select([
            'history_entries.project_id',
            'history_entries.user_id',
            'history_entries.type',
            'history_entries.source_lang',
            'history_entries.target_lang',
            'history_entries.domain',
            'history_entries.title',
            'history_entries.preview',
            'history_entries.created_at',
            'history_entries.state',
            'history_entries.file_id',
            'history_entries.channel',
          ])
          .orderBy('history_entries.created_at', 'desc')
          .orderBy('history_entries.project_id', 'desc')
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    find(owner: HistoryOwner, projectId: string) {
      return db.selectFrom('history_entries').selectAll().where(ownedBy(owner)).where('project_id', '=', projectId).executeTakeFirst();
    },

    insert(entry: Insertable<HistoryEntriesTable>) {
      return db.insertInto('history_entries').values(entry).execute();
    },

    async update(projectId: string, changes: { state?: string; file_id?: string | null; title?: string; preview?: string; source_lang?: string; target_lang?: string; domain?: string; updated_at: Date }) {
      await db.updateTable('history_entries').set(changes).where('project_id', '=', projectId).execute();
    },

    async deleteEntries(projectIds: string[]) {
      if (!projectIds.length) return 0;
      const result = await db.deleteFrom('history_entries').where('project_id', 'in', projectIds).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    listProjectsOf(owner: HistoryOwner) {
      return db.selectFrom('history_entries').select(['project_id', 'type']).where(ownedBy(owner)).execute();
    },

    /**
     * Entries past their owner's automatic deletion age, oldest first (then by project id),
     * after `after` when given: the sweep pages through them, as it keeps some (see the service).
     */
    listExpired(now: Date, limit: number, after?: { createdAt: Date; projectId: string }) {
      return db
        .selectFrom('history_entries as h')
        .innerJoin('history_settings as s', 's.user_id', 'h.user_id')
        .select(['h.project_id', 'h.type', 'h.user_id', 'h.team_id', 'h.created_at'])
        .where('s.auto_delete', '!=', 'never')
        .$if(after !== undefined, (query) =>
          query.where((eb) => eb.or([eb('h.created_at', '>', after!.createdAt), eb.and([eb('h.created_at', '=', after!.createdAt), eb('h.project_id', '>', after!.projectId)])])),
        )
        .where(
          'h.created_at',
          '<',
          sql<Date>`${now}::timestamptz - (case s.auto_delete when '1d' then interval '1 day' when '7d' then interval '7 days' when '30d' then interval '30 days' else interval '90 days' end)`,
        )
        .orderBy('h.created_at')
        .orderBy('h.project_id')
        .limit(limit)
        .execute();
    },

    async getSettings(userId: number) {
      const row = await db.selectFrom('history_settings').select('auto_delete').where('user_id', '=', userId).executeTakeFirst();
      return row?.auto_delete ?? 'never';
    },

    async saveSettings(userId: number, autoDelete: AutoDelete, now: Date) {
      await db
        .insertInto('history_settings')
        .values({ user_id: userId, auto_delete: autoDelete, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ auto_delete: autoDelete, updated_at: now }))
        .execute();
    },
  };
}

export type HistoryRepo = ReturnType<typeof createHistoryRepo>;
