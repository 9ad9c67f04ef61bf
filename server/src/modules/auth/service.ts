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

export type VerificationOutcome = 'verified' | 'already' | 'invalid';
/** What opening an e-mail change link did (the result page's `status`). */
export type EmailChangeOutcome = 'email_changed' | 'change_expired' | 'change_invalid' | 'change_taken';

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
     * GET /email/change/{token}: switches the address to the one the link was sent to (which
     * it proves, so it counts as verified). The link is used up whatever the outcome. Every
     * session of the user ends but `session`, the one that opened the link if it is the user's;
     * the old address is told.
     */
    async confirmEmailChange(token: string, session: { userId: number | null; sessionId: string | null }): Promise<EmailChangeOutcome> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'change_invalid';
      const row = await deps.repo.takeEmailChange(sha256Hex(token));
      if (!row) return 'change_invalid';
      const now = deps.now();
      if (new Date(row.expires_at).getTime() <= now.getTime()) return 'change_expired';
      const user = await deps.users.findById(Number(row.user_id));
      if (!user) return 'change_invalid';
      if (await takenByAnother(user, row.new_email)) return 'change_taken';
      try {
        await deps.usersRepo.update(user.id, { email: row.new_email, email_verified_at: now }, now);
      } catch (error) {
        if (isUniqueViolation(error)) return 'change_taken';
        throw error;
      }
      await deps.sessions.endAllForUser(user.id, session.userId === Number(user.id) && session.sessionId ? session.sessionId : undefined);
      await deps.mail.send({ to: user.email, locale: user.locale, template: 'emailChanged', data: { name: user.name, newEmail: row.new_email } });
      deps.logger.info({ userId: user.id }, 'e-mail address changed');
      return 'email_changed';
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

    /** GET /email/verify/{id}/{hash}: checks the signed link and verifies the address. */
    async verifyEmailLink(input: { id: string; hash: string; expires?: string; signature?: string }): Promise<VerificationOutcome> {
      if (!isValidVerificationSignature({ key: deps.appKey, ...input, now: deps.now() })) return 'invalid';
      const user = await deps.users.findById(Number(input.id));
      if (!user || !safeEqual(emailHash(user.email), input.hash)) return 'invalid';
      if (user.email_verified_at) return 'already';
      return (await deps.usersRepo.markEmailVerified(user.id, deps.now())) ? 'verified' : 'already';
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
        data: { name: user.name, url: passwordResetUrl(deps.appUrl, token, user.email), expiresInMinutes: RESET_TOKEN_TTL_MINUTES },
      });
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
