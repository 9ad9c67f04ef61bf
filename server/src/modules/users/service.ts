import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { SocialProvider } from '../../config';
import type { PlanRow, UserRow } from '../../db/schema';
import { ROLE } from '../../http/access';
import { Forbidden, Invalid, PayloadTooLarge } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import { t, type Locale } from '../../i18n/messages';
import type { MailService } from '../../mail/jobs';
import type { FileStorage } from '../../storage/local';
import { planLimits, TRIAL_PLAN_SLUG } from '../plans/plans.fns';
import type { EntitlementsService } from '../entitlements/service';
import type { PlansService } from '../plans/service';
import { hashPassword, verifyPassword } from './passwords';
import { isUniqueViolation } from '../../db/client';
import type { UsersRepo } from './repo';
import type { DeleteAccountInput, SettingsInput, UpdateProfileInput } from './schemas';
import {
  accountDeletionBlocker,
  detectImageType,
  isFirstSession,
  logoStorageKey,
  logoUrl,
  MAX_LOGO_BYTES,
  readCompanyInfo,
  readPersonalInfo,
  TRIAL_DAYS,
  userFilesPrefix,
} from './users.fns';

const DAY_MS = 86_400_000;

/** Attempts at re-entering the current password (password change, deletion) per user. */
const PASSWORD_REENTRY_LIMIT = [10, 15 * 60] as const;

export type LlmMode = 'available' | 'not_in_plan' | 'disabled_by_team' | 'not_configured';

/** Why the LLM mode can or cannot be used: the plan first, then the team's switch, then the server. */
export function llmMode(features: { llmInPlan: boolean; llmDisabledByTeam: boolean }, configured: boolean): LlmMode {
  if (!features.llmInPlan) return 'not_in_plan';
  if (features.llmDisabledByTeam) return 'disabled_by_team';
  return configured ? 'available' : 'not_configured';
}

/**
 * What the profile shows of the subscription. Declared here, and provided by the billing module,
 * so that users (which billing builds on) does not import billing back.
 */
export interface ProfileBillingFields {
  plan: { frequency: string | null; seats: number | null; starts_at: string | null; expires_at: string | null; status: string };
  trial_ends_at: string | null;
  trial_expired: boolean;
  pending_invoice: { id: number; number: string; amount: number; status: string } | null;
}

export interface UsersServiceDeps {
  repo: UsersRepo;
  plans: PlansService;
  /** The plan, trial, features, limits and usage of the profile (entitlements module). */
  entitlements: Pick<EntitlementsService, 'entitlementsFor' | 'usageSnapshot' | 'upgradeRaises'>;
  /** The subscription and trial fields of the profile (the billing module's, wired by the container). */
  billing: { profileExtras(user: UserRow, plan: PlanRow, trialEndsAt: Date | null): Promise<ProfileBillingFields> };
  now: () => Date;
  logger: Logger;
  storage: FileStorage;
  mail: MailService;
  rateLimiter: RateLimiter;
  /** Whether an LLM engine is configured on this server (LLM_BASE_URL). */
  llmConfigured: () => boolean;
  /** Ends a user's sessions (all, or all but one). */
  sessions: { endAllForUser(userId: number, exceptSessionId?: string): Promise<void> };
  /** The social identities linked to users (kept by the auth module). */
  social: {
    listSocialProviders(userId: number): Promise<SocialProvider[]>;
    unlinkSocialAccount(userId: number, provider: SocialProvider): Promise<boolean>;
  };
  /** The user's pending change of e-mail address (kept by the auth module). */
  emailChanges: { findEmailChange(userId: number): Promise<{ new_email: string; expires_at: Date } | undefined> };
  appUrl: string;
}

export function createUsersService(deps: UsersServiceDeps) {
  async function checkCurrentPassword(user: UserRow, password: string, field: string, messageKey: string) {
    await deps.rateLimiter.consume(`password-reentry:user:${user.id}`, ...PASSWORD_REENTRY_LIMIT);
    if (!(await verifyPassword(user.password_hash, password))) throw Invalid.field(field, messageKey);
  }

  /** Tells the owner their password changed, with a way back in if it was not them. */
  async function sendPasswordChangedEmail(user: UserRow) {
    await deps.mail.send({
      to: user.email,
      locale: user.locale,
      template: 'passwordChanged',
      data: { name: user.name, resetUrl: `${deps.appUrl}/forgot-password` },
    });
  }

  async function getProfile(user: UserRow) {
    const entitled = await deps.entitlements.entitlementsFor({ user });
    const plan = entitled.plan!;
    const team = entitled.team;
    const limits = planLimits(plan);
    const providers = await deps.social.listSocialProviders(user.id);
    const pendingChange = await deps.emailChanges.findEmailChange(user.id);
    const company = readCompanyInfo(user.company_info);
    const billing = await deps.billing.profileExtras(user, plan, entitled.trial.endsAt);
    const usage = await deps.entitlements.usageSnapshot(entitled);
    // The developer API's characters of the month, as GET /v2/usage reports them; nothing without the API.
    const apiCharacters = entitled.features.api ? { used: usage.api_characters_this_month, limit: entitled.limits.apiCharactersPerMonth } : null;
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      role_id: String(user.role_id),
      email_verified_at: user.email_verified_at ? new Date(user.email_verified_at).toISOString() : null,
      locale: user.locale,
      has_password: Boolean(user.password_hash),
      email_change: pendingChange
        ? { email: pendingChange.new_email, expires_at: new Date(pendingChange.expires_at).toISOString(), expired: new Date(pendingChange.expires_at).getTime() <= deps.now().getTime() }
        : null,
      social: { google: providers.includes('google'), linkedin: providers.includes('linkedin') },
      personal_info: readPersonalInfo(user.personal_info),
      company: { name: company.name, website: company.website, address: company.address, logo_url: company.logo ? logoUrl(company.logo) : null },
      settings: { source_lang: user.source_lang, target_lang: user.target_lang, domain: user.domain },
      plan: { id: plan.id, slug: plan.slug, name_en: plan.name_en, name_ar: plan.name_ar, is_trial: plan.is_trial, ...billing.plan },
      char_limit: limits.char_limit,
      request_quota: limits.daily_text_requests,
      doc_request_quota: limits.monthly_doc_requests,
      max_doc_size: limits.max_file_size_mb,
      doc_words_count: limits.doc_words,
      file_formats: limits.file_formats,
      web_pages_quota: limits.web_pages,
      // Another plan would give more website pages a month (the websites screen then points to the plans).
      web_pages_upgradable: await deps.entitlements.upgradeRaises(entitled, 'webPagesPerMonth'),
      api_characters_quota: apiCharacters?.limit ?? null,
      trial_remaining_days: entitled.trial.remainingDays,
      trial_ends_at: billing.trial_ends_at,
      trial_expired: billing.trial_expired,
      pending_invoice: billing.pending_invoice,
      // The team's manager can switch the LLM mode off for everyone in the team.
      llm_enabled: entitled.features.llm,
      // What the translator's LLM switch shows: 'available', or why it is locked.
      llm_mode: llmMode(entitled.features, deps.llmConfigured()),
      // The developer API (API keys): the plan's switch (the API keys tab says when it is off).
      api_enabled: entitled.features.api,
      team: team ? { id: team.teamId, role: String(user.role_id) } : null,
      usage: { ...usage, api_characters_this_month: apiCharacters?.used ?? null },
    };
  }

  return {
    findById: (id: number) => deps.repo.findById(id),
    findByEmail: (email: string) => deps.repo.findByEmail(email),

    /** The user and the limits of their plan (spec section 4), as an admin sees them too. */
    getProfile,

    /**
     * The body of GET /api/user: the profile, and whether `session` (the one asking) is the
     * account's first visit, which the dashboard's greeting follows.
     */
    async getOwnProfile(user: UserRow, session: { startedAt: Date }) {
      return { ...(await getProfile(user)), first_session: isFirstSession({ firstSignedInAt: user.first_signed_in_at ? new Date(user.first_signed_in_at) : null }, session) };
    },
    sendPasswordChangedEmail,
    /** Checks a re-entered current password (10 tries per 15 minutes per user); a 422 on `field` when wrong. */
    checkCurrentPassword,

    /**
     * A new individual account on the free trial (7 days from now). A taken address is a
     * 422 on `email`, also when two sign-ups race for it.
     */
    async createAccount(input: { name: string; email: string; passwordHash: string | null; locale: Locale; emailVerifiedAt: Date | null }) {
      const plan = await deps.plans.getBySlug(TRIAL_PLAN_SLUG);
      const now = deps.now();
      try {
        return await deps.repo.create({
          name: input.name,
          email: input.email,
          role_id: ROLE.user,
          password_hash: input.passwordHash,
          email_verified_at: input.emailVerifiedAt,
          locale: input.locale,
          personal_info: {},
          company_info: {},
          plan_id: plan.id,
          trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * DAY_MS),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw Invalid.field('email', 'auth.email_taken');
        throw error;
      }
    },

    /** Name, personal and company info, and the company logo (checked by content). */
    async updateProfile(user: UserRow, input: UpdateProfileInput, logo?: Buffer) {
      let logoType: ReturnType<typeof detectImageType> = null;
      if (logo) {
        if (logo.length > MAX_LOGO_BYTES) throw new PayloadTooLarge('users.logo_too_large');
        logoType = detectImageType(logo);
        if (!logoType) throw Invalid.field('logo', 'users.logo_type');
      }
      const personal = readPersonalInfo(user.personal_info);
      const company = readCompanyInfo(user.company_info);
      const oldLogo = company.logo;
      if (logo && logoType) {
        const fileName = `${randomBytes(16).toString('base64url')}.${logoType}`;
        await deps.storage.put(logoStorageKey(fileName), logo);
        company.logo = fileName;
      } else if (input.remove_logo) {
        company.logo = '';
      }
      const next = {
        personal: { phone: input.phone ?? personal.phone, job_title: input.job_title ?? personal.job_title, country: input.country ?? personal.country },
        company: {
          name: input.company_name ?? company.name,
          website: input.company_website ?? company.website,
          address: input.company_address ?? company.address,
          logo: company.logo,
        },
      };
      const updated = await deps.repo.update(user.id, { name: input.name, personal_info: next.personal, company_info: next.company }, deps.now());
      if (oldLogo && oldLogo !== company.logo) await deps.storage.delete(logoStorageKey(oldLogo));
      return updated;
    },

    /** Interface language and the translator's default languages and domain. */
    async updateSettings(user: UserRow, input: SettingsInput) {
      const source = input.source_lang ?? user.source_lang;
      const target = input.target_lang ?? user.target_lang;
      if (source === target) throw Invalid.field(input.target_lang ? 'target_lang' : 'source_lang', 'users.same_languages');
      return deps.repo.update(
        user.id,
        { locale: input.locale ?? user.locale, source_lang: source, target_lang: target, domain: input.domain ?? user.domain },
        deps.now(),
      );
    },

    /**
     * Changes (or, for a social-only account, sets) the password. Every other session of
     * the user ends; the current one stays. The owner is told by e-mail.
     */
    async updatePassword(user: UserRow, input: { old_password?: string; password: string }, currentSessionId: string) {
      if (user.password_hash) await checkCurrentPassword(user, input.old_password ?? '', 'old_password', 'users.old_password_mismatch');
      const updated = await deps.repo.update(user.id, { password_hash: await hashPassword(input.password) }, deps.now());
      await deps.sessions.endAllForUser(user.id, currentSessionId);
      await sendPasswordChangedEmail(user);
      return updated;
    },

    /** Unlinks Google or LinkedIn; refused while the account has no password to sign in with. */
    async disconnect(user: UserRow, provider: SocialProvider) {
      if (!user.password_hash) throw Invalid.field('provider', 'users.set_password_to_disconnect');
      if (!(await deps.social.unlinkSocialAccount(user.id, provider))) throw Invalid.field('provider', 'users.not_connected');
      return user;
    },

    /**
     * Deletes the account after the password is re-entered (or, without a password, the
     * e-mail address typed): its files, sessions, social links and every row that
     * references it (history, documents: on delete cascade). A goodbye e-mail follows.
     */
    async deleteAccount(user: UserRow, input: DeleteAccountInput) {
      const blocker = accountDeletionBlocker(user, (await deps.entitlements.entitlementsFor({ user })).team);
      if (blocker) throw new Forbidden(blocker);
      if (user.password_hash) {
        if (!input.password) throw Invalid.field('password', 'validation.password_required');
        await checkCurrentPassword(user, input.password, 'password', 'users.password_incorrect');
      } else {
        const typed = (input.email ?? '').trim().toLowerCase();
        if (!typed) throw Invalid.field('email', 'validation.email_required');
        if (typed !== user.email.toLowerCase()) throw Invalid.field('email', 'users.email_confirmation_mismatch');
      }
      const company = readCompanyInfo(user.company_info);
      await deps.sessions.endAllForUser(user.id);
      await deps.repo.delete(user.id);
      if (company.logo) await deps.storage.delete(logoStorageKey(company.logo));
      await deps.storage.delete(userFilesPrefix(user.id));
      await deps.mail.send({ to: user.email, locale: user.locale, template: 'accountDeleted', data: { name: user.name } });
      deps.logger.info({ userId: user.id }, 'account deleted');
    },

    /**
     * Creates the first admin account when none exists: ADMIN_EMAIL with ADMIN_PASSWORD,
     * or a generated password printed once. Its language is ADMIN_LOCALE (English by default),
     * its name ADMIN_NAME, else "Administrator" in that language («المسؤول» in Arabic). Safe to
     * call on every start, and from several processes starting together: the one whose insert
     * loses the race leaves it to the other.
     */
    async bootstrapAdmin(input: { email: string; password?: string; name?: string; locale?: Locale }) {
      if ((await deps.repo.countByRole(ROLE.admin)) > 0) return null;
      const password = input.password ?? randomBytes(12).toString('base64url');
      let admin;
      try {
        admin = await deps.repo.create({
          name: input.name ?? t(input.locale ?? 'en', 'users.admin_default_name'),
          email: input.email,
          locale: input.locale ?? 'en',
          role_id: ROLE.admin,
          password_hash: await hashPassword(password),
          email_verified_at: deps.now(),
          personal_info: {},
          company_info: {},
        });
      } catch (error) {
        if (isUniqueViolation(error)) return null;
        throw error;
      }
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
