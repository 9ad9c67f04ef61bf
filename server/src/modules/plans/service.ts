import { planList } from '../../../../contract/plans';
import { CachedValue, type CacheBus } from '../../db/cache';
import type { PlanRow } from '../../db/schema';
import { NotFound } from '../../http/errors';
import { serialize } from '../../http/responses';
import { toPublicPlan, type PublicPlan } from './plans.fns';
import type { PlansRepo } from './repo';

interface PlansSnapshot {
  /** The plans on sale, in their order. */
  plans: PlanRow[];
  /** Every plan, archived ones included: a subscriber keeps an archived plan until renewal, and each of their requests asks for it. */
  all: PlanRow[];
  publicPlans: PublicPlan[];
  /** GET /api/plans, written once with the route's schema (the route sends this text as it is). */
  publicJson: string;
}

export const PLANS_CACHE_TOPIC = 'plans';

export function createPlansService(deps: { repo: PlansRepo; cache: CacheBus }) {
  const snapshot = new CachedValue<PlansSnapshot>(deps.cache, PLANS_CACHE_TOPIC, async () => {
    const all = await deps.repo.listAll();
    const plans = all.filter((plan) => plan.archived_at === null).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
    const publicPlans = plans.map(toPublicPlan);
    return { plans, all, publicPlans, publicJson: serialize(planList, { data: publicPlans }) };
  });

  return {
    async publicPlansJson() {
      return (await snapshot.get()).publicJson;
    },
    async listPublic() {
      return (await snapshot.get()).publicPlans;
    },
    /** The plans on sale (not archived), as stored. */
    async listActive(): Promise<PlanRow[]> {
      return (await snapshot.get()).plans;
    },
    /**
     * A plan by id, archived ones included (subscribers keep an archived plan until renewal),
     * from the cache; the database only for a plan made since the cache was filled.
     */
    async getById(id: number): Promise<PlanRow> {
      const cached = (await snapshot.get()).all.find((plan) => plan.id === id);
      const plan = cached ?? (await deps.repo.findById(id));
      if (!plan) throw new NotFound();
      return plan;
    },
    async getBySlug(slug: string): Promise<PlanRow> {
      const plan = (await snapshot.get()).all.find((p) => p.slug === slug) ?? (await deps.repo.findBySlug(slug));
      if (!plan) throw new NotFound();
      return plan;
    },
    /** Every plan, archived ones included (newest archive first, then by order): the billing sweep's view. */
    listAll(): Promise<PlanRow[]> {
      return deps.repo.listAll();
    },
    /** Called by whoever changes plans (the billing module's admin routes). */
    async invalidate() {
      await deps.cache.invalidate(PLANS_CACHE_TOPIC);
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
