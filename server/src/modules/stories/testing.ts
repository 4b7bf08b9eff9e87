// Test helpers shared by the story section's tests (shortcuts, stories, story ads, banners,
// controller): real sample files, a signed-in client, views and clicks, media on disk.
import { trackBatchMax, type TrackEvent, type TrackedKind, type UploadFile } from '@dealdesk/core';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { clientFor, createTestAdmin, signIn, type TestServer } from '../../testing/harness.js';

const fromBase64 = (text: string) => Buffer.from(text, 'base64');

/** Real files of each type the section takes, as their magic numbers say. */
export const sampleBytes = {
  png: fromBase64(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  ),
  jpg: fromBase64(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/yQALCAABAAEBAREA/8wABgAQEAX/2gAIAQEAAD8A0s8g/9k=',
  ),
  gif: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.alloc(30)]),
  // An ftyp box of brand isom: what file-type reads as mp4.
  mp4: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp42'),
    Buffer.alloc(16),
  ]),
} as const;

export type SampleType = keyof typeof sampleBytes;

const mimeOf: Record<SampleType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  mp4: 'video/mp4',
};

/** A sample file as the client uploads it, optionally padded to a size. */
export function sample(type: SampleType, size?: number): UploadFile {
  const bytes = sampleBytes[type];
  const data =
    size === undefined ? bytes : Buffer.concat([bytes, Buffer.alloc(size - bytes.length)]);
  return { name: `sample.${type}`, type: mimeOf[type], data };
}

/** Text under a file's name and type: the server judges the bytes, so 415. */
export const notAnImage: UploadFile = {
  name: 'photo.png',
  type: 'image/png',
  data: Buffer.from('<script>alert(1)</script>'),
};

/** The core's API client signed in as a new admin of its own. */
export async function signedInClient(server: TestServer) {
  const admin = await createTestAdmin(server);
  const token = await signIn(server, admin);
  return clientFor(server, () => token);
}

/** Whether a stored media path is on disk and served, as a pair [on disk, HTTP status]. */
export async function mediaState(server: TestServer, path: string): Promise<[boolean, number]> {
  const onDisk = existsSync(join(server.config.dataDir, 'media', basename(path)));
  const served = await fetch(`${server.baseUrl}${path}`);
  await served.arrayBuffer();
  return [onDisk, served.status];
}

/** The stored media files' names, sorted: to show a refused write kept nothing. */
export async function mediaFiles(server: TestServer): Promise<string[]> {
  const names = await readdir(join(server.config.dataDir, 'media')).catch(() => []);
  return names.sort();
}

/** Reports views and clicks of an item as the mobile app does (POST /api/App/track). */
export async function track(
  server: TestServer,
  kind: TrackedKind,
  id: string,
  counts: { views?: number; clicks?: number },
): Promise<void> {
  const events: TrackEvent[] = [
    ...Array.from({ length: counts.views ?? 0 }, () => ({ kind, id, event: 'view' as const })),
    ...Array.from({ length: counts.clicks ?? 0 }, () => ({ kind, id, event: 'click' as const })),
  ];
  const app = clientFor(server);
  for (let start = 0; start < events.length; start += trackBatchMax) {
    const answer = await app.tracking.track({ events: events.slice(start, start + trackBatchMax) });
    if (!answer.status) throw new Error(`tracking failed: ${answer.message}`);
  }
}

/** Rows left in the counter tables for an item. */
export async function countRows(server: TestServer, id: string): Promise<number> {
  const { db } = server.app.dealdesk.context;
  const totals = await db
    .selectFrom('item_totals')
    .select('item_id')
    .where('item_id', '=', id)
    .execute();
  const daily = await db
    .selectFrom('item_daily_counts')
    .select('item_id')
    .where('item_id', '=', id)
    .execute();
  return totals.length + daily.length;
}

/** A well-formed id no item has. */
export const unknownId = 'ffffffffffffffffffffffff';

/** Adds an image story with no button and no limit (tests that need some stored media). */
export const addImageStory = (api: ReturnType<typeof clientFor>, image = sample('png')) =>
  api.stories.add({
    insertData: {
      storyTime: 5,
      btnName: '',
      btnUrl: '',
      NTV_ID: '',
      maxviewLimit: 0,
      maxclickLimit: 0,
    },
    image,
  });
