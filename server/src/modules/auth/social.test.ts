// Social sign-in end to end against a real OpenID Connect provider (npm `oidc-provider`)
// listening on loopback: discovery, authorization with state, nonce and PKCE (the provider
// refuses requests without PKCE), code redemption, ID token and UserInfo checks.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestClient } from '../../../test/harness';
import { createUser, signIn, testClock, uniqueEmail, waitForMail } from './auth.test-support';

const APP_URL = 'http://lisan.test';

interface Account {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
}

/** One loopback identity provider; `nextAccount` is who "logs in" at its interaction step. */
class LoopbackProvider {
  nextAccount: Account = { sub: 'nobody' };
  /** When set, the person refuses at the provider (error=access_denied). */
  refuse = false;
  /** Paths the provider served, to see which endpoints the client used. */
  readonly paths: string[] = [];
  provider!: Provider;
  private server!: http.Server;
  issuer = '';

  constructor(
    private readonly name: 'google' | 'linkedin',
    /** false puts the e-mail claims in the ID token (as Google does); true leaves them to UserInfo. */
    private readonly conformIdTokenClaims: boolean,
  ) {}

  async start() {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.issuer = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const accounts = () => this.nextAccount;
    this.provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: `${this.name}-client`,
          client_secret: `${this.name}-secret`,
          redirect_uris: [`${APP_URL}/mt/login/${this.name}/callback`],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      pkce: { methods: ['S256'], required: () => true },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      conformIdTokenClaims: this.conformIdTokenClaims,
      findAccount: async (_ctx, sub) => ({
        accountId: sub,
        claims: async () => {
          const { sub: _sub, ...claims } = accounts();
          return { sub, ...claims };
        },
      }),
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      features: { devInteractions: { enabled: false } },
      cookies: { keys: ['loopback-provider-test-key'] },
    });
    this.provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));
  }

  /** The interaction step: log `nextAccount` in and grant the requested scope at once. */
  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    this.paths.push((req.url ?? '').split('?')[0]!);
    try {
      if (!req.url?.startsWith('/interaction/')) return this.provider.callback()(req, res);
      const details = await this.provider.interactionDetails(req, res);
      if (this.refuse) {
        return await this.provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      }
      if (details.prompt.name === 'login') {
        return await this.provider.interactionFinished(req, res, { login: { accountId: this.nextAccount.sub } }, { mergeWithLastSubmission: false });
      }
      const grant = new this.provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
      grant.addOIDCScope(String(details.params.scope));
      await this.provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    } catch (error) {
      res.statusCode = 500;
      res.end(String(error));
    }
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const google = new LoopbackProvider('google', false);
const linkedin = new LoopbackProvider('linkedin', true);
const clock = testClock();
let t: TestApp;

beforeAll(async () => {
  await Promise.all([google.start(), linkedin.start()]);
  t = await createTestApp({
    startQueue: true,
    overrides: { now: clock.now },
    env: {
      APP_URL,
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      GOOGLE_ISSUER_URL: google.issuer,
      LINKEDIN_CLIENT_ID: 'linkedin-client',
      LINKEDIN_CLIENT_SECRET: 'linkedin-secret',
      LINKEDIN_ISSUER_URL: linkedin.issuer,
    },
  });
});

afterAll(async () => {
  await t?.close();
  await Promise.all([google.stop(), linkedin.stop()]);
});

const db = () => t.container.database.db;
const userByEmail = (email: string) => db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

/**
 * Walks the browser's way through the provider: from our redirect, following the
 * provider's redirects with its cookies, until it sends the browser back to our callback.
 */
async function throughProvider(authorizeUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 15; hop++) {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const separator = pair!.indexOf('=');
      const [name, value] = [pair!.slice(0, separator), pair!.slice(separator + 1)];
      if (value && !/expires=Thu, 01 Jan 1970/i.test(header)) jar.set(name, value);
      else jar.delete(name);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    const next = new URL(location, url);
    if (next.origin === APP_URL) return next;
    url = next.href;
  }
  throw new Error('too many redirects at the provider');
}

/** GET /mt/login/{provider}[?query] with this client, through the provider, back to our callback. */
async function socialSignIn(client: TestClient, provider: 'google' | 'linkedin', query = '') {
  const start = await client.get(`/mt/login/${provider}${query}`);
  expect(start.statusCode).toBe(302);
  const callback = await throughProvider(start.headers.location as string);
  const answer = await client.get(`${callback.pathname}${callback.search}`);
  return { start, callback, answer };
}

describe('social sign-in round trip (OpenID Connect, loopback provider)', () => {
  it('lists both providers as available', async () => {
    expect((await t.client().get('/api/auth/providers')).json()).toEqual({ data: { google: true, linkedin: true } });
  });

  it('sends the browser to the provider with state, nonce and a PKCE S256 challenge, bound by a cookie', async () => {
    const client = t.client();
    const start = await client.get('/mt/login/google');
    const authorize = new URL(start.headers.location as string);
    expect(authorize.origin).toBe(google.issuer);
    expect(authorize.searchParams.get('client_id')).toBe('google-client');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${APP_URL}/mt/login/google/callback`);
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    const cookie = start.cookies.find((c) => c.name === 'lisan_oauth_state')!;
    expect(cookie.value).toBe(authorize.searchParams.get('state'));
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    // Only the hash of the state is stored.
    const stored = await db().selectFrom('oauth_states').select('state_hash').execute();
    expect(stored.some((row) => row.state_hash === cookie.value)).toBe(false);
  });

  it('registers a new account from a Google identity with a verified address, signed in, on the free trial', async () => {
    const email = uniqueEmail('google-new');
    google.nextAccount = { sub: `g-${email}`, email, email_verified: true, name: 'Layla Haddad' };
    const client = t.client();
    google.paths.length = 0;
    const { answer } = await socialSignIn(client, 'google');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe('/dashboard');
    // The web app's readable signed-in hint comes with the session cookie (http/sessions.ts).
    expect(client.cookies.get('lisan_signed_in')).toBe('1');
    expect(google.paths).toContain('/token');
    expect(google.paths).not.toContain('/me'); // the address came in the ID token

    const profile = (await client.get('/api/user')).json();
    expect(profile).toMatchObject({ name: 'Layla Haddad', email, has_password: false, social: { google: true, linkedin: false }, trial_remaining_days: 7 });
    expect(profile.email_verified_at).not.toBeNull();
    const user = (await userByEmail(email))!;
    expect(user.password_hash).toBeNull();

    // The same identity signs in to the same account next time.
    const again = t.client();
    expect((await socialSignIn(again, 'google')).answer.headers.location).toBe('/dashboard');
    expect((await again.get('/api/user')).json().id).toBe(user.id);
    expect(await db().selectFrom('users').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });

  it('links LinkedIn (address from UserInfo) to an existing verified account with the same address', async () => {
    const user = await createUser(t, { name: 'Existing' });
    linkedin.nextAccount = { sub: `li-${user.id}`, email: user.email.toUpperCase(), email_verified: true, given_name: 'Sami', family_name: 'Nasser' };
    const client = t.client();
    linkedin.paths.length = 0;
    const { answer } = await socialSignIn(client, 'linkedin');
    expect(answer.headers.location).toBe('/dashboard');
    expect(linkedin.paths).toContain('/me'); // the UserInfo endpoint
    expect((await client.get('/api/user')).json()).toMatchObject({ id: user.id, name: 'Existing', has_password: true, social: { google: false, linkedin: true } });
    await signIn(t, user.email); // the password still works
  });

  it('lets the provider’s verified owner claim an unverified account: its password and sessions stop working', async () => {
    const squatter = await createUser(t, { verified: false });
    const squatterSession = await signIn(t, squatter.email);
    google.nextAccount = { sub: `g-owner-${squatter.id}`, email: squatter.email, email_verified: true, name: 'Real Owner' };
    const owner = t.client();
    expect((await socialSignIn(owner, 'google')).answer.headers.location).toBe('/dashboard');
    const row = (await userByEmail(squatter.email))!;
    expect(row.password_hash).toBeNull();
    expect(row.email_verified_at).not.toBeNull();
    expect((await owner.get('/api/user')).json().social.google).toBe(true);
    expect((await squatterSession.get('/api/user')).statusCode).toBe(401);
    // The hint outlived the squatter's session: that answer cleared it.
    expect(squatterSession.cookies.has('lisan_signed_in')).toBe(false);
  });

  it('does not link to an existing account when the provider does not vouch for the address', async () => {
    const user = await createUser(t);
    google.nextAccount = { sub: `g-unverified-${user.id}`, email: user.email, email_verified: false };
    const client = t.client();
    const { answer } = await socialSignIn(client, 'google');
    expect(answer.headers.location).toBe('/login?social_error=email_taken');
    expect(client.cookies.has('lisan_session')).toBe(false);
    expect(await db().selectFrom('social_accounts').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('creates an unverified account (and sends the verification e-mail) when the provider does not vouch for a new address', async () => {
    const email = uniqueEmail('unvouched');
    linkedin.nextAccount = { sub: `li-${email}`, email, email_verified: false, name: 'New Person' };
    const client = t.client();
    client.locale = 'ar';
    expect((await socialSignIn(client, 'linkedin')).answer.headers.location).toBe('/dashboard');
    // The signed-in hint says so, so the web app goes to /check-email without asking.
    expect(client.cookies.get('lisan_signed_in')).toBe('unverified');
    expect((await client.get('/api/user')).statusCode).toBe(450);
    expect((await userByEmail(email))!.locale).toBe('ar');
    await waitForMail(t, email, 'تأكيد بريدك الإلكتروني');
  });

  it('refuses an identity without an e-mail address', async () => {
    google.nextAccount = { sub: 'g-no-email', name: 'No Mail' };
    expect((await socialSignIn(t.client(), 'google')).answer.headers.location).toBe('/login?social_error=no_email');
  });

  it('keeps the session beyond the browser when "remember me" was ticked', async () => {
    const email = uniqueEmail('remember');
    google.nextAccount = { sub: `g-${email}`, email, email_verified: true };
    const { answer } = await socialSignIn(t.client(), 'google', '?remember=1');
    const expires = answer.cookies.find((c) => c.name === 'lisan_session')!.expires;
    expect(expires).toBeInstanceOf(Date);
    expect(answer.cookies.find((c) => c.name === 'lisan_signed_in')!.expires).toEqual(expires);
  });

  it('connects a provider to the signed-in account and refuses an identity that belongs to another account', async () => {
    const user = await createUser(t);
    const client = await signIn(t, user.email);
    google.nextAccount = { sub: `g-connect-${user.id}`, email: 'another-address@example.com', email_verified: true };
    const { answer } = await socialSignIn(client, 'google');
    expect(answer.headers.location).toBe('/user/auth-settings?connected=google');
    expect((await client.get('/api/user')).json().social.google).toBe(true);

    const other = await createUser(t);
    const otherClient = await signIn(t, other.email);
    const taken = await socialSignIn(otherClient, 'google'); // the same Google identity
    expect(taken.answer.headers.location).toBe('/user/auth-settings?social_error=already_linked');
    expect((await otherClient.get('/api/user')).json().social.google).toBe(false);
  });

  it('reports a refusal at the provider', async () => {
    google.refuse = true;
    try {
      expect((await socialSignIn(t.client(), 'google')).answer.headers.location).toBe('/login?social_error=cancelled');
    } finally {
      google.refuse = false;
    }
  });
});

describe('social sign-in: forged, replayed and stale callbacks', () => {
  async function pendingCallback() {
    const email = uniqueEmail('attack');
    google.nextAccount = { sub: `g-${email}`, email, email_verified: true };
    const client = t.client();
    const start = await client.get('/mt/login/google');
    const callback = await throughProvider(start.headers.location as string);
    return { client, callback, email };
  }

  it('refuses a callback in a browser that did not start the flow (login CSRF)', async () => {
    const { callback, email } = await pendingCallback();
    const victim = t.client();
    const answer = await victim.get(`${callback.pathname}${callback.search}`);
    expect(answer.headers.location).toBe('/login?social_error=state');
    expect(victim.cookies.has('lisan_session')).toBe(false);
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('refuses a state that does not match the cookie, and a state used twice', async () => {
    const { client, callback } = await pendingCallback();
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state');
    expect((await client.get(`${forged.pathname}${forged.search}`)).headers.location).toBe('/login?social_error=state');

    const second = await pendingCallback();
    const path = `${second.callback.pathname}${second.callback.search}`;
    const cookie = second.client.cookies.get('lisan_oauth_state')!;
    expect((await second.client.get(path)).headers.location).toBe('/dashboard');
    second.client.cookies.set('lisan_oauth_state', cookie);
    expect((await second.client.get(path)).headers.location).toBe('/login?social_error=state');
  });

  it('refuses a state older than ten minutes', async () => {
    const { client, callback } = await pendingCallback();
    clock.advance(11 * 60_000);
    expect((await client.get(`${callback.pathname}${callback.search}`)).headers.location).toBe('/login?social_error=state');
  });

  it('refuses a code the provider does not accept', async () => {
    const { client, callback } = await pendingCallback();
    callback.searchParams.set('code', 'not-a-real-code');
    expect((await client.get(`${callback.pathname}${callback.search}`)).headers.location).toBe('/login?social_error=failed');
  });

  it('refuses a callback of one provider at the other provider’s address', async () => {
    const { client, callback } = await pendingCallback();
    client.cookies.set('lisan_oauth_state', callback.searchParams.get('state')!);
    expect((await client.get(`/mt/login/linkedin/callback${callback.search}`)).headers.location).toBe('/login?social_error=state');
  });
});

describe('social sign-in without a usable provider', () => {
  it('answers 404 for an unknown provider', async () => {
    expect((await t.client().get('/mt/login/facebook')).statusCode).toBe(404);
    expect((await t.client().get('/mt/login/facebook/callback')).statusCode).toBe(404);
  });

  it('offers no button and sends the browser back when a provider is not configured or unreachable', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadIssuer = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const app = await createTestApp({ env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER_URL: deadIssuer } });
    try {
      expect((await app.client().get('/api/auth/providers')).json()).toEqual({ data: { google: true, linkedin: false } });
      expect((await app.client().get('/mt/login/linkedin')).headers.location).toBe('/login?social_error=unavailable');
      expect((await app.client().get('/mt/login/google')).headers.location).toBe('/login?social_error=unavailable');
    } finally {
      await app.close();
    }
  });
});
