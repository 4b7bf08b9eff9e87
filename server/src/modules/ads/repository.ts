import type { AdUnit } from '@dealdesk/core';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AdUnitKind, AdUnitsTable } from './tables.js';

const adFields = ['id as _id', 'a_name', 'a_id', 'a_description'] as const;

/** Queries of the ad_units table; give it a transaction to make several calls one unit. */
export function adsRepository(db: Kysely<Database>) {
  return {
    /** Every ad of a type, oldest first (ids are time-ordered). */
    list: (type: AdUnitKind): Promise<AdUnit[]> =>
      db.selectFrom('ad_units').select(adFields).where('type', '=', type).orderBy('id').execute(),

    /** Which of these ids are ads of the type, with their names. */
    existing: async (type: AdUnitKind, ids: readonly string[]): Promise<Map<string, string>> => {
      const rows = await db
        .selectFrom('ad_units')
        .select(['id', 'a_name'])
        .where('type', '=', type)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.a_name]));
    },

    /** One ad of the type, as listed. */
    find: (type: AdUnitKind, id: string): Promise<AdUnit | undefined> =>
      db
        .selectFrom('ad_units')
        .select(adFields)
        .where('type', '=', type)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** The ad of the type that already has this ad id (URL for web ads), if any. */
    holding: (type: AdUnitKind, adId: string): Promise<AdUnit | undefined> =>
      db
        .selectFrom('ad_units')
        .select(adFields)
        .where('type', '=', type)
        .where('a_id', '=', adId)
        .executeTakeFirst(),

    insert: async (row: Insertable<AdUnitsTable>): Promise<void> => {
      await db.insertInto('ad_units').values(row).execute();
    },

    /** Answers whether an ad of this type had the id. */
    update: async (
      type: AdUnitKind,
      id: string,
      change: Pick<AdUnit, 'a_id' | 'a_description'>,
      now: string,
    ): Promise<boolean> => {
      const result = await db
        .updateTable('ad_units')
        .set({ ...change, updated_at: now })
        .where('type', '=', type)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Answers whether an ad of this type had the id. */
    remove: async (type: AdUnitKind, id: string): Promise<boolean> => {
      const result = await db
        .deleteFrom('ad_units')
        .where('type', '=', type)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
