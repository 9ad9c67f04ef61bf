import { LimitExceeded } from '../../http/errors';
import type { DB, PlanRow, UserRow } from '../../db/schema';
import type { Kysely } from 'kysely';
import type { PlansService } from '../plans/service';
import type { SettingsService } from '../settings/service';
import { TRIAL_PLAN_SLUG } from '../plans/plans.fns';
import { planTitles } from '../../../../contract/plan-names';
import { guestSubjects, teamSubject, userSubject, type CountedSubject, type UsageLedger, type QuotaMetric } from './ledger';

const DAY_MS = 86_400_000;

export type PlanFeature = 'llm' | 'teams' | 'webExtraction' | 'api';

/** Whether a plan includes a feature: the one reading of the plan's columns (features below use it too). */
export function planHas(plan: PlanRow, feature: PlanFeature): boolean {
  if (feature === 'llm') return plan.llm_enabled;
  if (feature === 'teams') return plan.is_team;
  if (feature === 'webExtraction') return plan.web_pages > 0;
  return plan.api_enabled;
}

/** A plan's limits, as the entitlements of a user on it carry them. */
export function limitsOf(plan: PlanRow): EntitlementLimits {
  return {
    charLimit: plan.char_limit,
    textRequestsPerDay: plan.daily_text_requests,
    documentsPerMonth: plan.monthly_doc_requests,
    docWords: plan.doc_words,
    maxFileMb: plan.max_file_size_mb,
    webPagesPerMonth: plan.web_pages,
    apiCharactersPerMonth: plan.monthly_api_characters,
  };
}

/** Who asks: a signed-in user, or a guest known by browser token and IP. */
export type EntitlementActor = { user: UserRow } | { guest: { token?: string | null; ip: string } };

/** The team a user belongs to, as the teams module answers it. */
export interface TeamInfo {
  teamId: number;
  ownerId: number;
  llmEnabled: boolean;
  role: number;
}

export interface EntitlementLimits {
  /** Characters of one text translation. */
  charLimit: number;
  textRequestsPerDay: number;
  documentsPerMonth: number;
  docWords: number;
  maxFileMb: number;
  webPagesPerMonth: number;
  apiCharactersPerMonth: number;
}

export interface EntitlementFeatures {
  /** The LLM mode may be used: the plan has it and the team's manager has not switched it off. */
  llm: boolean;
  llmInPlan: boolean;
  llmDisabledByTeam: boolean;
  /** The developer API. */
  api: boolean;
  /** The plan is a team plan (members can be invited). */
  teams: boolean;
  webExtraction: boolean;
  /** Document formats accepted (lower case). */
  formats: string[];
}

export interface Entitlements {
  userId: number | null;
  /** The plan in force: the payer's (null for guests, whose limits are the site settings). */
  plan: PlanRow | null;
  /** Who pays: the user, their team's owner, or nobody (a guest). */
  payer: { kind: 'self' | 'team_owner' | 'guest'; userId: number | null };
  team: TeamInfo | null;
  trial: { onTrial: boolean; endsAt: Date | null; expired: boolean; remainingDays: number | null };
  features: EntitlementFeatures;
  limits: EntitlementLimits;
  /** The ledger counters that are limited (the payer's account or team, or the guest's token and IP). */
  quotaSubjects: string[];
  /** The member's own counter, counted without a limit (the team page shows each member's month). */
  memberSubject: string | null;
}

/**
 * Entitlements: the one place that decides which plan applies to whom, who pays, the trial's
 * state, the features and the limits; and, with the usage ledger, whether one more unit of
 * a quota may be used. Text, documents, websites, the profile, the team page and the
 * developer API all ask here.
 */
export function createEntitlements(deps: {
  plans: PlansService;
  settings: SettingsService;
  ledger: UsageLedger;
  membershipOf(user: UserRow): Promise<TeamInfo | null>;
  findUser(id: number): Promise<UserRow | undefined>;
  now: () => Date;
}) {
  /**
   * One entitlement read per request: a user's team and their team owner's row are kept per
   * actor for a few seconds (the user's own row comes fresh with the request). A change to a
   * team forgets its members at once (forgetTeam, called by the teams module); another
   * process sees it within ENTITLEMENT_TTL_MS. Nothing is flushed globally.
   */
  const ENTITLEMENT_TTL_MS = 5_000;
  const memberships = new Map<number, { until: number; value: Promise<TeamInfo | null> }>();
  const owners = new Map<number, { until: number; value: Promise<UserRow | undefined> }>();
  function remembered<K, V>(map: Map<K, { until: number; value: Promise<V> }>, key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = map.get(key);
    if (hit && hit.until > now) return hit.value;
    if (map.size >= 50_000) map.clear();
    const value = load();
    map.set(key, { until: now + ENTITLEMENT_TTL_MS, value });
    value.catch(() => map.delete(key));
    return value;
  }

  /**
   * The 402 for a feature the caller's plan lacks, naming the public plans that include it
   * ("It is part of the Start-up, Pro and Enterprise plans."); the caller's own message when none does.
   */
  async function planFeatureMissing(feature: PlanFeature, fallbackKey: string): Promise<LimitExceeded> {
    const plans = (await deps.plans.listActive()).filter((plan) => !plan.is_trial && planHas(plan, feature));
    if (!plans.length) return new LimitExceeded('plan_feature', fallbackKey);
    // "Start-up and Pro plans" / «باقات الشركات الناشئة والاحترافية»; names that say "plan" themselves each on their own.
    const names = (locale: 'en' | 'ar') => planTitles(plans.map((plan) => (locale === 'ar' ? plan.name_ar : plan.name_en)), locale);
    return new LimitExceeded('plan_feature', 'entitlements.plan_feature_in', {}, { plans: { en: names('en'), ar: names('ar') } });
  }

  async function forUser(user: UserRow): Promise<Entitlements> {
    const team = await remembered(memberships, user.id, () => deps.membershipOf(user));
    const payer = team && team.ownerId !== user.id ? ((await remembered(owners, team.ownerId, () => deps.findUser(team.ownerId))) ?? user) : user;
    const plan = payer.plan_id ? await deps.plans.getById(payer.plan_id) : await deps.plans.getBySlug(TRIAL_PLAN_SLUG);
    const endsAt = plan.is_trial && payer.trial_ends_at ? new Date(payer.trial_ends_at) : null;
    const now = deps.now().getTime();
    const llmDisabledByTeam = plan.llm_enabled && team !== null && !team.llmEnabled;
    const quotaSubject = team ? teamSubject(team.teamId) : userSubject(user.id);
    return {
      userId: user.id,
      plan,
      payer: { kind: payer.id === user.id ? 'self' : 'team_owner', userId: payer.id },
      team,
      trial: {
        onTrial: plan.is_trial,
        endsAt,
        expired: Boolean(endsAt && endsAt.getTime() <= now),
        remainingDays: plan.is_trial ? (endsAt ? Math.max(0, Math.ceil((endsAt.getTime() - now) / DAY_MS)) : null) : null,
      },
      features: {
        llm: plan.llm_enabled && !llmDisabledByTeam,
        llmInPlan: planHas(plan, 'llm'),
        llmDisabledByTeam,
        api: planHas(plan, 'api'),
        teams: planHas(plan, 'teams'),
        webExtraction: planHas(plan, 'webExtraction'),
        formats: plan.file_formats.map((format) => format.toLowerCase()),
      },
      limits: limitsOf(plan),
      quotaSubjects: [quotaSubject],
      memberSubject: team ? userSubject(user.id) : null,
    };
  }

  async function forGuest(guest: { token?: string | null; ip: string }): Promise<Entitlements> {
    const limits = await deps.settings.guestLimits();
    return {
      userId: null,
      plan: null,
      payer: { kind: 'guest', userId: null },
      team: null,
      trial: { onTrial: false, endsAt: null, expired: false, remainingDays: null },
      features: { llm: false, llmInPlan: false, llmDisabledByTeam: false, api: false, teams: false, webExtraction: false, formats: limits.allowedFormats.map((f) => f.toLowerCase()) },
      limits: {
        charLimit: limits.wordsCount,
        textRequestsPerDay: limits.textQuota,
        documentsPerMonth: limits.docQuota,
        docWords: limits.docWordsCount,
        maxFileMb: limits.fileSizeMb,
        webPagesPerMonth: 0,
        apiCharactersPerMonth: 0,
      },
      quotaSubjects: guestSubjects(guest),
      memberSubject: null,
    };
  }

  const LIMIT_OF: Record<QuotaMetric, keyof EntitlementLimits> = {
    text_requests: 'textRequestsPerDay',
    documents: 'documentsPerMonth',
    web_pages: 'webPagesPerMonth',
    api_characters: 'apiCharactersPerMonth',
  };

  /** The ledger subjects of a unit: the limited ones, and the member's own (unlimited). */
  function countedSubjects(entitlements: Entitlements, metric: QuotaMetric): CountedSubject[] {
    const limit = entitlements.limits[LIMIT_OF[metric]];
    const subjects: CountedSubject[] = entitlements.quotaSubjects.map((subject) => ({ subject, limit }));
    if (entitlements.memberSubject) subjects.push({ subject: entitlements.memberSubject, limit: null });
    return subjects;
  }

  /** One counter's figures of every quota, each in its period (texts today, the rest this month), in one ledger read. */
  async function usageOf(subject: string) {
    const usage = await deps.ledger.counts([subject], ['text_requests', 'documents', 'web_pages', 'api_characters']);
    return {
      text_requests_today: usage.get(subject, 'text_requests'),
      doc_requests_this_month: usage.get(subject, 'documents'),
      web_pages_this_month: usage.get(subject, 'web_pages'),
      api_characters_this_month: usage.get(subject, 'api_characters'),
    };
  }

  return {
    planFeatureMissing,
    /** Forgets what is kept for a team's members and owner, and for these users (joined, removed, settings changed). */
    async forgetTeam(teamId: number, userIds: number[] = []) {
      for (const id of userIds) memberships.delete(id);
      for (const [id, entry] of memberships) {
        const team = await entry.value.catch(() => null);
        if (team?.teamId === teamId) {
          memberships.delete(id);
          owners.delete(team.ownerId);
        }
      }
    },

    /** Forgets the team owners' rows kept here (a write to `users` in this process: a plan or trial may have changed). */
    forgetOwners() {
      owners.clear();
    },

    /** The entitlements of a signed-in user or a guest. */
    entitlementsFor(actor: EntitlementActor): Promise<Entitlements> {
      return 'user' in actor ? forUser(actor.user) : forGuest(actor.guest);
    },

    /**
     * Whether buying another plan would raise one of the caller's limits: they pay for their own plan (a team's
     * member or manager works under the owner's, and cannot buy; a guest has no plan) and a paid plan on sale gives
     * more than theirs. The screens offer the plans only then.
     */
    async upgradeRaises(entitlements: Entitlements, limit: keyof EntitlementLimits): Promise<boolean> {
      if (entitlements.payer.kind !== 'self') return false;
      const current = entitlements.limits[limit];
      return (await deps.plans.listActive()).some((plan) => !plan.is_trial && limitsOf(plan)[limit] > current);
    },

    /** Takes `amount` units of a quota (all counters or none); refused past the limit. */
    consume(entitlements: Entitlements, metric: QuotaMetric, amount = 1) {
      return deps.ledger.consume({ metric, amount, subjects: countedSubjects(entitlements, metric) });
    },

    /**
     * A quota's units to take in a statement of the caller's (the ledger's `takeSql`: the text
     * translator takes them with its save), or their refusal when the amount alone passes the limit.
     */
    prepare(entitlements: Entitlements, metric: QuotaMetric, amount = 1) {
      return deps.ledger.prepare({ metric, amount, subjects: countedSubjects(entitlements, metric) });
    },

    /** Gives units taken at `takenAt` back (work that failed after its request was answered). */
    giveBack(entitlements: Entitlements, metric: QuotaMetric, takenAt: Date, amount = 1, executor?: Kysely<DB>) {
      return deps.ledger.giveBack(
        countedSubjects(entitlements, metric).map((s) => s.subject),
        metric,
        takenAt,
        amount,
        executor,
      );
    },

    /** What the quota counter shows now (the first limited subject: the account, the team, or the guest's token). */
    used(entitlements: Entitlements, metric: QuotaMetric) {
      return deps.ledger.count(entitlements.quotaSubjects[0]!, metric);
    },

    /**
     * The quota's counters (the account's, the team's for a member, or the guest's token): texts today, documents,
     * website pages and developer API characters this month, in one ledger read. The profile's `usage` (the
     * dashboard's meters) and GET /v2/usage both report these figures against `limits`.
     */
    async usageSnapshot(entitlements: Entitlements) {
      return usageOf(entitlements.quotaSubjects[0]!);
    },

    /** The user's own counters (a team member's own month; the account's for everyone else). */
    usageOf(entitlements: Entitlements) {
      return usageOf(entitlements.memberSubject ?? entitlements.quotaSubjects[0]!);
    },

    /**
     * A team's counters today / this month against the owner's plan, and each member's month (the team page).
     * The developer API's characters are counted like the other quotas: a request with a team key acts as the
     * key's maker, so it lands on the team's counter (limited) and on the maker's own (unlimited) alike.
     */
    async teamUsage(input: { teamId: number; ownerId: number }, memberIds: number[]) {
      const team = teamSubject(input.teamId);
      const owner = await deps.findUser(input.ownerId);
      const limits = owner ? (await forUser(owner)).limits : (await forGuest({ ip: '' })).limits;
      const members = memberIds.map(userSubject);
      const usage = await deps.ledger.counts([team, ...members], ['text_requests', 'documents', 'web_pages', 'api_characters']);
      return {
        limits,
        team: {
          text_requests_today: usage.get(team, 'text_requests'),
          doc_requests_this_month: usage.get(team, 'documents'),
          web_pages_this_month: usage.get(team, 'web_pages'),
          api_characters_this_month: usage.get(team, 'api_characters'),
        },
        members: new Map(
          memberIds.map((id) => [
            id,
            {
              doc_requests_this_month: usage.get(userSubject(id), 'documents'),
              web_pages_this_month: usage.get(userSubject(id), 'web_pages'),
              api_characters_this_month: usage.get(userSubject(id), 'api_characters'),
            },
          ]),
        ),
      };
    },
  };
}

export type EntitlementsService = ReturnType<typeof createEntitlements>;
