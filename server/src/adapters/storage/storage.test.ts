import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDatabase } from '../../testing/harness.js';
import { migrateToLatest, openStorage, type Storage } from './database.js';
import { isUniqueViolation } from './dialect.js';

describe.each(dialects)('storage on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    storage = openStorage(database);
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('opens the dialect the configuration asks for', () => {
    expect(storage.dialect).toBe(dialect);
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
});
