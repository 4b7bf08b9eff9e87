import type { AuditAction, AuditClient, AuditKind } from '@dealdesk/core';

/** One entry of the audit log (migration 0021). Times are ISO-8601 UTC text. */
export interface AuditLogTable {
  id: string;
  at: string;
  admin_id: string | null;
  token_id: string | null;
  /** The API token's name then, when a token made the write. */
  token_name: string | null;
  /** Who, in words as they were then. */
  actor: string;
  client: AuditClient;
  address: string;
  action: AuditAction;
  kind: AuditKind;
  item_id: string | null;
  label: string;
  /** JSON text of an object of fields, or null. */
  before: string | null;
  after: string | null;
}

export interface AuditTables {
  audit_log: AuditLogTable;
}
