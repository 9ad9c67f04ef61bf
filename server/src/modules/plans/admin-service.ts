import type { PlanRow } from '../../db/schema';
import type { AdminContext, AuditWriter } from '../../http/access';
import { Invalid, NotFound } from '../../http/errors';
import { planLimits, toPublicPlan } from './plans.fns';
import type { PlansRepo } from './repo';
import type { CreatePlanInput, UpdatePlanInput } from './schemas';
import type { PlansService } from './service';

const slugify = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50) || 'plan';

/** The admin's view of a plan: the public shape plus archive state, quotas and its subscribers now (repo.countSubscribers). */
export function toAdminPlan(plan: PlanRow, subscribers: number) {
  return {
    ...toPublicPlan(plan),
    sort_order: plan.sort_order,
    archived: Boolean(plan.archived_at),
    archived_at: plan.archived_at ? new Date(plan.archived_at).toISOString() : null,
    subscribers,
    ...planLimits(plan),
    included_seats: plan.included_seats,
  };
}

/**
 * A plan as its audit log entry keeps it: the admin's view without the subscriber count, and with
 * its quotas once (flat), not also as the public `limits`: a changed quota is one line of the log.
 */
function auditedPlan(plan: PlanRow) {
  const { subscribers: _subscribers, limits: _limits, ...fields } = toAdminPlan(plan, 0);
  return fields;
}

/**
 * Admin plan management. Every change drops the cached GET /api/plans in all processes
 * (plans.invalidate). A plan that a user or subscription still refers to is archived, not
 * deleted: its subscribers keep it until their renewal.
 */
export function createAdminPlansService(deps: {
  repo: PlansRepo;
  plans: PlansService;
  planIdsInUse: () => Promise<Set<number>>;
  now: () => Date;
  /** The audit log (the admin module's; every change here writes one entry). */
  audit: AuditWriter;
}) {
  async function uniqueSlug(base: string, exceptId?: number) {
    let slug = base;
    for (let n = 2; ; n++) {
      const existing = await deps.repo.findBySlug(slug);
      if (!existing || existing.id === exceptId) return slug;
      slug = `${base}-${n}`;
    }
  }

  return {
    async list() {
      const [plans, counts] = await Promise.all([deps.repo.listAll(), deps.repo.countSubscribers(deps.now())]);
      return plans.map((plan) => toAdminPlan(plan, counts.get(plan.id) ?? 0));
    },

    async get(id: number) {
      const plan = await deps.repo.findById(id);
      if (!plan) throw new NotFound();
      return toAdminPlan(plan, (await deps.repo.countSubscribers(deps.now())).get(id) ?? 0);
    },

    async create(context: AdminContext, input: CreatePlanInput) {
      if (input.slug && (await deps.repo.findBySlug(input.slug))) throw Invalid.field('slug', 'plans.slug_taken');
      const slug = input.slug ?? (await uniqueSlug(slugify(input.name_en)));
      const plan = await deps.repo.insert({ ...input, slug, price: input.price, price_yearly: input.price_yearly, features_en: JSON.stringify(input.features_en), features_ar: JSON.stringify(input.features_ar) });
      await deps.plans.invalidate();
      await deps.audit(context, 'plan.create', { type: 'plan', id: String(plan.id) }, null, auditedPlan(plan));
      return toAdminPlan(plan, 0);
    },

    async update(context: AdminContext, id: number, input: UpdatePlanInput) {
      const existing = await deps.repo.findById(id);
      if (!existing) throw new NotFound();
      if (input.slug && input.slug !== existing.slug && (await deps.repo.findBySlug(input.slug))) throw Invalid.field('slug', 'plans.slug_taken');
      const { archived, features_en, features_ar, ...rest } = input;
      const values = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
      const plan = await deps.repo.update(id, {
        ...values,
        ...(features_en ? { features_en: JSON.stringify(features_en) } : {}),
        ...(features_ar ? { features_ar: JSON.stringify(features_ar) } : {}),
        ...(archived === undefined ? {} : { archived_at: archived ? (existing.archived_at ?? deps.now()) : null }),
        updated_at: deps.now(),
      });
      await deps.plans.invalidate();
      await deps.audit(context, 'plan.update', { type: 'plan', id: String(id) }, auditedPlan(existing), auditedPlan(plan));
      return toAdminPlan(plan, (await deps.repo.countSubscribers(deps.now())).get(id) ?? 0);
    },

    /** Deletes an unused plan; archives one in use. */
    async remove(context: AdminContext, id: number): Promise<{ outcome: 'deleted' | 'archived' }> {
      const existing = await deps.repo.findById(id);
      if (!existing) throw new NotFound();
      const target = { type: 'plan', id: String(id) };
      if ((await deps.planIdsInUse()).has(id)) {
        const archived = await deps.repo.update(id, { archived_at: existing.archived_at ?? deps.now(), updated_at: deps.now() });
        await deps.plans.invalidate();
        await deps.audit(context, 'plan.archive', target, auditedPlan(existing), auditedPlan(archived));
        return { outcome: 'archived' };
      }
      await deps.repo.delete(id);
      await deps.plans.invalidate();
      await deps.audit(context, 'plan.delete', target, auditedPlan(existing), null);
      return { outcome: 'deleted' };
    },
  };
}

export type AdminPlansService = ReturnType<typeof createAdminPlansService>;
