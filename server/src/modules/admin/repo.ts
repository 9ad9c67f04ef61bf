import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { createUsersRepo, type UserListFilter } from '../users/repo';

export type { UserListFilter };

export function createAdminRepo(db: Kysely<DB>) {
  const users = createUsersRepo(db);
  return {
    // The users' rows belong to the users module: its repo lists and updates them.
    listUsers: (filter: UserListFilter) => users.listPage(filter),
    updateUser: (id: number, values: { plan_id?: number; trial_ends_at?: Date | null }, now: Date) => users.update(id, values, now),

    insertAudit(entry: { actorId: number; actorEmail: string; action: string; targetType: string; targetId: string | null; before: unknown; after: unknown; ip: string | null }) {
      return db
        .insertInto('admin_audit_log')
        .values({
          actor_id: entry.actorId,
          actor_email: entry.actorEmail,
          action: entry.action,
          target_type: entry.targetType,
          target_id: entry.targetId,
          before: entry.before === undefined ? null : JSON.stringify(entry.before),
          after: entry.after === undefined ? null : JSON.stringify(entry.after),
          ip: entry.ip,
        })
        .execute();
    },

    async listAudit(filter: { page: number; perPage: number; action?: string; targetType?: string; targetId?: string }) {
      let query = db.selectFrom('admin_audit_log');
      if (filter.action) query = query.where('action', '=', filter.action);
      if (filter.targetType) query = query.where('target_type', '=', filter.targetType);
      if (filter.targetId) query = query.where('target_id', '=', filter.targetId);
      const [rows, total] = await Promise.all([
        query.selectAll().orderBy('id', 'desc').limit(filter.perPage).offset((filter.page - 1) * filter.perPage).execute(),
        query
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
      ]);
      return { rows, total };
    },
  };
}

export type AdminRepo = ReturnType<typeof createAdminRepo>;
