import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import { searchedList } from '../../adapters/storage/searched-list.js';
import type { InHouseAdsTable } from './tables.js';

export type InHouseAdRow = Selectable<InHouseAdsTable>;

/** The columns the search box looks in. */
const searchedColumns = ['mainTitle', 'subTitle', 'description'] as const;

/** Queries of the inhouse_ads table; give it a transaction to make several calls one unit. */
export function inHouseRepository(db: Kysely<Database>) {
  return {
    ...searchedList(db, 'inhouse_ads', searchedColumns),

    find: (id: string): Promise<InHouseAdRow | undefined> =>
      db.selectFrom('inhouse_ads').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Which of these ids are in-house ads. */
    existing: async (ids: readonly string[]): Promise<Map<string, string>> => {
      const rows = await db
        .selectFrom('inhouse_ads')
        .select(['id', 'mainTitle'])
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.mainTitle]));
    },

    findMany: (ids: readonly string[]): Promise<InHouseAdRow[]> =>
      db.selectFrom('inhouse_ads').selectAll().where('id', 'in', ids).execute(),

    /** Every ad's id and title, for the analytics cards. */
    titles: () => db.selectFrom('inhouse_ads').select(['id', 'mainTitle']).orderBy('id').execute(),

    insert: async (row: Insertable<InHouseAdsTable>): Promise<void> => {
      await db.insertInto('inhouse_ads').values(row).execute();
    },

    /** Answers whether the id was there. */
    update: async (id: string, change: Updateable<InHouseAdsTable>): Promise<boolean> => {
      const result = await db
        .updateTable('inhouse_ads')
        .set(change)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    removeMany: async (ids: readonly string[]): Promise<void> => {
      await db.deleteFrom('inhouse_ads').where('id', 'in', ids).execute();
    },
  };
}
