// A caller is known before any byte of its body is read: a request without a valid token (or
// with a token of the wrong kind, or a wrong API key) is answered 401 (403) at once and its
// connection closed, whatever large body it announces (a small one is read and dropped). Raw sockets send a few KB of the body and
// wait: a server that read the body first would never answer them.
import { endpoints } from '@dealdesk/core';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../modules/auth/messages.js';
import {
  clientFor,
  createTestAdmin,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { sendPartly } from '../testing/partial-requests.js';

const boundary = 'dealdesk-test-boundary';
const announced = 30 * 1024 * 1024;
/** The first few KB of a 30 MB body. */
const fewKb = Buffer.alloc(4096, 'x');

describe.each(dialects)('bodies of callers refused, on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let signInToken: string;

  const refusedBeforeBodies = async () => {
    const text = await (await fetch(new URL('/metrics', server.baseUrl))).text();
    const line = /^dealdesk_edge_refused_total\{reason="unauthenticated_body"\} (\d+)$/m.exec(text);
    return Number(line?.[1] ?? 0);
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    const admin = await createTestAdmin(server);
    // The first sign-in step's temporary token: a token, but not one admin calls take.
    const login = await clientFor(server).admin.login({
      a_id: admin.a_id,
      a_password: admin.password,
    });
    signInToken = login.token ?? '';
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const multipart = `multipart/form-data; boundary=${boundary}`;
  it.each([
    [
      'a bulk import of 30 MB without a token',
      endpoints.products.bulk.path,
      'application/json',
      null,
    ],
    ['a story upload with a bad token', endpoints.stories.add.path, multipart, 'not-a-token'],
    ['a story upload with a sign-in step token', endpoints.stories.add.path, multipart, 'sign-in'],
  ])('answers %s 401 at once, counts it and hangs up', async (_case, path, type, token) => {
    const before = await refusedBeforeBodies();
    const bearer = token === 'sign-in' ? signInToken : token;
    const answer = await sendPartly(server, {
      method: 'POST',
      path,
      headers: {
        'content-type': type,
        'x-api-key': server.config.apiKey,
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      },
      contentLength: announced,
      sent: fewKb,
    });
    expect(answer).toMatchObject({
      status: 401,
      body: {
        status: false,
        message: bearer === null ? messages.tokenMissing : messages.tokenInvalid,
      },
      headers: { connection: 'close' },
    });
    expect(await refusedBeforeBodies()).toBe(before + 1);
  });

  it('answers a wrong API key 403 at once, counts it and hangs up', async () => {
    const before = await refusedBeforeBodies();
    const answer = await sendPartly(server, {
      method: 'POST',
      path: endpoints.products.bulk.path,
      headers: { 'content-type': 'application/json', 'x-api-key': 'not-the-key' },
      contentLength: announced,
      sent: fewKb,
    });
    expect(answer).toMatchObject({
      status: 403,
      body: { status: false, message: 'Invalid API key' },
      headers: { connection: 'close' },
    });
    expect(await refusedBeforeBodies()).toBe(before + 1);
  });

  it('answers a small body refused before it arrives, reads it and keeps the connection', async () => {
    // The head first; the body and a second request once the refusal has come: a server that
    // hung up would reset the client still sending (it read no refusal, or none after it).
    const { hostname, port } = new URL(server.baseUrl);
    const body = JSON.stringify({ title: 'Sale', message: 'Half price', url: '' });
    const head = [
      `POST /api/App/notification/send HTTP/1.1`,
      `host: ${hostname}:${port}`,
      'content-type: application/json',
      `x-api-key: ${server.config.apiKey}`,
      `content-length: ${Buffer.byteLength(body)}`,
      '',
      '',
    ].join('\r\n');
    const next = `GET /health HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: close\r\n\r\n`;
    const received = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname);
      const chunks: Buffer[] = [];
      socket.on('data', (chunk: Buffer) => {
        if (chunks.length === 0) socket.write(body + next, () => undefined);
        chunks.push(chunk);
      });
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString()));
      socket.write(head);
    });
    const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((match) => match[1]);
    expect(statuses).toEqual(['401', '200']);
  });
});
