// Storage of banner b1. Portable kysely only (see adapters/storage/dialect.ts).
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import { containsText } from '../../adapters/storage/contains-text.js';
import type { BannersTable } from './tables.js';

export type BannerRow = Selectable<BannersTable>;

export function bannersRepository(db: Kysely<Database>) {
  return {
    /** A page, newest first, optionally only names containing `q`. */
    list: ({ page, limit, q }: { page: number; limit: number; q: string }) => {
      let query = db.selectFrom('banners').selectAll();
      if (q !== '') query = query.where(containsText('name', q));
      return query
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute();
    },

    find: (id: string) =>
      db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst(),

    findMany: (ids: readonly string[]) =>
      db.selectFrom('banners').selectAll().where('id', 'in', ids).execute(),

    insert: (row: BannerRow) => db.insertInto('banners').values(row).execute(),

    /** Answers the row after the change, or undefined when the id is unknown. */
    update: (id: string, change: Omit<Updateable<BannersTable>, 'id'>) =>
      db.updateTable('banners').set(change).where('id', '=', id).returningAll().executeTakeFirst(),

    deleteMany: (ids: readonly string[]) =>
      db.deleteFrom('banners').where('id', 'in', ids).execute(),
  };
}
