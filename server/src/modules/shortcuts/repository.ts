// Storage of shortcut stories. Portable kysely only (see adapters/storage/dialect.ts).
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import { containsText } from '../../adapters/storage/contains-text.js';
import type { ShortcutsTable } from './tables.js';

export type ShortcutRow = Selectable<ShortcutsTable>;

export function shortcutsRepository(db: Kysely<Database>) {
  return {
    /** A page in order-number order, optionally only names containing `q`. */
    list: ({ page, limit, q }: { page: number; limit: number; q: string }) => {
      let query = db.selectFrom('shortcuts').selectAll();
      if (q !== '') query = query.where(containsText('name', q));
      return query
        .orderBy('s_no')
        .orderBy('id')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
    },

    /** The order number a new shortcut gets: one after the highest (1 for the first). */
    nextNumber: async () => {
      const { highest } = await db
        .selectFrom('shortcuts')
        .select((eb) => eb.fn.max('s_no').as('highest'))
        .executeTakeFirstOrThrow();
      return highest === null ? 1 : Number(highest) + 1;
    },

    find: (id: string) =>
      db.selectFrom('shortcuts').selectAll().where('id', '=', id).executeTakeFirst(),

    findMany: (ids: readonly string[]) =>
      db.selectFrom('shortcuts').selectAll().where('id', 'in', ids).execute(),

    insert: (row: ShortcutRow) => db.insertInto('shortcuts').values(row).execute(),

    /** Answers the row after the change, or undefined when the id is unknown. */
    update: (id: string, change: Omit<Updateable<ShortcutsTable>, 'id'>) =>
      db
        .updateTable('shortcuts')
        .set(change)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    deleteMany: (ids: readonly string[]) =>
      db.deleteFrom('shortcuts').where('id', 'in', ids).execute(),
  };
}
