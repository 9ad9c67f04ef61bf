import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CsrfMismatch } from './errors';
import { answers, noContent } from './responses';

export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false exempts a state-changing route (signed webhooks, for example). */
    csrf?: boolean;
  }
}

/**
 * Signed double-submit CSRF protection: the XSRF-TOKEN cookie (readable by our own
 * script) must come back in the X-XSRF-TOKEN header, and carry our signature over the
 * session it was issued for. A token from before sign-in (or from another session) does not
 * pass: the token is bound to the session and rotates whenever the session does.
 */
export class CsrfTokens {
  /**
   * Tokens found valid lately, with their binding: a browser sends the same token with every
   * request of its session, and its HMAC was ~2-3 % of a translation's CPU (bench profile).
   * A valid pair stays valid (the signature depends on nothing else), so remembering it changes
   * no answer; only valid pairs are kept, and the set is emptied when full.
   */
  private readonly verified = new Set<string>();

  constructor(
    private readonly key: Buffer,
    private readonly maxRemembered = 10_000,
  ) {}

  /** A token for the session `binding` (the session id; '' without a session). */
  issue(binding: string): string {
    const nonce = randomBytes(24).toString('base64url');
    return `${nonce}.${this.sign(nonce, binding)}`;
  }

  isValid(token: string, binding: string): boolean {
    const remembered = `${binding}\u0000${token}`;
    if (this.verified.has(remembered)) return true;
    const [nonce, signature, extra] = token.split('.');
    if (!nonce || !signature || extra !== undefined) return false;
    const expected = Buffer.from(this.sign(nonce, binding));
    const given = Buffer.from(signature);
    const valid = expected.length === given.length && timingSafeEqual(expected, given);
    if (valid) {
      if (this.verified.size >= this.maxRemembered) this.verified.clear();
      this.verified.add(remembered);
    }
    return valid;
  }

  private sign(nonce: string, binding: string) {
    return createHmac('sha256', this.key).update(`csrf:${binding}:${nonce}`).digest('base64url');
  }
}

/**
 * `bindingOf` names the request's session (its id, '' without one). A route that starts or
 * ends a session marks the request (`sessionRotated`); its reply then carries a fresh token
 * bound to the new session.
 */
export function registerCsrf(app: FastifyInstance, tokens: CsrfTokens, secureCookies: boolean, bindingOf: (request: FastifyRequest) => string) {
  const setCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: secureCookies, httpOnly: false, maxAge: 60 * 60 * 24 * 7 });

  app.get('/mt/csrf-cookie', { schema: answers({ 204: noContent }) }, async (request, reply) => {
    const current = request.cookies[CSRF_COOKIE];
    const binding = bindingOf(request);
    setCookie(reply, current && tokens.isValid(current, binding) ? current : tokens.issue(binding));
    return reply.code(204).send();
  });

  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config?.csrf === false) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const sent = Array.isArray(header) ? header[0] : header;
    if (!cookie || !sent || !tokens.isValid(cookie, bindingOf(request))) throw new CsrfMismatch();
    // Browsers send the cookie URI-encoded as written by document.cookie readers.
    const decoded = safeDecode(sent);
    if (decoded !== cookie) throw new CsrfMismatch();
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.sessionRotated) setCookie(reply, tokens.issue(request.sessionCache?.id ?? ''));
  });
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
