// Attempt limits count in the database: two instances behind one address share each limit,
// and a window that is over starts again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  startTestServer,
  testAuthSettings,
  testClock,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';

describe.each(dialects)('attempt limits across instances on %s', (dialect) => {
  let database: TestDatabase;
  let servers: TestServer[];
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const config = testConfig(database, {
      auth: { ...testAuthSettings, loginPerAdminId: { max: 3, windowMs: 60_000 } },
    });
    // One clock standing still for both: the remaining time is exact however busy the machine.
    const clock = testClock(new Date('2026-11-25T10:00:00Z'));
    const noRoutes = () => {};
    servers = [
      await startTestServer(config, noRoutes, clock),
      await startTestServer(config, noRoutes, clock),
    ];
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await database.drop();
  });

  it('spends one admin ID’s attempts on either instance, then lets it try again later', async () => {
    const [first, second] = servers as [TestServer, TestServer];
    const admin = await createTestAdmin(first);
    const attempt = (server: TestServer, password = 'wrong-password') =>
      clientFor(server).admin.login({ a_id: admin.a_id, a_password: password });
    expect((await attempt(first)).httpStatus).toBe(401);
    expect((await attempt(second)).httpStatus).toBe(401);
    expect((await attempt(first)).httpStatus).toBe(401);
    const refused = await attempt(second, admin.password);
    expect(refused.httpStatus).toBe(429);
    expect(refused.message).toBe('Too many attempts. Please try again in 60 seconds.');

    first.clock.advance(60_000);
    expect((await attempt(second, admin.password)).httpStatus).toBe(200);
  });
});
