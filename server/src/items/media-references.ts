// Where rows point at stored media: every column holding a media link (products keep theirs
// in a JSON list). Asked when a save was left unsettled by a killed process (media/pending.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../adapters/storage/schema.js';

const mediaColumns = [
  ['stories', ['image', 'video', 'thumbnail']],
  ['banners', ['image', 'video']],
  ['shortcuts', ['logo']],
  ['inhouse_ads', ['icon', 'medView']],
  ['categories', ['main_image', 'bg_image']],
  ['subcategories', ['main_image']],
  ['products', ['images']],
  ['notifications', ['n_icon']],
] as const;

/** Whether any row points at the stored file of this name (names are unique, never reused). */
export async function mediaReferenced(db: Kysely<Database>, name: string): Promise<boolean> {
  const pattern = `%${name.replace(/[%_\\]/g, '')}%`;
  for (const [table, columns] of mediaColumns) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.lit(1).as('found'))
      .where((eb) => eb.or(columns.map((column) => eb(column, 'like', pattern))))
      .limit(1)
      .executeTakeFirst();
    if (row !== undefined) return true;
  }
  return false;
}
