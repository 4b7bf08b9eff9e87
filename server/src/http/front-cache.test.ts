// The content API's kept answers over real HTTP: one answer per call and known query whatever
// else a URL carries, within DEALDESK_CONTENT_CACHE_BYTES however many queries are asked, and
// still the right answer (ETag, 304) after others were let go. Served from memory is told by
// the metrics: those answers are counted but not timed (operations/metrics.ts).
import { decryptResponse, type ApiClient } from '@dealdesk/core';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { addCategory, addProduct, addSubcategory } from '../modules/products/catalogue-fixtures.js';
import { signedInClient } from '../modules/stories/testing.js';
import { answeredByFastify, metric } from '../testing/wire.js';

/** A change shows within this (the counters are read every 20 ms here). */
const withinASecond = { timeout: 1_000, interval: 20 };

/** A GET with the API key and any headers (Host included), over node:http. */
function ask(server: TestServer, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; etag: string; text: string }>((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    request(url, { headers: { 'x-api-key': server.config.apiKey, ...headers } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () =>
        resolve({ status: response.statusCode ?? 0, etag: String(response.headers.etag), text }),
      );
    })
      .once('error', reject)
      .end();
  });
}

/**
 * Asks until the answer comes from memory. A first build may be out of date at once: it may
 * write defaults that move a counter (the controller's row), read here at once rather than at
 * the next poll; and home's first build after a start is built again.
 */
async function fromMemory(server: TestServer, path: string, route: string, headers = {}) {
  await ask(server, path, headers);
  await server.app.dealdesk.context.changes.refresh();
  await expect
    .poll(async () => {
      const built = await answeredByFastify(server, route);
      await ask(server, path, headers);
      return (await answeredByFastify(server, route)) - built;
    }, withinASecond)
    .toBe(0);
}

const opened = (server: TestServer, text: string) =>
  decryptResponse(JSON.parse(text), server.config.secret) as { data: unknown };

describe.each(dialects)('the content cache on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, { contentPollMs: 20, publicUrl: 'https://cdn.deals.example' }),
    );
    admin = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('keeps one answer for the known parameters, whatever their order, defaults and unknown ones', async () => {
    const shelf = await addSubcategory(admin, await addCategory(admin, 'Pantry'), 'Tea');
    await addProduct(admin, shelf, { title: 'Green tea' });
    const path = '/api/v1/app/products';
    await expect
      .poll(
        async () => opened(server, (await ask(server, `${path}?q=tea`)).text).data,
        withinASecond,
      )
      .toMatchObject([{ title: 'Green tea' }]);
    await fromMemory(server, `${path}?q=tea`, path);
    const first = await ask(server, `${path}?q=tea`);
    const entries = await metric(server, 'dealdesk_content_cache_entries');
    const built = await answeredByFastify(server, path);

    for (const query of [
      'limit=20&q=tea',
      'q=tea&limit=20',
      'q=tea&_=1732700000',
      'utm_source=push&q=tea&cachebuster=%3Cscript%3E',
    ]) {
      const again = await ask(server, `${path}?${query}`);
      expect(again).toEqual(first);
    }
    expect(await answeredByFastify(server, path)).toBe(built);
    expect(await metric(server, 'dealdesk_content_cache_entries')).toBe(entries);

    // A known parameter the schema refuses is still the call's 400, never kept.
    const refused = await ask(server, `${path}?q=tea&limit=lots`);
    expect(refused.status).toBe(400);
    expect(opened(server, refused.text)).toMatchObject({ status: false });
    expect(await metric(server, 'dealdesk_content_cache_entries')).toBe(entries);
  });

  it('answers every Host from one kept answer while links come from DEALDESK_PUBLIC_URL', async () => {
    const path = '/api/v1/app/policy/terms';
    const { port } = new URL(server.baseUrl);
    await fromMemory(server, path, path, { host: `127.0.0.1:${port}` });
    const first = await ask(server, path, { host: `127.0.0.1:${port}` });
    expect(first.status).toBe(200);
    const built = await answeredByFastify(server, path);
    for (const host of [`localhost:${port}`, `LocalHost:${port}`, 'localhost'])
      expect(await ask(server, path, { host })).toEqual(first);
    expect(await answeredByFastify(server, path)).toBe(built);
  });
});

describe.each(dialects)('the content cache within a small budget on %s', (dialect) => {
  const budget = 16 * 1024;
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    // No public URL: the Host asked is part of the key, lowercased.
    server = await startTestServer(testConfig(database, { contentCacheBytes: budget }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('stays within its bytes however many queries are asked, letting the least recently used go', async () => {
    const path = '/api/v1/app/products';
    const pages = Array.from({ length: 40 }, (_, index) => `${path}?q=word${index}`);
    const firstAnswer = await ask(server, pages[0] ?? '');
    for (const page of pages) expect((await ask(server, page)).status).toBe(200);

    expect(await metric(server, 'dealdesk_content_cache_bytes')).toBeLessThanOrEqual(budget);
    expect(await metric(server, 'dealdesk_content_cache_entries')).toBeLessThan(budget / 1024);
    expect(await metric(server, 'dealdesk_content_cache_evictions_total')).toBeGreaterThan(40);

    // The last page asked is still kept: sent from memory, and 304 to its ETag.
    const built = await answeredByFastify(server, path);
    const last = await ask(server, pages.at(-1) ?? '');
    expect(last.status).toBe(200);
    const unchanged = await ask(server, pages.at(-1) ?? '', { 'if-none-match': last.etag });
    expect(unchanged).toMatchObject({ status: 304, etag: last.etag, text: '' });
    expect(await answeredByFastify(server, path)).toBe(built);
    // The first was let go: built again, the same answer.
    expect(await ask(server, pages[0] ?? '')).toEqual(firstAnswer);
    expect(await answeredByFastify(server, path)).toBe(built + 1);
  });

  it('keeps the Host asked in its lowercased form', async () => {
    const path = '/api/v1/app/home';
    const { port } = new URL(server.baseUrl);
    await fromMemory(server, path, path, { host: `localhost:${port}` });
    const first = await ask(server, path, { host: `localhost:${port}` });
    expect(first.status).toBe(200);
    const built = await answeredByFastify(server, path);
    expect(await ask(server, path, { host: `LocalHost:${port}` })).toEqual(first);
    expect(await answeredByFastify(server, path)).toBe(built);
  });
});

describe.each(dialects)('the content cache with a budget of 0 on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database, { contentCacheBytes: 0 }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('keeps no answer larger than its budget, and still answers with the ETag and 304', async () => {
    const path = '/api/v1/app/policy/privacy';
    const first = await ask(server, path);
    expect(first.status).toBe(200);
    const built = await answeredByFastify(server, path);
    expect(await ask(server, path)).toEqual(first);
    const unchanged = await ask(server, path, { 'if-none-match': first.etag });
    expect(unchanged).toMatchObject({ status: 304, etag: first.etag, text: '' });
    // Both built by Fastify again (the 304 counted under its own status).
    expect(await answeredByFastify(server, path)).toBe(built + 1);
    expect(await metric(server, 'dealdesk_content_cache_entries')).toBe(0);
    expect(await metric(server, 'dealdesk_content_cache_bytes')).toBe(0);
    expect(await metric(server, 'dealdesk_content_cache_evictions_total')).toBeGreaterThan(0);
  });
});
