import { z } from 'zod';
import { tokenScopes } from './administrators.js';

export const adminSchema = z.object({
  a_id: z.string(),
  a_email: z.string(),
  a_name: z.string(),
  a_state: z.string(),
  a_city: z.string(),
  a_address: z.string(),
  a_phone: z.string(),
});
export type Admin = z.infer<typeof adminSchema>;

/** Editable profile fields (email cannot change). */
export type ProfileUpdate = Pick<Admin, 'a_name' | 'a_state' | 'a_city' | 'a_phone' | 'a_address'>;

/** A long-lived API token for scripts and cron jobs (the secret is shown once, at creation). */
export const apiTokenSchema = z.object({
  _id: z.string(),
  name: z.string(),
  scope: z.enum(tokenScopes),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** An API token in an owner's list of every administrator's tokens: whose it is. */
export const ownedApiTokenSchema = apiTokenSchema.extend({
  admin: z.object({ _id: z.string(), a_id: z.string(), a_email: z.string() }),
});
export type OwnedApiToken = z.infer<typeof ownedApiTokenSchema>;
