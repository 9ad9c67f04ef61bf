import type { PlanRow, UserRow } from '../../db/schema';
import type { Entitlements } from '../entitlements/service';
import { Invalid, NotFound } from '../../http/errors';
import type { AdminContext, AuditWriter } from '../../http/access';
import type { BillingService } from '../billing/service';
import type { PlansService } from '../plans/service';
import type { SettingsService } from '../settings/service';
import type { UsersService } from '../users/service';
import type { AdminRepo, UserListFilter } from './repo';
import { SUPPORTED_FORMATS, type SiteSettingsUpdate } from './schemas';
import { ADMIN_SETTING_NAMES } from '../settings/settings.fns';

const DAY_MS = 86_400_000;

/** A plan as the users list names it. */
const planBrief = (plan: PlanRow | null) => (plan ? { id: plan.id, slug: plan.slug, name_en: plan.name_en, name_ar: plan.name_ar } : null);

export type { AdminContext, AuditWriter } from '../../http/access';

/** The audit log's writer, made before the services whose changes it records (plans, content, engines). */
export function createAuditWriter(repo: Pick<AdminRepo, 'insertAudit'>): AuditWriter {
  return async (context, action, target, before, after) => {
    await repo.insertAudit({
      actorId: context.actor.user.id,
      actorEmail: context.actor.user.email,
      action,
      targetType: target.type,
      targetId: target.id,
      before,
      after,
      ip: context.ip,
    });
  };
}

export function createAdminService(deps: {
  repo: AdminRepo;
  audit: AuditWriter;
  users: UsersService;
  plans: PlansService;
  /** Plan changes go through billing, so the subscription, quotas and team seats agree. */
  billing: Pick<BillingService, 'grantPlan' | 'paymentsMode' | 'revenue'>;
  settings: SettingsService;
  now: () => Date;
  /** Gateways an admin may choose (billing registers the configured ones). */
  paymentGateways: () => string[];
  /** The entitlements module's decision for a user: the plan and trial in force (a team member's are the owner's). */
  entitlementsOf(user: UserRow): Promise<Pick<Entitlements, 'plan' | 'trial'>>;
}) {
  const audit = deps.audit;

  async function requireUser(id: number) {
    const user = await deps.users.findById(id);
    if (!user) throw new NotFound();
    return user;
  }

  const planSummary = (plan: PlanRow | undefined | null) => (plan ? { id: plan.id, slug: plan.slug, name_en: plan.name_en, name_ar: plan.name_ar } : null);

  return {
    /** Records an admin action (other admin modules' actions too: engines, ...). */
    audit,
    async listUsers(filter: UserListFilter) {
      const { rows, total } = await deps.repo.listUsers(filter);
      // The plan and trial in force, as on the user's detail (GET /api/user): one decision, the entitlements module's.
      const entitled = await Promise.all(rows.map((row) => deps.entitlementsOf(row)));
      return {
        data: rows.map((row, index) => ({
          id: row.id,
          name: row.name,
          email: row.email,
          role_id: String(row.role_id),
          email_verified: Boolean(row.email_verified_at),
          created_at: new Date(row.created_at).toISOString(),
          plan: planBrief(entitled[index]!.plan),
          trial_remaining_days: entitled[index]!.trial.remainingDays,
        })),
        meta: { page: filter.page, per_page: filter.perPage, total },
      };
    },

    async getUser(id: number) {
      const user = await requireUser(id);
      const profile = await deps.users.getProfile(user);
      const history = await deps.repo.listAudit({ page: 1, perPage: 20, targetType: 'user', targetId: String(id) });
      return { ...profile, created_at: new Date(user.created_at).toISOString(), audit: history.rows };
    },

    /** An admin grant through billing: a subscription recorded as granted, nothing charged. */
    async setUserPlan(context: AdminContext, input: { userId: number; planId: number; seats?: number }) {
      const user = await requireUser(input.userId);
      const plan = await deps.plans.getById(input.planId).catch(() => {
        throw Invalid.field('plan_id', 'admin.plan_unknown');
      });
      if (plan.archived_at) throw Invalid.field('plan_id', 'admin.plan_archived');
      if (input.seats !== undefined && input.seats > 1 && !plan.is_team) throw Invalid.field('seats', 'billing.seats_team_only');
      const previousPlan = user.plan_id ? await deps.plans.getById(user.plan_id).catch(() => null) : null;
      const granted = await deps.billing.grantPlan(user, { plan, seats: input.seats });
      const before = { plan: planSummary(previousPlan), subscription: granted.before };
      const after = { plan: planSummary(plan), subscription: granted.after };
      await audit(context, 'user.plan.update', { type: 'user', id: String(user.id) }, before, after);
      return after;
    },

    /** Extends the trial from its end, or from now when it has already ended. */
    async addTrialDays(context: AdminContext, input: { userId: number; days: number }) {
      const user = await requireUser(input.userId);
      const now = deps.now();
      const currentEnd = user.trial_ends_at ? new Date(user.trial_ends_at) : null;
      const base = currentEnd && currentEnd > now ? currentEnd : now;
      const trialEndsAt = new Date(base.getTime() + input.days * DAY_MS);
      await deps.repo.updateUser(user.id, { trial_ends_at: trialEndsAt }, now);
      const before = { trial_ends_at: currentEnd?.toISOString() ?? null };
      const after = { trial_ends_at: trialEndsAt.toISOString(), days_added: input.days };
      await audit(context, 'user.trial.extend', { type: 'user', id: String(user.id) }, before, after);
      return { trial_ends_at: after.trial_ends_at, trial_remaining_days: Math.ceil((trialEndsAt.getTime() - now.getTime()) / DAY_MS) };
    },

    async updateSiteSettings(context: AdminContext, values: SiteSettingsUpdate) {
      const entries = Object.entries(values).filter(([, value]) => value !== undefined) as Array<[string, string]>;
      if (!entries.length) throw Invalid.field('settings', 'admin.nothing_to_update');
      if (values.payment_gateway !== undefined && !deps.paymentGateways().includes(values.payment_gateway)) {
        throw Invalid.field('payment_gateway', 'admin.gateway_unknown', { gateways: deps.paymentGateways().join(', ') });
      }
      const before: Record<string, string | undefined> = {};
      for (const [name] of entries) before[name] = await deps.settings.get(name);
      const changed = Object.fromEntries(entries.filter(([name, value]) => before[name] !== value));
      if (Object.keys(changed).length) {
        await deps.settings.update(changed);
        await audit(context, 'site_settings.update', { type: 'site_settings', id: null }, Object.fromEntries(Object.keys(changed).map((k) => [k, before[k]])), changed);
      }
      return { updated: Object.keys(changed) };
    },

    /** The editable settings with their current values, and the choices of payment gateway. */
    async getSiteSettings() {
      const data = await Promise.all(ADMIN_SETTING_NAMES.map(async (name) => ({ setting_name: name, setting_value: (await deps.settings.get(name)) ?? '' })));
      return { data, payment_gateways: deps.paymentGateways(), payments: await deps.billing.paymentsMode(), formats: [...SUPPORTED_FORMATS] };
    },

    /**
     * GET /api/admin/payments: whether subscribing works (live, sandbox, or off: the admins'
     * banner) and the last 30 days' revenue, sandbox payments apart from real ones.
     */
    async payments() {
      const from = new Date(deps.now().getTime() - 30 * 86_400_000);
      return { mode: await deps.billing.paymentsMode(), since: from.toISOString(), revenue: await deps.billing.revenue(from) };
    },

    async listAudit(filter: { page: number; perPage: number; action?: string; targetType?: string; targetId?: string }) {
      const { rows, total } = await deps.repo.listAudit(filter);
      return {
        data: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })),
        meta: { page: filter.page, per_page: filter.perPage, total },
      };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
