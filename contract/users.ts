// The signed-in user (shared/API.md "User"): GET /api/user and the account screens' writes.
import { z } from 'zod';
import { emailField, interfaceLocale, socialProvider, withPasswordConfirmation } from './auth';
import { domain, lang, messageOnly } from './common';
import { userPlan } from './plans';

export const personalInfo = z.object({ phone: z.string(), job_title: z.string(), country: z.string() });
export type PersonalInfo = z.output<typeof personalInfo>;

/** The company shown on invoices; `logo_url` is null without a logo. */
export const companyInfo = z.object({ name: z.string(), website: z.string(), address: z.string(), logo_url: z.string().nullable() });
export type CompanyInfo = z.output<typeof companyInfo>;

/** The translator defaults a user keeps (POST /api/user/settings). */
export const userSettings = z.object({
  source_lang: z.enum(['auto', 'en', 'ar']),
  target_lang: lang,
  domain,
});
export type UserSettings = z.output<typeof userSettings>;

/** The plan in force and its subscription, as the profile shows them (the plans contract's). */
export const profilePlan = userPlan;
export type ProfilePlan = z.output<typeof profilePlan>;

export const llmMode = z.enum(['available', 'not_in_plan', 'disabled_by_team', 'not_configured']);
export type LlmMode = z.output<typeof llmMode>;

/** GET /api/user (200); 450 while the address is not verified. */
export const userProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  /** Role ids travel as strings: "1" admin, "2" individual user, "3" owner, "4" manager, "5" member. */
  role_id: z.string(),
  email_verified_at: z.string().nullable(),
  locale: interfaceLocale,
  has_password: z.boolean(),
  /**
   * A change of address waiting for its link to be confirmed (POST /api/user/change-email); null without one.
   * `expired`: the link no longer works (the server's clock says so); a resend mails a new one.
   */
  email_change: z.object({ email: z.string(), expires_at: z.string(), expired: z.boolean() }).nullable(),
  social: z.object({ google: z.boolean(), linkedin: z.boolean() }),
  personal_info: personalInfo,
  company: companyInfo,
  settings: userSettings,
  plan: profilePlan,
  char_limit: z.number(),
  request_quota: z.number(),
  doc_request_quota: z.number(),
  max_doc_size: z.number(),
  doc_words_count: z.number(),
  file_formats: z.array(z.string()),
  web_pages_quota: z.number(),
  /** Buying another plan would give more website pages a month: the user pays for their own plan and a paid plan gives more. */
  web_pages_upgradable: z.boolean(),
  /** The developer API's characters a month (GET /v2/usage's `character_limit`); null when the plan has no API. */
  api_characters_quota: z.number().nullable(),
  trial_remaining_days: z.number().nullable(),
  trial_ends_at: z.string().nullable(),
  trial_expired: z.boolean(),
  /** The invoice the user owes (the pending-invoice capture flag of spec section 3). */
  pending_invoice: z.object({ id: z.number().int(), number: z.string(), amount: z.number(), status: z.string() }).nullable(),
  /** The team's manager can switch the LLM mode off for everyone in the team. */
  llm_enabled: z.boolean(),
  /** Whether the translator's LLM switch works, or why it is locked. */
  llm_mode: llmMode,
  /** The plan includes the developer API (API keys). */
  api_enabled: z.boolean(),
  team: z.object({ id: z.number().int(), role: z.string() }).nullable(),
  /**
   * This session is the account's first visit: it began within an hour of the account's creation
   * (sign-up, or the sign-in right after accepting an invitation). The dashboard greets "Welcome,"
   * then, "Welcome back," otherwise.
   */
  first_session: z.boolean(),
  /**
   * Counted against the plan: the account's, or the team's for a member. `api_characters_this_month` is
   * GET /v2/usage's `character_count`, null when the plan has no API.
   */
  usage: z.object({ text_requests_today: z.number(), doc_requests_this_month: z.number(), web_pages_this_month: z.number(), api_characters_this_month: z.number().nullable() }),
});
export type User = z.output<typeof userProfile>;

/** POST /api/user/update, /api/user/settings and /api/user/disconnect: the message and the updated user. */
export const userUpdated = messageOnly.extend({ user: userProfile });
export type UserUpdated = z.output<typeof userUpdated>;

/** POST /api/user/password-update and /api/user/delete-account: `{ "message": "..." }`. */
export type UserMessage = z.output<typeof messageOnly>;

// Request bodies (the server parses them with these schemas; error values are catalog keys).
// POST /api/user/update is a multipart form (with the logo): its schema stays the server's.

/** POST /api/user/settings: interface language and the translator's defaults; fields left out keep their value. */
export const settingsRequest = z.object({
  locale: interfaceLocale.optional(),
  source_lang: z.enum(['auto', 'en', 'ar']).optional(),
  target_lang: lang.optional(),
  domain: domain.optional(),
});
export type SettingsRequest = z.input<typeof settingsRequest>;

/** POST /api/user/password-update for an account with a password: the old one is asked for. */
export const passwordChangeRequest = withPasswordConfirmation({
  old_password: z.string({ error: 'validation.old_password_required' }).min(1, { error: 'validation.old_password_required' }),
});
/** POST /api/user/password-update for an account without one (signed up with Google or LinkedIn): no old password. */
export const passwordSetRequest = withPasswordConfirmation({ old_password: z.string().optional() });
/** What the web app sends: `old_password` only when the account has a password. */
export type PasswordUpdateRequest = z.input<typeof passwordSetRequest>;

/** POST /api/user/disconnect. */
export const disconnectRequest = z.object({ provider: socialProvider });

/** POST /api/user/delete-account: re-entry of the password, or of the e-mail address for accounts without a password. */
export const deleteAccountRequest = z.object({
  password: z.string().optional(),
  email: z.string().optional(),
});
export type DeleteAccountRequest = z.input<typeof deleteAccountRequest>;

/** POST /api/user/change-email: the new address and the current password (accounts without one cannot). */
export const changeEmailRequest = z.object({
  email: emailField,
  password: z.string({ error: 'validation.password_required' }).min(1, { error: 'validation.password_required' }),
});
export type ChangeEmailRequest = z.input<typeof changeEmailRequest>;
