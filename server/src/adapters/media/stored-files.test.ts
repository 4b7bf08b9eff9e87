import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskMediaStore, type MediaStore } from './index.js';
import { fileFromBytes, removeStored, withStoredFiles, withStoredSlots } from './stored-files.js';

const png = fileFromBytes(Buffer.from('png bytes'), 'png');
const mp4 = fileFromBytes(Buffer.from('mp4 bytes'), 'mp4');

describe('stored files', () => {
  let root: string;
  let dir: string;
  let media: MediaStore;
  let folder = 0;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'dealdesk-stored-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));
  const freshStore = () => {
    folder += 1;
    dir = join(root, String(folder));
    media = createDiskMediaStore(dir);
  };
  const onDisk = async () => (await readdir(dir).catch(() => [])).length;

  it('answers each place its path (undefined where no file was given) and keeps the files', async () => {
    freshStore();
    const answer = await withStoredFiles(media, [png, undefined, mp4], async (paths) => paths);
    expect(answer[0]).toMatch(/^\/media\/.+\.png$/);
    expect(answer[1]).toBeUndefined();
    expect(answer[2]).toMatch(/\.mp4$/);
    expect(await onDisk()).toBe(2);
  });

  it('removes every file it stored when the write fails, and passes the failure on', async () => {
    freshStore();
    const refused = withStoredFiles(media, [png, mp4], () => Promise.reject(new Error('no row')));
    await expect(refused).rejects.toThrow('no row');
    expect(await onDisk()).toBe(0);
  });

  it('removes the files that were stored when another could not be', async () => {
    freshStore();
    const disk = media;
    // The disk store beneath, with one kind of file it cannot take (a full disk, say).
    const failing: MediaStore = {
      ...disk,
      save: (file) =>
        file.ext === 'mp4' ? Promise.reject(new Error('disk full')) : disk.save(file),
    };
    let wrote = false;
    const refused = withStoredFiles(failing, [png, mp4], async () => {
      wrote = true;
    });
    await expect(refused).rejects.toThrow('disk full');
    expect(wrote).toBe(false);
    expect(await onDisk()).toBe(0);
  });

  it('names the paths by slot, leaving out the slots without a file', async () => {
    freshStore();
    const saved = await withStoredSlots(media, { image: undefined, video: mp4 }, async (s) => s);
    expect(Object.keys(saved)).toEqual(['video']);
    await removeStored(media, [saved.video, '', undefined]);
    expect(await onDisk()).toBe(0);
  });
});
