import type { AuditClient, AuditEntry } from '@dealdesk/core';

/** Where a change came from, in the screen's words. */
export const clientLabels: Record<AuditClient, string> = {
  web: 'Web app',
  cli: 'CLI',
  token: 'API token',
  console: 'Server console',
  other: 'Other',
};

/** The item a change was made to: its name then, else its id, else nothing (one of a kind). */
export const itemText = (entry: AuditEntry) => entry.label || entry.item_id || '';
