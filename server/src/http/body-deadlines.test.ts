// Bodies that stop coming, or come too slowly, are answered 408 and their connections closed:
// a JSON body (a bulk import's), an upload's multipart stream, and one that trickles a byte at
// a time past its whole-request time. The test's server waits a second of silence, three in
// all; raw sockets send the head and a few KB of what they announce.
import { endpoints } from '@dealdesk/core';
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
import { sendPartly } from '../testing/partial-requests.js';
import { bodyIdleMessage, requestTimeoutMessage } from './body-deadlines.js';

const boundary = 'dealdesk-test-boundary';
const multipart = `multipart/form-data; boundary=${boundary}`;
const announced = 30 * 1024 * 1024;
const fewKb = Buffer.alloc(4096, ' ');
const formStart = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.mp4"\r\n` +
    'Content-Type: video/mp4\r\n\r\n',
);

describe.each(dialects)('bodies that stop coming, on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;

  const refused = async (reason: string) => {
    const text = await (await fetch(new URL('/metrics', server.baseUrl))).text();
    const line = new RegExp(`^dealdesk_edge_refused_total\\{reason="${reason}"\\} (\\d+)$`, 'm');
    return Number(line.exec(text)?.[1] ?? 0);
  };
  const send = (path: string, type: string, sent: Buffer, trickleMs?: number) =>
    sendPartly(server, {
      method: 'POST',
      path,
      headers: {
        'content-type': type,
        'x-api-key': server.config.apiKey,
        authorization: `Bearer ${token}`,
      },
      contentLength: announced,
      sent,
      ...(trickleMs === undefined ? {} : { trickleMs }),
    });

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(
      testConfig(database, { bodyDeadlines: { idleMs: 1000, requestMs: 3000, uploadMs: 3000 } }),
    );
    token = await signIn(server, await createTestAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it.each([
    ['a bulk import', endpoints.products.bulk.path, 'application/json', fewKb],
    ['an upload', endpoints.stories.add.path, multipart, Buffer.concat([formStart, fewKb])],
  ])(
    "answers %s's body that stalls 408, counts it and hangs up",
    async (_case, path, type, sent) => {
      const before = await refused('body_idle');
      const answer = await send(path, type, sent);
      expect(answer).toMatchObject({
        status: 408,
        body: { status: false, message: bodyIdleMessage },
        headers: { connection: 'close' },
      });
      expect(await refused('body_idle')).toBe(before + 1);
    },
  );

  it('answers a body that trickles past its whole-request time 408 and hangs up', async () => {
    const before = await refused('request_timeout');
    const answer = await send(endpoints.products.bulk.path, 'application/json', fewKb, 100);
    expect(answer).toMatchObject({
      status: 408,
      body: { status: false, message: requestTimeoutMessage },
      headers: { connection: 'close' },
    });
    expect(await refused('request_timeout')).toBe(before + 1);
  });

  it("counts no silence for a refused caller's body once its connection is gone", async () => {
    const before = await refused('body_idle');
    const refusedAnswer = await sendPartly(server, {
      method: 'POST',
      path: endpoints.products.bulk.path,
      headers: { 'content-type': 'application/json', 'x-api-key': server.config.apiKey },
      contentLength: announced,
      sent: fewKb,
    });
    expect(refusedAnswer).toMatchObject({ status: 401, headers: { connection: 'close' } });
    // A body that stalls after it: its 408 comes a second of silence later, past the refused
    // body's own second, which its closed connection must not count.
    const stalled = await send(endpoints.products.bulk.path, 'application/json', fewKb);
    expect(stalled).toMatchObject({ status: 408 });
    expect(await refused('body_idle')).toBe(before + 1);
  });

  it('closes the connection of a body left unread after its answer once it stalls', async () => {
    const before = await refused('body_idle');
    const answer = await sendPartly(server, {
      method: 'GET',
      path: endpoints.admin.adminData.path,
      headers: { 'x-api-key': server.config.apiKey, authorization: `Bearer ${token}` },
      contentLength: announced,
      sent: fewKb,
    });
    expect(answer).toMatchObject({ status: 200, body: { status: true } });
    expect(await refused('body_idle')).toBe(before + 1);
  });
});
