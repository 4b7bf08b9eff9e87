// The audit log: one entry per write through the API, who made it from where, and what it
// changed (server/src/modules/audit). The web screen and the CLI show these words.
import { z } from 'zod';

/** What a write did. */
export const auditActions = [
  'create',
  'update',
  'delete',
  'status',
  'send',
  'resend',
  'cancel',
  'reschedule',
  'clear',
  'rollback',
  'import',
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'revoke',
  'invite',
  'accept',
  'disable',
  'enable',
  'password-change',
  'password-reset',
  'second-factor-on',
  'second-factor-off',
  'recovery-codes',
  'refused',
  'code-failed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** The screen's words for each action. */
export const auditActionLabels: Record<AuditAction, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  status: 'Status changed',
  send: 'Sent',
  resend: 'Resent',
  cancel: 'Cancelled',
  reschedule: 'Rescheduled',
  clear: 'Counts cleared',
  rollback: 'Rolled back',
  import: 'Imported',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-out': 'Signed out',
  revoke: 'Revoked',
  invite: 'Invited',
  accept: 'Invitation accepted',
  disable: 'Disabled',
  enable: 'Enabled',
  'password-change': 'Password changed',
  'password-reset': 'Password reset',
  'second-factor-on': 'Authenticator codes turned on',
  'second-factor-off': 'Authenticator codes turned off',
  'recovery-codes': 'Recovery codes renewed',
  refused: 'Refused',
  'code-failed': 'Wrong code',
};

/** What kind of item a write changed. */
export const auditKinds = [
  'story',
  'story-ad',
  'banner',
  'shortcut',
  'controller',
  'category',
  'subcategory',
  'product',
  'policy',
  'terms',
  'ad-unit',
  'web-ad',
  'in-house-ad',
  'notification',
  'analytics',
  'admin',
  'session',
  'token',
  'profile',
] as const;
export type AuditKind = (typeof auditKinds)[number];

/** The screen's words for each kind. */
export const auditKindLabels: Record<AuditKind, string> = {
  story: 'Story video',
  'story-ad': 'Story ad',
  banner: 'Banner',
  shortcut: 'Shortcut',
  controller: 'Controller',
  category: 'Category',
  subcategory: 'Subcategory',
  product: 'Product',
  policy: 'Privacy policy',
  terms: 'Terms & Conditions',
  'ad-unit': 'Ad unit',
  'web-ad': 'Web ad',
  'in-house-ad': 'In-house ad',
  notification: 'Notification',
  analytics: 'Analytics counts',
  admin: 'Administrator',
  session: 'Session',
  token: 'API token',
  profile: 'Profile',
};

/**
 * Where a write came from: the web app (a browser), the `dealdesk` CLI, a script with an API
 * token, the server machine's admin command, or anything else.
 */
export const auditClients = ['web', 'cli', 'token', 'console', 'other'] as const;
export type AuditClient = (typeof auditClients)[number];

/** One entry of the list, newest first. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  /** When (ISO, UTC). */
  at: z.string(),
  /** The administrator; null for a failed sign-in of an unknown admin ID. */
  admin_id: z.string().nullable(),
  /** Who, in words as they were then (names and tokens change or go later). */
  actor: z.string(),
  /** The API token's name when a token made the write. */
  token_name: z.string().nullable(),
  client: z.enum(auditClients),
  /** The caller's IP address. */
  address: z.string(),
  action: z.enum(auditActions),
  kind: z.enum(auditKinds),
  /** The item's id; null for one-of-a-kind items (controller, policy) and bulk summaries. */
  item_id: z.string().nullable(),
  /** The item's name or title then (the item may go later). */
  label: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An object of fields as JSON keeps them. */
const fieldsSchema = z.record(z.string(), z.unknown()).nullable();

/**
 * One entry with what it changed: an update's changed fields before and after, a create's item
 * as created (after), a delete's item as it was (before).
 */
export const auditEntryDetailSchema = auditEntrySchema.extend({
  before: fieldsSchema,
  after: fieldsSchema,
});
export type AuditEntryDetail = z.infer<typeof auditEntryDetailSchema>;
