// Sign-up, sign-in and e-mail verification (shared/API.md "Authentication"): /mt/register,
// /mt/forgot-password, /mt/reset-password, /email/verification-notification, /api/auth/providers,
// /api/email-change/{token}.
// /mt/login, /mt/logout and /mt/csrf-cookie answer 204; the social sign-in and the GET of the verification
// link answer redirects.
import { z } from 'zod';
import { dataOf, lang, requiredString } from './common';

export const interfaceLocale = lang;
export type InterfaceLocale = z.output<typeof interfaceLocale>;

export const socialProvider = z.enum(['google', 'linkedin']);
export type SocialProvider = z.output<typeof socialProvider>;

// Request bodies (the server parses them with these schemas; error values are catalog keys),
// and the account's own fields (name, locale, password) that the users' forms use too.

/** A password being checked (sign-in, re-entry): only "Password is required". */
export const passwordField = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required', abort: true });

/** A password being chosen: at least 8 characters (argon2id hashes anything, so 255 caps the work). */
export const newPasswordField = passwordField.min(8, { error: 'auth.password_min' }).max(255, { error: 'auth.password_max' });

export const passwordConfirmationField = z
  .string({ error: 'validation.password_confirmation_required' })
  .min(1, { error: 'validation.password_confirmation_required', abort: true });

/**
 * The confirmation matching the password, reported on the confirmation field. A schema of its own
 * beside the fields' (zod skips an object's refinements, even with `when`, once a field failed with
 * `abort`, as requiredString does: an empty name hid "do not match" until a second submit), so one
 * refusal lists every problem. Only two filled-in passwords can disagree.
 */
export const passwordsMatch = (error: string) =>
  z
    .object({ password: z.unknown().optional(), password_confirmation: z.unknown().optional() })
    .refine(
      ({ password, password_confirmation }) =>
        typeof password !== 'string' || typeof password_confirmation !== 'string' || !password || !password_confirmation || password === password_confirmation,
      { path: ['password_confirmation'], error },
    );

/** password + password_confirmation, the confirmation matching. */
export function withPasswordConfirmation<T extends z.ZodRawShape>(shape: T) {
  return z.intersection(
    z.object({ ...shape, password: newPasswordField, password_confirmation: passwordConfirmationField }),
    passwordsMatch('auth.password_confirmation_mismatch'),
  );
}

export const nameField = requiredString('validation.name_required').max(255, { error: 'auth.name_max' });

/** Spec section 5: "Email is required", "wrong email"; stored trimmed and in lower case. */
export const emailField = requiredString('validation.email_required')
  .max(255, { error: 'auth.email_max' })
  .pipe(z.email({ error: 'validation.email_format' }))
  .transform((email) => email.toLowerCase());

/** POST /mt/register. */
export const registerRequest = withPasswordConfirmation({
  name: nameField,
  email: emailField,
  locale: interfaceLocale.optional(),
});
export type RegisterRequest = z.input<typeof registerRequest>;

/** POST /mt/login. */
export const loginRequest = z.object({
  email: emailField,
  password: passwordField,
  remember: z.union([z.boolean(), z.enum(['1', '0', 'true', 'false', 'on'])]).optional().transform((value) => value === true || value === '1' || value === 'true' || value === 'on'),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** POST /mt/forgot-password. */
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** POST /mt/reset-password. */
export const resetPasswordRequest = withPasswordConfirmation({
  token: z.string({ error: 'auth.token_required' }).min(1, { error: 'auth.token_required' }).max(200, { error: 'auth.reset_token_invalid' }),
  email: emailField,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

/** POST /mt/register (201): the new account, signed in, its address not verified yet. */
export const registered = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  locale: interfaceLocale,
  email_verified_at: z.null(),
});
export type Registered = z.output<typeof registered>;

/** POST /mt/forgot-password and /mt/reset-password: `{ "status": "..." }`, the sentence in the caller's language. */
export const statusText = z.object({ status: z.string() });
export type StatusText = z.output<typeof statusText>;

/** POST /email/verification-notification (202); 204 when the address is verified already. */
export const verificationSent = z.object({ status: z.literal('verification-link-sent'), message: z.string() });
export type VerificationSent = z.output<typeof verificationSent>;

/**
 * POST /email/verify/{id}/{hash} and POST /email/change/{token}, the buttons of the page an e-mailed link opens (the
 * link's GET only shows that page): what the link did, as the status of that page (`/email/verify?status=`), and the
 * sentence in the caller's language. A dead link is a 422 saying why.
 */
export const emailLinkConfirmed = z.object({ status: z.enum(['verified', 'already', 'email_changed']), message: z.string() });
export type EmailLinkConfirmed = z.output<typeof emailLinkConfirmed>;

/**
 * What an e-mailed link would do, for its page to show, without using it up: the address while the link is live (the
 * first status), else null and why the link is dead. The links and their pages' URLs name no address (browser
 * history, proxies, analytics and logs keep URLs); the page asks with the parts its URL carries.
 */
const linkLook = <const S extends readonly [string, ...string[]]>(statuses: S) => z.object({ status: z.enum(statuses), email: z.string().nullable() });

/** GET /api/email-change/{token}: a change of address's link (the new address). */
export const emailChangeLink = linkLook(['change_confirm', 'change_expired', 'change_invalid', 'change_taken']);
export type EmailChangeLink = z.output<typeof emailChangeLink>;

/** GET /api/email-verify/{id}/{hash}?expires=&signature=: the sign-up's verification link (the address it verifies). */
export const emailVerifyLink = linkLook(['confirm', 'already', 'invalid']);
export type EmailVerifyLink = z.output<typeof emailVerifyLink>;

/** GET /api/password-reset/{token}: the reset link (the account's address), live or not (expired, used, replaced). */
export const passwordResetLink = linkLook(['live', 'invalid']);
export type PasswordResetLink = z.output<typeof passwordResetLink>;

/** GET /api/auth/providers: which social sign-ins are configured. */
export const authProviders = dataOf(z.object({ google: z.boolean(), linkedin: z.boolean() }));
export type AuthProviders = z.output<typeof authProviders>['data'];
