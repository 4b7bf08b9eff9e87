import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { webConfigScript } from './static.js';

describe('the web app configuration script', () => {
  let database: TestDatabase;
  let server: TestServer;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('serves the API key and secret the server runs with, never cached, without an API key', async () => {
    const response = await fetch(`${server.baseUrl}/config.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const script = await response.text();
    const window: { dealdeskConfig?: unknown } = {};
    new Function('window', script)(window);
    expect(window.dealdeskConfig).toEqual({
      apiKey: server.config.apiKey,
      secret: server.config.secret,
      timeZone: server.config.timeZone,
    });
  });

  it('cannot be broken out of by a value holding a closing script tag', () => {
    const script = webConfigScript({
      apiKey: '</script><script>alert(1)</script>',
      secret: 'a',
      timeZone: 'UTC',
    });
    expect(script).not.toContain('</script>');
    const window: { dealdeskConfig?: { apiKey: string } } = {};
    new Function('window', script)(window);
    expect(window.dealdeskConfig?.apiKey).toBe('</script><script>alert(1)</script>');
  });
});
