import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import { createBatcher } from '../../db/batcher';
import type { DB, NewUser, UsersTable } from '../../db/schema';

/** PostgreSQL's unique_violation, raised alike by PGlite and node-postgres. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
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

  return {
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
    /** Deletes the user; sessions, social accounts and tokens go with it (on delete cascade). */
    async delete(id: number) {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
