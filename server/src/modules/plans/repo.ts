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
    /**
     * The accounts on each plan now, as the admin's plan list counts them: live subscriptions (active or past due,
     * a canceled one until its period ends) and running trials. A team counts once, by its owner's subscription;
     * its members, whose plan field follows the owner's, are not subscribers. Ended subscriptions, expired
     * trials and a plan field left behind by either count for nothing.
     */
    async countSubscribers(now: Date): Promise<Map<number, number>> {
      const [subscribed, trialing] = await Promise.all([
        db
          .selectFrom('subscriptions')
          .select(['plan_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('status', 'in', ['active', 'past_due'])
          .groupBy('plan_id')
          .execute(),
        db
          .selectFrom('users')
          .innerJoin('plans', 'plans.id', 'users.plan_id')
          .select(['users.plan_id', (eb) => eb.fn.countAll<number>().as('count')])
          .where('plans.is_trial', '=', true)
          .where('users.trial_ends_at', '>', now)
          .where(({ exists, not, selectFrom }) =>
            not(exists(selectFrom('subscriptions').select('subscriptions.id').whereRef('subscriptions.user_id', '=', 'users.id').where('subscriptions.status', 'in', ['active', 'past_due']))),
          )
          .where(({ exists, not, selectFrom }) =>
            not(exists(selectFrom('team_members').innerJoin('teams', 'teams.id', 'team_members.team_id').select('team_members.user_id').whereRef('team_members.user_id', '=', 'users.id').whereRef('teams.owner_id', '!=', 'users.id'))),
          )
          .groupBy('users.plan_id')
          .execute(),
      ]);
      const counts = new Map<number, number>();
      for (const row of [...subscribed, ...trialing]) counts.set(Number(row.plan_id), (counts.get(Number(row.plan_id)) ?? 0) + Number(row.count));
      return counts;
    },
  };
}

export type PlansRepo = ReturnType<typeof createPlansRepo>;
