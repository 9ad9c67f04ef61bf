import * as oidc from 'openid-client';
import type { Logger } from 'pino';
import type { SocialProviderConfig } from '../../config';

/** What Lisan reads of a signed-in identity. */
export interface IdentityClaims {
  subject: string;
  email: string | null;
  emailVerified: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
}

export interface OidcClient {
  /** The provider's authorization URL for this state, nonce and PKCE challenge. */
  authorizationUrl(input: { redirectUri: string; state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /** Checks the authorization response, redeems the code (with the PKCE verifier) and reads the ID token. */
  redeem(input: { callbackUrl: URL; state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims>;
}

const SCOPE = 'openid email profile';
const HTTP_TIMEOUT_SECONDS = 10;

/**
 * An OpenID Connect relying party for one provider (Google, LinkedIn), built on
 * openid-client: discovery from the issuer's /.well-known/openid-configuration (read
 * once, retried after a failure), authorization code flow with state, nonce and PKCE (S256),
 * client_secret_post. Plain-http issuers are accepted only because an operator configured
 * one (a loopback provider in tests and development).
 */
export function createOidcClient(provider: SocialProviderConfig, logger: Logger): OidcClient {
  let configuration: Promise<oidc.Configuration> | null = null;

  function discover() {
    configuration ??= oidc
      .discovery(new URL(provider.issuerUrl), provider.clientId, undefined, oidc.ClientSecretPost(provider.clientSecret), {
        execute: provider.issuerUrl.startsWith('http:') ? [oidc.allowInsecureRequests] : [],
        timeout: HTTP_TIMEOUT_SECONDS,
      })
      .catch((error: unknown) => {
        configuration = null;
        logger.error({ err: error, issuer: provider.issuerUrl }, 'OpenID Connect discovery failed');
        throw error;
      });
    return configuration;
  }

  return {
    async authorizationUrl({ redirectUri, state, nonce, codeVerifier }) {
      const config = await discover();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: 'code',
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return url.href;
    },

    async redeem({ callbackUrl, state, nonce, codeVerifier }) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider returned no ID token');
      let source: Record<string, unknown> = claims;
      if (typeof claims.email !== 'string') {
        // Some providers keep the address out of the ID token; the UserInfo endpoint has it.
        source = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)) };
      }
      return {
        subject: claims.sub,
        email: typeof source.email === 'string' ? source.email.trim().toLowerCase() : null,
        emailVerified: source.email_verified,
        name: source.name,
        given_name: source.given_name,
        family_name: source.family_name,
      };
    },
  };
}
