import type { ColumnType, Generated } from 'kysely';
import type { SocialProvider } from '../../config';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Tables of the auth module (migrations 0010-0012, 0340). */
export interface AuthTables {
  password_reset_tokens: PasswordResetTokensTable;
  social_accounts: SocialAccountsTable;
  oauth_states: OauthStatesTable;
  email_changes: EmailChangesTable;
}

/** A pending change of a user's e-mail address (migration 0340): one per user. */
export interface EmailChangesTable {
  user_id: number;
  /** The address asked for, trimmed and in lower case; the account keeps its own until the change is confirmed through the link. */
  new_email: string;
  /** SHA-256 of the token in the link e-mailed to the new address; the token itself is never stored. */
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Date;
}

export interface PasswordResetTokensTable {
  user_id: number;
  /** SHA-256 of the token in the e-mailed link; the token itself is never stored. */
  token_hash: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
  expires_at: Date;
}

export interface SocialAccountsTable {
  id: Generated<number>;
  user_id: number;
  provider: SocialProvider;
  /** The provider's `sub` claim. */
  subject: string;
  email: string | null;
  created_at: CreatedAt;
}

export interface OauthStatesTable {
  state_hash: string;
  provider: SocialProvider;
  code_verifier: string;
  nonce: string;
  /** The signed-in user who is connecting a provider; null for a sign-in. */
  user_id: number | null;
  remember: Generated<boolean>;
  created_at: CreatedAt;
  expires_at: Date;
}
