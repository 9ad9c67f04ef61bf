/** One changed field of an audit entry: its value before and after (null when absent). */
export interface AuditChange {
  field: string;
  from: string | null;
  to: string | null;
}

function shown(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
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
    .map((field) => ({ field, from: shown(was.get(field)), to: shown(is.get(field)) }))
    .filter((change) => change.from !== change.to);
}
