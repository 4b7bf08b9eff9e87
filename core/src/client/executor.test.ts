import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { networkErrorMessage } from '../constants.js';
import { encryptResponse } from '../envelope/index.js';
import { command, envelope, multipart, plainJson } from './command.js';
import { createExecutor } from './executor.js';
import {
  defaultReply,
  envelopeBody,
  formBody,
  jsonBody,
  startTestServer,
  type TestServer,
} from './test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(() => server.replyWith(defaultReply));

const failure = (httpStatus: number) => ({
  status: false,
  message: networkErrorMessage,
  httpStatus,
});

describe('headers', () => {
  it('sends the API key on every call, and the bearer token only on bearer calls', async () => {
    const execute = createExecutor({ ...server, token: 'the-token' });
    await execute(command({ method: 'GET', path: '/with', auth: 'bearer' }));
    expect(server.lastCall().headers).toMatchObject({
      'x-api-key': server.apiKey,
      authorization: 'Bearer the-token',
    });
    await execute(command({ method: 'GET', path: '/without', auth: 'none' }));
    expect(server.lastCall().headers['x-api-key']).toBe(server.apiKey);
    expect(server.lastCall().headers).not.toHaveProperty('authorization');
  });

  it('reads a token function at every call, and sends no header while it has none', async () => {
    let token: string | null | undefined = null;
    const execute = createExecutor({ ...server, token: () => token });
    const call = command({ method: 'GET', path: '/me', auth: 'bearer' });
    await execute(call);
    expect(server.lastCall().headers).not.toHaveProperty('authorization');
    token = 'first';
    await execute(call);
    expect(server.lastCall().headers['authorization']).toBe('Bearer first');
    token = 'second';
    await execute(call);
    expect(server.lastCall().headers['authorization']).toBe('Bearer second');
    token = undefined;
    await execute(call);
    expect(server.lastCall().headers).not.toHaveProperty('authorization');
  });

  it('sends a fresh Idempotency-Key on each write, the given one when set, none on a read', async () => {
    const execute = createExecutor(server);
    const post = command({ method: 'POST', path: '/create', auth: 'bearer' });
    await execute(post);
    const first = server.lastCall().headers['idempotency-key'];
    await execute(post);
    const second = server.lastCall().headers['idempotency-key'];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    expect(second).not.toBe(first);
    for (const method of ['PUT', 'DELETE'] as const) {
      await execute(command({ method, path: '/edit', auth: 'bearer' }));
      expect(server.lastCall().headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    }
    await execute(command({ method: 'GET', path: '/read', auth: 'bearer' }));
    expect(server.lastCall().headers).not.toHaveProperty('idempotency-key');
    const submission = createExecutor({ ...server, idempotencyKey: 'one-submission' });
    await submission(post);
    await submission(post);
    expect(server.lastCall().headers['idempotency-key']).toBe('one-submission');
  });

  it('sends no bearer header without a token or with an empty one', async () => {
    for (const token of [undefined, null, '']) {
      await createExecutor({ ...server, token })(
        command({ method: 'GET', path: '/me', auth: 'bearer' }),
      );
      expect(server.lastCall().headers).not.toHaveProperty('authorization');
    }
  });
});

describe('bodies', () => {
  const execute = () => createExecutor({ ...server, token: 'the-token' });

  it('encrypts JSON bodies into {encryptedData} with the shared key', async () => {
    const payload = { a_id: 'admin', a_password: 'pässwörd ✓' };
    await execute()(command({ method: 'POST', path: '/e', body: envelope(payload), auth: 'none' }));
    const call = server.lastCall();
    expect(call.headers['content-type']).toBe('application/json');
    expect(Object.keys(jsonBody(call) as object)).toEqual(['encryptedData']);
    expect(envelopeBody(call, server.secret)).toEqual(payload);
  });

  it('sends plain JSON where the spec says so', async () => {
    await execute()(
      command({
        method: 'PUT',
        path: '/p',
        body: plainJson({ _id: 'x', status: false }),
        auth: 'bearer',
      }),
    );
    const call = server.lastCall();
    expect(call.headers['content-type']).toBe('application/json');
    expect(jsonBody(call)).toEqual({ _id: 'x', status: false });
  });

  it('sends no body and no content type on calls without one', async () => {
    await execute()(command({ method: 'DELETE', path: '/d', auth: 'bearer' }));
    expect(server.lastCall().body.byteLength).toBe(0);
    expect(server.lastCall().headers).not.toHaveProperty('content-type');
  });

  it('sends multipart text, JSON parts and files given as bytes or as a Blob', async () => {
    const bytes = new TextEncoder().encode('png bytes');
    await execute()(
      command({
        method: 'POST',
        path: '/m',
        body: multipart(
          {
            name: 'Summer sale',
            s_no: 3,
            status: false,
            left: undefined,
            none: null,
            image: { name: 'logo.png', type: 'image/png', data: bytes },
            // A Blob's own type gives way to the declared one.
            video: { name: 'clip.mp4', type: 'video/mp4', data: new Blob(['mp4 bytes']) },
            images: [
              { name: 'a.jpg', type: 'image/jpeg', data: new TextEncoder().encode('a') },
              { name: 'b.gif', type: 'image/gif', data: new Blob(['b'], { type: 'image/gif' }) },
            ],
          },
          { insertData: { name: 'x', url: '' }, imageUrls: ['https://cdn.example/1.png'] },
        ),
        auth: 'bearer',
      }),
    );
    const call = server.lastCall();
    expect(call.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(await formBody(call)).toEqual({
      name: ['Summer sale'],
      s_no: ['3'],
      status: ['false'],
      image: [{ name: 'logo.png', type: 'image/png', text: 'png bytes' }],
      video: [{ name: 'clip.mp4', type: 'video/mp4', text: 'mp4 bytes' }],
      images: [
        { name: 'a.jpg', type: 'image/jpeg', text: 'a' },
        { name: 'b.gif', type: 'image/gif', text: 'b' },
      ],
      insertData: ['{"name":"x","url":""}'],
      imageUrls: ['["https://cdn.example/1.png"]'],
    });
  });

  it('copies bytes held in shared memory into the file part', async () => {
    const shared = new Uint8Array(new SharedArrayBuffer(3));
    shared.set([104, 105, 33]);
    await execute()(
      command({
        method: 'POST',
        path: '/m',
        body: multipart({ image: { name: 'hi.png', type: 'image/png', data: shared } }),
        auth: 'bearer',
      }),
    );
    expect(await formBody(server.lastCall())).toEqual({
      image: [{ name: 'hi.png', type: 'image/png', text: 'hi!' }],
    });
  });
});

describe('URLs', () => {
  it('repeats array keys, leaves out null and undefined, and encodes values', async () => {
    await createExecutor(server)(
      command({
        method: 'GET',
        path: '/api/App/product',
        query: {
          page: 1,
          a: true,
          q: 'red & blue shirts',
          categories: ['c1', 'c2'],
          subCategories: [],
          events: null,
          limit: undefined,
          empty: '',
        },
        auth: 'bearer',
      }),
    );
    const call = server.lastCall();
    expect(call.path).toBe('/api/App/product');
    expect(call.query.toString()).toBe(
      new URLSearchParams([
        ['page', '1'],
        ['a', 'true'],
        ['q', 'red & blue shirts'],
        ['categories', 'c1'],
        ['categories', 'c2'],
        ['empty', ''],
      ]).toString(),
    );
  });

  it('joins a base URL with a trailing slash, and sends no "?" without a query', async () => {
    const seen: string[] = [];
    const execute = createExecutor({
      ...server,
      baseUrl: `${server.baseUrl}/`,
      fetch: (input, init) => {
        seen.push(String(input));
        return fetch(input, init);
      },
    });
    await execute(command({ method: 'GET', path: '/api/admin/Authorization', auth: 'bearer' }));
    expect(seen).toEqual([`${server.baseUrl}/api/admin/Authorization`]);
    expect(server.lastCall().path).toBe('/api/admin/Authorization');
  });
});

describe('answers', () => {
  const call = command<{ token: string }>({ method: 'GET', path: '/a', auth: 'bearer' });

  it('decrypts the answer and adds the HTTP status', async () => {
    server.replyWith({ httpStatus: 401, payload: { status: false, message: 'Unauthorized' } });
    expect(await createExecutor(server)(call)).toEqual({
      status: false,
      message: 'Unauthorized',
      httpStatus: 401,
    });
    server.replyWith({ payload: { status: true, message: 'Signed in', token: 't' } });
    expect(await createExecutor(server)(call)).toEqual({
      status: true,
      message: 'Signed in',
      token: 't',
      httpStatus: 200,
    });
  });

  it("answers 'Internet Server Error' with status 0 when the connection is refused", async () => {
    const closed = await startTestServer();
    await closed.close();
    const execute = createExecutor({ ...server, baseUrl: closed.baseUrl });
    expect(await execute(call)).toEqual(failure(0));
  });

  it("answers 'Internet Server Error' for answers it cannot read, keeping the HTTP status", async () => {
    const unreadable = [
      { httpStatus: 200, raw: JSON.stringify({ status: true, message: 'plain JSON' }) },
      { httpStatus: 502, raw: '<html>Bad gateway</html>' },
      { httpStatus: 200, raw: '' },
      // Our envelope, sealed with another key.
      {
        httpStatus: 200,
        raw: JSON.stringify(encryptResponse({ status: true, message: 'x' }, 'ab'.repeat(32))),
      },
      { httpStatus: 200, raw: JSON.stringify({ encrypted: 'not base64!', iv: 'zz' }) },
    ];
    for (const reply of unreadable) {
      server.replyWith(reply);
      expect(await createExecutor(server)(call)).toEqual(failure(reply.httpStatus));
    }
  });

  it("answers 'Internet Server Error' for a decrypted payload that is no answer", async () => {
    for (const payload of [
      null,
      ['status'],
      'ok',
      { status: 'true', message: 'x' },
      { status: true },
    ]) {
      server.replyWith({ payload });
      expect(await createExecutor(server)(call)).toEqual(failure(200));
    }
  });

  it('never throws, not even with a key that cannot encrypt or a throwing transport', async () => {
    const badKey = createExecutor({ ...server, secret: 'short' });
    expect(
      await badKey(command({ method: 'POST', path: '/x', body: envelope({}), auth: 'none' })),
    ).toEqual(failure(0));
    const throwing = createExecutor({
      ...server,
      fetch: () => {
        throw new TypeError('transport broke');
      },
    });
    expect(await throwing(call)).toEqual(failure(0));
  });
});
