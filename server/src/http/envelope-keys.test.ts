// A key rotation over real HTTP: a server holding DEALDESK_SECRET and DEALDESK_PREVIOUS_SECRET
// seals each answer (published or made per request) and opens each body under the key the
// app names with X-Dealdesk-Key, the current one when it names none; each key's answer has its
// own ETag and 304, from the front cache too; a key id not held is refused in plain JSON
// before the body is read; and /metrics counts both, to tell when the previous key can go.
import { decryptResponse, encryptRequest } from '@dealdesk/core';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { ask, metric } from '../testing/wire.js';
import { trackableItems } from '../modules/tracking/testing.js';
import { keyIdOf } from './envelope-keys.js';

const home = '/api/v1/app/home';
const keyRequests = (key: string) => `dealdesk_envelope_key_requests_total{key="${key}"}`;
const openedWith = (secret: string, body: Buffer) =>
  decryptResponse(JSON.parse(body.toString('utf8')), secret);

describe.each(dialects)('envelope keys during a rotation on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  const previous = randomBytes(32).toString('hex');
  let current: string;
  const named = (secret: string) => ({ 'x-dealdesk-key': keyIdOf(secret) });
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database, { previousSecret: previous }));
    current = server.config.secret;
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('seals a published answer under the key named, each with its own ETag and 304', async () => {
    const asIs = await ask(server, home);
    expect(openedWith(current, asIs.body)).toMatchObject({ status: true, message: 'Home' });
    expect(asIs.headers.vary).toMatch(/X-Dealdesk-Key/);
    // Naming the current key is not naming one: the same representation.
    const currentNamed = await ask(server, home, named(current));
    expect(currentNamed.body.equals(asIs.body)).toBe(true);
    expect(currentNamed.headers.etag).toBe(asIs.headers.etag);

    const before = await metric(server, keyRequests('previous'), 0);
    const old = await ask(server, home, named(previous));
    expect(old.status).toBe(200);
    expect(openedWith(previous, old.body)).toEqual(openedWith(current, asIs.body));
    expect(old.headers.etag).toBe(`${asIs.headers.etag?.slice(0, -1)}-k${keyIdOf(previous)}"`);
    // Its ETag is its own: 304 for it, from the front cache as from Fastify, twice.
    for (let again = 0; again < 2; again += 1) {
      const held = { ...named(previous), 'if-none-match': String(old.headers.etag) };
      expect((await ask(server, home, held)).status).toBe(304);
    }
    const other = { ...named(previous), 'if-none-match': String(asIs.headers.etag) };
    expect((await ask(server, home, other)).status).toBe(200);
    expect(await metric(server, keyRequests('previous'))).toBe(before + 4);
  });

  it('opens a body and seals its answer under the previous key when it is named', async () => {
    const [banner = ''] = await trackableItems(server.app.dealdesk.context.db, 'banner');
    const events = { events: [{ kind: 'banner', id: banner, event: 'view' }] };
    const sealed = JSON.stringify(encryptRequest(events, previous));
    const json = { 'content-type': 'application/json' };
    const tracked = await ask(
      server,
      '/api/App/track',
      { ...json, ...named(previous) },
      'POST',
      sealed,
    );
    expect(tracked.status).toBe(200);
    expect(openedWith(previous, tracked.body)).toMatchObject({ status: true, accepted: 1 });
    // The same body without the key named cannot be opened with the current key.
    const unnamed = await ask(server, '/api/App/track', json, 'POST', sealed);
    expect(unnamed.status).toBe(400);
  });

  it('refuses a key id it does not hold in plain JSON, naming the ones it holds', async () => {
    const before = await metric(server, keyRequests('unknown'), 0);
    const stranger = named(randomBytes(32).toString('hex'));
    for (const path of [home, home, '/api/v1/app/products?limit=1']) {
      const refused = await ask(server, path, stranger);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body.toString('utf8'))).toEqual({
        status: false,
        message: expect.stringContaining(`it holds ${keyIdOf(current)}, ${keyIdOf(previous)}`),
      });
    }
    expect(await metric(server, keyRequests('unknown'))).toBe(before + 3);
  });
});
