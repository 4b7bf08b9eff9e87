// Large JSON bodies in the built server, where they are opened and checked on a thread of their
// own, read only once the caller is let in (from TypeScript source, as in the other tests, the
// same check runs in the calling thread): the checked rows, the schema's message, an envelope
// that cannot be opened, a caller not let in, and an Idempotency-Key's repeat are answered as
// for a small body. On PostgreSQL: the process shares
// it with the in-process server that signs in and files the categories.
import {
  createApiClient,
  decryptResponse,
  encryptRequest,
  productMessages,
  type ApiClient,
  type ResponseEnvelope,
} from '@dealdesk/core';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCategory, addSubcategory } from '../modules/products/catalogue-fixtures.js';
import {
  clientFor,
  createTestAdmin,
  freshDatabase,
  signIn,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { builtServer, startServerProcess } from '../testing/processes.js';
import { offThreadBodyChars } from './envelope.js';
import { keyIdOf } from './envelope-keys.js';

describe.skipIf(!existsSync(builtServer))('a large body in the built server', () => {
  let database: TestDatabase;
  let editing: TestServer;
  let serving: Awaited<ReturnType<typeof startServerProcess>>;
  let token: string;
  let placement: { category: string; subcategory: string };
  const clientOn = (idempotencyKey?: string): ApiClient =>
    createApiClient({
      baseUrl: serving.baseUrl,
      apiKey: serving.config.apiKey,
      secret: serving.config.secret,
      token: () => token,
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    });
  let sent = 0;
  /** `count` rows, each with a page of its own: about 250 characters each once sealed. */
  const rows = (count: number) =>
    Array.from({ length: count }, () => {
      sent += 1;
      return {
        title: `Off-thread kurta ${sent}`,
        price: 499,
        og_price: 999,
        og_url: `https://shop.example.com/off-thread/${sent}`,
        ...placement,
        images: [`https://cdn.example.com/off-thread/${sent}.jpg`],
      };
    });
  const productCount = async () =>
    (await clientFor(editing, () => token).products.list({ limit: 1 })).totalRecord;
  /** Large bodies the built server sent to its body thread (GET /metrics). */
  const largeBodiesSent = async () => {
    const metrics = await (await fetch(`${serving.baseUrl}/metrics`)).text();
    return Number(/^dealdesk_large_bodies_total (\d+)$/m.exec(metrics)?.[1]);
  };

  beforeAll(async () => {
    database = await freshDatabase('postgres');
    const config = testConfig(database, { previousSecret: randomBytes(32).toString('hex') });
    editing = await startTestServer(config);
    token = await signIn(editing, await createTestAdmin(editing));
    const api = clientFor(editing, () => token);
    const category = await addCategory(api);
    const subcategory = await addSubcategory(api, category);
    placement = { category: category._id, subcategory: subcategory._id };
    serving = await startServerProcess(config);
  });
  afterAll(async () => {
    await serving.stop();
    await editing.close();
    await database.drop();
  });

  it('reads no body while the caller is looked up, and checks it on the body thread after', async () => {
    const products = rows(2_000);
    expect(JSON.stringify(products).length).toBeGreaterThan(offThreadBodyChars);
    const before = await largeBodiesSent();
    // The caller's look-up waits for the tokens, as it waits behind an import's transaction.
    const holder = new pg.Client({ connectionString: database.databaseUrl ?? '' });
    await holder.connect();
    await holder.query('BEGIN; LOCK TABLE auth_tokens IN ACCESS EXCLUSIVE MODE');
    const answer = clientOn().products.bulk({ products });
    // Once the look-up waits for the lock, the body has not gone to the body thread.
    const waiting = async () =>
      (
        await holder.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted',
        )
      ).rows[0]?.n;
    await expect.poll(waiting, { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await largeBodiesSent()).toBe(before);
    await holder.query('COMMIT');
    await holder.end();
    expect(await answer).toMatchObject({ status: true, created: 2_000 });
    expect(await largeBodiesSent()).toBe(before + 1);
    expect(await productCount()).toBe(2_000);
  });

  it('writes nothing for a caller not let in, its large body checked or not', async () => {
    const products = rows(2_000);
    const response = await fetch(`${serving.baseUrl}/api/App/product/bulk`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': serving.config.apiKey,
        authorization: 'Bearer not-a-token',
      },
      body: JSON.stringify(encryptRequest({ products }, serving.config.secret)),
    });
    expect(response.status).toBe(401);
    expect(await productCount()).toBe(2_000);
  });

  it("answers the schema's message for a wrong row, and writes none", async () => {
    const products = rows(2_000).map((row, index) =>
      index === 1_234 ? { ...row, price: -1 } : row,
    );
    const answer = await clientOn().products.bulk({ products });
    expect(answer).toMatchObject({ status: false, message: productMessages.priceMin });
    expect(await productCount()).toBe(2_000);
  });

  it('answers 400 for a large envelope that cannot be opened', async () => {
    const sealed = encryptRequest({ products: rows(2_000) }, serving.config.secret);
    const broken = `${sealed.encryptedData.slice(0, -8)}!!!!!!!!`;
    const response = await fetch(`${serving.baseUrl}/api/App/product/bulk`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': serving.config.apiKey,
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({ encryptedData: broken }),
    });
    expect(response.status).toBe(400);
    expect(await clientOn().products.list({ limit: 1 })).toMatchObject({ totalRecord: 2_000 });
  });

  it("answers an Idempotency-Key's repeat with the first answer, writing once", async () => {
    const products = rows(2_000);
    const first = await clientOn('off-thread-import').products.bulk({ products });
    const again = await clientOn('off-thread-import').products.bulk({ products });
    expect(first).toMatchObject({ status: true, created: 2_000 });
    expect(again).toEqual(first);
    expect(await productCount()).toBe(4_000);
  });

  it('opens a large body on the body thread with the envelope key its request named', async () => {
    const previous = serving.config.previousSecret ?? '';
    const before = await largeBodiesSent();
    const response = await fetch(`${serving.baseUrl}/api/App/product/bulk`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': serving.config.apiKey,
        'x-dealdesk-key': keyIdOf(previous),
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(encryptRequest({ products: rows(2_000) }, previous)),
    });
    expect(response.status).toBe(200);
    const answer = decryptResponse((await response.json()) as ResponseEnvelope, previous);
    expect(answer).toMatchObject({ status: true, created: 2_000 });
    expect(await productCount()).toBe(6_000);
    expect(await largeBodiesSent()).toBe(before + 1);
  });
});
