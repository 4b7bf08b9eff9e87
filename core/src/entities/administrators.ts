// Several administrators (issue 21): who they are, who invited them, the invitations waiting
// for an answer, and each administrator's own sessions.
import { z } from 'zod';

export const adminStatuses = ['active', 'disabled'] as const;
export type AdminStatus = (typeof adminStatuses)[number];

/**
 * What an administrator may do (issue 39), least to most: a viewer reads, an editor changes the
 * app's content, an owner everything (administrators, the controller, analytics clear).
 */
export const adminRoles = ['viewer', 'editor', 'owner'] as const;
export type AdminRole = (typeof adminRoles)[number];

/** What an API token may do within its administrator's role: read only, or what they may. */
export const tokenScopes = ['read', 'write'] as const;
export type TokenScope = (typeof tokenScopes)[number];

/** One administrator as the administrators screen lists them. */
export const administratorSchema = z.object({
  _id: z.string(),
  a_id: z.string(),
  a_email: z.string(),
  a_name: z.string(),
  status: z.enum(adminStatuses),
  role: z.enum(adminRoles),
  /** When it was disabled; null while active. */
  disabledAt: z.string().nullable(),
  /** The admin ID of who invited them; null for the first one (or an inviter since gone). */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  /** Whether this is the caller. */
  you: z.boolean(),
});
export type Administrator = z.infer<typeof administratorSchema>;

/** An invitation not yet accepted (an expired one stays listed until cancelled or re-sent). */
export const invitationSchema = z.object({
  _id: z.string(),
  email: z.string(),
  /** The role the invitee gets. */
  role: z.enum(adminRoles),
  /** The admin ID of who sent it. */
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** One signed-in session of the caller (browser or CLI). */
export const adminSessionSchema = z.object({
  _id: z.string(),
  /** The browser and system in words, from the user-agent: "Chrome on Windows". */
  device: z.string(),
  /** The address it was started from. */
  address: z.string(),
  startedAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The session making this call. */
  current: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;
