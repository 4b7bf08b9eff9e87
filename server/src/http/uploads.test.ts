// Uploads under attack: extra file parts refused as they start (not after the whole body),
// malformed bodies answered 400, the spool emptied after every call, and uploads in flight
// capped. Real HTTP against a real server; bodies are streamed so the test sees how much of
// one the server read before it answered.
import { decryptResponse, isResponseEnvelope, maxFilesInList, videoMaxBytes } from '@dealdesk/core';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleBytes } from '../modules/stories/testing.js';
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
import { defaultUploadsPerCaller, maxUploadsInFlight } from './upload-places.js';
import { callerUploadsBusyMessage, uploadsBusyMessage } from './uploads.js';

const boundary = 'dealdesk-test-boundary';

/** One part's head: a text field when no file name is given. */
const partHead = (field: string, filename?: string, type = 'application/octet-stream') =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"` +
      (filename === undefined
        ? '\r\n\r\n'
        : `; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
  );

const closing = Buffer.from(`\r\n--${boundary}--\r\n`);

interface Sent {
  status: number;
  body: { status: boolean; message: string };
  /** Body bytes written before the answer came. */
  written: number;
}

/**
 * Posts a multipart body streamed from `chunks`, stopping as soon as the answer arrives
 * (as a client does when the server closes), and says how much had been written by then.
 */
function postStreamed(
  server: TestServer,
  path: string,
  token: string,
  chunks: Iterable<Buffer>,
  contentType = `multipart/form-data; boundary=${boundary}`,
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const url = new URL(path, server.baseUrl);
    const outgoing = httpRequest(url, {
      method: 'POST',
      headers: {
        'content-type': contentType,
        'x-api-key': server.config.apiKey,
        authorization: `Bearer ${token}`,
      },
    });
    outgoing.on('response', (response) => {
      answered = true;
      const body: Buffer[] = [];
      response.on('data', (chunk: Buffer) => body.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(body).toString();
        resolve({ status: response.statusCode ?? 0, body: parsed(server, text), written });
        outgoing.destroy();
      });
    });
    outgoing.on('error', (error) => {
      if (!answered) reject(error);
    });
    const source = chunks[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (answered || outgoing.destroyed) return;
        const next = source.next();
        if (next.done === true) {
          outgoing.end();
          return;
        }
        written += next.value.length;
        if (!outgoing.write(next.value)) {
          outgoing.once('drain', pump);
          return;
        }
      }
    };
    pump();
  });
}

/** The answer's fields, out of the envelope the server seals them in. */
function parsed(server: TestServer, text: string): { status: boolean; message: string } {
  const value: unknown = JSON.parse(text);
  if (!isResponseEnvelope(value)) throw new Error(`not an envelope: ${text}`);
  return decryptResponse(value, server.config.secret) as { status: boolean; message: string };
}

/** `count` zero bytes in 1 MB chunks, made as they are sent. */
function* zeros(count: number): Generator<Buffer> {
  const mb = Buffer.alloc(1024 * 1024);
  for (let left = count; left > 0; left -= mb.length)
    yield left >= mb.length ? mb : mb.subarray(0, left);
}

const insertData = JSON.stringify({
  storyTime: 5,
  btnName: '',
  btnUrl: '',
  NTV_ID: '',
  maxviewLimit: 0,
  maxclickLimit: 0,
});

/** A video part of `size` bytes: an mp4 head, then zeros. */
function* videoPart(size: number): Generator<Buffer> {
  const data = sampleBytes.mp4;
  yield partHead('video', 'clip.mp4', 'video/mp4');
  yield data;
  yield* zeros(size - data.length);
  yield Buffer.from('\r\n');
}

/**
 * An upload that sends the first bytes of a video and waits until released: it holds its
 * place until it ends.
 */
function heldUpload(server: TestServer, token: string) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const outgoing = httpRequest(new URL('/api/App/Add/Story/Video', server.baseUrl), {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'x-api-key': server.config.apiKey,
      authorization: `Bearer ${token}`,
    },
  });
  outgoing.on('error', () => {});
  const answered = new Promise<number>((resolve) =>
    outgoing.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    }),
  );
  outgoing.write(
    Buffer.concat([
      partHead('insertData'),
      Buffer.from('{}\r\n'),
      partHead('video', 'clip.mp4', 'video/mp4'),
      sampleBytes.mp4,
    ]),
  );
  void gate.then(() => outgoing.end(closing));
  return { release, answered };
}

describe('uploads as they stream', () => {
  let database: TestDatabase;
  let server: TestServer;
  let token: string;
  const spool = () => join(database.dataDir, 'incoming', String(process.pid));
  const spooled = async () => (await readdir(spool()).catch(() => [])).length;

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    // A spool folder left by a process that is gone (a crash mid-upload): removed at start.
    await mkdir(join(database.dataDir, 'incoming', '999999999'), { recursive: true });
    await writeFile(join(database.dataDir, 'incoming', '999999999', 'left'), 'half a video');
    server = await startTestServer(testConfig(database));
    token = await signIn(server, await createTestAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('removes the spool of processes that are gone when it starts', async () => {
    expect(await readdir(join(database.dataDir, 'incoming'))).not.toContain('999999999');
  });

  it('refuses a second video as it starts, long before the rest of the body is sent', async () => {
    const parts = function* () {
      yield partHead('insertData');
      yield Buffer.from(`${insertData}\r\n`);
      // As the attack did: 20 videos just under the limit, 598 MB in all.
      for (let video = 0; video < 20; video += 1) yield* videoPart(videoMaxBytes - 100 * 1024);
      yield closing;
    };
    const sent = await postStreamed(server, '/api/App/Add/Story/Video', token, parts());
    expect(sent).toMatchObject({
      status: 400,
      body: { status: false, message: 'Send at most one file in video' },
    });
    // The first video and a little of the second, not the twenty.
    expect(sent.written).toBeLessThan(3 * videoMaxBytes);
    expect(await spooled()).toBe(0);
  });

  it(`refuses file ${maxFilesInList + 1} of a product's images as it starts`, async () => {
    const parts = function* () {
      for (let image = 0; image <= maxFilesInList; image += 1) {
        yield partHead('images', `photo-${image}.png`, 'image/png');
        yield Buffer.concat([sampleBytes.png, Buffer.from('\r\n')]);
      }
      yield closing;
    };
    const sent = await postStreamed(server, '/api/App/product', token, parts());
    expect(sent).toMatchObject({
      status: 400,
      body: { message: `Send at most ${maxFilesInList} files in images` },
    });
    expect(await spooled()).toBe(0);
  });

  it.each([
    ['no boundary', 'multipart/form-data', [partHead('insertData'), Buffer.from('{}'), closing]],
    ['a truncated part', undefined, [partHead('video', 'clip.mp4', 'video/mp4'), sampleBytes.mp4]],
    ['no closing boundary', undefined, [partHead('insertData'), Buffer.from('{}\r\n')]],
    ['garbage', undefined, [Buffer.from('not a multipart body at all')]],
  ])('answers a body with %s 400 with a message, and spools nothing', async (_case, type, body) => {
    const sent = await postStreamed(server, '/api/App/Add/Story/Video', token, body, type);
    expect(sent.status).toBe(400);
    expect(sent.body.status).toBe(false);
    expect(sent.body.message).not.toBe('');
    expect(await spooled()).toBe(0);
  });

  it('streams an accepted video to the media store and leaves nothing in the spool', async () => {
    const parts = function* () {
      yield partHead('insertData');
      yield Buffer.from(`${insertData}\r\n`);
      yield* videoPart(5 * 1024 * 1024);
      yield closing;
    };
    const sent = await postStreamed(server, '/api/App/Add/Story/Video', token, parts());
    expect(sent).toMatchObject({ status: 200, body: { status: true } });
    const stored = await readdir(join(database.dataDir, 'media'));
    expect(stored.filter((name) => name.endsWith('.mp4'))).toHaveLength(1);
    expect(await spooled()).toBe(0);
  });

  it(`answers 503 while ${maxUploadsInFlight} uploads' files are being read, and takes them after`, async () => {
    // Uploads that send the first bytes of a video and wait: each holds its place until it ends
    // (each token holds its share of the places, so it takes several).
    const holders = await Promise.all(
      Array.from({ length: maxUploadsInFlight / defaultUploadsPerCaller }, async () =>
        signIn(server, await createTestAdmin(server)),
      ),
    );
    const held = holders.flatMap((holder) =>
      Array.from({ length: defaultUploadsPerCaller }, () => heldUpload(server, holder)),
    );
    const small = () =>
      postStreamed(server, '/api/App/Add/Story/Video', token, [...videoPart(1024), closing]);
    // The held ones reach the server in their own time: ask until they all have.
    let refused: Sent | undefined;
    for (let attempt = 0; attempt < 500 && refused === undefined; attempt += 1) {
      const sent = await small();
      if (sent.status === 503) refused = sent;
    }
    expect(refused?.body).toEqual({ status: false, message: uploadsBusyMessage });
    for (const upload of held) upload.release();
    // A form of fields alone takes no place, even now (refused for its missing video).
    const fieldsOnly = await postStreamed(server, '/api/App/Add/Story/Video', token, [
      partHead('insertData'),
      Buffer.from('{}'),
      closing,
    ]);
    expect(fieldsOnly.status).toBe(400);
    // Their forms end (each a story), and the places are free again.
    expect(await Promise.all(held.map((upload) => upload.answered))).toEqual(held.map(() => 200));
    expect((await small()).status).not.toBe(503);
    expect(await spooled()).toBe(0);
  });

  it('frees the places of uploads whose clients go away mid-body', async () => {
    // More clients than places start an upload, send part of a video and hang up.
    const gone = Array.from({ length: maxUploadsInFlight + 4 }, async () => {
      const outgoing = httpRequest(new URL('/api/App/Add/Story/Video', server.baseUrl), {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-api-key': server.config.apiKey,
          authorization: `Bearer ${token}`,
        },
      });
      const closed = new Promise((resolve) => outgoing.on('close', resolve));
      outgoing.on('error', () => {});
      const [head, data] = videoPart(4096);
      outgoing.write(
        Buffer.concat([
          partHead('insertData'),
          Buffer.from(insertData),
          head ?? Buffer.alloc(0),
          data ?? Buffer.alloc(0),
        ]),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      outgoing.destroy();
      await closed;
    });
    await Promise.all(gone);
    const sent = await postStreamed(server, '/api/App/Add/Story/Video', token, [
      partHead('insertData'),
      Buffer.from(insertData),
      Buffer.from('\r\n'),
      ...videoPart(1024),
      closing,
    ]);
    expect(sent.body.message).not.toBe(uploadsBusyMessage);
    expect(sent.status).toBe(200);
    await expect.poll(spooled, { timeout: 10_000 }).toBe(0);
  });
});

describe.each(dialects)("one caller's share of the upload places, on %s", (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let hog: string;
  let other: string;
  // Set apart from the default, so the setting is seen to count.
  const perCaller = 2;
  const refusedForCaller = async () => {
    const text = await (await fetch(new URL('/metrics', server.baseUrl))).text();
    const line = /^dealdesk_edge_refused_total\{reason="upload_slots_caller"\} (\d+)$/m.exec(text);
    return Number(line?.[1] ?? 0);
  };
  const small = (token: string) =>
    postStreamed(server, '/api/App/Add/Story/Video', token, [
      partHead('insertData'),
      Buffer.from(`${insertData}\r\n`),
      ...videoPart(1024),
      closing,
    ]);

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database, { uploadsPerCaller: perCaller }));
    hog = await signIn(server, await createTestAdmin(server));
    other = await signIn(server, await createTestAdmin(server));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it(`lets one token hold ${perCaller} uploads, so another admin's upload still goes in`, async () => {
    const before = await refusedForCaller();
    // One token starts as many uploads as there are places, each sending a video's first
    // bytes and waiting: its share is held, the rest refused at their first file bytes.
    const held = Array.from({ length: maxUploadsInFlight }, () => heldUpload(server, hog));
    const refusedCount = maxUploadsInFlight - perCaller;
    // Once that many are refused, the others hold the token's places.
    const answers: number[] = [];
    await new Promise<void>((resolve) => {
      for (const upload of held)
        void upload.answered.then((status) => {
          answers.push(status);
          if (answers.length === refusedCount) resolve();
        });
    });
    expect(answers).toEqual(Array.from({ length: refusedCount }, () => 503));
    expect(await refusedForCaller()).toBe(before + refusedCount);

    expect(await small(other)).toMatchObject({ status: 200, body: { status: true } });
    expect(await small(hog)).toMatchObject({
      status: 503,
      body: { status: false, message: callerUploadsBusyMessage },
    });

    for (const upload of held) upload.release();
    const statuses = await Promise.all(held.map((upload) => upload.answered));
    expect(statuses.filter((status) => status === 200)).toHaveLength(perCaller);
    // The token's places are free again.
    expect((await small(hog)).status).toBe(200);
  });
});
