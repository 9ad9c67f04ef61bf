import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { TeamsRepo } from './repo';

export interface TeamMembership {
  teamId: number;
  name: string;
  ownerId: number;
  seats: number;
  llmEnabled: boolean;
  role: number;
}

/**
 * Reads and writes of a team that other modules need while the teams service itself needs
 * them (entitlements asks whose plan a member uses, and the teams service asks entitlements
 * for the team's usage; billing sets the seats, and the teams service asks billing for them).
 * They hold no state, so the container builds them from the repo first and hands them to
 * every side: the services then depend on each other in one direction only.
 */
export function createTeamMembership(repo: TeamsRepo, now: () => Date) {
  return {
    /** The user's team and their role in it, or null. */
    async membershipOf(user: UserRow): Promise<TeamMembership | null> {
      const row = await repo.findMembership(user.id);
      if (!row) return null;
      return { teamId: row.team_id, name: row.name, ownerId: row.owner_id, seats: row.seats, llmEnabled: row.llm_enabled, role: user.role_id };
    },

    /** The id of the user's team, or null (the history and the pipeline stamp work with it). */
    async teamIdOf(userId: number): Promise<number | null> {
      return (await repo.findMembership(userId))?.team_id ?? null;
    },

    /**
     * The billing module's hook: the seats the owner pays for become their team's seat limit,
     * in the billing transaction (`executor`). When seats shrink below the members, the members
     * stay; open invitations that no longer fit are withdrawn and new ones are refused.
     */
    applyPaidSeats(ownerId: number, seats: number, executor?: Kysely<DB>) {
      return repo.setSeatsOfOwner(ownerId, Math.max(1, seats), now(), executor);
    },
  };
}

export type TeamMembershipReads = ReturnType<typeof createTeamMembership>;
