export interface Admin {
  a_id: string;
  a_email: string;
  a_name: string;
  a_state: string;
  a_city: string;
  a_address: string;
  a_phone: string;
}

/** Editable profile fields (email cannot change). */
export type ProfileUpdate = Pick<Admin, 'a_name' | 'a_state' | 'a_city' | 'a_phone' | 'a_address'>;

/** A long-lived API token for scripts and cron jobs (the secret is shown once, at creation). */
export interface ApiToken {
  _id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}
