import type { Kysely, Selectable, Updateable } from 'kysely';
import type { DialectName } from '../../adapters/storage/dialect.js';
import type { Database } from '../../adapters/storage/schema.js';
import type { ControllerSettingsTable } from './tables.js';

export type SettingsRow = Selectable<ControllerSettingsTable>;
export type SettingsChange = Omit<Updateable<ControllerSettingsTable>, 'id'>;

/** The id of the one settings row. */
const settingsId = 'app';

export function controllerRepository(db: Kysely<Database>, dialect: DialectName) {
  return {
    /** The row; `locked` (in a transaction) holds it until the transaction ends (PostgreSQL). */
    find: ({ locked = false } = {}) =>
      db
        .selectFrom('controller_settings')
        .selectAll()
        .where('id', '=', settingsId)
        .$if(locked && dialect === 'postgres', (query) => query.forUpdate())
        .executeTakeFirst(),

    /** Writes the first row; of two first reads racing, one inserts and the other keeps it. */
    insertFirst: (row: Omit<SettingsRow, 'id'>) =>
      db
        .insertInto('controller_settings')
        .values({ ...row, id: settingsId })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute(),

    update: (change: SettingsChange) =>
      db.updateTable('controller_settings').set(change).where('id', '=', settingsId).execute(),
  };
}
