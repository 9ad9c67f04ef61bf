import type { AdminPlan } from '../../../../contract/plans';
import type { Language } from '../../api/types';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';

/** A catalog key with its namespace, "billing:status.active". */
export type CatalogKey = `${'admin' | 'billing' | 'content'}:${string}`;

/** The catalogs the audit's labels come from (the admin's own and those of the screens it borrows from). */
export const AUDIT_NAMESPACES = ['admin', 'billing', 'content'] as const;

/**
 * What a field of an audit entry is called: a catalog key, and the language of its text when the
 * field is one of an English/Arabic pair ("name_en" is the plan's name in English).
 */
export interface AuditFieldLabel {
  key: CatalogKey;
  language?: Language;
}

const label = (key: CatalogKey, language?: Language): AuditFieldLabel => (language ? { key, language } : { key });

/** Both fields of an English/Arabic pair, `<name>_en` and `<name>_ar` (or `<english>` and `<arabic>` as given). */
function pair<English extends string, Arabic extends string>(key: CatalogKey, english: English, arabic: Arabic): Record<English | Arabic, AuditFieldLabel> {
  return { [english]: label(key, 'en'), [arabic]: label(key, 'ar') } as Record<English | Arabic, AuditFieldLabel>;
}

const quota = (name: string): CatalogKey => `billing:admin.quotas.${name}`;

/**
 * A plan's fields as plans.create/update/archive/delete write them (the admin's plan less its
 * subscriber count and its public `limits`): named as the plan editor names them where its
 * label reads as a name. Typed by the contract, so a new plan field fails the type check until it is named here.
 */
const PLAN_FIELDS: Record<Exclude<keyof AdminPlan, 'subscribers' | 'limits'>, AuditFieldLabel> = {
  // In the order an entry lists them (auditChanges): what the plan is called, what it costs, who may have it, then its quotas and texts.
  ...pair('billing:admin.fields.name', 'name_en', 'name_ar'),
  slug: label('admin:audit.fields.slug'),
  price: label('billing:admin.fields.price'),
  price_yearly: label('billing:admin.fields.priceYearly'),
  frequency: label('admin:audit.fields.frequency'),
  is_team: label('billing:admin.team'),
  is_trial: label('admin:audit.fields.isTrial'),
  archived: label('billing:admin.archived'),
  archived_at: label('admin:audit.fields.archivedAt'),
  llm_enabled: label('billing:admin.fields.llm'),
  api_enabled: label('billing:admin.api'),
  included_seats: label(quota('included_seats')),
  daily_text_requests: label(quota('daily_text_requests')),
  monthly_doc_requests: label(quota('monthly_doc_requests')),
  char_limit: label(quota('char_limit')),
  text_words: label(quota('text_words')),
  doc_words: label(quota('doc_words')),
  doc_chars: label(quota('doc_chars')),
  monthly_files: label(quota('monthly_files')),
  web_pages: label(quota('web_pages')),
  max_file_size_mb: label(quota('max_file_size_mb')),
  file_formats: label('billing:admin.fields.formats'),
  monthly_api_characters: label(quota('monthly_api_characters')),
  ...pair('billing:admin.fields.symbol', 'symbol_en', 'symbol_ar'),
  ...pair('billing:admin.fields.priceText', 'price_en', 'price_ar'),
  ...pair('admin:audit.fields.features', 'features_en', 'features_ar'),
  ...pair('billing:admin.fields.button_text', 'button_text_en', 'button_text_ar'),
  ...pair('billing:admin.fields.description', 'description_en', 'description_ar'),
  ...pair('billing:admin.fields.text_under_button', 'text_under_button_en', 'text_under_button_ar'),
  ...pair('billing:admin.fields.badge_color', 'badge_color_en', 'badge_color_ar'),
  ...pair('billing:admin.fields.badge_title', 'badge_title_en', 'badge_title_ar'),
  sort_order: label('billing:admin.fields.sortOrder'),
  id: label('admin:audit.fields.planId'),
};

/**
 * Every field the server writes into audit entries, by its dotted name (auditChanges), and what
 * the page calls it: the label another admin screen already shows for it (the plan editor, the
 * site settings, the content editor, the user page), else the audit's own (`admin:audit.fields`).
 * A field not named here shows as stored. The order here is the order an entry lists its changes in
 * (auditChanges), each action's most telling fields first.
 */
export const AUDIT_FIELD_LABELS: Record<string, AuditFieldLabel> = {
  // user.plan.update: the plan before and after, then the subscription billing granted (its status, its period's end,
  // its seats, how it is billed and where it came from); the ids last.
  ...pair('admin:audit.fields.planName', 'plan.name_en', 'plan.name_ar'),
  'plan.slug': label('admin:audit.fields.planSlug'),
  'subscription.status': label('admin:audit.fields.subscriptionStatus'),
  'subscription.period_end': label('admin:audit.fields.periodEnd'),
  'subscription.seats': label('admin:user.seats'),
  'subscription.frequency': label('admin:audit.fields.frequency'),
  'subscription.source': label('admin:audit.fields.subscriptionSource'),
  'plan.id': label('admin:audit.fields.planId'),
  'subscription.plan_id': label('admin:audit.fields.subscriptionPlanId'),
  // user.trial.extend
  trial_ends_at: label('admin:audit.fields.trialEndsAt'),
  days_added: label('admin:audit.fields.daysAdded'),
  // site_settings.update: the site settings page's labels.
  guest_text_quota: label('admin:settings.fields.guest_text_quota'),
  guest_doc_quota: label('admin:settings.fields.guest_doc_quota'),
  guest_file_size: label('admin:settings.fields.guest_file_size'),
  guest_words_count: label('admin:settings.fields.guest_words_count'),
  guest_doc_words_count: label('admin:settings.fields.guest_doc_words_count'),
  guest_allowed_format: label('admin:settings.fields.guest_allowed_format'),
  payment_gateway: label('admin:settings.fields.payment_gateway'),
  ...pair('admin:settings.texts.terms', 'terms_conditions', 'terms_conditions_ar'),
  ...pair('admin:settings.texts.privacy', 'privacy_policy_en', 'privacy_policy_ar'),
  ...pair('admin:settings.texts.webinarText', 'webinar_text_en', 'webinar_text_ar'),
  ...pair('admin:settings.texts.webinarLink', 'webinar_link_en', 'webinar_link_ar'),
  invoice_seller_name: label('admin:settings.seller.name'),
  invoice_seller_name_ar: label('admin:settings.seller.nameAr'),
  invoice_seller_address: label('admin:settings.seller.address'),
  invoice_seller_vat_number: label('admin:settings.seller.vatNumber'),
  // plan.*
  ...PLAN_FIELDS,
  // content.*: the content editor's labels (its slug is also "slug", named above).
  section: label('admin:audit.fields.section'),
  ...pair('content:admin.fields.title', 'title_en', 'title_ar'),
  ...pair('content:admin.fields.summary', 'summary_en', 'summary_ar'),
  published: label('content:admin.published'),
  ...pair('admin:audit.fields.bodyCharacters', 'body_en_characters', 'body_ar_characters'),
  // engines.models.check / redownload
  force: label('admin:engines.redownload'),
  job_id: label('admin:audit.fields.jobId'),
};

/**
 * Fields whose values are words of a fixed set (a status, a frequency): the catalog object that
 * names each value (`<key>.<value>`), the screens' own where they have one. A value it does not
 * name shows as stored.
 */
export const AUDIT_VALUE_LABELS: Record<string, CatalogKey> = {
  'subscription.status': 'billing:status',
  'subscription.frequency': 'billing:frequency',
  frequency: 'billing:frequency',
  'subscription.source': 'admin:audit.values.source',
  payment_gateway: 'admin:gatewayLabels',
  section: 'content:admin.sections',
};

/** What the page calls a field: its label in the reader's language, or its stored name when it has none. */
export function auditFieldText(field: string, translate: (key: CatalogKey, options?: Record<string, string>) => string): string {
  const known = AUDIT_FIELD_LABELS[field];
  if (!known) return field;
  const name = translate(known.key);
  return known.language ? translate(`admin:audit.inLanguage.${known.language}`, { field: name }) : name;
}

/**
 * One value of an audit entry as the server stored it: `raw` is its exact text (the title of
 * what the screen shows), `kind` says how the reader's language writes it.
 */
export interface AuditValue {
  raw: string;
  kind: 'text' | 'number' | 'id' | 'boolean' | 'date' | 'datetime' | 'json' | 'choice';
  /** A choice's name in the catalogs (AUDIT_VALUE_LABELS): "billing:status.active". */
  key?: CatalogKey;
}

/** The words a value is written with: Yes and No, and a catalog text by its key (its fallback: the stored value). */
export interface AuditWords {
  yes: string;
  no: string;
  translate: (key: CatalogKey, fallback: string) => string;
}

/** One changed field of an audit entry: its value before and after (null when absent). */
export interface AuditChange {
  field: string;
  from: AuditValue | null;
  to: AuditValue | null;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
// A number written as text (site settings store "25"); a leading zero ("0501…") is a code, not a number.
const NUMBER_TEXT = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/;

/** An id names a row ("plan.id", "plan_id"): its digits are not a quantity, so they are never grouped ("1,024"). */
const isIdField = (field: string) => /(?:^|[._])id$/.test(field);

function auditValue(field: string, value: unknown): AuditValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return { raw: String(value), kind: 'boolean' };
  if (typeof value === 'number') return { raw: String(value), kind: isIdField(field) ? 'id' : 'number' };
  if (typeof value === 'string') {
    if (isIdField(field)) return { raw: value, kind: 'id' };
    const choices = AUDIT_VALUE_LABELS[field];
    if (choices) return { raw: value, kind: 'choice', key: `${choices}.${value}` as CatalogKey };
    if (DATE_TIME.test(value) && !Number.isNaN(Date.parse(value))) return { raw: value, kind: 'datetime' };
    if (DAY.test(value) && !Number.isNaN(Date.parse(value))) return { raw: value, kind: 'date' };
    if (NUMBER_TEXT.test(value)) return { raw: value, kind: 'number' };
    if (value === 'true' || value === 'false') return { raw: value, kind: 'boolean' };
    // A list stored as JSON text (a plan's features: '[{"1": "7 days, no card needed"}, ...]') is read as the list.
    if (value.startsWith('[') && jsonList(value)) return { raw: value, kind: 'json' };
    return { raw: value, kind: 'text' };
  }
  return { raw: JSON.stringify(value), kind: 'json' };
}

/** A JSON array, or null when the text is not one. */
function jsonList(raw: string): unknown[] | null {
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A list as a reader writes it: its items one after the other, each an item's own words (the
 * texts of a `{"1": "…"}` entry, as plans store their features), not the JSON around them.
 */
function listText(raw: string): string {
  const items = jsonList(raw);
  if (!items) return raw;
  const words = (item: unknown): string => (item !== null && typeof item === 'object' ? Object.values(item).map(words).join(' ') : String(item));
  return items.map(words).join(' · ');
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects become dotted fields ("plan.slug"); arrays stay one value. */
function flatten(value: Record<string, unknown> | null, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, inner] of Object.entries(value ?? {})) {
    if (isPlainObject(inner)) flatten(inner, `${prefix}${key}.`, into);
    else into.set(`${prefix}${key}`, inner);
  }
  return into;
}

/** An audit entry's side: its fields, or a value that is not an object as one field, `value`. */
const asFields = (value: unknown): Record<string, unknown> | null => (isPlainObject(value) ? value : value === null || value === undefined ? null : { value });

/** Each named field's place in an entry's list: AUDIT_FIELD_LABELS' order. */
const FIELD_ORDER = new Map(Object.keys(AUDIT_FIELD_LABELS).map((field, index) => [field, index]));

/** Named fields in AUDIT_FIELD_LABELS' order, then those it does not name by their stored names (as they show). */
function byFieldOrder(a: string, b: string): number {
  const rank = (field: string) => FIELD_ORDER.get(field) ?? FIELD_ORDER.size;
  return rank(a) - rank(b) || (rank(a) === FIELD_ORDER.size ? a.localeCompare(b, 'en') : 0);
}

/**
 * What an admin action changed, field by field, instead of two JSON blobs: the fields (nested
 * ones dotted) whose value differs between `before` and `after`, in AUDIT_FIELD_LABELS' order (not the
 * stored JSON's, which PostgreSQL's jsonb sorts by key length), fields it does not name last.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = flatten(asFields(before));
  const is = flatten(asFields(after));
  const fields = [...new Set([...was.keys(), ...is.keys()])].sort(byFieldOrder);
  return fields
    .map((field) => ({ field, from: auditValue(field, was.get(field)), to: auditValue(field, is.get(field)) }))
    .filter((change) => change.from?.raw !== change.to?.raw);
}

/**
 * A value as the reader's language writes it: a moment or a day with the one date formatter
 * (contract/dates.ts), a quantity with the one number formatter (contract/numbers.ts, every
 * decimal kept), true and false as Yes and No, lists as their items, a choice (a status, a
 * frequency) by its name in the catalogs; ids and texts as stored.
 */
export function auditValueText(value: AuditValue, language: Language, words: AuditWords): string {
  switch (value.kind) {
    case 'datetime':
      return formatDateTime(value.raw, language);
    case 'date':
      return formatDate(value.raw, language);
    case 'number': {
      const decimals = value.raw.split('.')[1]?.length ?? 0;
      return formatNumber(Number(value.raw), language, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    }
    case 'boolean':
      return value.raw === 'true' ? words.yes : words.no;
    case 'json':
      return listText(value.raw);
    case 'choice':
      return value.key ? words.translate(value.key, value.raw) : value.raw;
    case 'id':
    case 'text':
      return value.raw;
  }
}

/**
 * Both sides of a change as the reader's language writes them (null: absent). Where they would
 * read alike though they differ (two moments in the same minute: a renewed period's end), both
 * are written as stored, so the line never says "X → X".
 */
export function auditChangeTexts(change: AuditChange, language: Language, words: AuditWords): { from: string | null; to: string | null } {
  const from = change.from && auditValueText(change.from, language, words);
  const to = change.to && auditValueText(change.to, language, words);
  if (from !== null && from === to) return { from: change.from!.raw, to: change.to!.raw };
  return { from, to };
}
