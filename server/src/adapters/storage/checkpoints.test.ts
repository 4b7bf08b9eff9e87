// SQLite's log is copied back into the database file by the background worker, not by the
// commit that happens to cross SQLite's own size limit.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../testing/harness.js';
import { fallbackCheckpointPages } from './checkpoints.js';
import { openStorage, type Storage } from './database.js';

describe('background checkpoints (SQLite)', () => {
  let database: TestDatabase;
  let storage: Storage;
  const failures: Error[] = [];
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    storage = openStorage(database, (error) => failures.push(error));
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('copies committed pages into the database file soon after the commit', async () => {
    const file = join(database.dataDir, 'dealdesk.sqlite');
    await sql`CREATE TABLE filler (body BLOB NOT NULL)`.execute(storage.db);
    const sizeBefore = statSync(file).size;
    // About 8 MB: far below the connection's own threshold, so only the worker copies it.
    const pages = 2_000;
    expect(pages).toBeLessThan(fallbackCheckpointPages / 4);
    await sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${pages})
      INSERT INTO filler SELECT randomblob(4000) FROM n`.execute(storage.db);
    expect(statSync(join(database.dataDir, 'dealdesk.sqlite-wal')).size).toBeGreaterThan(
      pages * 4000,
    );
    await expect
      .poll(() => statSync(file).size - sizeBefore, { timeout: 5_000 })
      .toBeGreaterThan(pages * 4000);
    expect(failures).toEqual([]);
  });

  it('stops with the storage, leaving the log copied and removed', async () => {
    await storage.close();
    expect(() => statSync(join(database.dataDir, 'dealdesk.sqlite-wal'))).toThrow();
    storage = openStorage(database, (error) => failures.push(error));
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM filler`.execute(storage.db);
    expect(rows[0]?.n).toBe(2_000);
  });
});
