// The caller's address: X-Forwarded-For counts only from a proxy DEALDESK_TRUST_PROXY names,
// and only when it is an IP address; /metrics without a token answers this machine's callers
// only. Real servers on each dialect, over real HTTP from 127.0.0.1.
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
import { isLoopback } from './client-address.js';

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

const metricsVia = (server: TestServer, forwardedFor: string) =>
  fetch(`${server.baseUrl}/metrics`, { headers: { 'x-forwarded-for': forwardedFor } });

describe('loopback callers', () => {
  it('are 127.0.0.0/8 and ::1, as IPv4 or IPv6, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(address)).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '128.0.0.1', '::2', '', 'localhost'])
      expect(isLoopback(address)).toBe(false);
  });
});

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

  it('answers /metrics without a token to this machine only (403 JSON), counting refusals', async () => {
    const refused = await metricsVia(proxied, '203.0.113.9');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      status: false,
      message: 'Without DEALDESK_METRICS_TOKEN the metrics answer only on this machine',
    });
    // A forwarded address from an untrusted caller changes nothing: it is this machine.
    const local = await metricsVia(direct, '203.0.113.9');
    expect(local.status).toBe(200);
    const text = await (await fetch(`${proxied.baseUrl}/metrics`)).text();
    expect(text).toMatch(/^dealdesk_edge_refused_total\{reason="metrics"\} 1$/m);
  });
});
