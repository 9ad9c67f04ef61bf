import { hash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { createBatcher, type Batcher } from '../db/batcher';
import type { DB, SessionRow } from '../db/schema';

export const SESSION_COOKIE = 'lisan_session';
/**
 * Set beside the session cookie, readable by the web app's script and holding no secret: with it
 * absent the app treats the visitor as a guest without calling GET /api/user, whose 401 a
 * browser would log as a failed resource on every guest page. Only a hint: a stale one costs
 * one 401, and that answer clears it (syncCookies).
 */
export const SIGNED_IN_COOKIE = 'lisan_signed_in';

/**
 * The hint's value: `verified` for a user whose e-mail address is verified, `unverified` while it
 * is not (GET /api/user would answer 450, so the web app goes to /check-email without asking and
 * the browser logs no failed resource). Kept in step like the hint itself (syncCookies), so a
 * verification in another tab or browser shows on the next request. The web app's copy:
 * SIGNED_IN_HINT_UNVERIFIED in web/src/api/client.ts.
 */
export const SIGNED_IN_HINT = { verified: '1', unverified: 'unverified' } as const;
export type SignedInHint = (typeof SIGNED_IN_HINT)[keyof typeof SIGNED_IN_HINT];

/** The hint for a signed-in user. */
export function signedInHintFor(user: { email_verified_at: Date | string | null }): SignedInHint {
  return user.email_verified_at ? SIGNED_IN_HINT.verified : SIGNED_IN_HINT.unverified;
}

export interface SessionOptions {
  ttlHours: number;
  rememberDays: number;
  secureCookies: boolean;
  now?: () => Date;
}

// One-shot hash: a third of createHash's cost, and this runs on every signed-in request.
const hashToken = (token: string) => hash('sha256', token, 'hex');

/**
 * Database-backed sessions. The cookie carries a random token; the table keeps only its
 * hash, so a leaked table cannot be replayed. Expiry slides on use (at most once a minute).
 */
export class SessionStore {
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly options: SessionOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    // Concurrent requests look their sessions up in one statement (group reads, see db/batcher.ts).
    this.lookups = createBatcher({
      run: async (items: Array<{ id: string; now: Date }>) => {
        const rows = await this.db
          .selectFrom('sessions')
          .selectAll()
          .where('id', 'in', [...new Set(items.map((item) => item.id))])
          .execute();
        const byId = new Map(rows.map((row) => [row.id, row]));
        return items.map((item) => {
          const row = byId.get(item.id);
          return row && new Date(row.expires_at).getTime() > item.now.getTime() ? row : null;
        });
      },
      concurrency: 2,
    });
  }

  private readonly lookups: Batcher<{ id: string; now: Date }, SessionRow | null>;

  private lifetimeMs(remember: boolean) {
    return remember ? this.options.rememberDays * 86_400_000 : this.options.ttlHours * 3_600_000;
  }

  /** What the session cookie and the hint share; without `expires` they end with the browser. */
  private cookieOptions(expires?: Date) {
    return { path: '/', sameSite: 'lax', secure: this.options.secureCookies, ...(expires ? { expires } : {}) } as const;
  }

  private setHint(reply: FastifyReply, hint: SignedInHint, expires?: Date) {
    reply.setCookie(SIGNED_IN_COOKIE, hint, { ...this.cookieOptions(expires), httpOnly: false });
  }

  /** The id (token digest) of the request's session cookie, when it has a well-formed one. */
  sessionIdOf(request: FastifyRequest): string | null {
    const token = request.cookies[SESSION_COOKIE];
    return token && token.length >= 32 && token.length <= 128 ? hashToken(token) : null;
  }

  /** The request's live session, looked up once per request. */
  async get(request: FastifyRequest): Promise<SessionRow | null> {
    if (request.sessionCache !== undefined) return request.sessionCache;
    const token = request.cookies[SESSION_COOKIE];
    let session: SessionRow | null = null;
    if (token && token.length >= 32 && token.length <= 128) {
      const now = this.now();
      session = await this.lookups.submit({ id: hashToken(token), now });
      if (session && now.getTime() - new Date(session.last_seen_at).getTime() > 60_000) {
        const expires = new Date(now.getTime() + this.lifetimeMs(session.remember));
        await this.db.updateTable('sessions').set({ last_seen_at: now, expires_at: expires }).where('id', '=', session.id).execute();
        session = { ...session, last_seen_at: now, expires_at: expires };
        request.sessionExtended = true;
      }
    }
    request.sessionCache = session;
    return session;
  }

  /**
   * Starts a new session for the user (the old one, if any, ends: the id rotates at sign-in)
   * and sets the cookie. `emailVerified` chooses the hint's value; left out, the hint says
   * verified, and the first request of an unverified user corrects it (syncCookies).
   */
  async start(request: FastifyRequest, reply: FastifyReply, input: { userId: number; remember?: boolean; emailVerified?: boolean }) {
    await this.end(request, reply);
    const token = randomBytes(32).toString('base64url');
    const remember = input.remember ?? false;
    const now = this.now();
    const expires = new Date(now.getTime() + this.lifetimeMs(remember));
    const row = await this.db
      .insertInto('sessions')
      .values({
        id: hashToken(token),
        user_id: input.userId,
        data: JSON.stringify({}),
        remember,
        ip: request.ip,
        user_agent: (request.headers['user-agent'] ?? '').slice(0, 512),
        last_seen_at: now,
        expires_at: expires,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    // The account's first session is its first visit (users.first_signed_in_at): set once, by whichever starts first.
    await this.db.updateTable('users').set({ first_signed_in_at: row.created_at }).where('id', '=', input.userId).where('first_signed_in_at', 'is', null).execute();
    // Without "remember me" both cookies end with the browser; the row expires server-side.
    const cookieExpires = remember ? expires : undefined;
    reply.setCookie(SESSION_COOKIE, token, { ...this.cookieOptions(cookieExpires), httpOnly: true });
    this.setHint(reply, input.emailVerified === false ? SIGNED_IN_HINT.unverified : SIGNED_IN_HINT.verified, cookieExpires);
    request.sessionCache = row;
    request.sessionRotated = true;
    return row;
  }

  /** Ends the request's session server-side and clears its cookie and the hint. */
  async end(request: FastifyRequest, reply: FastifyReply) {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.db.deleteFrom('sessions').where('id', '=', hashToken(token)).execute();
    reply.clearCookie(SESSION_COOKIE, this.cookieOptions());
    reply.clearCookie(SIGNED_IN_COOKIE, this.cookieOptions());
    request.sessionCache = null;
    request.sessionRotated = true;
  }

  /**
   * Keeps the cookies in step with a session that this request neither started nor ended (those
   * write both cookies themselves). A remembered session whose row this request extended gets
   * both cookies again with the row's new expiry, so a user who keeps coming back stays signed in
   * (the browser would otherwise drop the cookie at the expiry sign-in gave it while the server
   * still honours the session). Otherwise only the signed-in hint moves: set for a valid session
   * that predates the hint or whose hint says another verification state (the address verified
   * meanwhile, or a hint from before it had one), a remembered one's with the row's expiry;
   * cleared when the session is gone (signed out elsewhere, expired, revoked, its user deleted).
   * `hint`: what the request's session resolved to (signedInHintFor its user), null for none. A
   * request whose session was never looked up (refused before access) is left alone.
   */
  syncCookies(request: FastifyRequest, reply: FastifyReply, hint: SignedInHint | null) {
    if (request.sessionRotated || request.sessionCache === undefined) return;
    const session = request.sessionCache;
    const token = request.cookies[SESSION_COOKIE];
    if (hint && session?.remember && request.sessionExtended && token) {
      const expires = new Date(session.expires_at);
      reply.setCookie(SESSION_COOKIE, token, { ...this.cookieOptions(expires), httpOnly: true });
      this.setHint(reply, hint, expires);
      return;
    }
    const current = request.cookies[SIGNED_IN_COOKIE];
    if (hint && session && current !== hint) {
      this.setHint(reply, hint, session.remember ? new Date(session.expires_at) : undefined);
    } else if (!hint && current !== undefined) {
      reply.clearCookie(SIGNED_IN_COOKIE, this.cookieOptions());
    }
  }

  /** Ends every session of a user (password reset, removal from a team, deletion). */
  async endAllForUser(userId: number, exceptSessionId?: string) {
    let query = this.db.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
    await query.execute();
  }

  async purgeExpired() {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionCache?: SessionRow | null;
    /** The request started or ended a session (the CSRF token rotates with it, http/csrf.ts). */
    sessionRotated?: boolean;
    /** The request slid its session's expiry (get()); a remembered session's cookies follow (syncCookies). */
    sessionExtended?: boolean;
  }
}
