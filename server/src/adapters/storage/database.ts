import { Kysely, Migrator } from 'kysely';
import { createDialect, type DialectName, type StorageLocation } from './dialect.js';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

export interface Storage {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export function openStorage(
  location: StorageLocation,
  onBackgroundError: (error: Error) => void,
): Storage {
  const { name, dialect, stop } = createDialect(location, onBackgroundError);
  const db = new Kysely<Database>({ dialect });
  return {
    db,
    dialect: name,
    close: async () => {
      await stop();
      await db.destroy();
    },
  };
}

/** Brings the schema up to date; safe to run from several instances at once (kysely locks). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}
