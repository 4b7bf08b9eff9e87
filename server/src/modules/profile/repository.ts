import type { Admin, ProfileUpdate } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';

const adminFields = [
  'a_id',
  'a_email',
  'a_name',
  'a_state',
  'a_city',
  'a_address',
  'a_phone',
] as const;

export function profileRepository(db: Kysely<Database>) {
  return {
    findAdmin: (id: string): Promise<Admin | undefined> =>
      db.selectFrom('admins').select(adminFields).where('id', '=', id).executeTakeFirst(),

    updateAdmin: (id: string, update: ProfileUpdate, now: string): Promise<Admin | undefined> =>
      db
        .updateTable('admins')
        .set({ ...update, updated_at: now })
        .where('id', '=', id)
        .returning(adminFields)
        .executeTakeFirst(),
  };
}
