import {
  decryptResponse,
  encryptRequest,
  imageMaxBytes,
  imageRule,
  isResponseEnvelope,
  type ApiResult,
} from '@dealdesk/core';
import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../modules/auth/messages.js';
import {
  createTestAdmin,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { serverFailureMessage } from './errors.js';
import { notFoundMessage } from './static.js';
import { uploadSpool } from './uploads.js';

/** A real 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Decrypts an answer as the clients do. */
function opened(body: unknown, secret: string): ApiResult & Record<string, unknown> {
  if (!isResponseEnvelope(body)) throw new Error(`not an envelope: ${JSON.stringify(body)}`);
  return decryptResponse(body, secret) as ApiResult & Record<string, unknown>;
}

const padded = (bytes: Buffer, size: number) =>
  Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);

describe.each(dialects)('HTTP conventions on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  /** Bytes the server read of the last test upload. */
  let uploadBytesRead = 0;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    const webDistDir = join(database.dataDir, 'web');
    await mkdir(join(webDistDir, 'assets'), { recursive: true });
    await writeFile(join(webDistDir, 'index.html'), '<!doctype html><title>Dealdesk</title>');
    await writeFile(join(webDistDir, 'assets', 'app.js'), 'console.log("app")');
    const uploads = uploadSpool(join(database.dataDir, 'test-incoming'));
    server = await startTestServer(testConfig(database, { webDistDir }), (app) => {
      app.addHook('onRequest', async (request) => {
        if (request.url !== '/api/test/upload') return;
        uploadBytesRead = 0;
        request.raw.on('data', (chunk: Buffer) => {
          uploadBytesRead += chunk.length;
        });
      });
      app.post('/api/test/upload', async (request) => {
        const form = await uploads.read(request, { image: imageRule });
        try {
          const urls = await Promise.all(
            form.lists.image.map((file) => app.dealdesk.context.media.save(file)),
          );
          return { status: true, message: 'stored', urls, fields: form.input };
        } finally {
          await form.discard();
        }
      });
      app.get('/api/test/failure', async () => {
        throw new Error('database password is hunter2');
      });
    });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  /** A raw call, to send what the core's client never would; answers the decrypted envelope. */
  async function call(path: string, init: RequestInit & { apiKey?: string | null } = {}) {
    const { apiKey = server.config.apiKey, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (apiKey !== null) headers.set('x-api-key', apiKey);
    const response = await fetch(`${server.baseUrl}${path}`, { ...rest, headers });
    const body: unknown = await response.json();
    return {
      httpStatus: response.status,
      body,
      answer: opened(body, server.config.secret),
    };
  }

  const postJson = (path: string, body: unknown, apiKey?: string | null) =>
    call(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      apiKey,
    });

  it('refuses a missing or wrong API key with 403 and a message', async () => {
    expect(await call('/api/admin/Authorization', { apiKey: null })).toMatchObject({
      httpStatus: 403,
      answer: { status: false, message: 'API key is missing' },
    });
    expect(await call('/api/admin/Authorization', { apiKey: 'wrong' })).toMatchObject({
      httpStatus: 403,
      answer: { status: false, message: 'Invalid API key' },
    });
  });

  it('answers every call as an encrypted envelope', async () => {
    const { body } = await call('/api/admin/Authorization');
    expect(Object.keys(body as object).sort()).toEqual(['encrypted', 'iv']);
    expect(JSON.stringify(body)).not.toContain('status');
  });

  it('takes the envelope and plain JSON alike', async () => {
    const credentials = { a_id: 'nobody', a_password: 'whatever' };
    const sealed = await postJson(
      '/api/admin/login',
      encryptRequest(credentials, server.config.secret),
    );
    const plain = await postJson('/api/admin/login', credentials);
    for (const result of [sealed, plain]) {
      expect(result).toMatchObject({
        httpStatus: 401,
        answer: { message: messages.wrongCredentials },
      });
    }
  });

  it('refuses a tampered, malformed or foreign envelope with 400 and a clear message', async () => {
    const sealed = encryptRequest({ a_id: 'admin', a_password: 'secret-pw' }, server.config.secret);
    const [iv = '', ciphertext = ''] = sealed.encryptedData.split(':');
    const flipped = `${ciphertext.slice(0, 4)}${ciphertext[4] === 'A' ? 'B' : 'A'}${ciphertext.slice(5)}`;
    const foreign = encryptRequest({ a_id: 'admin' }, 'ab'.repeat(32));
    for (const encryptedData of [`${iv}:${flipped}`, 'not-an-envelope', foreign.encryptedData]) {
      const result = await postJson('/api/admin/login', { encryptedData });
      expect(result.httpStatus).toBe(400);
      expect(result.answer.status).toBe(false);
      expect(result.answer.message).toMatch(/envelope|decrypt/i);
    }
  });

  it('names what is wrong: the envelope, the key, or text that is not JSON', async () => {
    const key = Buffer.from(server.config.secret, 'hex');
    const seal = (text: string, withKey = key) => {
      const iv = randomBytes(16);
      const cipher = createCipheriv('aes-256-cbc', withKey, iv);
      const ciphertext = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
      return `${iv.toString('hex')}:${ciphertext.toString('base64')}`;
    };
    const messageFor = async (encryptedData: string) =>
      (await postJson('/api/admin/login', { encryptedData })).answer.message;
    expect(await messageFor(seal('a_id=admin'))).toBe('The decrypted request is not JSON');
    expect(await messageFor(`${'0'.repeat(32)}:not base64!`)).toBe(
      'The request envelope is malformed: expected encryptedData as "<iv hex>:<ciphertext base64>"',
    );
    // Another key: the padding (or, rarely, the UTF-8) gives it away, never a JSON error.
    for (let attempt = 0; attempt < 20; attempt += 1)
      expect(await messageFor(seal('{"a_id":"admin"}', randomBytes(32)))).toBe(
        'The request could not be decrypted: the envelope is corrupted or was encrypted with another key',
      );
  });

  it('refuses a body that is not JSON with 400', async () => {
    const result = await call('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a_id": ',
    });
    expect(result).toMatchObject({
      httpStatus: 400,
      answer: { status: false, message: 'The request body is not valid JSON' },
    });
  });

  it('answers an unknown API path with 404 in the envelope', async () => {
    expect(await call('/api/no/such/call')).toMatchObject({
      httpStatus: 404,
      answer: { status: false, message: notFoundMessage },
    });
  });

  it('answers an unexpected failure with 500 and no detail', async () => {
    const result = await call('/api/test/failure');
    expect(result).toMatchObject({
      httpStatus: 500,
      answer: { status: false, message: serverFailureMessage },
    });
    expect(JSON.stringify(result.answer)).not.toMatch(/hunter2|at /);
  });

  describe('uploads', () => {
    const upload = (bytes: Buffer, filename: string, field = 'image') => {
      const form = new FormData();
      form.append('name', 'banner one');
      form.append(field, new Blob([bytes], { type: 'image/png' }), filename);
      return call('/api/test/upload', { method: 'POST', body: form });
    };

    it('stores a real image under a generated name, served with its type and nosniff', async () => {
      const result = await upload(png, '../../evil name.png');
      expect(result).toMatchObject({
        httpStatus: 200,
        answer: { status: true, fields: { name: 'banner one' } },
      });
      const [url] = result.answer.urls as string[];
      expect(url).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);

      const served = await fetch(`${server.baseUrl}${url}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(png);
    });

    it('judges a file by its bytes: a .png name on other bytes is refused with 415', async () => {
      const result = await upload(Buffer.from('<script>alert(1)</script>'), 'photo.png');
      expect(result).toMatchObject({
        httpStatus: 415,
        answer: { status: false, message: imageRule.typeMessage },
      });
    });

    it('accepts a file of exactly the limit and refuses one byte more with 413', async () => {
      expect((await upload(padded(png, imageMaxBytes), 'big.png')).httpStatus).toBe(200);
      const result = await upload(padded(png, imageMaxBytes + 1), 'big.png');
      expect(result).toMatchObject({
        httpStatus: 413,
        answer: { status: false, message: imageRule.sizeMessage },
      });
    });

    it('answers 413 before reading the whole of a huge upload', async () => {
      const huge = padded(png, 40 * 1024 * 1024);
      const result = await upload(huge, 'huge.png');
      expect(result).toMatchObject({ httpStatus: 413, answer: { message: imageRule.sizeMessage } });
      // Socket buffers hold a few MB more on a busy machine; never the whole 40 MB.
      expect(uploadBytesRead).toBeLessThan(huge.length / 4);
    });

    it('refuses a file field the route does not expect, and a body that is not multipart', async () => {
      expect(await upload(png, 'a.png', 'other')).toMatchObject({ httpStatus: 400 });
      expect((await postJson('/api/test/upload', { image: 'x' })).httpStatus).toBe(400);
    });

    it('serves no media that does not exist, and nothing outside the media folder', async () => {
      expect((await fetch(`${server.baseUrl}/media/missing.png`)).status).toBe(404);
      const escape = await fetch(`${server.baseUrl}/media/..%2fdev-keys.json`);
      expect(escape.status).toBe(404);
    });
  });

  it('serves the web app, with index.html for its client-side routes', async () => {
    const home = await fetch(`${server.baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Dealdesk</title>');
    const route = await fetch(`${server.baseUrl}/admin/panel/login`);
    expect(route.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await route.text()).toContain('<title>Dealdesk</title>');
    const asset = await fetch(`${server.baseUrl}/assets/app.js`);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });
});

describe('graceful shutdown', () => {
  it('finishes the requests in flight, then closes the database', async () => {
    const database = await freshDatabase('sqlite');
    const server = await startTestServer(testConfig(database), (app) => {
      app.get('/api/test/slow', async () => {
        await sleep(300);
        // Still in flight when shutdown began: the database must still be open.
        const admins = await app.dealdesk.context.db.selectFrom('admins').selectAll().execute();
        return { status: true, message: 'done', admins: admins.length };
      });
    });
    await createTestAdmin(server);
    const inFlight = fetch(`${server.baseUrl}/api/test/slow`, {
      headers: { 'x-api-key': server.config.apiKey },
    });
    await sleep(50);
    await server.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(opened(await response.json(), server.config.secret)).toMatchObject({
      message: 'done',
      admins: 1,
    });
    await expect(
      server.app.dealdesk.context.db.selectFrom('admins').selectAll().execute(),
    ).rejects.toThrow();
    await database.drop();
  });
});
