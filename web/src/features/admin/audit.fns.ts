import type { Language } from '../../api/types';
import { formatDate, formatDateTime, formatNumber } from '../../i18n/format';

/**
 * One value of an audit entry as the server stored it: `raw` is its exact text (the title of
 * what the screen shows), `kind` says how the reader's language writes it.
 */
export interface AuditValue {
  raw: string;
  kind: 'text' | 'number' | 'id' | 'boolean' | 'date' | 'datetime' | 'json';
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

/**
 * What an admin action changed, field by field, instead of two JSON blobs: the fields (nested
 * ones dotted) whose value differs between `before` and `after`, in the order they first appear.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  const was = flatten(asFields(before));
  const is = flatten(asFields(after));
  const fields = [...new Set([...was.keys(), ...is.keys()])];
  return fields
    .map((field) => ({ field, from: auditValue(field, was.get(field)), to: auditValue(field, is.get(field)) }))
    .filter((change) => change.from?.raw !== change.to?.raw);
}

/**
 * A value as the reader's language writes it: a moment or a day with the one date formatter
 * (contract/dates.ts), a quantity with the one number formatter (contract/numbers.ts, every
 * decimal kept), true and false as Yes and No, lists as their items; ids and texts as stored.
 */
export function auditValueText(value: AuditValue, language: Language, words: { yes: string; no: string }): string {
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
export function auditChangeTexts(change: AuditChange, language: Language, words: { yes: string; no: string }): { from: string | null; to: string | null } {
  const from = change.from && auditValueText(change.from, language, words);
  const to = change.to && auditValueText(change.to, language, words);
  if (from !== null && from === to) return { from: change.from!.raw, to: change.to!.raw };
  return { from, to };
}
