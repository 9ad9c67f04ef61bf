import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { UserRow } from '../../db/schema';
import { ROLE } from '../../http/access';
import { planLimits } from '../plans/plans.fns';
import type { PlansService } from '../plans/service';
import { hashPassword } from './passwords';
import type { UsersRepo } from './repo';

const DAY_MS = 86_400_000;

export interface TeamLookup {
  membershipOf(user: UserRow): Promise<{ teamId: number; ownerId: number; llmEnabled: boolean; role: number } | null>;
}

/** Usage counters for the profile's `usage` object (the translate module's usage service). */
export interface UsageSnapshotSource {
  snapshotFor(user: UserRow, team: { teamId: number } | null): Promise<Record<string, number>>;
}

export function createUsersService(deps: {
  repo: UsersRepo;
  plans: PlansService;
  teams: TeamLookup;
  now: () => Date;
  logger: Logger;
  usage?: UsageSnapshotSource;
}) {
  /** A team member uses the team owner's plan; everyone else their own (or the trial's limits). */
  async function effectivePlan(user: UserRow, team: { ownerId: number } | null) {
    const owner = team && team.ownerId !== user.id ? await deps.repo.findById(team.ownerId) : null;
    const planId = owner ? owner.plan_id : user.plan_id;
    return planId ? deps.plans.getById(planId) : deps.plans.getBySlug('free-trial');
  }

  /** Days left in the trial, rounded up; 0 once it has ended; null when not on a trial. */
  function trialRemainingDays(user: UserRow): number | null {
    if (!user.trial_ends_at) return null;
    return Math.max(0, Math.ceil((new Date(user.trial_ends_at).getTime() - deps.now().getTime()) / DAY_MS));
  }

  return {
    findById: (id: number) => deps.repo.findById(id),
    effectivePlan: async (user: UserRow) => effectivePlan(user, await deps.teams.membershipOf(user)),

    /** The body of GET /api/user: the user and the limits of their plan (spec section 4). */
    async getProfile(user: UserRow) {
      const team = await deps.teams.membershipOf(user);
      const plan = await effectivePlan(user, team);
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
        // The team's manager can switch the LLM mode off for everyone in the team.
        llm_enabled: plan.llm_enabled && (team ? team.llmEnabled : true),
        team: team ? { id: team.teamId, role: String(user.role_id) } : null,
        usage: deps.usage ? await deps.usage.snapshotFor(user, team) : {},
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
