// Links are built from configuration only: a Host off the allowed list is refused (421, the
// spec's error shape) before the front cache or any route reads it, malformed hosts included;
// links use DEALDESK_PUBLIC_URL, or the allowed Host asked. Real servers on each dialect, real
// HTTP through node:http (fetch always sends the URL's own Host).
import {
  appHomeSchema,
  createApiClient,
  decryptResponse,
  type StoryInsertData,
} from '@dealdesk/core';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  printedCode,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { sample, signedInClient } from '../modules/stories/testing.js';
import { hostsOf, misdirectedMessage } from './allowed-hosts.js';

const story: StoryInsertData = {
  storyTime: 8,
  btnName: 'Shop now',
  btnUrl: 'https://deals.example/s',
  NTV_ID: '',
  maxviewLimit: 0,
  maxclickLimit: 0,
};

/** fetch over node:http, naming `host` in the Host header. */
const fetchAs =
  (host: string): typeof fetch =>
  async (input, init) => {
    const asked = new Request(input, init);
    const body = Buffer.from(await asked.arrayBuffer());
    const headers: Record<string, string> = { ...Object.fromEntries(asked.headers), host };
    if (body.length > 0) headers['content-length'] = String(body.length);
    return new Promise<Response>((resolve, reject) => {
      const outgoing = request(asked.url, { method: asked.method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve(
            new Response(incoming.statusCode === 304 ? null : Buffer.concat(chunks), {
              status: incoming.statusCode ?? 0,
              headers: incoming.headers as Record<string, string>,
            }),
          ),
        );
      });
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };

/** A GET naming `host`: status and text. */
async function getAs(server: TestServer, host: string, path: string) {
  const response = await fetchAs(host)(`${server.baseUrl}${path}`, {
    headers: { 'x-api-key': server.config.apiKey },
  });
  const text = await response.text();
  return {
    status: response.status,
    text,
    opened: () => decryptResponse(JSON.parse(text), server.config.secret),
  };
}

/** The server's clients as seen asking for `host`. */
const clientAs = (server: TestServer, host: string, token: () => string | null = () => null) =>
  createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.config.apiKey,
    secret: server.config.secret,
    token,
    fetch: fetchAs(host),
  });

/** A new admin signed in through `host`: its client there. */
async function signedInAs(server: TestServer, host: string) {
  const admin = await createTestAdmin(server);
  let token: string | null = null;
  const api = clientAs(server, host, () => token);
  token = (await api.admin.login({ a_id: admin.a_id, a_password: admin.password })).token ?? null;
  token =
    (await api.admin.loginOtp({ otp: await printedCode(server)(admin.a_email) })).token ?? null;
  return api;
}

const refusedHosts = async (server: TestServer) => {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  return Number(/^dealdesk_edge_refused_total\{reason="host"\} (\d+)$/m.exec(text)?.[1] ?? 0);
};

const misdirected = { status: false, message: misdirectedMessage };

describe('the allowed hosts', () => {
  const check = (overrides: Partial<ServerConfig>) =>
    hostsOf({
      ...testConfig({ dataDir: '', databaseUrl: null, drop: async () => {} }),
      ...overrides,
    });

  it('ignore the port, allow subdomains of a leading dot, and refuse what names no host', () => {
    const hosts = check({ allowedHosts: ['shop.example', '.deals.example', '::1'] });
    expect(hosts.allowed('Shop.Example:8443')).toBe('shop.example:8443');
    expect(hosts.allowed('deals.example')).toBe('deals.example');
    expect(hosts.allowed('m.deals.example')).toBe('m.deals.example');
    expect(hosts.allowed('[::1]:8080')).toBe('[::1]:8080');
    expect(hosts.allowed('XN--LS8H.deals.example')).toBe('xn--ls8h.deals.example');
    for (const host of ['evil.example', 'shop.example.evil', 'evildeals.example', 'localhost'])
      expect(hosts.allowed(host)).toBeNull();
    for (const host of [
      '<script>',
      'a b',
      // A-labels must be Punycode of a label that is not plain ASCII, whatever Node's URL
      // parser keeps (24.21's keeps the first).
      'xn--.deals.example',
      'xn--a-.deals.example',
      'xn--m-zz.deals.example',
      '[::1',
      '%00',
      'shop.example:99999',
    ])
      expect(hosts.allowed(host)).toBeNull();
    expect(hosts.allowed(undefined)).toBeNull();
  });

  it("allow this machine by default, and the public URL's host as well", () => {
    const laptop = check({});
    for (const host of ['localhost:8080', '127.0.0.1:8080', '[::1]:8080'])
      expect(laptop.allowed(host)).toBe(host);
    expect(check({ publicUrl: 'https://deals.example' }).allowed('deals.example')).toBe(
      'deals.example',
    );
  });
});

describe.each(dialects)('hosts and links on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let local: string;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database, { contentPollMs: 20 }));
    local = `localhost:${new URL(server.baseUrl).port}`;
    const admin = await signedInClient(server);
    await admin.stories.add({ insertData: story, image: sample('png') });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('refuses a Host off the list (421) before any answer is built or remembered', async () => {
    const refusedBefore = await refusedHosts(server);
    const evil = await getAs(server, 'evil.example', '/api/v1/app/home');
    expect(evil.status).toBe(421);
    expect(evil.opened()).toEqual(misdirected);

    // The allowed Host asked is the links' base.
    const home = await clientAs(server, local).app.home();
    expect(home).toMatchObject({ status: true, httpStatus: 200 });
    const { stories } = appHomeSchema.parse(home.data);
    expect(stories[0]?.image).toMatch(new RegExp(`^http://${local}/media/.+\\.png$`));

    // Asked again once an answer is remembered: still refused, never served from memory.
    expect((await getAs(server, 'evil.example', '/api/v1/app/home')).status).toBe(421);
    expect((await getAs(server, 'evil.example', '/')).status).toBe(421);
    expect(await refusedHosts(server)).toBe(refusedBefore + 3);
    // Load balancers ask the operations paths by the machine's address.
    expect((await getAs(server, '10.0.0.7:8080', '/health')).status).toBe(200);
  });

  it.each(['<script>', 'a b', 'xn--', '[::1', '%00', '127.0.0.1:99999'])(
    'answers a malformed Host %j with 421, never 500',
    async (host) => {
      const answer = await getAs(server, host, '/api/v1/app/home');
      expect(answer.status).toBe(421);
      expect(answer.opened()).toEqual(misdirected);
    },
  );

  it('mails invitation links to the allowed Host asked, and none for another', async () => {
    const token = await signIn(server, await createTestAdmin(server));
    const email = `invited.${dialect}@example.test`;
    const refused = await clientAs(server, 'evil.example', () => token).admin.inviteAdministrator({
      a_email: email,
    });
    expect(refused).toMatchObject({ ...misdirected, httpStatus: 421 });
    expect(server.printed.some((text) => text.includes(email))).toBe(false);

    const invited = await clientAs(server, local, () => token).admin.inviteAdministrator({
      a_email: email,
    });
    expect(invited.status).toBe(true);
    const mail = server.printed.find((text) => text.includes(email)) ?? '';
    expect(mail).toContain(`http://${local}/admin/panel/invite?token=`);
    expect(mail).not.toContain('evil');
  });
});

describe.each(dialects)('a public URL and an explicit list on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, {
        publicUrl: 'https://deals.example',
        allowedHosts: ['.internal.example'],
      }),
    );
    const admin = await signedInAs(server, 'deals.example');
    expect((await admin.stories.add({ insertData: story, image: sample('png') })).status).toBe(
      true,
    );
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('links to the public URL whatever allowed Host is asked, and refuses the rest', async () => {
    for (const host of ['deals.example', 'api.internal.example:8080']) {
      const home = await clientAs(server, host).app.home();
      expect(home).toMatchObject({ status: true, httpStatus: 200 });
      const { stories } = appHomeSchema.parse(home.data);
      expect(stories[0]?.image).toMatch(/^https:\/\/deals\.example\/media\/.+\.png$/);
    }
    // The list replaces the laptop's defaults.
    for (const host of ['localhost', '127.0.0.1', 'deals.example.evil'])
      expect((await getAs(server, host, '/api/v1/app/home')).status).toBe(421);
  });

  it('names the public URL as the OpenAPI server, never the Host asked', async () => {
    for (const path of ['/api/openapi.json', '/api/v1/app/openapi.json']) {
      const document = await getAs(server, 'api.internal.example', path);
      expect(JSON.parse(document.text)).toMatchObject({
        servers: [{ url: 'https://deals.example' }],
      });
    }
  });
});
