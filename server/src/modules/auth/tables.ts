import type { AdminRole, AdminStatus, TokenScope } from '@dealdesk/core';
import type { Generated } from 'kysely';

/** Times are ISO-8601 UTC text in both dialects. */
export interface AdminsTable {
  id: string;
  a_id: string;
  /**
   * The admin ID's skeleton (core's adminIdSkeleton), unique: IDs that look alike are one
   * (0024). Null for an admin whose ID looked like an older one's before 0024.
   */
  a_id_skeleton: string | null;
  /** Stored lower-case: emails are matched without regard to case. */
  a_email: string;
  password_hash: string;
  a_name: string;
  a_state: string;
  a_city: string;
  a_address: string;
  a_phone: string;
  /** A disabled admin cannot sign in; their sessions and API tokens stop (0022). */
  status: Generated<AdminStatus>;
  disabled_at: string | null;
  /** What they may do (0027: everyone before it is an owner; set on every insert). */
  role: Generated<AdminRole>;
  /** The admin who sent the invitation; null for the first admin. */
  invited_by: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * What a bearer token is for. `login-code` and `reset-code` wait for their mailed code;
 * `reset-password` may set a new password once; `session` and `api` are signed-in callers.
 */
export type TokenKind = 'login-code' | 'reset-code' | 'reset-password' | 'session' | 'api';

export interface AuthTokensTable {
  id: string;
  /** Null only for the stand-in reset token given for an unknown email. */
  admin_id: string | null;
  kind: TokenKind;
  token_hash: string;
  /** API tokens only: the name given at creation. */
  name: string | null;
  code_hash: string | null;
  code_tries: number;
  /** Null for API tokens created without an expiry. */
  expires_at: string | null;
  last_used_at: string | null;
  /** Where a session was started (0022); null for other kinds and older sessions. */
  user_agent: string | null;
  address: string | null;
  /** API tokens: read ones make GETs only (0027); 'write' for every other kind. */
  scope: Generated<TokenScope>;
  created_at: string;
}

/** An invitation to become an administrator: only hashes of the link's token and the code. */
export interface AdminInvitationsTable {
  id: string;
  /** Lower-case, as admins' emails. */
  email: string;
  token_hash: string;
  code_hash: string;
  code_tries: Generated<number>;
  /** The role the invitee gets (0027). */
  role: AdminRole;
  invited_by: string | null;
  expires_at: string;
  /** Set when accepted; such a row is kept for the record and never listed. */
  used_at: string | null;
  created_at: string;
}

export interface AuthTables {
  admins: AdminsTable;
  auth_tokens: AuthTokensTable;
  admin_invitations: AdminInvitationsTable;
}
