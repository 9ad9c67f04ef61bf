import type { Kysely } from 'kysely';
import type { SocialProvider } from '../../config';
import type { DB } from '../../db/schema';

export function createAuthRepo(db: Kysely<DB>) {
  return {
    // ---- password reset tokens (one live token per user) ----
    saveResetToken(input: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      return db
        .insertInto('password_reset_tokens')
        .values({ user_id: input.userId, token_hash: input.tokenHash, created_at: input.createdAt, expires_at: input.expiresAt })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ token_hash: input.tokenHash, created_at: input.createdAt, expires_at: input.expiresAt }))
        .execute();
    },
    findResetToken(userId: number) {
      return db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    /** The live-or-expired token of that hash (the reset page's look, GET /api/password-reset/{token}). */
    findResetTokenByHash(tokenHash: string) {
      return db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** Deletes the token if it is still the given one; true when this call consumed it. */
    async consumeResetToken(userId: number, tokenHash: string) {
      const result = await db
        .deleteFrom('password_reset_tokens')
        .where('user_id', '=', userId)
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    // ---- pending e-mail address changes (one per user) ----
    saveEmailChange(input: { userId: number; newEmail: string; tokenHash: string; createdAt: Date; expiresAt: Date }) {
      const values = { new_email: input.newEmail, token_hash: input.tokenHash, created_at: input.createdAt, expires_at: input.expiresAt };
      return db
        .insertInto('email_changes')
        .values({ user_id: input.userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
    },
    findEmailChange(userId: number) {
      return db.selectFrom('email_changes').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },
    /** The change whose token has this hash, left in place: opening the link only looks (mail scanners open links too). */
    findEmailChangeByToken(tokenHash: string) {
      return db.selectFrom('email_changes').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    },
    /** Removes and returns the change whose token has this hash: each link can be confirmed once. */
    takeEmailChange(tokenHash: string) {
      return db.deleteFrom('email_changes').where('token_hash', '=', tokenHash).returningAll().executeTakeFirst();
    },
    async deleteEmailChange(userId: number) {
      const result = await db.deleteFrom('email_changes').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // ---- social accounts ----
    findSocialAccount(provider: SocialProvider, subject: string) {
      return db.selectFrom('social_accounts').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
    },
    findSocialAccountOfUser(userId: number, provider: SocialProvider) {
      return db.selectFrom('social_accounts').selectAll().where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
    },
    async listSocialProviders(userId: number): Promise<SocialProvider[]> {
      const rows = await db.selectFrom('social_accounts').select('provider').where('user_id', '=', userId).orderBy('provider').execute();
      return rows.map((row) => row.provider);
    },
    linkSocialAccount(input: { userId: number; provider: SocialProvider; subject: string; email: string | null }) {
      return db
        .insertInto('social_accounts')
        .values({ user_id: input.userId, provider: input.provider, subject: input.subject, email: input.email })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    async unlinkSocialAccount(userId: number, provider: SocialProvider) {
      const result = await db.deleteFrom('social_accounts').where('user_id', '=', userId).where('provider', '=', provider).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    // ---- in-flight social sign-ins ----
    saveOauthState(input: { stateHash: string; provider: SocialProvider; codeVerifier: string; nonce: string; userId: number | null; remember: boolean; expiresAt: Date }) {
      return db
        .insertInto('oauth_states')
        .values({
          state_hash: input.stateHash,
          provider: input.provider,
          code_verifier: input.codeVerifier,
          nonce: input.nonce,
          user_id: input.userId,
          remember: input.remember,
          expires_at: input.expiresAt,
        })
        .execute();
    },
    /** Removes and returns a state: each one can complete a sign-in once. */
    takeOauthState(stateHash: string) {
      return db.deleteFrom('oauth_states').where('state_hash', '=', stateHash).returningAll().executeTakeFirst();
    },
    purgeExpiredOauthStates(now: Date) {
      return db.deleteFrom('oauth_states').where('expires_at', '<=', now).execute();
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
