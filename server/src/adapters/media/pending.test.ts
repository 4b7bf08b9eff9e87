// Saves noted until their rows are written: what a killed process leaves is settled at the next
// start of its instance, and nothing of a running process or another instance is touched.
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../../testing/harness.js';
import { migrateToLatest, openStorage, type Storage } from '../storage/database.js';
import { createDiskMediaStore } from './index.js';
import { notingSaves } from './pending.js';
import { fileFromBytes, withStoredFiles } from './stored-files.js';

describe('media saves noted until their rows are written', () => {
  let database: TestDatabase;
  let storage: Storage;
  const dir = () => join(database.dataDir, 'media');
  const files = async () => (await readdir(dir()).catch(() => [])).sort();
  /** Names some row points at, as the real check finds them in the tables. */
  const pointedAt = new Set<string>();
  const noting = () =>
    notingSaves(createDiskMediaStore(dir()), storage.db, {
      dataDir: database.dataDir,
      clock: () => new Date(0),
      referenced: (name) => Promise.resolve(pointedAt.has(name)),
    });
  const notes = () => storage.db.selectFrom('media_pending').selectAll().execute();
  const png = fileFromBytes(Buffer.from('png bytes'), 'png');

  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    storage = openStorage(database, () => {});
    await migrateToLatest(storage.db);
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });

  it('keeps a note from the save until the rows are written, and none after', async () => {
    const { media } = await noting();
    let notedWhileWriting = 0;
    await withStoredFiles(media, [png], async () => {
      notedWhileWriting = (await notes()).length;
    });
    expect(notedWhileWriting).toBe(1);
    expect(await notes()).toEqual([]);
    // A failed write removes the file, and its note with it.
    await expect(
      withStoredFiles(media, [png], () => Promise.reject(new Error('no row'))),
    ).rejects.toThrow('no row');
    expect(await notes()).toEqual([]);
  });

  it("settles a gone process's saves: files a row points at stay, the others go", async () => {
    await rm(dir(), { recursive: true, force: true });
    const { media, settleLeftovers } = await noting();
    const [kept, orphan, running, elsewhere, samePid] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => media.save(png)),
    );
    const nameOf = (link: string | undefined) => media.nameOf(link ?? '') ?? '';
    pointedAt.add(nameOf(kept));
    const [{ owner = '' } = {}] = await notes();
    const instance = owner.slice(0, owner.indexOf(':'));
    // As if saved by processes that are gone (no such pid), still running (this test's parent
    // process), of another instance, and by an earlier process that had this one's pid.
    const ownedBy = async (link: string | undefined, by: string) =>
      storage.db
        .updateTable('media_pending')
        .set({ owner: by })
        .where('name', '=', nameOf(link))
        .execute();
    await ownedBy(kept, `${instance}:gone:999999999`);
    await ownedBy(orphan, `${instance}:gone:999999999`);
    await ownedBy(running, `${instance}:parent:${process.ppid}`);
    await ownedBy(elsewhere, 'another-instance:gone:999999999');
    await ownedBy(samePid, `${instance}:earlier:${process.pid}`);

    expect(await settleLeftovers()).toBe(2);
    expect(await files()).toEqual([kept, running, elsewhere].map(nameOf).sort());
    expect((await notes()).map((note) => note.name).sort()).toEqual(
      [running, elsewhere].map(nameOf).sort(),
    );
  });
});
