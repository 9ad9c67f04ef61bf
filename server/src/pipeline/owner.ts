import type { UserRow } from '../db/schema';

/** What the translation modules need to know about a user's team (the teams module's membershipOf). */
export interface TeamMembershipInfo {
  teamId: number;
  ownerId: number;
  llmEnabled: boolean;
  role: number;
}

/** How the translation modules look accounts up: team membership, and users (a team's owner). */
export interface AccountLookup {
  membershipOf(user: UserRow): Promise<TeamMembershipInfo | null>;
  findUser(id: number): Promise<UserRow | undefined>;
}

/**
 * Whose translation memory and glossary apply to a user, most specific first: the
 * user's own ('user:<id>'), then, for team members, the team's ('team:<id>').
 */
export function ownerKeysFor(user: Pick<UserRow, 'id'>, team?: { teamId: number } | null): string[] {
  return team ? [`user:${user.id}`, `team:${team.teamId}`] : [`user:${user.id}`];
}

/** Team owners (role 3) and managers (4) speak for the team: their suggestions and glossary terms are the team's. */
export function speaksForTeam(team: TeamMembershipInfo | null): team is TeamMembershipInfo {
  return Boolean(team && (team.role === 3 || team.role === 4));
}
