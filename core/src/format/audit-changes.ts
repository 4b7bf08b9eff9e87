// What an audit entry changed, field by field, as the web screen's diff and `dealdesk audit
// show` print it: one rule for both, so they never disagree.

/** One changed field: its value before and after as text; null where the field had none. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
}

/** A stored value as text: strings as they are, objects and lists as indented JSON. */
export function auditValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (value === null || typeof value !== 'object') return String(value);
  return JSON.stringify(value, null, 2);
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `before` and `after` (an update's changed fields, a create's item as created,
 * a delete's item as it was), after's order first, then the fields only `before` had. A field
 * both sides hold alike is left out: the server keeps only what changed, but an older entry
 * or a whole item on both sides would otherwise list every field.
 */
export function auditChanges(entry: {
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}): AuditChange[] {
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  const text = (side: Record<string, unknown>, field: string) =>
    Object.hasOwn(side, field) ? auditValueText(side[field]) : null;
  return fields
    .filter(
      (field) =>
        !(Object.hasOwn(before, field) && Object.hasOwn(after, field)) ||
        !sameValue(before[field], after[field]),
    )
    .map((field) => ({ field, before: text(before, field), after: text(after, field) }));
}
