// Teams: GET/POST /api/team..., invitations, members, settings, and POST /api/create-user.
import { z } from 'zod';
import { statusMessage, timestamp } from './common';

/** A member's documents, website pages and developer API characters this month (owners and managers only). */
export const memberUsage = z.object({ doc_requests_this_month: z.number(), web_pages_this_month: z.number(), api_characters_this_month: z.number() });

/** A member of the team. */
export const teamMember = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: z.string(),
  invited: z.literal(false),
  joined_at: timestamp,
  usage: memberUsage.optional(),
});
export type JoinedMember = z.output<typeof teamMember>;

/** An open invitation, listed with the members (owners and managers only). */
export const invitedMember = z.object({
  id: z.null(),
  invitation_id: z.number().int(),
  name: z.null(),
  email: z.string(),
  role_id: z.string(),
  invited: z.literal(true),
  joined_at: z.null(),
  expires_at: timestamp,
});

export const teamMemberEntry = z.discriminatedUnion('invited', [teamMember, invitedMember]);
export type TeamMember = z.output<typeof teamMemberEntry>;

/** The team's usage against the owner's plan (owners and managers only). */
export const teamUsage = z.object({
  text_requests_today: z.number(),
  daily_text_requests: z.number(),
  doc_requests_this_month: z.number(),
  monthly_doc_requests: z.number(),
  web_pages_this_month: z.number(),
  web_pages: z.number(),
  /** The developer API's characters this month (all the team's keys and members' keys) against the plan's monthly allowance. */
  api_characters_this_month: z.number(),
  monthly_api_characters: z.number(),
});
export type TeamUsage = z.output<typeof teamUsage>;

export const team = z.object({
  id: z.number().int(),
  name: z.string(),
  seats: z.number().int(),
  seats_taken: z.number().int(),
  llm_enabled: z.boolean(),
  can_manage: z.boolean(),
  members: z.array(teamMemberEntry),
  usage: teamUsage.optional(),
});
export type Team = z.output<typeof team>;

/** GET /api/team: the caller's team, or null outside a team. */
export const teamAnswer = z.object({ data: team.nullable() });
export type TeamAnswer = z.output<typeof teamAnswer>;

/** POST /api/team (201). */
export const teamCreated = z.object({ status: z.number().int(), data: z.object({ id: z.number().int(), name: z.string(), seats: z.number().int() }) });

/** POST /api/team/invite. */
export const invitationSent = statusMessage.extend({
  data: z.object({ id: z.number().int(), email: z.string(), role_id: z.string(), expires_at: timestamp }),
});

/** Why a signed-in user could not join with a live invitation (POST /api/team/invitations/accept would refuse). */
export const joinRefusal = z.enum(['other_email', 'already_in_team', 'not_individual', 'own_subscription']);
export type JoinRefusal = z.output<typeof joinRefusal>;

/**
 * GET /api/team/invitations/lookup?token=: what an invitation link is. Unknown tokens (and those of a dissolved
 * team) are only "invalid"; a dead link names its team and why it is dead; a live one what the invitation offers.
 */
export const invitationLookupData = z.discriminatedUnion('state', [
  z.object({ state: z.literal('invalid') }),
  z.object({ state: z.enum(['expired', 'used', 'revoked']), team: z.string() }),
  z.object({
    state: z.literal('valid'),
    team: z.string(),
    /** The invited address: the account is made with it, or the signed-in user must have it. */
    email: z.string(),
    role_id: z.string(),
    expires_at: timestamp,
    /** An account with the invited address exists: a guest signs in to join rather than signing up. */
    has_account: z.boolean(),
    /** For a signed-in caller, why Join would be refused; null when they may join (and for guests). */
    join_refusal: joinRefusal.nullable(),
  }),
]);
export type InvitationLookup = z.output<typeof invitationLookupData>;
export const invitationLookup = z.object({ data: invitationLookupData });
export type InvitationLookupAnswer = z.output<typeof invitationLookup>;

/** POST /api/team/invitations/accept. */
export const invitationAccepted = statusMessage.extend({ data: z.object({ team: z.string() }) });
export type InvitationAccepted = z.output<typeof invitationAccepted>;

/** POST /api/team/members/:id. */
export const memberUpdated = statusMessage.extend({ data: z.object({ id: z.number().int(), role_id: z.string() }) });

/** POST /api/team/settings. */
export const teamSettingsSaved = statusMessage.extend({ data: z.object({ llm_enabled: z.boolean() }) });

/** POST /api/create-user (201): the new account's e-mail (to sign in with) and the team's name. */
export const accountCreated = statusMessage.extend({ data: z.object({ email: z.string(), team: z.string() }) });
export type AccountCreated = z.output<typeof accountCreated>;
