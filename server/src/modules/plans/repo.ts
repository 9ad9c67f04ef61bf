import type { Kysely } from 'kysely';
import type { DB, NewPlan, PlanUpdate } from '../../db/schema';

export function createPlansRepo(db: Kysely<DB>) {
  return {
    listActive() {
      return db.selectFrom('plans').selectAll().where('archived_at', 'is', null).orderBy('sort_order').orderBy('id').execute();
    },
    listAll() {
      return db.selectFrom('plans').selectAll().orderBy('archived_at', 'desc').orderBy('sort_order').orderBy('id').execute();
    },
    findById(id: number) {
      return db.selectFrom('plans').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findBySlug(slug: string) {
      return db.selectFrom('plans').selectAll().where('slug', '=', slug).executeTakeFirst();
    },
    insert(plan: NewPlan) {
      return db.insertInto('plans').values(plan).returningAll().executeTakeFirstOrThrow();
    },
    update(id: number, values: PlanUpdate) {
      return db.updateTable('plans').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },
    delete(id: number) {
      return db.deleteFrom('plans').where('id', '=', id).execute();
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
