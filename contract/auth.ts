// Sign-up, sign-in and e-mail verification (shared/API.md "Authentication"): /mt/register,
// /mt/forgot-password, /mt/reset-password, /email/verification-notification, /api/auth/providers.
// /mt/login, /mt/logout and /mt/csrf-cookie answer 204; the social sign-in and the verification
// link answer redirects.
import { z } from 'zod';
import { dataOf, lang } from './common';

export const interfaceLocale = lang;
export type InterfaceLocale = z.output<typeof interfaceLocale>;

export const socialProvider = z.enum(['google', 'linkedin']);
export type SocialProvider = z.output<typeof socialProvider>;

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

/** GET /api/auth/providers: which social sign-ins are configured. */
export const authProviders = dataOf(z.object({ google: z.boolean(), linkedin: z.boolean() }));
export type AuthProviders = z.output<typeof authProviders>['data'];
