import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { AutoDelete, HistoryEntriesTable, HistoryType } from './tables';

export function createHistoryRepo(db: Kysely<DB>) {
  return {
    /** A page of the entries of one user, or of several (a team manager's view). */
    async page(userIds: number | number[], filter: { type?: HistoryType; q?: string; page: number; perPage: number }) {
      const ids = Array.isArray(userIds) ? userIds : [userIds];
      let query = db.selectFrom('history_entries').where('user_id', 'in', ids.length ? ids : [-1]);
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.q) {
        const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('title', 'ilike', pattern), eb('search_text', 'ilike', pattern)]));
      }
      const [rows, total] = await Promise.all([
        query
          .select(['project_id', 'user_id', 'type', 'source_lang', 'target_lang', 'domain', 'title', 'preview', 'created_at', 'state', 'file_id'])
          .orderBy('created_at', 'desc')
          .orderBy('project_id', 'desc')
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    find(userId: number, projectId: string) {
      return db.selectFrom('history_entries').selectAll().where('user_id', '=', userId).where('project_id', '=', projectId).executeTakeFirst();
    },

    insert(entry: Insertable<HistoryEntriesTable>) {
      return db.insertInto('history_entries').values(entry).execute();
    },

    async update(projectId: string, changes: { state?: string; file_id?: string | null; title?: string; source_lang?: string; target_lang?: string; domain?: string; updated_at: Date }) {
      await db.updateTable('history_entries').set(changes).where('project_id', '=', projectId).execute();
    },

    async deleteEntries(projectIds: string[]) {
      if (!projectIds.length) return 0;
      const result = await db.deleteFrom('history_entries').where('project_id', 'in', projectIds).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    listProjectsOfUser(userId: number) {
      return db.selectFrom('history_entries').select(['project_id', 'type']).where('user_id', '=', userId).execute();
    },

    /** Entries past their owner's automatic deletion age, oldest first. */
    listExpired(now: Date, limit: number) {
      return db
        .selectFrom('history_entries as h')
        .innerJoin('history_settings as s', 's.user_id', 'h.user_id')
        .select(['h.project_id', 'h.type', 'h.user_id'])
        .where('s.auto_delete', '!=', 'never')
        .where(
          'h.created_at',
          '<',
          sql<Date>`${now}::timestamptz - (case s.auto_delete when '1d' then interval '1 day' when '7d' then interval '7 days' when '30d' then interval '30 days' else interval '90 days' end)`,
        )
        .orderBy('h.created_at')
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
