import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SocialProvider } from '../../config';

/** Minutes an e-mail verification link stays valid (Laravel's default). */
export const VERIFY_LINK_TTL_MINUTES = 60;
/** Minutes a password reset link stays valid. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** Minutes the link confirming a new e-mail address stays valid (as the verification link's). */
export const EMAIL_CHANGE_TTL_MINUTES = VERIFY_LINK_TTL_MINUTES;
/** Minutes a social sign-in may take between leaving for the provider and coming back. */
export const OAUTH_STATE_TTL_MINUTES = 10;
/** Length of the free trial every new account starts with (spec section 9). */
export const TRIAL_DAYS = 7;

/**
 * Rate limits of spec "Abuse": [attempts, window in seconds] per subject. Every attempt
 * counts, whether or not the address exists, so the answers never tell them apart.
 */
export const RATE_LIMITS = {
  loginPerEmail: [5, 60],
  loginPerIp: [20, 60],
  forgotPerEmail: [3, 15 * 60],
  forgotPerIp: [10, 15 * 60],
  resetPerIp: [10, 60],
  registerPerIp: [20, 60 * 60],
  verificationResendPerUser: [6, 60],
  /** Requests and resends of an e-mail address change (each mails the new address). */
  emailChangePerUser: [5, 60 * 60],
} as const satisfies Record<string, readonly [number, number]>;

export const SOCIAL_PROVIDERS: readonly SocialProvider[] = ['google', 'linkedin'];

export function isSocialProvider(value: unknown): value is SocialProvider {
  return typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);
}

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** Laravel's verification hash: sha1 of the address, so a link dies when the address changes. */
export const emailHash = (email: string) => createHash('sha1').update(email.trim().toLowerCase()).digest('hex');

/** Constant-time string comparison (signatures, tokens, state). */
export function safeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function verificationSignature(key: Buffer, id: string, hash: string, expires: string) {
  return createHmac('sha256', key).update(`email-verify:${id}:${hash}:${expires}`).digest('hex');
}

/** The signed, expiring link of the verification e-mail: /email/verify/{id}/{hash}?expires=&signature= */
export function signedVerificationUrl(input: { appUrl: string; key: Buffer; userId: number; email: string; expiresAt: Date }): string {
  const id = String(input.userId);
  const hash = emailHash(input.email);
  const expires = String(Math.floor(input.expiresAt.getTime() / 1000));
  const signature = verificationSignature(input.key, id, hash, expires);
  return `${input.appUrl}/email/verify/${id}/${hash}?expires=${expires}&signature=${signature}`;
}

/**
 * Checks a verification link's signature and expiry. The caller still compares `hash`
 * with the user's current address.
 */
export function isValidVerificationSignature(input: {
  key: Buffer;
  id: string;
  hash: string;
  expires?: string;
  signature?: string;
  now: Date;
}): boolean {
  const { id, hash, expires, signature } = input;
  if (!/^\d{1,18}$/.test(id) || !/^[0-9a-f]{40}$/.test(hash) || !expires || !/^\d{1,12}$/.test(expires) || !signature) return false;
  if (!safeEqual(signature, verificationSignature(input.key, id, hash, expires))) return false;
  return Number(expires) * 1000 > input.now.getTime();
}

/**
 * The web app's reset screen, carrying the token alone: the page asks for the address it resets with the token
 * (GET /api/password-reset/{token}); no URL names the address (browser history, proxies, logs keep URLs).
 */
export function passwordResetUrl(appUrl: string, token: string): string {
  return `${appUrl}/reset-password?${new URLSearchParams({ token }).toString()}`;
}

/**
 * The link of the mail to a new address: GET /email/change/{token} shows the page whose button confirms the change
 * (POST to the same path).
 */
export function emailChangeUrl(appUrl: string, token: string): string {
  return `${appUrl}/email/change/${token}`;
}

/** The web app's page that an e-mailed link (verification, change of address) leads to. */
const EMAIL_VERIFY_PAGE = '/email/verify';

/**
 * Where the GET of an e-mailed link sends the browser: the page with the link's `status`, and for a live link
 * (`confirm`, `change_confirm`) the parts the page's button posts back to the link's path. No address: the page asks
 * for it with those parts (GET /api/email-verify/{id}/{hash}?expires=&signature=, GET /api/email-change/{token}).
 */
export function emailLinkPage(status: string, details: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams({ status });
  for (const [name, value] of Object.entries(details)) if (value !== undefined) query.set(name, value);
  return `${EMAIL_VERIFY_PAGE}?${query.toString()}`;
}

/** Where a signed-in user lands (spec section 2): admins on the plan list, everyone else on the dashboard. */
export function homePathFor(roleId: number): string {
  return roleId === 1 ? '/admin/plans' : '/dashboard';
}

/** A display name from OpenID Connect claims, falling back to the address's local part. */
export function nameFromClaims(claims: { name?: unknown; given_name?: unknown; family_name?: unknown }, email: string): string {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const full = text(claims.name) || [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  return (full || email.split('@')[0] || email).slice(0, 255);
}

/** OpenID Connect's email_verified is a boolean, though some providers send the string "true". */
export function isEmailVerifiedClaim(value: unknown): boolean {
  return value === true || value === 'true';
}
