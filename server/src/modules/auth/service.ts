import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import type { UserRow } from '../../db/schema';
import { Invalid } from '../../http/errors';
import type { RateLimiter } from '../../http/rate-limit';
import type { Locale } from '../../i18n/messages';
import type { MailService } from '../../mail/jobs';
import { hashPassword, verifyPassword } from '../users/passwords';
import type { UsersService } from '../users/service';
import type { UsersRepo } from '../users/repo';
import { isUniqueViolation } from '../../db/client';
import {
  EMAIL_CHANGE_TTL_MINUTES,
  emailChangeUrl,
  emailHash,
  isValidVerificationSignature,
  passwordResetUrl,
  RATE_LIMITS,
  RESET_TOKEN_TTL_MINUTES,
  safeEqual,
  sha256Hex,
  signedVerificationUrl,
  VERIFY_LINK_TTL_MINUTES,
} from './auth.fns';
import type { AuthRepo } from './repo';
import type { LoginInput, RegisterInput, ResetPasswordInput } from './schemas';

/**
 * What a verification link is when opened (GET, which changes nothing: mail scanners open links too), as the
 * web app's page `status`: `confirm` offers the button whose POST verifies.
 */
export type VerificationLinkState = { status: 'confirm'; email: string } | { status: 'already' | 'invalid' };
/** What an e-mail change link is when opened (GET, which changes nothing), as the page `status`. */
export type EmailChangeLinkState = { status: 'change_confirm'; email: string } | { status: DeadEmailChange };
/** What a password reset link is when its page opens (GET, which changes nothing): `live` names the account's address. */
export type PasswordResetLinkState = { status: 'live'; email: string } | { status: 'invalid' };
type DeadEmailChange = 'change_expired' | 'change_invalid' | 'change_taken';

/** Why the POST of a dead change link is refused (422): the same reasons the page shows when the link is opened. */
const DEAD_EMAIL_CHANGE: Record<DeadEmailChange, () => Invalid> = {
  change_invalid: () => Invalid.field('token', 'auth.email_change_invalid'),
  change_expired: () => Invalid.field('token', 'auth.email_change_expired'),
  change_taken: () => Invalid.field('email', 'auth.email_change_taken'),
};

/** The shape of the tokens this service makes (32 random bytes, base64url); anything else is not looked up. */
const EMAIL_CHANGE_TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
/** Reset tokens are made the same way. */
const RESET_TOKEN = EMAIL_CHANGE_TOKEN;

export interface AuthServiceDeps {
  repo: AuthRepo;
  users: UsersService;
  usersRepo: UsersRepo;
  mail: MailService;
  rateLimiter: RateLimiter;
  sessions: { endAllForUser(userId: number, exceptSessionId?: string): Promise<void> };
  now: () => Date;
  appKey: Buffer;
  appUrl: string;
  /** Multiplies every attempt limit (operators behind a shared IP; the browser tests). */
  rateLimitScale?: number;
  logger: Logger;
}

/**
 * A hash to verify against when the address is unknown, so that a sign-in for a missing
 * account costs as much time as one for an existing account.
 */
let decoyHash: Promise<string> | null = null;
const getDecoyHash = () => (decoyHash ??= hashPassword(randomBytes(16).toString('hex')));

/** Sign-up, sign-in, e-mail verification and password reset. Sessions are the caller's. */
export function createAuthService(deps: AuthServiceDeps) {
  const scale = deps.rateLimitScale ?? 1;
  const limit = (key: string, rule: readonly [number, number]) => deps.rateLimiter.consume(key, rule[0] * scale, rule[1]);

  async function sendVerificationEmail(user: UserRow) {
    const expiresAt = new Date(deps.now().getTime() + VERIFY_LINK_TTL_MINUTES * 60_000);
    const url = signedVerificationUrl({ appUrl: deps.appUrl, key: deps.appKey, userId: user.id, email: user.email, expiresAt });
    await deps.mail.send({ to: user.email, locale: user.locale, template: 'verifyEmail', data: { name: user.name, url, expiresInMinutes: VERIFY_LINK_TTL_MINUTES } });
  }

  /** A new single-use link (replacing any earlier one) to the new address, in the user's language. */
  async function sendEmailChangeLink(user: UserRow, newEmail: string) {
    const token = randomBytes(32).toString('base64url');
    const now = deps.now();
    await deps.repo.saveEmailChange({
      userId: user.id,
      newEmail,
      tokenHash: sha256Hex(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MINUTES * 60_000),
    });
    await deps.mail.send({
      to: newEmail,
      locale: user.locale,
      template: 'confirmEmailChange',
      data: { name: user.name, newEmail, url: emailChangeUrl(deps.appUrl, token), expiresInMinutes: EMAIL_CHANGE_TTL_MINUTES },
    });
  }

  /** The address belongs to another account (sign-up says as much already). */
  async function takenByAnother(user: UserRow, email: string) {
    const other = await deps.users.findByEmail(email);
    return Boolean(other && other.id !== user.id);
  }

  /** Whether a pending change (found by its link's token) can be made now: its user, or why not. */
  async function checkEmailChange(row: { user_id: number; new_email: string; expires_at: Date } | undefined): Promise<{ user: UserRow; newEmail: string } | { dead: DeadEmailChange }> {
    if (!row) return { dead: 'change_invalid' };
    if (new Date(row.expires_at).getTime() <= deps.now().getTime()) return { dead: 'change_expired' };
    const user = await deps.users.findById(Number(row.user_id));
    if (!user) return { dead: 'change_invalid' };
    if (await takenByAnother(user, row.new_email)) return { dead: 'change_taken' };
    return { user, newEmail: row.new_email };
  }

  /** The user whose address a verification link proves: signed by us, not expired, for the address the account has now. */
  async function userOfVerificationLink(input: { id: string; hash: string; expires?: string; signature?: string }) {
    if (!isValidVerificationSignature({ key: deps.appKey, ...input, now: deps.now() })) return null;
    const user = await deps.users.findById(Number(input.id));
    return user && safeEqual(emailHash(user.email), input.hash) ? user : null;
  }

  return {
    sendVerificationEmail,

    /**
     * POST /api/user/change-email: checks the current password, then mails a confirmation link
     * to the new address and a notice (no link) to the current one. The account keeps its
     * address until the link is opened. Whether the address is taken is said only after the
     * password matched, so it tells no more than sign-up does.
     */
    async requestEmailChange(user: UserRow, input: { email: string; password: string }) {
      await limit(`email-change:user:${user.id}`, RATE_LIMITS.emailChangePerUser);
      if (!user.password_hash) throw Invalid.field('password', 'users.set_password_to_change_email');
      if (input.email === user.email.toLowerCase()) throw Invalid.field('email', 'users.email_same');
      await deps.users.checkCurrentPassword(user, input.password, 'password', 'users.password_incorrect');
      if (await takenByAnother(user, input.email)) throw Invalid.field('email', 'auth.email_taken');
      await sendEmailChangeLink(user, input.email);
      await deps.mail.send({ to: user.email, locale: user.locale, template: 'emailChangeRequested', data: { name: user.name, newEmail: input.email } });
    },

    /** POST /api/user/change-email/resend: a new link (the earlier one dies) to the pending address. */
    async resendEmailChange(user: UserRow) {
      const pending = await deps.repo.findEmailChange(user.id);
      if (!pending) throw Invalid.field('email', 'users.email_change_none');
      await limit(`email-change:user:${user.id}`, RATE_LIMITS.emailChangePerUser);
      if (await takenByAnother(user, pending.new_email)) {
        await deps.repo.deleteEmailChange(user.id);
        throw Invalid.field('email', 'auth.email_taken');
      }
      await sendEmailChangeLink(user, pending.new_email);
      return pending.new_email;
    },

    /** POST /api/user/change-email/cancel: the pending change and its link are dropped. */
    async cancelEmailChange(user: UserRow) {
      await deps.repo.deleteEmailChange(user.id);
    },

    /**
     * GET /email/change/{token}: what the link is, without using it up (a mail scanner's visit must not): the address
     * it would switch to, or why it would not.
     */
    async inspectEmailChange(token: string): Promise<EmailChangeLinkState> {
      if (!EMAIL_CHANGE_TOKEN.test(token)) return { status: 'change_invalid' };
      const check = await checkEmailChange(await deps.repo.findEmailChangeByToken(sha256Hex(token)));
      return 'dead' in check ? { status: check.dead } : { status: 'change_confirm', email: check.newEmail };
    },

    /**
     * POST /email/change/{token} (the button of the page the link opens): switches the address to the one the link was
     * sent to (which it proves, so it counts as verified) and returns it. The link is used up whatever the outcome; a
     * dead one is a 422 saying why. Every session of the user ends but `session`, the one that confirmed if it is the
     * user's; the old address is told.
     */
    async confirmEmailChange(token: string, session: { userId: number | null; sessionId: string | null }): Promise<string> {
      if (!EMAIL_CHANGE_TOKEN.test(token)) throw DEAD_EMAIL_CHANGE.change_invalid();
      const check = await checkEmailChange(await deps.repo.takeEmailChange(sha256Hex(token)));
      if ('dead' in check) throw DEAD_EMAIL_CHANGE[check.dead]();
      const { user, newEmail } = check;
      const now = deps.now();
      try {
        await deps.usersRepo.update(user.id, { email: newEmail, email_verified_at: now }, now);
      } catch (error) {
        if (isUniqueViolation(error)) throw DEAD_EMAIL_CHANGE.change_taken();
        throw error;
      }
      await deps.sessions.endAllForUser(user.id, session.userId === Number(user.id) && session.sessionId ? session.sessionId : undefined);
      await deps.mail.send({ to: user.email, locale: user.locale, template: 'emailChanged', data: { name: user.name, newEmail } });
      deps.logger.info({ userId: user.id }, 'e-mail address changed');
      return newEmail;
    },

    /** POST /mt/register: a new account on the free trial, and its verification e-mail. */
    async register(input: RegisterInput, context: { ip: string; locale: Locale }) {
      await limit(`register:ip:${context.ip}`, RATE_LIMITS.registerPerIp);
      if (await deps.users.findByEmail(input.email)) throw Invalid.field('email', 'auth.email_taken');
      const user = await deps.users.createAccount({
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        locale: input.locale ?? context.locale,
        emailVerifiedAt: null,
      });
      await sendVerificationEmail(user);
      return user;
    },

    /**
     * POST /mt/login: the user whose password matches, else 422 "These credentials do not
     * match our records." — the same answer, and about the same time, for an unknown address.
     */
    async attemptLogin(input: LoginInput, context: { ip: string }) {
      const emailKey = `login:email:${input.email}`;
      await limit(`login:ip:${context.ip}`, RATE_LIMITS.loginPerIp);
      await limit(emailKey, RATE_LIMITS.loginPerEmail);
      const user = await deps.users.findByEmail(input.email);
      const matches = user?.password_hash
        ? await verifyPassword(user.password_hash, input.password)
        : (await verifyPassword(await getDecoyHash(), input.password), false);
      if (!user || !matches) throw Invalid.field('email', 'auth.credentials_mismatch');
      await deps.rateLimiter.reset(emailKey);
      return user;
    },

    /** POST /email/verification-notification: 'already' when there is nothing to verify. */
    async resendVerification(user: UserRow): Promise<'sent' | 'already'> {
      if (user.email_verified_at) return 'already';
      await limit(`verify-resend:user:${user.id}`, RATE_LIMITS.verificationResendPerUser);
      await sendVerificationEmail(user);
      return 'sent';
    },

    /** GET /email/verify/{id}/{hash}: what the signed link is, without using it (a mail scanner's visit must not verify). */
    async inspectVerificationLink(input: { id: string; hash: string; expires?: string; signature?: string }): Promise<VerificationLinkState> {
      const user = await userOfVerificationLink(input);
      if (!user) return { status: 'invalid' };
      return user.email_verified_at ? { status: 'already' } : { status: 'confirm', email: user.email };
    },

    /**
     * POST /email/verify/{id}/{hash} (the button of the page the link opens): verifies the address, or says it already
     * was; a link that is not good (tampered, expired, for another address) is a 422. Returns the user as it is now.
     */
    async verifyEmailLink(input: { id: string; hash: string; expires?: string; signature?: string }): Promise<{ status: 'verified' | 'already'; user: UserRow }> {
      const user = await userOfVerificationLink(input);
      if (!user) throw Invalid.field('signature', 'auth.verification_invalid');
      if (user.email_verified_at) return { status: 'already', user };
      const now = deps.now();
      const verified = await deps.usersRepo.markEmailVerified(user.id, now);
      return { status: verified ? 'verified' : 'already', user: { ...user, email_verified_at: now } };
    },

    /**
     * POST /mt/forgot-password: e-mails a single-use link (valid 60 minutes) when the
     * address belongs to an account. The caller answers the same either way.
     */
    async forgotPassword(input: { email: string }, context: { ip: string }) {
      await limit(`forgot:ip:${context.ip}`, RATE_LIMITS.forgotPerIp);
      await limit(`forgot:email:${input.email}`, RATE_LIMITS.forgotPerEmail);
      const user = await deps.users.findByEmail(input.email);
      if (!user) return;
      const token = randomBytes(32).toString('base64url');
      const now = deps.now();
      await deps.repo.saveResetToken({
        userId: user.id,
        tokenHash: sha256Hex(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60_000),
      });
      await deps.mail.send({
        to: user.email,
        locale: user.locale,
        template: 'resetPassword',
        data: { name: user.name, url: passwordResetUrl(deps.appUrl, token), expiresInMinutes: RESET_TOKEN_TTL_MINUTES },
      });
    },

    /**
     * GET /api/password-reset/{token}: the address the reset page resets, while the token is the user's live one (the
     * POST checks the same), without using it up; the link names no address.
     */
    async inspectPasswordReset(token: string): Promise<PasswordResetLinkState> {
      if (!RESET_TOKEN.test(token)) return { status: 'invalid' };
      const row = await deps.repo.findResetTokenByHash(sha256Hex(token));
      if (!row || new Date(row.expires_at).getTime() <= deps.now().getTime()) return { status: 'invalid' };
      const user = await deps.users.findById(Number(row.user_id));
      return user ? { status: 'live', email: user.email } : { status: 'invalid' };
    },

    /**
     * POST /mt/reset-password: sets the new password when the token is the live one for
     * that address; the token is used up, every session of the user ends, and the link
     * in the e-mail proves the address, so it counts as verified.
     */
    async resetPassword(input: ResetPasswordInput, context: { ip: string }) {
      await limit(`reset:ip:${context.ip}`, RATE_LIMITS.resetPerIp);
      const user = await deps.users.findByEmail(input.email);
      const row = user ? await deps.repo.findResetToken(user.id) : undefined;
      const tokenHash = sha256Hex(input.token);
      const valid = user && row && safeEqual(row.token_hash, tokenHash) && new Date(row.expires_at).getTime() > deps.now().getTime();
      if (!valid || !(await deps.repo.consumeResetToken(user.id, tokenHash))) throw Invalid.field('email', 'auth.reset_token_invalid');
      const now = deps.now();
      const updated = await deps.usersRepo.update(
        user.id,
        { password_hash: await hashPassword(input.password), ...(user.email_verified_at ? {} : { email_verified_at: now }) },
        now,
      );
      await deps.sessions.endAllForUser(user.id);
      await deps.users.sendPasswordChangedEmail(user);
      return updated;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
