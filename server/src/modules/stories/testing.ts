// Test helpers shared by the story section's tests (shortcuts, stories, story ads, banners,
// controller): real sample files, a signed-in client, counters and media on disk.
import type { TrackedKind, UploadFile } from '@dealdesk/core';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { clientFor, createTestAdmin, signIn, type TestServer } from '../../testing/harness.js';

const fromBase64 = (text: string) => Buffer.from(text, 'base64');

/** Real files of each type the section takes, as their magic numbers say. */
const sampleBytes = {
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

/** Sets an item's tracked totals, as the tracking ingestion would have counted them. */
export async function setCounts(
  server: TestServer,
  kind: TrackedKind,
  id: string,
  counts: { views: number; clicks: number },
): Promise<void> {
  await server.app.dealdesk.context.db
    .insertInto('item_totals')
    .values({ item_id: id, kind, ...counts })
    .onConflict((conflict) => conflict.column('item_id').doUpdateSet(counts))
    .execute();
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
