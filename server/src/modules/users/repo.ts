import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { createBatcher } from '../../db/batcher';
import type { DB, NewUser, UsersTable } from '../../db/schema';

/** The admin console's user list: by name or e-mail (`q`), plan and role, a page at a time. */
export interface UserListFilter {
  q?: string;
  planId?: number;
  roleId?: number;
  page: number;
  perPage: number;
}

export function createUsersRepo(db: Kysely<DB>) {
  // Every signed-in request loads its user: concurrent look-ups share one statement.
  const byId = createBatcher({
    run: async (ids: number[]) => {
      const rows = await db.selectFrom('users').selectAll().where('id', 'in', [...new Set(ids)]).execute();
      const found = new Map(rows.map((row) => [Number(row.id), row]));
      return ids.map((id) => found.get(Number(id)));
    },
    concurrency: 2,
  });

  function filtered(filter: Omit<UserListFilter, 'page' | 'perPage'>) {
    let query = db.selectFrom('users');
    if (filter.q) {
      const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
      query = query.where((eb) => eb.or([eb(sql`lower(users.name)`, 'like', pattern), eb(sql`lower(users.email)`, 'like', pattern)]));
    }
    if (filter.planId !== undefined) query = query.where('users.plan_id', '=', filter.planId);
    if (filter.roleId !== undefined) query = query.where('users.role_id', '=', filter.roleId);
    return query;
  }

  return {
    /** A page of users, newest first, and how many match in all. */
    async listPage(filter: UserListFilter) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          // Whole rows: the admin list asks the entitlements module for each user's plan in force.
          .selectAll()
          .orderBy('id', 'desc')
          .limit(filter.perPage)
          .offset((filter.page - 1) * filter.perPage)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirstOrThrow()
          .then((row) => Number(row.count)),
      ]);
      return { rows, total };
    },
    findById(id: number) {
      return byId.submit(id);
    },
    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
    },
    countByRole(roleId: number) {
      return db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('role_id', '=', roleId)
        .executeTakeFirstOrThrow()
        .then((row) => Number(row.count));
    },
    /** Inserts a user; `executor` is a transaction when the account comes with other rows (a team invitation). */
    create(user: NewUser, executor: Kysely<DB> | Transaction<DB> = db) {
      return executor.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
    /** Updates the given columns (and updated_at); returns the new row. */
    update(id: number, values: Updateable<UsersTable>, now: Date) {
      return db
        .updateTable('users')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Marks the address verified unless it already is; true when this call verified it. */
    async markEmailVerified(id: number, now: Date) {
      const result = await db
        .updateTable('users')
        .set({ email_verified_at: now, updated_at: now })
        .where('id', '=', id)
        .where('email_verified_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** The role column: a team's owner, managers and members (teams module). */
    setRole(id: number, roleId: number, now: Date, executor: Kysely<DB> | Transaction<DB> = db) {
      return executor.updateTable('users').set({ role_id: roleId, updated_at: now }).where('id', '=', id).execute();
    },

    // The plan columns (plan_id, trial_ends_at): billing and teams change them through these,
    // in their own transactions when they pass one as `executor`.
    setPlan(id: number, planId: number | null, now: Date, executor: Kysely<DB> | Transaction<DB> = db) {
      return executor.updateTable('users').set({ plan_id: planId, updated_at: now }).where('id', '=', id).execute();
    },
    /** An admin's grant of a paid plan: the plan, and the trial (if still running) ends now. */
    grantPlan(id: number, planId: number, now: Date, executor: Kysely<DB> | Transaction<DB> = db) {
      return executor
        .updateTable('users')
        .set({ plan_id: planId, trial_ends_at: sql<Date>`case when trial_ends_at > ${now} then ${now} else trial_ends_at end`, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** Downgraded accounts land on the trial plan with the trial over. */
    downgradeToTrial(id: number, trialPlanId: number, now: Date, executor: Kysely<DB> | Transaction<DB> = db) {
      return executor
        .updateTable('users')
        .set({ plan_id: trialPlanId, trial_ends_at: sql<Date>`least(coalesce(trial_ends_at, ${now}), ${now})`, updated_at: now })
        .where('id', '=', id)
        .execute();
    },
    /** Users on one of `planIds` whose trial ends within (from, until]. */
    trialsEndingBetween(planIds: number[], from: Date, until: Date) {
      if (!planIds.length) return Promise.resolve([]);
      return db.selectFrom('users').selectAll().where('plan_id', 'in', planIds).where('trial_ends_at', '>', from).where('trial_ends_at', '<=', until).execute();
    },
    /** The plans some user is on. */
    async planIdsInUse() {
      const rows = await db.selectFrom('users').select('plan_id').distinct().where('plan_id', 'is not', null).execute();
      return new Set(rows.map((row) => Number(row.plan_id)));
    },

    /** Deletes the user; sessions, social accounts and tokens go with it (on delete cascade). */
    async delete(id: number) {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
