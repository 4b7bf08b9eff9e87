// Bytes on the wire, over node:http (which never decompresses): br and gzip by Accept-Encoding
// with Vary, the compact envelope on X-Dealdesk-Envelope: 2 (DEFLATE before sealing), each
// representation with its own strong ETag, the front cache keeping every representation within
// its budget, DEALDESK_APP_ENVELOPE=off, and the admin API compressed when asked.
import { decryptResponse } from '@dealdesk/core';
import { createDecipheriv } from 'node:crypto';
import { brotliDecompressSync, gunzipSync, inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { addCategory, addProduct, addSubcategory } from '../modules/products/catalogue-fixtures.js';
import { clientFor } from '../testing/harness.js';
import { answeredByFastify, ask, metric, type Answer } from '../testing/wire.js';

/** The compact envelope opened as a phone would: decrypt, then inflate (RFC 1951). */
function openCompact(body: Buffer, secret: string): unknown {
  const { encrypted, iv } = JSON.parse(body.toString('utf8')) as { encrypted: string; iv: string };
  const decipher = createDecipheriv(
    'aes-256-cbc',
    Buffer.from(secret, 'hex'),
    Buffer.from(iv, 'hex'),
  );
  const deflated = Buffer.concat([decipher.update(encrypted, 'base64'), decipher.final()]);
  return JSON.parse(inflateRawSync(deflated).toString('utf8'));
}

const opened = (server: TestServer, body: Buffer) =>
  decryptResponse(JSON.parse(body.toString('utf8')), server.config.secret);

const home = '/api/v1/app/home';
const withinASecond = { timeout: 1_000, interval: 20 };

describe.each(dialects)('bytes on the wire on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, { contentPollMs: 20, publicUrl: 'https://cdn.deals.example' }),
    );
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** The identity answer once it is current (a first build may be built again). */
  async function identity(): Promise<Answer> {
    await ask(server, home);
    await server.app.dealdesk.context.changes.refresh();
    return ask(server, home);
  }

  it('compresses an app answer with br or gzip as asked, to the identity bytes, with Vary', async () => {
    const plain = await identity();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(opened(server, plain.body)).toMatchObject({ status: true });

    const br = await ask(server, home, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    expect(br.headers.etag).toBe(`${plain.headers.etag?.slice(0, -1)}-br"`);

    // br refused by q=0: gzip.
    const gzip = await ask(server, home, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(gzip.headers.etag).toBe(`${plain.headers.etag?.slice(0, -1)}-gz"`);

    const none = await ask(server, home, { 'accept-encoding': 'identity' });
    expect(none.body.equals(plain.body)).toBe(true);
    expect(none.headers.etag).toBe(plain.headers.etag);
  });

  it('seals the DEFLATEd JSON on X-Dealdesk-Envelope: 2 and echoes the header', async () => {
    const plain = await identity();
    const compact = await ask(server, home, { 'x-dealdesk-envelope': '2' });
    expect(compact.headers['x-dealdesk-envelope']).toBe('2');
    expect(plain.headers['x-dealdesk-envelope']).toBeUndefined();
    expect(openCompact(compact.body, server.config.secret)).toEqual(opened(server, plain.body));
    expect(compact.headers.etag).toBe(`${plain.headers.etag?.slice(0, -1)}-e2"`);

    const both = await ask(server, home, { 'x-dealdesk-envelope': '2', 'accept-encoding': 'br' });
    expect(both.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(both.body).equals(compact.body)).toBe(true);

    // An answer made per request, a refusal, comes compact as well.
    const refused = await ask(server, home, { 'x-api-key': 'wrong', 'x-dealdesk-envelope': '2' });
    expect(refused.status).toBe(403);
    expect(refused.headers['x-dealdesk-envelope']).toBe('2');
    expect(refused.headers.vary).toBe('X-Dealdesk-Envelope, X-Dealdesk-Key, Accept-Encoding');
    expect(openCompact(refused.body, server.config.secret)).toMatchObject({ status: false });
  });

  it("answers 304 to a representation's own ETag only, with the same Vary", async () => {
    const plain = await identity();
    const asked = { 'accept-encoding': 'br' };
    const br = await ask(server, home, asked);
    const again = await ask(server, home, { ...asked, 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe(br.headers.vary);
    // The identity answer's tag does not name the br representation.
    const other = await ask(server, home, {
      ...asked,
      'if-none-match': String(plain.headers.etag),
    });
    expect(other.status).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('serves the compressed representations from memory, counted in the budget', async () => {
    await identity();
    const asked = { 'accept-encoding': 'gzip', 'x-dealdesk-envelope': '2' };
    const before = await metric(server, 'dealdesk_content_cache_bytes');
    const first = await ask(server, home, asked);
    // The new representation is kept with the answer, and its bytes counted.
    expect(await metric(server, 'dealdesk_content_cache_bytes')).toBeGreaterThanOrEqual(
      before + first.body.length,
    );
    const built = await answeredByFastify(server, home);
    const again = await ask(server, home, asked);
    expect(again.body.equals(first.body)).toBe(true);
    expect(await answeredByFastify(server, home)).toBe(built);
  });

  it('compresses the admin API when asked, and a small refusal never', async () => {
    const admin = await createTestAdmin(server);
    const token = await signIn(server, admin);
    const catalogue = clientFor(server, () => token);
    const shelf = await addSubcategory(catalogue, await addCategory(catalogue, 'Pantry'), 'Tea');
    for (const title of ['Green tea', 'Black tea', 'White tea', 'Oolong tea'])
      await addProduct(catalogue, shelf, { title });
    const path = '/api/App/product?limit=10';
    const bearer = { authorization: `Bearer ${token}` };
    const plain = await ask(server, path, bearer);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await ask(server, path, { ...bearer, 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const list = opened(server, brotliDecompressSync(br.body)) as { data: unknown[] };
    expect(list.data).toHaveLength(4);

    const gzip = await ask(server, path, { ...bearer, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(opened(server, gunzipSync(gzip.body))).toMatchObject({ status: true });

    // A refusal is small: sent as it is.
    const refused = await ask(server, path, { 'accept-encoding': 'br' });
    expect(refused.status).toBe(401);
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(opened(server, refused.body)).toMatchObject({ status: false });
  });
});

describe.each(dialects)('DEALDESK_APP_ENVELOPE=off on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, {
        contentPollMs: 20,
        publicUrl: 'https://cdn.deals.example',
        appEnvelope: false,
      }),
    );
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it("answers the app's calls as plain JSON and the admin calls sealed", async () => {
    const answer = await ask(server, home, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(answer.body).toString('utf8'))).toMatchObject({
      status: true,
      data: { banners: [] },
    });
    // The same from memory, whatever envelope is asked.
    await server.app.dealdesk.context.changes.refresh();
    await expect
      .poll(async () => JSON.parse((await ask(server, home)).body.toString('utf8')), withinASecond)
      .toMatchObject({ status: true });
    const compact = await ask(server, home, { 'x-dealdesk-envelope': '2' });
    expect(compact.headers['x-dealdesk-envelope']).toBeUndefined();
    expect(JSON.parse(compact.body.toString('utf8'))).toMatchObject({ status: true });

    const wrongKey = await ask(server, home, { 'x-api-key': 'wrong' });
    expect(wrongKey.status).toBe(403);
    expect(JSON.parse(wrongKey.body.toString('utf8'))).toMatchObject({ status: false });

    const tracked = await ask(
      server,
      '/api/App/track',
      { 'content-type': 'application/json' },
      'POST',
      JSON.stringify({ events: [] }),
    );
    expect(tracked.status).toBe(400);
    expect(JSON.parse(tracked.body.toString('utf8'))).toMatchObject({ status: false });

    const adminCall = await ask(server, '/api/App/product?limit=10');
    expect(adminCall.status).toBe(401);
    expect(opened(server, adminCall.body)).toMatchObject({ status: false });
  });
});
