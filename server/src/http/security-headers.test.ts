// The back-office cannot be framed, runs only its own scripts, and is remembered as HTTPS once
// reached over TLS: headers checked on the pages, the API, media and the content API.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';

describe('security headers', () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    const webDistDir = join(database.dataDir, 'web');
    await mkdir(webDistDir, { recursive: true });
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>Dealdesk</title>');
    // Behind a proxy that says how it was reached (as DEALDESK_TRUST_PROXY=true allows).
    server = await startTestServer(testConfig(database, { webDistDir, trustProxy: true }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const headersOf = async (path: string, headers: Record<string, string> = {}) =>
    (await fetch(`${server.baseUrl}${path}`, { headers })).headers;

  it.each([
    ['the web app', '/'],
    ['a client-side route', '/site/manage/analytics'],
    ['an API answer', '/api/admin/Authorization'],
    ['a missing media file', '/media/missing.png'],
  ])('%s cannot be framed, runs only its own scripts and is not sniffed', async (_what, path) => {
    const headers = await headersOf(path, { 'x-api-key': server.config.apiKey });
    const policy = headers.get('content-security-policy') ?? '';
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('asks browsers to keep to HTTPS only when reached over TLS', async () => {
    expect((await headersOf('/')).get('strict-transport-security')).toBeNull();
    const overTls = await headersOf('/', { 'x-forwarded-proto': 'https' });
    expect(overTls.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it("says not to sniff the content API's answers, also when they come from memory", async () => {
    await clientFor(server).app.home();
    const remembered = await headersOf('/api/v1/app/home', { 'x-api-key': server.config.apiKey });
    expect(remembered.get('content-type')).toMatch(/^application\/json/);
    expect(remembered.get('x-content-type-options')).toBe('nosniff');
  });
});
