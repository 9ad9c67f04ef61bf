import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export function createPlansRepo(db: Kysely<DB>) {
  return {
    listActive() {
      return db.selectFrom('plans').selectAll().where('archived_at', 'is', null).orderBy('sort_order').orderBy('id').execute();
    },
    findById(id: number) {
      return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findBySlug(slug: string) {
      return db.selectFrom('plans').selectAll().where('slug', '=', slug).executeTakeFirst();
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
