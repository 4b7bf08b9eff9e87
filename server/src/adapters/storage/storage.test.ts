import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dialects, freshDatabase, type TestDatabase } from '../../testing/harness.js';
import { migrateToLatest, openStorage, type Storage } from './database.js';
import { isUniqueViolation } from './dialect.js';

describe.each(dialects)('storage on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;
  const dropped: Error[] = [];
  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    storage = openStorage(database, (error) => dropped.push(error));
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('opens the dialect the configuration asks for', () => {
    expect(storage.dialect).toBe(dialect);
  });

  it('syncs every commit to disk, so an acknowledged write survives a power cut', async () => {
    const { rows } = await sql<Record<string, unknown>>`${sql.raw(
      dialect === 'sqlite' ? 'PRAGMA synchronous' : 'SHOW synchronous_commit',
    )}`.execute(storage.db);
    // SQLite: 2 is FULL (NORMAL, 1, may lose the last commits). PostgreSQL: on by default;
    // the test cluster turns it off for speed, so only SQLite's own setting is checked.
    if (dialect === 'sqlite') expect(rows).toEqual([{ synchronous: 2 }]);
    else expect(rows).toHaveLength(1);
  });

  it('migrates a fresh database, and migrating again changes nothing', async () => {
    await migrateToLatest(storage.db);
    await migrateToLatest(storage.db);
    const tables = (await storage.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining(['admins', 'auth_tokens']));
  });

  it('recognises a unique violation in this dialect, and nothing else as one', async () => {
    const admin = {
      id: '0123456789abcdef01234567',
      a_id: 'unique-check',
      a_email: 'unique@example.test',
      password_hash: 'x',
      a_name: '',
      a_state: '',
      a_city: '',
      a_address: '',
      a_phone: '',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    };
    await storage.db.insertInto('admins').values(admin).execute();
    const duplicate = await storage.db
      .insertInto('admins')
      .values({ ...admin, id: '0123456789abcdef01234568' })
      .execute()
      .catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    const otherFailure = await storage.db
      .insertInto('auth_tokens')
      .values({
        id: '0123456789abcdef01234569',
        admin_id: 'ffffffffffffffffffffffff',
        kind: 'session',
        token_hash: 'h',
        name: null,
        code_hash: null,
        code_tries: 0,
        expires_at: null,
        last_used_at: null,
        created_at: admin.created_at,
      })
      .execute()
      .catch((error: unknown) => error);
    expect(otherFailure).toBeInstanceOf(Error);
    expect(isUniqueViolation(otherFailure)).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
  });

  it.runIf(dialect === 'postgres')(
    'survives its idle connections being cut, and reconnects on the next query',
    async () => {
      await migrateToLatest(storage.db);
      const name = new URL(database.databaseUrl ?? '').pathname.slice(1);
      const admin = new pg.Client({ connectionString: inject('postgresUrl') });
      await admin.connect();
      try {
        const cut = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        expect(cut.rowCount).toBeGreaterThan(0);
      } finally {
        await admin.end();
      }
      await expect.poll(() => dropped.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const tables = await storage.db.introspection.getTables();
      expect(tables.map((table) => table.name)).toContain('admins');
    },
  );
});
