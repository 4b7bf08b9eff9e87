// The controller's numbered versions: every change writes the whole state after it, who made
// it and what it changed, in the change's own transaction; the newest 300 are kept. The first
// change after versions began to be kept first writes the state before it as version 1.
import {
  controllerDifferences,
  controllerVersionsKept,
  type ControllerState,
  type ControllerVersion,
  type ControllerVersionsQuery,
} from '@dealdesk/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { ControllerVersionsTable } from './tables.js';

type VersionRow = Selectable<ControllerVersionsTable>;

/** A version being written: the states around the change, and who made it. */
export interface VersionChange {
  before: ControllerState;
  after: ControllerState;
  adminId: string;
  tokenId: string;
  by: string;
  rollbackOf: number | null;
  at: string;
}

export const versionOf = (row: VersionRow): ControllerVersion => ({
  version: row.version,
  created_at: row.created_at,
  by: row.by,
  rollbackOf: row.rollback_of,
  changes: JSON.parse(row.changes) as ControllerVersion['changes'],
});

export const stateOfVersion = (row: VersionRow) => JSON.parse(row.state) as ControllerState;

export function controllerVersionsRepository(db: Kysely<Database>) {
  const newest = async () =>
    Number(
      (
        await db
          .selectFrom('controller_versions')
          .select((eb) => eb.fn.max('version').as('last'))
          .executeTakeFirst()
      )?.last ?? 0,
    );

  return {
    /**
     * Writes the change's version (inside the change's transaction, after the settings row is
     * locked); answers its number, or null when the change changed nothing and restored nothing.
     */
    record: async (change: VersionChange): Promise<number | null> => {
      const changes = controllerDifferences(change.before, change.after);
      if (changes.length === 0 && change.rollbackOf === null) return null;
      let last = await newest();
      if (last === 0) {
        await db
          .insertInto('controller_versions')
          .values({
            version: 1,
            state: JSON.stringify(change.before),
            changes: '[]',
            rollback_of: null,
            admin_id: null,
            token_id: null,
            by: '',
            created_at: change.at,
          })
          .execute();
        last = 1;
      }
      const version = last + 1;
      await db
        .insertInto('controller_versions')
        .values({
          version,
          state: JSON.stringify(change.after),
          changes: JSON.stringify(changes),
          rollback_of: change.rollbackOf,
          admin_id: change.adminId,
          token_id: change.tokenId,
          by: change.by,
          created_at: change.at,
        })
        .execute();
      await db
        .deleteFrom('controller_versions')
        .where('version', '<=', version - controllerVersionsKept)
        .execute();
      return version;
    },

    page: async ({ page, limit }: ControllerVersionsQuery) => {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('controller_versions')
          .selectAll()
          .orderBy('version', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        db
          .selectFrom('controller_versions')
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { data: rows.map(versionOf), totalRecord: Number(count.total) };
    },

    find: (version: number) =>
      db
        .selectFrom('controller_versions')
        .selectAll()
        .where('version', '=', version)
        .executeTakeFirst(),
  };
}
