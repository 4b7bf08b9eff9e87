// Databases migrated once per test run, which each test database starts as a copy of: migrating
// at a server's first start cost 0.3-0.7 s on SQLite (a synced commit per migration) and
// 0.6-0.9 s on PostgreSQL; a copy costs 10-80 ms, a clone less than an empty CREATE DATABASE.
// Made by the global setup from this run's migrations, so a changed migration is in the next run.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { migrateToLatest, openStorage } from '../adapters/storage/database.js';

export interface MigratedTemplates {
  /** A migrated SQLite file (closed: its log is checkpointed into it, so the file is whole). */
  sqliteFile: string;
  /** A migrated database of the cluster, for `CREATE DATABASE ... TEMPLATE`. */
  postgresDatabase: string;
}

export const databaseUrlOf = (clusterUrl: string, name: string) => {
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

/** Runs one statement on the cluster's maintenance database. */
export async function onCluster(clusterUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    return await client.query<{ n: number }>(statement);
  } finally {
    await client.end();
  }
}

async function migrate(location: { dataDir: string; databaseUrl: string | null }) {
  const storage = openStorage(location, (error) => {
    throw error;
  });
  try {
    await migrateToLatest(storage.db);
  } finally {
    await storage.close();
  }
}

export async function makeMigratedTemplates(
  clusterUrl: string,
): Promise<MigratedTemplates & { remove(): Promise<void> }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-template-'));
  const postgresDatabase = 'dealdesk_migrated';
  await onCluster(clusterUrl, `CREATE DATABASE ${postgresDatabase}`);
  await Promise.all([
    migrate({ dataDir, databaseUrl: null }),
    migrate({ dataDir, databaseUrl: databaseUrlOf(clusterUrl, postgresDatabase) }),
  ]);
  // Cloning fails while anything is connected to the template: from now on nothing can be.
  await onCluster(
    clusterUrl,
    `ALTER DATABASE ${postgresDatabase} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`,
  );
  return {
    sqliteFile: join(dataDir, 'dealdesk.sqlite'),
    postgresDatabase,
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}
