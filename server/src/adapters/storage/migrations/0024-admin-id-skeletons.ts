import { adminIdSkeleton } from '@dealdesk/core';
import type { Kysely } from 'kysely';

/** The admins table as this migration reads and writes it. */
// A type alias (not an interface): withTables wants an index-signature-compatible shape.
type Admins = { admins: { id: string; a_id: string; a_id_skeleton: string | null } };

// Admin IDs that look alike are one (core's admin-ids.ts): each admin's skeleton, unique. An
// existing admin whose ID looks like an older one's keeps it, without a key (NULLs do not
// collide): nothing is renamed behind anyone's back, and no new ID can look like either.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('admins').addColumn('a_id_skeleton', 'text').execute();
  const admins = db.withTables<Admins>();
  const rows = await admins.selectFrom('admins').select(['id', 'a_id']).orderBy('id').execute();
  const taken = new Set<string>();
  for (const row of rows) {
    const key = adminIdSkeleton(row.a_id);
    if (taken.has(key)) continue;
    taken.add(key);
    await admins
      .updateTable('admins')
      .set({ a_id_skeleton: key })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('admins_a_id_skeleton')
    .on('admins')
    .column('a_id_skeleton')
    .unique()
    .execute();
}
