// Files are stored before the rows that point at them are written (stored-files.ts), so a
// process killed in between would leave a file that nothing points at. Each save is noted
// first, with the process that made it (this instance's id and its pid), and the note goes once
// the rows are written or the file removed. At start a process settles the notes of this
// instance's processes that are gone: a file some row points at stays (the kill came after the
// write), any other is removed. Notes of running processes (other workers, other instances)
// are never touched.
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.js';
import { isRunning } from '../../processes.js';
import { newMediaName, type MediaStore } from './index.js';

export interface MediaPendingTable {
  name: string;
  /** `<instance id>:<start id>:<pid>` of the process that stored the file. */
  owner: string;
  created_at: string;
}

/** This data folder's instance id, made at its first start (backups carry it along). */
async function instanceIdOf(dataDir: string): Promise<string> {
  const file = join(dataDir, 'instance-id');
  const kept = await readFile(file, 'utf8').catch(() => '');
  if (kept.trim() !== '') return kept.trim();
  const id = randomBytes(8).toString('hex');
  // 'wx': a worker starting at the same moment keeps the id written first.
  await writeFile(file, id, { flag: 'wx' }).catch(() => undefined);
  return (await readFile(file, 'utf8')).trim();
}

const pidOf = (owner: string) => Number(owner.slice(owner.lastIndexOf(':') + 1));

/**
 * The store with each save noted until settled. `referenced` says whether some row points at a
 * stored name; `clock` dates the notes.
 */
export async function notingSaves(
  store: MediaStore,
  db: Kysely<Database>,
  options: { dataDir: string; clock: () => Date; referenced: (name: string) => Promise<boolean> },
): Promise<{ media: MediaStore; settleLeftovers(): Promise<number> }> {
  const instance = await instanceIdOf(options.dataDir);
  // The start id tells this process from an earlier one that had the same pid (a container
  // restarted gives its server the same pid each time).
  const owner = `${instance}:${randomBytes(4).toString('hex')}:${process.pid}`;
  const forget = async (names: string[]) => {
    if (names.length > 0) await db.deleteFrom('media_pending').where('name', 'in', names).execute();
  };
  const namesOf = (links: Iterable<string | undefined>) =>
    [...links].flatMap((link) => {
      const name = link === undefined || link === '' ? null : store.nameOf(link);
      return name === null ? [] : [name];
    });
  const media: MediaStore = {
    ...store,
    async save(file, name = newMediaName(file.ext)) {
      await db
        .insertInto('media_pending')
        .values({ name, owner, created_at: options.clock().toISOString() })
        .execute();
      return store.save(file, name);
    },
    async remove(link) {
      await store.remove(link);
      await forget(namesOf([link]));
    },
    settle: (links) => forget(namesOf(links)),
  };
  return {
    media,
    /** Settles the notes of this instance's processes that are gone; answers how many files went. */
    async settleLeftovers() {
      const notes = await db
        .selectFrom('media_pending')
        .select(['name', 'owner'])
        .where('owner', 'like', `${instance}:%`)
        .execute();
      let removed = 0;
      for (const note of notes) {
        const pid = pidOf(note.owner);
        if (note.owner === owner || (pid !== process.pid && isRunning(pid))) continue;
        if (!(await options.referenced(note.name))) {
          await store.remove(store.linkOf(note.name));
          removed += 1;
        }
        await forget([note.name]);
      }
      return removed;
    },
  };
}
