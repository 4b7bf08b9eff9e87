import { afterEach, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';

describe.each(dialects)('the first admin on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  afterEach(async () => {
    await server.close();
    await database.drop();
  });

  it('is created once on a fresh database, with a generated password that signs in', async () => {
    database = await freshDatabase(dialect);
    const firstAdmin = { id: 'admin', password: null, email: 'Owner@Example.test' };
    server = await startTestServer(testConfig(database, { firstAdmin }));
    const { auth } = server.app.dealdesk;

    const first = await auth.ensureFirstAdmin();
    expect(first.created).toBe(true);
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await auth.ensureFirstAdmin()).toEqual({ created: false, generatedPassword: null });

    const admin = {
      a_id: 'admin',
      a_email: 'owner@example.test',
      password: first.generatedPassword ?? '',
    };
    expect(await signIn(server, admin)).toEqual(expect.any(String));
  });

  it('takes the configured ID and password, and prints no password', async () => {
    database = await freshDatabase(dialect);
    const firstAdmin = { id: 'boss', password: 'configured-pw', email: 'boss@example.test' };
    server = await startTestServer(testConfig(database, { firstAdmin }));
    expect(await server.app.dealdesk.auth.ensureFirstAdmin()).toEqual({
      created: true,
      generatedPassword: null,
    });
    const admin = { a_id: 'boss', a_email: 'boss@example.test', password: 'configured-pw' };
    expect(await signIn(server, admin)).toEqual(expect.any(String));
  });
});
