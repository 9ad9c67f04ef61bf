import { sql, type Kysely } from 'kysely';
import type { DB, NewUser } from '../../db/schema';

export function createUsersRepo(db: Kysely<DB>) {
  return {
    findById(id: number) {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
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
