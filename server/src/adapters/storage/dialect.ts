// The one place that knows SQLite from PostgreSQL. Everything else writes portable kysely:
// times are ISO-8601 UTC text, flags are 0/1 integers, JSON is text, counts go through
// Number() (PostgreSQL answers bigint counts as strings).
import SQLite from 'better-sqlite3';
import { type Dialect, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export type DialectName = 'sqlite' | 'postgres';

export interface StorageLocation {
  dataDir: string;
  databaseUrl: string | null;
}

export function createDialect(location: StorageLocation): { name: DialectName; dialect: Dialect } {
  if (location.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: location.databaseUrl, max: 10 });
    return { name: 'postgres', dialect: new PostgresDialect({ pool }) };
  }
  mkdirSync(location.dataDir, { recursive: true });
  const database = new SQLite(join(location.dataDir, 'dealdesk.sqlite'));
  // WAL lets readers run while a write is in progress; the busy timeout covers two processes.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return { name: 'sqlite', dialect: new SqliteDialect({ database }) };
}

/** True when an insert or update failed on a unique constraint, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  const { code } = error;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}
