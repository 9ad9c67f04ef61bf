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
  /** When a manager cancelled it, a newer invitation to the address replaced it, or the seats shrank (null while open). */
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: ColumnType<Date, Date | undefined, never>;
}

export interface TeamTables {
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invitations: TeamInvitationsTable;
}
