import { mkdir, writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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

  it('serves the API key and secret the server runs with, revalidated, without an API key', async () => {
    const response = await fetch(`${server.baseUrl}/config.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
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

/** An answer as it came over the wire: fetch would ask for and undo compression itself. */
interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function rawRequest(
  baseUrl: string,
  path: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const asked = request(new URL(path, baseUrl), { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    });
    asked.on('error', reject).end();
  });
}

describe('the web build on the wire', () => {
  const script = `export const screen = ${JSON.stringify('login '.repeat(2000))};\n`;
  const asset = '/assets/index-Ab12Cd34.js';
  const page = '<!doctype html><title>Dealdesk</title>'.padEnd(4000, ' ');
  let database: TestDatabase;
  let server: TestServer;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    rawRequest(server.baseUrl, path, headers, method);

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    const webDistDir = join(database.dataDir, 'web');
    await mkdir(join(webDistDir, 'assets'), { recursive: true });
    // As web/vite.config.ts leaves a build: each text file beside its .br and .gz copies.
    for (const [file, text] of [
      [asset, script],
      ['/index.html', page],
    ] as const) {
      await writeFile(join(webDistDir, file), text);
      await writeFile(join(webDistDir, `${file}.br`), brotliCompressSync(text));
      await writeFile(join(webDistDir, `${file}.gz`), gzipSync(text));
    }
    server = await startTestServer(testConfig(database, { webDistDir }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('sends a hashed asset brotli-compressed, varying by Accept-Encoding, kept for good', async () => {
    const answer = await get(asset, { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.body.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends gzip when br is refused, and the file itself when neither is accepted', async () => {
    const gzipped = await get(asset, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).toString()).toBe(script);

    const neither: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'identity' },
      { 'accept-encoding': 'br;q=0' },
    ];
    for (const accepted of neither) {
      const plain = await get(asset, accepted);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['vary']).toMatch(/accept-encoding/i);
      expect(plain.body.toString()).toBe(script);
    }
  });

  it('answers a HEAD with the headers of the brotli copy and no body', async () => {
    const head = await get(asset, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(head.body.length).toBe(0);
  });

  it("has the browser revalidate index.html, at / and at a screen's path, answering 304", async () => {
    for (const path of ['/', '/admin/panel/login']) {
      const first = await get(path, { 'accept-encoding': 'br' });
      expect(first.status).toBe(200);
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(first.body).toString()).toBe(page);
      const etag = first.headers.etag ?? '';
      expect(etag).not.toBe('');
      const again = await get(path, { 'accept-encoding': 'br', 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
    }
  });

  it('has the browser revalidate config.js, answering 304 to its ETag', async () => {
    const first = await get('/config.js');
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag ?? '';
    expect(etag).not.toBe('');
    const again = await get('/config.js', { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});
