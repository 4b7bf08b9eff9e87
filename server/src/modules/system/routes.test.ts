import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';

describe.each(dialects)('server load call on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('answers cpuLoad, ramUsage and storageUsage as percentages to a signed-in admin', async () => {
    const token = await signIn(server, await createTestAdmin(server));
    const answer = await clientFor(server, () => token).system.serverLoad();
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    for (const value of [answer.cpuLoad, answer.ramUsage, answer.storageUsage]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });

  it('is closed to callers without a session', async () => {
    expect((await clientFor(server).system.serverLoad()).httpStatus).toBe(401);
  });
});
