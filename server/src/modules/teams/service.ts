import { createHash, randomBytes } from 'node:crypto';
import { ROLE, type Actor } from '../../http/access';
import { Forbidden, Invalid, LimitExceeded, NotFound } from '../../http/errors';
import type { SessionStore } from '../../http/sessions';
import type { Locale } from '../../i18n/messages';
import type { MailService } from '../../mail/jobs';
import type { PlansService } from '../plans/service';
import { TRIAL_PLAN_SLUG } from '../plans/plans.fns';
import type { Entitlements } from '../entitlements/service';
import type { UserRow } from '../../db/schema';
import { hashPassword } from '../users/passwords';
import { isUniqueViolation } from '../../db/client';
import type { UsersRepo } from '../users/repo';
import { createTeamMembership, type TeamMembership } from './membership';
import type { TeamsRepo } from './repo';
import type { InvitationLookup, JoinRefusal } from '../../../../contract/teams';
import type { RateLimiter } from '../../http/rate-limit';

const INVITATION_DAYS = 7;
const DAY_MS = 86_400_000;
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/**
 * Rate limits of the invitation routes, [attempts, window in seconds] (times AUTH_RATE_LIMIT_SCALE), like the
 * sign-up and password-reset routes (auth RATE_LIMITS): the public look-up per address, like the password-reset
 * link; the account made from an invitation (POST /api/create-user) per address, like sign-up; and a signed-in
 * user's Join (POST /api/team/invitations/accept) per user. Every attempt counts, whether or not the token is good.
 */
export const INVITATION_RATE_LIMITS = {
  lookupPerIp: [20, 60],
  newAccountPerIp: [20, 60 * 60],
  acceptPerUser: [10, 15 * 60],
} as const satisfies Record<string, readonly [number, number]>;

/** The answer of POST /api/team/invitations/accept to each reason a signed-in user may not join. */
const JOIN_REFUSAL_ERRORS: Record<JoinRefusal, () => Error> = {
  other_email: () => new Forbidden('teams.invitation_other_email'),
  already_in_team: () => Invalid.field('token', 'teams.already_in_team'),
  not_individual: () => new Forbidden('teams.individuals_only'),
  own_subscription: () => Invalid.field('token', 'teams.own_subscription'),
};

export type { TeamMembership } from './membership';

/**
 * Team accounts. An owner (role 3) and managers (4) invite, edit and remove members (5);
 * everyone in a team uses the owner's plan. Every rule that depends on who asks is here,
 * checked against the caller's own team, so no id from another team can be reached.
 */
export interface TeamUsageSource {
  /** The usage ledger's team counters and each member's own month (entitlements module). */
  teamUsage(
    team: { teamId: number; ownerId: number },
    memberIds: number[],
  ): Promise<{
    team: { text_requests_today: number; doc_requests_this_month: number; web_pages_this_month: number; api_characters_this_month: number };
    limits: { textRequestsPerDay: number; documentsPerMonth: number; webPagesPerMonth: number; apiCharactersPerMonth: number };
    members: Map<number, { doc_requests_this_month: number; web_pages_this_month: number; api_characters_this_month: number }>;
  }>;
}

export function createTeamsService(deps: {
  repo: TeamsRepo;
  /** The users' rows: the invited member's account (in the invitation's transaction), look-ups, roles and plans. */
  usersRepo: Pick<UsersRepo, 'create' | 'findById' | 'findByEmail' | 'setRole' | 'setPlan'>;
  plans: PlansService;
  sessions: SessionStore;
  mail: MailService;
  appUrl: string;
  now: () => Date;
  /**
   * The seats the user has paid for (their live subscription), or null when they have no
   * subscription (an account put on a plan before billing kept one): the team is then sized
   * from the plan's `included_seats`. The billing module answers it; see `applyPaidSeats`.
   */
  paidSeats?: (userId: number) => Promise<number | null>;
  /**
   * Whether the user still pays for a renewing subscription of their own (the billing module
   * answers it): they cancel it before joining a team, whose owner's plan they then use.
   */
  renewsPaidSubscription?: (userId: number) => Promise<boolean>;
  /**
   * What the team used (owners and managers see it on the team page): the shared text
   * counter of today, the month's documents, website pages and developer API characters,
   * and each member's own month of the same.
   */
  usage?: TeamUsageSource;
  /** Told after every change to a team's members, owner or settings (the entitlements' per-actor cache). */
  changed?: (teamId: number, userIds: number[]) => Promise<void> | void;
  /** The entitlements module's decision for a user: the plan in force and whether it includes teams. */
  entitlementsOf(user: UserRow): Promise<Pick<Entitlements, 'plan' | 'features'>>;
  /** Counts the attempts of the invitation routes (INVITATION_RATE_LIMITS); `rateLimitScale` multiplies the limits (AUTH_RATE_LIMIT_SCALE). */
  rateLimiter?: RateLimiter;
  rateLimitScale?: number;
}) {
  const changed = (teamId: number, userIds: number[] = []) => deps.changed?.(teamId, userIds);
  const membership = createTeamMembership(deps.repo, deps.now);
  const { membershipOf } = membership;
  const limit = async (key: string, rule: readonly [number, number]) => {
    if (deps.rateLimiter) await deps.rateLimiter.consume(key, rule[0] * (deps.rateLimitScale ?? 1), rule[1]);
  };

  /** The team's usage against the owner's plan (the team's counters in the usage ledger), and each member's month. */
  async function teamUsage(team: TeamMembership, members: Array<{ id: number }>, source: TeamUsageSource) {
    const usage = await source.teamUsage(team, members.map((m) => m.id));
    return {
      members: usage.members,
      team: {
        text_requests_today: usage.team.text_requests_today,
        daily_text_requests: usage.limits.textRequestsPerDay,
        doc_requests_this_month: usage.team.doc_requests_this_month,
        monthly_doc_requests: usage.limits.documentsPerMonth,
        web_pages_this_month: usage.team.web_pages_this_month,
        web_pages: usage.limits.webPagesPerMonth,
        api_characters_this_month: usage.team.api_characters_this_month,
        monthly_api_characters: usage.limits.apiCharactersPerMonth,
      },
    };
  }

  /** The caller's team, when the caller may manage it (owner or manager). */
  async function managedTeam(actor: Actor) {
    const team = await membershipOf(actor.user);
    if (!team) throw new Forbidden('teams.no_team');
    if (actor.user.role_id !== ROLE.owner && actor.user.role_id !== ROLE.manager) throw new Forbidden('teams.managers_only');
    return team;
  }

  /** The team's members with their names and roles (from the users repo), by role, then by when they joined. */
  async function listMembers(teamId: number) {
    const rows = await deps.repo.listMembers(teamId);
    const users = await Promise.all(rows.map((row) => deps.usersRepo.findById(row.user_id)));
    return rows
      .flatMap((row, i) => {
        const user = users[i];
        return user ? [{ id: user.id, name: user.name, email: user.email, role_id: user.role_id, joined_at: row.joined_at }] : [];
      })
      .sort((a, b) => a.role_id - b.role_id);
  }

  /** A member of the caller's own team; anything else is "not found". */
  async function memberOfTeam(teamId: number, memberId: number) {
    const members = await listMembers(teamId);
    const member = members.find((m) => m.id === memberId);
    if (!member) throw new NotFound();
    return member;
  }

  /** Takes a member out of the team: an individual account on the trial plan; their history stays with the team. */
  async function detachMember(teamId: number, userId: number) {
    const trial = await deps.plans.getBySlug(TRIAL_PLAN_SLUG);
    const now = deps.now();
    await deps.repo.transaction(async (trx) => {
      await deps.repo.removeMember(teamId, userId, trx);
      await deps.usersRepo.setRole(userId, ROLE.user, now, trx);
      await deps.usersRepo.setPlan(userId, trial.id, now, trx);
    });
    await changed(teamId, [userId]);
  }

  async function invitationFromToken(token: string) {
    const invitation = await deps.repo.findInvitationByTokenHash(hashToken(token));
    if (!invitation || invitation.accepted_at || invitation.revoked_at || new Date(invitation.expires_at) <= deps.now()) throw Invalid.field('token', 'teams.invitation_invalid');
    return invitation;
  }

  /**
   * Why a signed-in user may not join with an invitation, checked in this order, or null when they may. POST
   * /api/team/invitations/accept refuses with it, and the look-up tells the invitation page before Join is pressed.
   */
  async function joinRefusal(user: UserRow, invitation: { email: string }): Promise<JoinRefusal | null> {
    if (invitation.email.toLowerCase() !== user.email.toLowerCase()) return 'other_email';
    if (await membershipOf(user)) return 'already_in_team';
    if (user.role_id !== ROLE.user) return 'not_individual';
    if (await deps.renewsPaidSubscription?.(user.id)) return 'own_subscription';
    return null;
  }

  /**
   * The team's owner hears that an invited colleague joined, in the owner's language: once per accepted invitation
   * (the mail's `once` key), so neither a repeated request nor a later invitation re-sent to the address mails again.
   */
  async function tellOwnerJoined(team: { id: number; name: string }, owner: UserRow | undefined, invitation: { id: number; role_id: number }, member: { name: string; email: string }) {
    if (!owner) return;
    await deps.mail.send(
      {
        to: owner.email,
        locale: owner.locale,
        template: 'teamJoined',
        data: { name: owner.name, teamName: team.name, memberName: member.name, memberEmail: member.email, roleId: invitation.role_id === ROLE.manager ? ROLE.manager : ROLE.member, link: `${deps.appUrl}/team` },
      },
      { once: `team-joined:${invitation.id}` },
    );
  }

  return {
    membershipOf,

    teamIdOf: membership.teamIdOf,

    /** The caller's team id, when the caller is its owner or a manager (403 otherwise). */
    async managedTeamId(actor: Actor) {
      return (await managedTeam(actor)).teamId;
    },

    applyPaidSeats: membership.applyPaidSeats,

    async getTeam(actor: Actor) {
      const team = await membershipOf(actor.user);
      if (!team) return null;
      const canManage = actor.user.role_id === ROLE.owner || actor.user.role_id === ROLE.manager;
      const members = await listMembers(team.teamId);
      const invitations = canManage ? await deps.repo.listOpenInvitations(team.teamId, deps.now()) : [];
      const usage = canManage && deps.usage ? await teamUsage(team, members, deps.usage) : null;
      return {
        id: team.teamId,
        name: team.name,
        seats: team.seats,
        seats_taken: members.length + invitations.length,
        llm_enabled: team.llmEnabled,
        can_manage: canManage,
        members: [
          ...members.map((m) => ({
            id: m.id,
            name: m.name,
            email: m.email,
            role_id: String(m.role_id),
            invited: false as const,
            joined_at: new Date(m.joined_at).toISOString(),
            ...(usage ? { usage: usage.members.get(m.id)! } : {}),
          })),
          ...invitations.map((i) => ({ id: null, invitation_id: i.id, name: null, email: i.email, role_id: String(i.role_id), invited: true as const, joined_at: null, expires_at: new Date(i.expires_at).toISOString() })),
        ],
        ...(usage ? { usage: usage.team } : {}),
      };
    },

    /** Turns an individual account on a team plan into a team account owned by it. */
    async createTeam(actor: Actor, input: { name: string }) {
      const user = actor.user;
      if (await membershipOf(user)) throw Invalid.field('name', 'teams.already_in_team');
      if (user.role_id !== ROLE.user) throw new Forbidden('teams.individuals_only');
      const { plan, features } = await deps.entitlementsOf(user);
      if (!plan || !features.teams) throw new LimitExceeded('plan_feature', 'teams.upgrade_for_teams');
      const now = deps.now();
      const seats = (await deps.paidSeats?.(user.id)) ?? plan.included_seats;
      const team = await deps.repo.transaction(async (trx) => {
        const created = await deps.repo.createTeam({ name: input.name, ownerId: user.id, seats: Math.max(1, seats) }, trx);
        await deps.repo.addMember(created.id, user.id, trx);
        await deps.usersRepo.setRole(user.id, ROLE.owner, now, trx);
        return created;
      });
      await changed(team.id, [user.id]);
      return { id: team.id, name: team.name, seats: team.seats };
    },

    async invite(actor: Actor, input: { email: string; roleId: number }, locale: Locale) {
      const team = await managedTeam(actor);
      const email = input.email.trim();
      const existing = await deps.usersRepo.findByEmail(email);
      if (existing && (await deps.repo.findMembership(existing.id))?.team_id === team.teamId) throw Invalid.field('email', 'teams.already_member');
      const now = deps.now();
      const token = randomBytes(32).toString('base64url');
      const invitation = await deps.repo.transaction(async (trx) => {
        const fresh = await deps.repo.findTeamById(team.teamId, trx);
        const taken = await deps.repo.countSeatsTaken(team.teamId, now, trx);
        // Re-inviting the same address replaces its open invitation, so it takes no new seat.
        const reinvite = (await deps.repo.listOpenInvitations(team.teamId, now, trx)).some((i) => i.email.toLowerCase() === email.toLowerCase());
        if (!reinvite && taken >= (fresh?.seats ?? team.seats)) throw new LimitExceeded('seat_limit', 'teams.seats_full', { count: fresh?.seats ?? team.seats });
        return deps.repo.createInvitation(
          { teamId: team.teamId, email, roleId: input.roleId, tokenHash: hashToken(token), invitedBy: actor.user.id, expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS), now },
          trx,
        );
      });
      const link = `${deps.appUrl}/invitation?token=${encodeURIComponent(token)}`;
      const mailLocale: Locale = existing?.locale ?? locale;
      await deps.mail.send({ to: email, locale: mailLocale, template: 'teamInvitation', data: { teamName: team.name, inviterName: actor.user.name, link, days: INVITATION_DAYS } });
      return { id: invitation.id, email: invitation.email, role_id: String(invitation.role_id), expires_at: new Date(invitation.expires_at).toISOString() };
    },

    async cancelInvitation(actor: Actor, invitationId: number) {
      const team = await managedTeam(actor);
      const result = await deps.repo.revokeInvitation(team.teamId, invitationId, deps.now());
      if (!Number(result.numUpdatedRows)) throw new NotFound();
    },

    async updateMember(actor: Actor, memberId: number, input: { roleId: number }) {
      const team = await managedTeam(actor);
      const member = await memberOfTeam(team.teamId, memberId);
      if (member.id === team.ownerId) throw new Forbidden('teams.owner_untouchable');
      await deps.usersRepo.setRole(member.id, input.roleId, deps.now());
      await changed(team.teamId, [member.id]);
      return { id: member.id, role_id: String(input.roleId) };
    },

    /** The member leaves the team: back to an individual account; their sessions end; their history stays with the team. */
    async removeMember(actor: Actor, memberId: number) {
      const team = await managedTeam(actor);
      const member = await memberOfTeam(team.teamId, memberId);
      if (member.id === team.ownerId) throw new Forbidden('teams.owner_untouchable');
      await detachMember(team.teamId, member.id);
      await deps.sessions.endAllForUser(member.id);
      // Signed out at once: the e-mail says why, and what their account is now.
      const removed = await deps.usersRepo.findById(member.id);
      if (removed) {
        await deps.mail.send({ to: removed.email, locale: removed.locale, template: 'teamRemoved', data: { name: removed.name, teamName: team.name, removerName: actor.user.name, link: `${deps.appUrl}/login` } });
      }
    },

    /**
     * A manager or member leaves the team on their own: an individual account again, as when
     * removed, but still signed in. The owner hands the team over or dissolves it instead.
     */
    async leaveTeam(actor: Actor) {
      const team = await membershipOf(actor.user);
      if (!team) throw new Forbidden('teams.no_team');
      if (team.ownerId === actor.user.id) throw new Forbidden('teams.owner_cannot_leave');
      await detachMember(team.teamId, actor.user.id);
    },

    async updateSettings(actor: Actor, input: { llmEnabled: boolean }) {
      const team = await managedTeam(actor);
      const updated = await deps.repo.updateTeam(team.teamId, { llm_enabled: input.llmEnabled }, deps.now());
      await changed(team.teamId);
      return { llm_enabled: updated.llm_enabled };
    },

    /** The owner hands the team over to a member, who becomes owner; the old owner becomes a manager. */
    async transferOwnership(actor: Actor, memberId: number) {
      const team = await membershipOf(actor.user);
      if (!team) throw new Forbidden('teams.no_team');
      if (team.ownerId !== actor.user.id) throw new Forbidden('teams.owner_only');
      const member = await memberOfTeam(team.teamId, memberId);
      if (member.id === actor.user.id) throw Invalid.field('member_id', 'teams.already_owner');
      const now = deps.now();
      await deps.repo.transaction(async (trx) => {
        await deps.repo.updateTeam(team.teamId, { owner_id: member.id }, now, trx);
        await deps.usersRepo.setRole(member.id, ROLE.owner, now, trx);
        await deps.usersRepo.setRole(actor.user.id, ROLE.manager, now, trx);
      });
      await changed(team.teamId, [member.id, actor.user.id]);
      // The new owner hears of it: the team now works under their plan.
      const heir = await deps.usersRepo.findById(member.id);
      if (heir) {
        await deps.mail.send({ to: heir.email, locale: heir.locale, template: 'teamOwnership', data: { name: heir.name, teamName: team.name, previousName: actor.user.name, link: `${deps.appUrl}/team` } });
      }
    },

    /** The owner dissolves the team: everyone becomes an individual account again. */
    async dissolve(actor: Actor) {
      const team = await membershipOf(actor.user);
      if (!team) throw new Forbidden('teams.no_team');
      if (team.ownerId !== actor.user.id) throw new Forbidden('teams.owner_only');
      const members = await listMembers(team.teamId);
      const trial = await deps.plans.getBySlug(TRIAL_PLAN_SLUG);
      const now = deps.now();
      await deps.repo.transaction(async (trx) => {
        for (const member of members) {
          await deps.usersRepo.setRole(member.id, ROLE.user, now, trx);
          if (member.id !== team.ownerId) await deps.usersRepo.setPlan(member.id, trial.id, now, trx);
        }
        await deps.repo.deleteTeam(team.teamId, trx);
      });
      await changed(team.teamId);
    },

    /** POST /api/create-user: a new account from an invitation; the e-mail is proven by the link. */
    async acceptWithNewAccount(input: { token: string; name: string; password: string }, context: { ip: string; locale: Locale }) {
      await limit(`invitation-new-account:ip:${context.ip}`, INVITATION_RATE_LIMITS.newAccountPerIp);
      const invitation = await invitationFromToken(input.token);
      if (await deps.usersRepo.findByEmail(invitation.email)) throw Invalid.field('email', 'teams.account_exists');
      const team = await deps.repo.findTeamById(invitation.team_id);
      if (!team) throw Invalid.field('token', 'teams.invitation_invalid');
      const owner = await deps.usersRepo.findById(team.owner_id);
      const passwordHash = await hashPassword(input.password);
      const now = deps.now();
      const user = await deps.repo.transaction(async (trx) => {
        const created = await deps.usersRepo
          .create(
            { name: input.name, email: invitation.email, password_hash: passwordHash, role_id: invitation.role_id, plan_id: owner?.plan_id ?? null, email_verified_at: now, locale: context.locale, personal_info: {}, company_info: {} },
            trx,
          )
          .catch((error: unknown) => {
            // Two acceptances of one invitation at once: the second finds the address taken.
            if (isUniqueViolation(error)) throw Invalid.field('email', 'teams.account_exists');
            throw error;
          });
        await deps.repo.addMember(team.id, created.id, trx);
        await deps.repo.markInvitationAccepted(invitation.id, now, trx);
        return created;
      });
      await changed(team.id, [user.id]);
      await tellOwnerJoined(team, owner, invitation, user);
      return { email: user.email, team: team.name };
    },

    /**
     * GET /api/team/invitations/lookup: what an invitation link is, for the page it opens. An unknown token (or one
     * whose team is gone) is only "invalid"; a dead one names its team (whose manager can invite again) and why it is
     * dead; a live one names the team, the invited address and role, its expiry, whether the address has an account
     * (a guest then signs in rather than signing up), and, for a signed-in caller, why they could not join (or null).
     */
    async lookupInvitation(token: string, context: { ip: string; user: UserRow | null }): Promise<InvitationLookup> {
      await limit(`invitation-lookup:ip:${context.ip}`, INVITATION_RATE_LIMITS.lookupPerIp);
      const invitation = await deps.repo.findInvitationWithTeam(hashToken(token));
      if (!invitation) return { state: 'invalid' };
      const team = invitation.team_name;
      if (invitation.accepted_at) return { state: 'used', team };
      if (invitation.revoked_at) return { state: 'revoked', team };
      if (new Date(invitation.expires_at) <= deps.now()) return { state: 'expired', team };
      return {
        state: 'valid',
        team,
        email: invitation.email,
        role_id: String(invitation.role_id),
        expires_at: new Date(invitation.expires_at).toISOString(),
        has_account: Boolean(await deps.usersRepo.findByEmail(invitation.email)),
        join_refusal: context.user ? await joinRefusal(context.user, invitation) : null,
      };
    },

    /** A signed-in individual whose e-mail was invited joins the team. */
    async acceptAsUser(actor: Actor, token: string) {
      await limit(`invitation-accept:user:${actor.user.id}`, INVITATION_RATE_LIMITS.acceptPerUser);
      const invitation = await invitationFromToken(token);
      const refusal = await joinRefusal(actor.user, invitation);
      if (refusal) throw JOIN_REFUSAL_ERRORS[refusal]();
      const team = await deps.repo.findTeamById(invitation.team_id);
      if (!team) throw Invalid.field('token', 'teams.invitation_invalid');
      const owner = await deps.usersRepo.findById(team.owner_id);
      const now = deps.now();
      await deps.repo.transaction(async (trx) => {
        await deps.repo.addMember(team.id, actor.user.id, trx);
        await deps.usersRepo.setRole(actor.user.id, invitation.role_id, now, trx);
        await deps.usersRepo.setPlan(actor.user.id, owner?.plan_id ?? null, now, trx);
        await deps.repo.markInvitationAccepted(invitation.id, now, trx);
      });
      await changed(team.id, [actor.user.id]);
      await tellOwnerJoined(team, owner, invitation, actor.user);
      return { team: team.name };
    },
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
