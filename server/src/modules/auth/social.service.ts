import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import type { SocialProvider } from '../../config';
import type { UserRow } from '../../db/schema';
import { Invalid } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import type { UsersRepo } from '../users/repo';
import type { UsersService } from '../users/service';
import { isEmailVerifiedClaim, nameFromClaims, OAUTH_STATE_TTL_MINUTES, safeEqual, sha256Hex, SOCIAL_PROVIDERS } from './auth.fns';
import type { IdentityClaims, OidcClient } from './oidc-client';
import type { AuthRepo } from './repo';

/**
 * Why a social sign-in did not complete; the web app shows a message per code.
 * - unavailable: provider not configured; state: missing, forged, reused or expired state;
 *   cancelled: the person said no at the provider; failed: the provider's answer did not check out;
 *   no_email: the provider shared no address; email_taken: an account has this address and the
 *   provider does not vouch for it; already_linked: this identity belongs to another account,
 *   or the account already has another identity at that provider.
 */
export type SocialErrorCode = 'unavailable' | 'state' | 'cancelled' | 'failed' | 'no_email' | 'email_taken' | 'already_linked';

export class SocialLoginError extends Error {
  constructor(
    readonly code: SocialErrorCode,
    /** 'connect' when a signed-in user was linking a provider (the error goes back to the settings). */
    readonly intent: 'login' | 'connect',
  ) {
    super(`social login failed: ${code}`);
  }
}

export interface SocialLoginDeps {
  /** One OpenID Connect client per configured provider. */
  clients: Partial<Record<SocialProvider, OidcClient>>;
  repo: AuthRepo;
  users: UsersService;
  usersRepo: UsersRepo;
  sessions: { endAllForUser(userId: number): Promise<void> };
  /** Sends the verification e-mail of an account whose address the provider did not vouch for. */
  sendVerificationEmail(user: UserRow): Promise<void>;
  now: () => Date;
  appUrl: string;
  logger: Logger;
}

export function createSocialLoginService(deps: SocialLoginDeps) {
  const redirectUri = (provider: SocialProvider) => `${deps.appUrl}/mt/login/${provider}/callback`;

  function clientFor(provider: SocialProvider, intent: 'login' | 'connect') {
    const client = deps.clients[provider];
    if (!client) throw new SocialLoginError('unavailable', intent);
    return client;
  }

  /** The sign-in or sign-up through a provider's identity (no connect intent). */
  async function signInWith(provider: SocialProvider, claims: IdentityClaims, locale: Locale): Promise<{ user: UserRow; created: boolean }> {
    const linked = await deps.repo.findSocialAccount(provider, claims.subject);
    if (linked) {
      const user = await deps.users.findById(linked.user_id);
      if (user) return { user, created: false };
    }
    if (!claims.email) throw new SocialLoginError('no_email', 'login');
    const verified = isEmailVerifiedClaim(claims.emailVerified);
    const existing = await deps.users.findByEmail(claims.email);
    if (existing) {
      // Link only when the provider vouches for the address; otherwise anyone could claim it.
      if (!verified) throw new SocialLoginError('email_taken', 'login');
      if (await deps.repo.findSocialAccountOfUser(existing.id, provider)) throw new SocialLoginError('already_linked', 'login');
      let user = existing;
      if (!existing.email_verified_at) {
        // An unverified account with this address was never proven to be its owner's: the
        // provider's verified owner claims it, and whatever password or session someone
        // else may have set on it stops working (pre-account-takeover defence).
        const now = deps.now();
        user = await deps.usersRepo.update(existing.id, { email_verified_at: now, password_hash: null }, now);
        await deps.sessions.endAllForUser(existing.id);
      }
      await deps.repo.linkSocialAccount({ userId: user.id, provider, subject: claims.subject, email: claims.email });
      return { user, created: false };
    }
    let user: UserRow;
    try {
      user = await deps.users.createAccount({
        name: nameFromClaims(claims, claims.email),
        email: claims.email,
        passwordHash: null,
        locale,
        emailVerifiedAt: verified ? deps.now() : null,
      });
    } catch (error) {
      if (error instanceof Invalid) throw new SocialLoginError('failed', 'login'); // lost a race for the address
      throw error;
    }
    await deps.repo.linkSocialAccount({ userId: user.id, provider, subject: claims.subject, email: claims.email });
    if (!verified) await deps.sendVerificationEmail(user);
    return { user, created: true };
  }

  /** Links a provider's identity to the signed-in user who started the flow. */
  async function connect(provider: SocialProvider, claims: IdentityClaims, userId: number): Promise<UserRow> {
    const user = await deps.users.findById(userId);
    if (!user) throw new SocialLoginError('state', 'connect');
    const linked = await deps.repo.findSocialAccount(provider, claims.subject);
    if (linked) {
      if (linked.user_id === user.id) return user;
      throw new SocialLoginError('already_linked', 'connect');
    }
    if (await deps.repo.findSocialAccountOfUser(user.id, provider)) throw new SocialLoginError('already_linked', 'connect');
    await deps.repo.linkSocialAccount({ userId: user.id, provider, subject: claims.subject, email: claims.email });
    return user;
  }

  return {
    /** The providers offered on the sign-in screen: configured ones only. */
    available(): Record<SocialProvider, boolean> {
      return Object.fromEntries(SOCIAL_PROVIDERS.map((provider) => [provider, Boolean(deps.clients[provider])])) as Record<SocialProvider, boolean>;
    },

    /**
     * Starts a sign-in (or, for a signed-in user, a connection): stores the hashed state
     * with the PKCE verifier and nonce for ten minutes and returns the provider's URL.
     * The caller puts `state` in a cookie, binding the flow to this browser.
     */
    async begin(provider: SocialProvider, input: { userId: number | null; remember: boolean }) {
      const intent = input.userId ? 'connect' : 'login';
      const client = clientFor(provider, intent);
      const now = deps.now();
      await deps.repo.purgeExpiredOauthStates(now);
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      let url: string;
      try {
        url = await client.authorizationUrl({ redirectUri: redirectUri(provider), state, nonce, codeVerifier });
      } catch {
        throw new SocialLoginError('unavailable', intent); // discovery failed (already logged)
      }
      await deps.repo.saveOauthState({
        stateHash: sha256Hex(state),
        provider,
        codeVerifier,
        nonce,
        userId: input.userId,
        remember: input.remember,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MINUTES * 60_000),
      });
      return { url, state };
    },

    /**
     * Completes the flow at the callback: the state must match this browser's cookie and
     * a stored, unexpired, unused state of this provider; then the code is redeemed.
     */
    async complete(provider: SocialProvider, input: { query: URLSearchParams; cookieState: string | undefined; locale: Locale }) {
      const state = input.query.get('state') ?? '';
      const row = state ? await deps.repo.takeOauthState(sha256Hex(state)) : undefined;
      const intent = row?.user_id ? 'connect' : 'login';
      if (!row || !input.cookieState || !safeEqual(state, input.cookieState) || row.provider !== provider || new Date(row.expires_at) <= deps.now()) {
        throw new SocialLoginError('state', intent);
      }
      if (input.query.has('error')) throw new SocialLoginError('cancelled', intent);
      const client = clientFor(provider, intent);
      let claims: IdentityClaims;
      try {
        const callbackUrl = new URL(`${redirectUri(provider)}?${input.query.toString()}`);
        claims = await client.redeem({ callbackUrl, state, nonce: row.nonce, codeVerifier: row.code_verifier });
      } catch (error) {
        deps.logger.warn({ err: error, provider }, 'social sign-in: the provider answer did not check out');
        throw new SocialLoginError('failed', intent);
      }
      if (row.user_id) return { user: await connect(provider, claims, row.user_id), intent: 'connect' as const, created: false, remember: row.remember };
      const { user, created } = await signInWith(provider, claims, input.locale);
      return { user, intent: 'login' as const, created, remember: row.remember };
    },
  };
}

export type SocialLoginService = ReturnType<typeof createSocialLoginService>;
