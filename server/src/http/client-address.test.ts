// The caller's address: X-Forwarded-For counts only from a proxy DEALDESK_TRUST_PROXY names,
// and only when it is an IP address. Real servers on each dialect, over real HTTP from
// 127.0.0.1.
import { createApiClient } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  printedCode,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';

/** The server's admin client, behind a proxy that forwards `forwardedFor`. */
const clientVia = (server: TestServer, forwardedFor: string, token: () => string | null) =>
  createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.config.apiKey,
    secret: server.config.secret,
    token,
    fetch: (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-forwarded-for', forwardedFor);
      return fetch(input, { ...init, headers });
    },
  }).admin;

/** Signs a new admin in through the proxy; answers its client there. */
async function signedInVia(server: TestServer, forwardedFor: string) {
  const admin = await createTestAdmin(server);
  let token: string | null = null;
  const api = clientVia(server, forwardedFor, () => token);
  token = (await api.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
  token = (await api.loginOtp({ otp: await printedCode(server)(admin.a_email) })).token ?? null;
  return api;
}

/** The address the audit log recorded for an invitation made through the proxy. */
async function auditedAddress(server: TestServer, forwardedFor: string): Promise<string> {
  const api = await signedInVia(server, forwardedFor);
  const invited = await api.inviteAdministrator({
    a_email: `invited.${String(Math.random()).slice(2)}@example.test`,
  });
  const entry = await server.app.dealdesk.context.db
    .selectFrom('audit_log')
    .select('address')
    .where('item_id', '=', invited.data?._id ?? '')
    .executeTakeFirstOrThrow();
  return entry.address;
}

describe.each(dialects)('client addresses on %s', (dialect) => {
  let database: TestDatabase;
  /** Behind a proxy on this machine, which it trusts. */
  let proxied: TestServer;
  /** Trusting another proxy only: this machine's forwarded headers do not count. */
  let direct: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    // As a deployment sets it.
    const start = (trusted: string) => {
      const { trustProxy } = loadConfig({
        DEALDESK_DATA_DIR: database.dataDir,
        DEALDESK_API_KEY: 'not-used',
        DEALDESK_SECRET: '0'.repeat(64),
        DEALDESK_TRUST_PROXY: trusted,
      });
      return startTestServer(testConfig(database, { trustProxy }));
    };
    [proxied, direct] = await Promise.all([start('127.0.0.1'), start('10.0.0.0/8')]);
  });
  afterAll(async () => {
    await Promise.all([proxied.close(), direct.close()]);
    await database.drop();
  });

  it('takes a forwarded IP address from a trusted proxy only', async () => {
    const sessions = await (await signedInVia(proxied, '203.0.113.9')).listSessions();
    expect(sessions.data?.[0]?.address).toBe('203.0.113.9');
    expect(await auditedAddress(proxied, '203.0.113.9')).toBe('203.0.113.9');
    const ignored = await (await signedInVia(direct, '203.0.113.9')).listSessions();
    expect(ignored.data?.[0]?.address).toBe('127.0.0.1');
  });

  it.each(['<img src=x onerror=alert(1)>', '=HYPERLINK("http://evil.example","x")', 'unknown'])(
    'records the socket address, not a forwarded %j',
    async (forwarded) => {
      const sessions = await (await signedInVia(proxied, forwarded)).listSessions();
      expect(sessions.data?.[0]?.address).toBe('127.0.0.1');
      expect(await auditedAddress(proxied, forwarded)).toBe('127.0.0.1');
    },
  );
});
