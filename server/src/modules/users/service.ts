import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { UserRow } from '../../db/schema';
import { ROLE } from '../../http/access';
import { planLimits } from '../plans/plans.fns';
import type { PlansService } from '../plans/service';
import { hashPassword } from './passwords';
import type { UsersRepo } from './repo';

const DAY_MS = 86_400_000;

/** Usage counters for the profile's `usage` object (the translate module's usage service). */
export interface UsageSnapshotSource {
  snapshotForUser(userId: number): Promise<Record<string, number>>;
}

export function createUsersService(deps: { repo: UsersRepo; plans: PlansService; now: () => Date; logger: Logger; usage?: UsageSnapshotSource }) {
  /** Days left in the trial, rounded up; 0 once it has ended; null when not on a trial. */
  function trialRemainingDays(user: UserRow): number | null {
    if (!user.trial_ends_at) return null;
    return Math.max(0, Math.ceil((new Date(user.trial_ends_at).getTime() - deps.now().getTime()) / DAY_MS));
  }

  return {
    findById: (id: number) => deps.repo.findById(id),

    /** The body of GET /api/user: the user and the limits of their plan (spec section 4). */
    async getProfile(user: UserRow) {
      // Accounts without a plan of their own (the bootstrap admin) get the trial plan's limits.
      const plan = user.plan_id ? await deps.plans.getById(user.plan_id) : await deps.plans.getBySlug('free-trial');
      const limits = planLimits(plan);
      return {
        id: user.id,
        name: user.name,
        email: user.email,
        role_id: String(user.role_id),
        email_verified_at: user.email_verified_at ? new Date(user.email_verified_at).toISOString() : null,
        locale: user.locale,
        has_password: Boolean(user.password_hash),
        personal_info: user.personal_info,
        company: user.company_info,
        plan: { id: plan.id, slug: plan.slug, name_en: plan.name_en, name_ar: plan.name_ar, frequency: 'monthly', starts_at: null, expires_at: null },
        char_limit: limits.char_limit,
        request_quota: limits.daily_text_requests,
        doc_request_quota: limits.monthly_doc_requests,
        max_doc_size: limits.max_file_size_mb,
        doc_words_count: limits.doc_words,
        file_formats: limits.file_formats,
        web_pages_quota: limits.web_pages,
        trial_remaining_days: trialRemainingDays(user),
        llm_enabled: plan.llm_enabled,
        team: null,
        usage: deps.usage ? await deps.usage.snapshotForUser(user.id) : {},
      };
    },

    /**
     * Creates the first admin account when none exists: ADMIN_EMAIL with ADMIN_PASSWORD,
     * or a generated password printed once. Safe to call on every start.
     */
    async bootstrapAdmin(input: { email: string; password?: string }) {
      if ((await deps.repo.countByRole(ROLE.admin)) > 0) return null;
      const password = input.password ?? randomBytes(12).toString('base64url');
      const admin = await deps.repo.create({
        name: 'Administrator',
        email: input.email,
        role_id: ROLE.admin,
        password_hash: await hashPassword(password),
        email_verified_at: deps.now(),
        personal_info: {},
        company_info: {},
      });
      if (!input.password) {
        deps.logger.warn({ email: input.email }, `Admin account created. Generated password (shown once): ${password}`);
      } else {
        deps.logger.info({ email: input.email }, 'Admin account created from ADMIN_EMAIL/ADMIN_PASSWORD');
      }
      return { admin, password };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
