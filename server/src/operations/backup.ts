// `npm run backup -- <file>` and `npm run restore -- <file>` for the embedded default: the
// SQLite database, the server key file and the local media folder in one .tar.gz. A restore
// takes regular files and folders of those names only, and refuses the whole archive otherwise
// (a hard link to the database served as a media file, say). The database is copied with
// SQLite's online backup, a consistent snapshot taken while the server runs and ingests; media
// files are only ever added or removed whole. With PostgreSQL or object storage the operator's
// own tools back them up (docs/operations.md), and these commands say so.
import SQLite from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { chmod, copyFile, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { create, extract, type ReadEntry } from 'tar';
import { serverKeyFile, type ServerConfig } from '../config.js';

export const databaseFile = 'dealdesk.sqlite';
const mediaFolder = 'media';

export class BackupError extends Error {
  /** The command's exit status: 1, or 2 for an archive refused for what it holds. */
  readonly exitCode: number = 1;
}

/** An archive holding anything but a backup's regular files and folders: nothing restored. */
class RefusedArchiveError extends BackupError {
  override readonly exitCode = 2;
}

/** Why a restore refuses `entry`, or null for a file or folder a backup holds. */
function refusal(entry: ReadEntry): string | null {
  const { path, type } = entry;
  if (path.startsWith('/')) return 'an absolute path';
  if (path.split('/').includes('..')) return "a path with '..'";
  if (type === 'Link' || type === 'SymbolicLink')
    return `a ${type === 'Link' ? 'hard' : 'symbolic'} link (to ${entry.linkpath ?? '?'})`;
  if (type !== 'File' && type !== 'Directory') return `not a regular file or folder (${type})`;
  const name = path.replace(/\/$/, '');
  const expected =
    type === 'File'
      ? name === databaseFile || name === serverKeyFile || name.startsWith(`${mediaFolder}/`)
      : name === mediaFolder || name.startsWith(`${mediaFolder}/`);
  return expected ? null : 'not part of a Dealdesk backup';
}

function embeddedOnly(config: ServerConfig): void {
  if (config.databaseUrl !== null)
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (and restore with pg_restore); this command covers the embedded SQLite and the media folder only',
    );
}

/** Writes the archive; answers how many media files it holds and whether the server key. */
export async function backUp(
  config: ServerConfig,
  file: string,
): Promise<{ mediaFiles: number; serverKey: boolean }> {
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
    const entries = [databaseFile];
    // The key that opens the authenticator keys in the database (unless DEALDESK_SERVER_KEY).
    if (existsSync(join(config.dataDir, serverKeyFile))) {
      await copyFile(join(config.dataDir, serverKeyFile), join(staging, serverKeyFile));
      entries.push(serverKeyFile);
    }
    const media = join(config.dataDir, mediaFolder);
    let mediaFiles = 0;
    if (existsSync(media)) {
      await symlink(media, join(staging, mediaFolder));
      entries.push(mediaFolder);
      mediaFiles = (await readdir(media)).length;
    }
    await create({ gzip: true, file: resolve(file), cwd: staging, follow: true }, entries);
    return { mediaFiles, serverKey: entries.includes(serverKeyFile) };
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
  // Each entry is checked as it comes, before anything of it is written; one refused entry
  // refuses the archive, and what was unpacked before it is removed.
  const refused: string[] = [];
  await extract({
    file,
    cwd: config.dataDir,
    filter: (path, entry) => {
      const why = refusal(entry as ReadEntry);
      if (why !== null) refused.push(`${path}: ${why}`);
      return why === null;
    },
  });
  if (refused.length > 0) {
    for (const name of await readdir(config.dataDir))
      await rm(join(config.dataDir, name), { recursive: true, force: true });
    throw new RefusedArchiveError(
      `${file} refused, nothing restored: a backup holds regular files and folders only (${refused.join('; ')})`,
    );
  }
  if (!existsSync(join(config.dataDir, databaseFile)))
    throw new BackupError(`${file} holds no ${databaseFile}: not a Dealdesk backup`);
  // Readable by the server's user only, whatever mode the archive gave it.
  if (existsSync(join(config.dataDir, serverKeyFile)))
    await chmod(join(config.dataDir, serverKeyFile), 0o600);
}
