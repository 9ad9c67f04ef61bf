import { sql, type Kysely } from 'kysely';
import { createBatcher } from '../../db/batcher';
import type { DB, NewUser } from '../../db/schema';

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
    create(user: NewUser) {
      return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },
  };
}

export type UsersRepo = ReturnType<typeof createUsersRepo>;
