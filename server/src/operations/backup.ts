// `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded default: the
// SQLite database and the local media folder in one .tar.gz. The database is copied with
// SQLite's online backup, a consistent snapshot taken while the server runs and ingests; media
// files are only ever added or removed whole. With PostgreSQL or object storage the operator's
// own tools back them up (docs/operations.md), and these commands say so.
import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { create, extract } from 'tar';
import type { ServerConfig } from '../config.js';

export const databaseFile = 'dealdesk.sqlite';
const mediaFolder = 'media';

export class BackupError extends Error {}

function embeddedOnly(config: ServerConfig): void {
  if (config.databaseUrl !== null)
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (and restore with pg_restore); this command covers the embedded SQLite and the media folder only',
    );
}

/** Writes the archive; answers how many media files it holds. */
export async function backUp(config: ServerConfig, file: string): Promise<{ mediaFiles: number }> {
  embeddedOnly(config);
  const source = join(config.dataDir, databaseFile);
  if (!existsSync(source)) throw new BackupError(`No database to back up at ${source}`);
  const staging = await mkdtemp(join(tmpdir(), 'dealdesk-backup-'));
  try {
    const database = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await database.backup(join(staging, databaseFile));
    } finally {
      database.close();
    }
    const media = join(config.dataDir, mediaFolder);
    const entries = [databaseFile];
    let mediaFiles = 0;
    if (existsSync(media)) {
      await symlink(media, join(staging, mediaFolder));
      entries.push(mediaFolder);
      mediaFiles = (await readdir(media)).length;
    }
    await create({ gzip: true, file: resolve(file), cwd: staging, follow: true }, entries);
    return { mediaFiles };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Unpacks an archive into the data folder, which must be empty or not exist yet. */
export async function restore(config: ServerConfig, file: string): Promise<void> {
  embeddedOnly(config);
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  await mkdir(config.dataDir, { recursive: true });
  if ((await readdir(config.dataDir)).length > 0)
    throw new BackupError(
      `${config.dataDir} is not empty: restore into an empty data folder (DEALDESK_DATA_DIR)`,
    );
  await extract({
    file,
    cwd: config.dataDir,
    // Only what a backup holds: never a path outside the data folder.
    filter: (path) =>
      path === databaseFile || path.startsWith(`${mediaFolder}/`) || path === `${mediaFolder}/`,
  });
  if (!existsSync(join(config.dataDir, databaseFile)))
    throw new BackupError(`${file} holds no ${databaseFile}: not a Dealdesk backup`);
}
