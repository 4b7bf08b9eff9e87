// The media store's two backends pass the same tests: the data folder, and an S3-compatible
// object store (s3rver). Then the server on the object store: uploads served under /media/,
// removed with their item, 503 with nothing written while the store is down, and a start
// refused with the setting to look at when the credentials are wrong.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../../config.js';
import { buildApp } from '../../app.js';
import { addImageStory, sample, signedInClient } from '../../modules/stories/testing.js';
import {
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { s3Credentials, startS3 } from '../../testing/s3.js';
import { createDiskMediaStore, type MediaStore } from './index.js';
import { createS3MediaStore } from './s3.js';
import { fileFromBytes } from './stored-files.js';

let s3: Awaited<ReturnType<typeof startS3>>;
let root: string;
beforeAll(async () => {
  s3 = await startS3();
  root = await mkdtemp(join(tmpdir(), 'dealdesk-stores-'));
});
afterAll(async () => {
  await s3.stop();
  await rm(root, { recursive: true, force: true });
});

/** The bytes GET /media/<name> would send for a link, through the store's own reading. */
async function storedBytes(store: MediaStore, link: string): Promise<Buffer | null> {
  const name = link.split('/').pop() ?? '';
  if ('folder' in store.served) {
    const { readFile } = await import('node:fs/promises');
    return readFile(join(store.served.folder, name)).catch(() => null);
  }
  const file = await store.served.read(name, undefined);
  if (file === null) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const backends: [string, (publicUrl: string | null) => Promise<MediaStore>][] = [
  [
    'the data folder',
    async (publicUrl) => createDiskMediaStore(await mkdtemp(join(root, 'disk-')), publicUrl),
  ],
  ['an S3-compatible store', async (publicUrl) => createS3MediaStore(await s3.bucket(), publicUrl)],
];

describe.each(backends)('media in %s', (_name, open) => {
  it('stores bytes under a new name each time and answers /media/<name>', async () => {
    const store = await open(null);
    const bytes = Buffer.from('fake image bytes');
    const first = await store.save(fileFromBytes(bytes, 'png'));
    const second = await store.save(fileFromBytes(bytes, 'png'));
    expect(first).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(second).not.toBe(first);
    expect(await storedBytes(store, first)).toEqual(bytes);
  });

  it('removes what it stored, ignores unknown links and is writable', async () => {
    const store = await open(null);
    const link = await store.save(fileFromBytes(Buffer.from('x'), 'gif'));
    await store.remove(link);
    expect(await storedBytes(store, link)).toBeNull();
    await expect(store.remove('/media/missing.png')).resolves.toBeUndefined();
    await expect(store.remove('https://elsewhere.example/x.png')).resolves.toBeUndefined();
    await expect(store.checkWritable()).resolves.toBeUndefined();
  });

  it('links from DEALDESK_MEDIA_PUBLIC_URL when it is set', async () => {
    const store = await open('https://cdn.deals.example/m/');
    const link = await store.save(fileFromBytes(Buffer.from('y'), 'jpg'));
    expect(link).toMatch(/^https:\/\/cdn\.deals\.example\/m\/[0-9a-f]{32}\.jpg$/);
    expect(store.linkOf('a.png')).toBe('https://cdn.deals.example/m/a.png');
    expect(await storedBytes(store, link)).toEqual(Buffer.from('y'));
    await store.remove(link);
    expect(await storedBytes(store, link)).toBeNull();
  });
});

describe('media in the data folder', () => {
  it('never removes a file outside its folder', async () => {
    const store = createDiskMediaStore(join(root, 'removal'));
    const outside = createDiskMediaStore(join(root, 'kept'));
    const kept = (await outside.save(fileFromBytes(Buffer.from('y'), 'png'))).split('/').pop();
    await store.remove(`/media/../kept/${kept}`);
    await store.remove(`/elsewhere/../kept/${kept}`);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(join(root, 'kept'))).toHaveLength(1);
  });
});

describe('the server with media in an object store', () => {
  let database: TestDatabase;
  let server: TestServer;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(database, { s3: await s3.bucket() }));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('serves an upload under /media/ (ranges too) and removes it with its item', async () => {
    const admin = await signedInClient(server);
    const image = sample('png', 2_000);
    const added = await addImageStory(admin, image);
    const link = added.data?.image ?? '';
    const served = await fetch(`${server.baseUrl}${link}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(image.data as Uint8Array));
    const part = await fetch(`${server.baseUrl}${link}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-7/2000');
    expect((await part.arrayBuffer()).byteLength).toBe(8);

    await admin.stories.remove({ id: [added.data?._id ?? ''] });
    expect((await fetch(`${server.baseUrl}${link}`)).status).toBe(404);
  });

  it('answers 503 and writes nothing while the store is down; /ready says so', async () => {
    const admin = await signedInClient(server);
    const down = await startTestServer(
      testConfig(database, {
        s3: {
          bucket: 'any',
          endpoint: 'http://127.0.0.1:9',
          region: 'us-east-1',
          forcePathStyle: true,
        },
      }),
    ).catch((error: unknown) => error);
    // A store unreachable at start stops the start, naming the setting.
    expect(down).toBeInstanceOf(ConfigError);
    expect((down as Error).message).toContain('DEALDESK_S3_BUCKET');

    const before = (await admin.stories.list({ limit: 100 })).data?.length;
    await s3.stop();
    try {
      const refused = await addImageStory(admin);
      expect(refused).toMatchObject({ status: false, httpStatus: 503 });
      expect(refused.message).toContain('Media storage is unavailable');
      expect((await admin.stories.list({ limit: 100 })).data?.length).toBe(before);
      const ready = await fetch(`${server.baseUrl}/ready`);
      expect(ready.status).toBe(503);
      expect(((await ready.json()) as { checks: Record<string, string> }).checks.media).toContain(
        'bucket',
      );
      // The rest of the API keeps working.
      expect(await admin.controller.get()).toMatchObject({ status: true });
    } finally {
      s3 = await startS3();
    }
  });
});

describe('a start with wrong object-store credentials', () => {
  it('stops with the setting to look at', async () => {
    const database = await freshDatabase('sqlite');
    const settings = await s3.bucket();
    Object.assign(process.env, { AWS_ACCESS_KEY_ID: 'WRONG', AWS_SECRET_ACCESS_KEY: 'WRONG' });
    try {
      await expect(buildApp(testConfig(database, { s3: settings }))).rejects.toThrow(
        /DEALDESK_S3_BUCKET: bucket media-[0-9a-f]+: .*403.*AWS_ACCESS_KEY_ID/,
      );
    } finally {
      Object.assign(process.env, s3Credentials);
      await database.drop();
    }
  });
});
