// Admin console (shared/API.md "Admin"): users, their plan and trial, site settings,
// payments, and the audit log. Admin plan screens are in the plans contract.
import { z } from 'zod';
import { paginated, statusMessage, timestamp } from './common';
import { userProfile } from './users';

const planSummary = z.object({ id: z.number().int(), slug: z.string(), name_en: z.string(), name_ar: z.string() });

/** One row of GET /api/admin/users. */
export const adminUserRow = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role_id: z.string(),
  email_verified: z.boolean(),
  created_at: timestamp,
  /** The user's plan; the names are null when the plan cannot be read. */
  plan: z.object({ id: z.number().int(), slug: z.string().nullable(), name_en: z.string().nullable(), name_ar: z.string().nullable() }).nullable(),
  /** Days left of the trial, while the user is on the trial plan. */
  trial_remaining_days: z.number().int().nullable(),
});
export type AdminUserRow = z.output<typeof adminUserRow>;

export const adminUserPage = paginated(adminUserRow);
export type AdminUserPage = z.output<typeof adminUserPage>;

/**
 * Every action the audit log records. Each is labelled in both languages (the admin catalog's
 * `audit.actions`; a web test checks), and the server's audit() takes only these.
 */
export const AUDIT_ACTIONS = [
  'user.plan.update',
  'user.trial.extend',
  'site_settings.update',
  'engines.models.check',
  'engines.models.redownload',
  'plan.create',
  'plan.update',
  'plan.delete',
  'plan.archive',
  'content.create',
  'content.update',
  'content.delete',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One admin action: who did what to which target, its fields before and after. */
export const auditEntry = z.object({
  id: z.number().int(),
  actor_id: z.number().int().nullable(),
  actor_email: z.string(),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  /** The audited fields before the action (JSON, usually an object), or null. */
  before: z.unknown(),
  /** The audited fields after the action (JSON, usually an object), or null. */
  after: z.unknown(),
  ip: z.string().nullable(),
  created_at: timestamp,
});
export type AuditEntry = z.output<typeof auditEntry>;

export const auditPage = paginated(auditEntry);
export type AuditPage = z.output<typeof auditPage>;

/**
 * GET /api/admin/users/:id: the profile (less `first_session`, which belongs to the user's own
 * session), when the account was made, and the last 20 admin actions on it.
 */
export const adminUserDetail = z.object({ data: userProfile.omit({ first_session: true }).extend({ created_at: timestamp, audit: z.array(auditEntry) }) });
export type AdminUserDetail = z.output<typeof adminUserDetail>['data'];

const subscriptionSummary = z.object({
  plan_id: z.number().int(),
  status: z.string(),
  frequency: z.string(),
  seats: z.number().int(),
  /** admin (granted here) or paid. */
  source: z.string(),
  period_end: z.string(),
});

/** POST /api/admin/user-plan: the plan granted and the subscription it made (none for the trial plan). */
export const userPlanSet = statusMessage.extend({ data: z.object({ plan: planSummary.nullable(), subscription: subscriptionSummary.nullable() }) });
export type UserPlanSet = z.output<typeof userPlanSet>;

/** POST /api/admin/user/add-trial-days. */
export const trialDaysAdded = statusMessage.extend({ data: z.object({ trial_ends_at: z.string(), trial_remaining_days: z.number().int() }) });
export type TrialDaysAdded = z.output<typeof trialDaysAdded>;

export const paymentsMode = z.enum(['live', 'sandbox', 'off']);
export type PaymentsMode = z.output<typeof paymentsMode>;

/** GET /api/admin/site-settings: the editable settings, the gateways to choose from, the payments' mode, the document formats. */
export const adminSiteSettings = z.object({
  data: z.array(z.object({ setting_name: z.string(), setting_value: z.string() })),
  payment_gateways: z.array(z.string()),
  payments: paymentsMode,
  formats: z.array(z.string()),
});
export type AdminSiteSettings = z.output<typeof adminSiteSettings>;

/** POST /api/admin/update-site-settings: the names of the settings that changed. */
export const siteSettingsUpdated = statusMessage.extend({ data: z.object({ updated: z.array(z.string()) }) });
export type SiteSettingsUpdated = z.output<typeof siteSettingsUpdated>;

const revenueLine = z.object({ currency: z.string(), amount: z.number(), invoices: z.number().int() });
export type RevenueLine = z.output<typeof revenueLine>;

/** GET /api/admin/payments: how subscribing works now, and the last 30 days' revenue (sandbox payments apart). */
export const paymentsStatus = z.object({
  data: z.object({ mode: paymentsMode, since: z.string(), revenue: z.object({ live: z.array(revenueLine), sandbox: z.array(revenueLine) }) }),
});
export type PaymentsStatus = z.output<typeof paymentsStatus>['data'];
