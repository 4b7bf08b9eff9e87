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

const migratorOf = (db: Kysely<Database>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** Brings the schema up to date; safe to run from several instances at once (kysely locks). */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error } = await migratorOf(db).migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}

/** The migrations this code knows that the database has not run (none once it is up to date). */
export async function pendingMigrations(db: Kysely<Database>): Promise<string[]> {
  const known = await migratorOf(db).getMigrations();
  return known.filter((migration) => migration.executedAt === undefined).map(({ name }) => name);
}
