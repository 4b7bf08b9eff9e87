// Admin API answers are never kept by a browser or a proxy; the content API keeps its own
// caching and the OpenAPI document none. Real servers on each dialect, real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultContentCacheControl } from '../config.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';

describe.each(dialects)('caching of answers on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    token = await signIn(server, await createTestAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const cacheControlOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      headers: { 'x-api-key': server.config.apiKey, ...headers },
    });
    return [response.status, response.headers.get('cache-control')];
  };

  it('says no-store on admin answers, refusals included, and leaves the rest their own', async () => {
    const signedIn = { authorization: `Bearer ${token}` };
    expect(await cacheControlOf('/api/admin/AdminData', signedIn)).toEqual([200, 'no-store']);
    expect(await cacheControlOf('/api/App/product?page=1', signedIn)).toEqual([200, 'no-store']);
    expect(await cacheControlOf('/api/admin/AdminData')).toEqual([401, 'no-store']);
    expect(await cacheControlOf('/api/v1/app/home')).toEqual([200, defaultContentCacheControl]);
    expect(await cacheControlOf('/api/openapi.json')).toEqual([200, null]);
  });
});
