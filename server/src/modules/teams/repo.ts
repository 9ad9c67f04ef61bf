import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Executor = Kysely<DB> | Transaction<DB>;

export function createTeamsRepo(db: Kysely<DB>) {
  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>) {
      return db.transaction().execute(fn);
    },

    findTeamById(id: number, executor: Executor = db) {
      return executor.selectFrom('teams').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findMembership(userId: number, executor: Executor = db) {
      return executor
        .selectFrom('team_members')
        .innerJoin('teams', 'teams.id', 'team_members.team_id')
        .select(['teams.id as team_id', 'teams.name', 'teams.owner_id', 'teams.seats', 'teams.llm_enabled', 'team_members.joined_at'])
        .where('team_members.user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The team's members (the users module has their names and roles). */
    listMembers(teamId: number) {
      return db.selectFrom('team_members').select(['user_id', 'joined_at']).where('team_id', '=', teamId).orderBy('joined_at').execute();
    },

    listOpenInvitations(teamId: number, now: Date, executor: Executor = db) {
      return executor
        .selectFrom('team_invitations')
        .select(['id', 'email', 'role_id', 'expires_at', 'created_at'])
        .where('team_id', '=', teamId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .execute();
    },

    async countSeatsTaken(teamId: number, now: Date, executor: Executor = db) {
      const members = await executor.selectFrom('team_members').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', teamId).executeTakeFirstOrThrow();
      const invitations = await executor
        .selectFrom('team_invitations')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('team_id', '=', teamId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .executeTakeFirstOrThrow();
      return Number(members.n) + Number(invitations.n);
    },

    createTeam(input: { name: string; ownerId: number; seats: number }, executor: Executor) {
      return executor.insertInto('teams').values({ name: input.name, owner_id: input.ownerId, seats: input.seats }).returningAll().executeTakeFirstOrThrow();
    },

    addMember(teamId: number, userId: number, executor: Executor) {
      return executor.insertInto('team_members').values({ team_id: teamId, user_id: userId }).execute();
    },

    removeMember(teamId: number, userId: number, executor: Executor) {
      return executor.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
    },

    updateTeam(teamId: number, values: { llm_enabled?: boolean; name?: string; owner_id?: number; seats?: number }, now: Date, executor: Executor = db) {
      return executor.updateTable('teams').set({ ...values, updated_at: now }).where('id', '=', teamId).returningAll().executeTakeFirstOrThrow();
    },

    /**
     * The seat limit of the team the user owns (no-op for anyone else). Open invitations that
     * no longer fit beside the members are withdrawn (revoked), newest first; members always stay.
     */
    async setSeatsOfOwner(ownerId: number, seats: number, now: Date, executor: Executor = db) {
      const team = await executor.updateTable('teams').set({ seats, updated_at: now }).where('owner_id', '=', ownerId).returning('id').executeTakeFirst();
      if (!team) return;
      const members = await executor.selectFrom('team_members').select((eb) => eb.fn.countAll<number>().as('n')).where('team_id', '=', team.id).executeTakeFirstOrThrow();
      const room = Math.max(0, seats - Number(members.n));
      const open = await executor
        .selectFrom('team_invitations')
        .select('id')
        .where('team_id', '=', team.id)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      const withdrawn = open.slice(room);
      if (withdrawn.length) await executor.updateTable('team_invitations').set({ revoked_at: now }).where('id', 'in', withdrawn.map((i) => i.id)).execute();
    },

    deleteTeam(teamId: number, executor: Executor) {
      return executor.deleteFrom('teams').where('id', '=', teamId).execute();
    },

    /** Replaces (revokes) any open invitation of the same address. */
    async createInvitation(input: { teamId: number; email: string; roleId: number; tokenHash: string; invitedBy: number; expiresAt: Date; now: Date }, executor: Executor) {
      await executor
        .updateTable('team_invitations')
        .set({ revoked_at: input.now })
        .where('team_id', '=', input.teamId)
        .where(sql`lower(email)`, '=', input.email.toLowerCase())
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .execute();
      return executor
        .insertInto('team_invitations')
        .values({ team_id: input.teamId, email: input.email, role_id: input.roleId, token_hash: input.tokenHash, invited_by: input.invitedBy, expires_at: input.expiresAt })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    findInvitationByTokenHash(tokenHash: string, executor: Executor = db) {
      return executor.selectFrom('team_invitations').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();
    },

    /** The invitation of a link and its team's name, read without a lock (the public look-up); none once the team is gone. */
    findInvitationWithTeam(tokenHash: string) {
      return db
        .selectFrom('team_invitations')
        .innerJoin('teams', 'teams.id', 'team_invitations.team_id')
        .select(['team_invitations.email', 'team_invitations.role_id', 'team_invitations.expires_at', 'team_invitations.accepted_at', 'team_invitations.revoked_at', 'teams.name as team_name'])
        .where('team_invitations.token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    markInvitationAccepted(id: number, now: Date, executor: Executor) {
      return executor.updateTable('team_invitations').set({ accepted_at: now }).where('id', '=', id).execute();
    },

    /** A manager cancels an open invitation: kept, revoked, so its link says it was withdrawn. */
    revokeInvitation(teamId: number, invitationId: number, now: Date) {
      return db
        .updateTable('team_invitations')
        .set({ revoked_at: now })
        .where('team_id', '=', teamId)
        .where('id', '=', invitationId)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
    },
  };
}

export type TeamsRepo = ReturnType<typeof createTeamsRepo>;
