/** An admin's authenticator app (one row per admin who started a set-up). Times: ISO-8601 UTC. */
export interface AdminAuthenticatorsTable {
  admin_id: string;
  /** The key in use, sealed (AES-256-GCM, see sealed-keys.ts); null while off. */
  secret: string | null;
  /** A set-up's key waiting for its confirming code, sealed; null when none waits. */
  pending_secret: string | null;
  enabled_at: string | null;
  /** The last step whose code was accepted: a code works once, and older ones never again. */
  last_step: number | null;
  updated_at: string;
}

/** Single-use recovery codes: only an HMAC of each is kept (sealed-keys.ts). */
export interface AdminRecoveryCodesTable {
  id: string;
  admin_id: string;
  code_hash: string;
  used_at: string | null;
  created_at: string;
}

export interface SecondFactorTables {
  admin_authenticators: AdminAuthenticatorsTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
}
