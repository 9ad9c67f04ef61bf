import type { ColumnType, Generated } from 'kysely';

export interface TeamsTable {
  id: Generated<number>;
  name: string;
  owner_id: number;
  seats: Generated<number>;
  llm_enabled: Generated<boolean>;
  created_at: ColumnType<Date, Date | undefined, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface TeamMembersTable {
  team_id: number;
  user_id: number;
  joined_at: ColumnType<Date, Date | undefined, never>;
}

export interface TeamInvitationsTable {
  id: Generated<number>;
  team_id: number;
  email: string;
  role_id: number;
  token_hash: string;
  invited_by: number | null;
  expires_at: Date;
  accepted_at: Date | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface TeamTables {
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
}
