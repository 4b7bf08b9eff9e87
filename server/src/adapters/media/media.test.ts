import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskMediaStore } from './index.js';

describe('disk media store', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'dealdesk-media-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores bytes under a generated name with the given extension and answers /media/<name>', async () => {
    const media = createDiskMediaStore(join(root, 'media'));
    const bytes = Buffer.from('fake image bytes');
    const first = await media.save({ bytes, ext: 'png' });
    const second = await media.save({ bytes, ext: 'png' });
    expect(first).toMatch(/^\/media\/[0-9a-f]{32}\.png$/);
    expect(second).not.toBe(first);
    expect(await readFile(join(root, 'media', first.slice('/media/'.length)))).toEqual(bytes);
  });

  it('removes what it stored, ignores unknown paths and never leaves its folder', async () => {
    const mediaDir = join(root, 'removal');
    const media = createDiskMediaStore(mediaDir);
    const path = await media.save({ bytes: Buffer.from('x'), ext: 'gif' });
    await media.remove(path);
    expect(await readdir(mediaDir)).toEqual([]);
    await expect(media.remove('/media/missing.png')).resolves.toBeUndefined();

    const outside = createDiskMediaStore(join(root, 'kept'));
    const kept = await outside.save({ bytes: Buffer.from('y'), ext: 'png' });
    await media.remove(`/media/../kept/${kept.slice('/media/'.length)}`);
    await media.remove(`/elsewhere/${kept.slice('/media/'.length)}`);
    expect(await readdir(join(root, 'kept'))).toHaveLength(1);
  });
});
