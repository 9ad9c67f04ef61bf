import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface UserListFilter {
  q?: string;
  planId?: number;
  roleId?: number;
  page: number;
  perPage: number;
}

export function createAdminRepo(db: Kysely<DB>) {
  function filteredUsers(filter: Omit<UserListFilter, 'page' | 'perPage'>) {
    let query = db.selectFrom('users').leftJoin('plans', 'plans.id', 'users.plan_id');
    if (filter.q) {
      const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
      query = query.where((eb) => eb.or([eb(sql`lower(users.name)`, 'like', pattern), eb(sql`lower(users.email)`, 'like', pattern)]));
    }
    if (filter.planId !== undefined) query = query.where('users.plan_id', '=', filter.planId);
    if (filter.roleId !== undefined) query = query.where('users.role_id', '=', filter.roleId);
    return query;
  }

  return {
    async listUsers(filter: UserListFilter) {
      const [rows, total] = await Promise.all([
        filteredUsers(filter)
          .select([
            'users.id',
            'users.name',
            'users.email',
            'users.role_id',
            'users.email_verified_at',
            'users.trial_ends_at',
            'users.created_at',
            'users.plan_id',
            'plans.slug as plan_slug',
            'plans.name_en as plan_name_en',
            'plans.name_ar as plan_name_ar',
            'plans.is_trial as plan_is_trial',
          ])
          .orderBy('users.id', 'desc')
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage)
          .execute(),
        filteredUsers(filter)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
      ]);
      return { rows, total };
    },

    updateUser(id: number, values: { plan_id?: number; trial_ends_at?: Date | null }, now: Date) {
      return db.updateTable('users').set({ ...values, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirst();
    },

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
