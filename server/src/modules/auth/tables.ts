/** Times are ISO-8601 UTC text in both dialects. */
export interface AdminsTable {
  id: string;
  a_id: string;
  /** Stored lower-case: emails are matched without regard to case. */
  a_email: string;
  password_hash: string;
  a_name: string;
  a_state: string;
  a_city: string;
  a_address: string;
  a_phone: string;
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
  created_at: string;
}

export interface AuthTables {
  admins: AdminsTable;
  auth_tokens: AuthTokensTable;
}
