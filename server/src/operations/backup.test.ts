// Backup and restore of the embedded default: a snapshot taken while the app's events are being
// ingested, restored into an empty folder, serves every event acknowledged before it began and
// every media file.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Header, type HeaderData } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addImageStory, sample, signedInClient } from '../modules/stories/testing.js';
import {
  clientFor,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../testing/harness.js';
import { builtServer } from '../testing/processes.js';
import { insertTrackable } from '../modules/tracking/testing.js';
import { backUp, BackupError, restore } from './backup.js';

const itemId = '0123456789abcdef01234567';

/** A tar archive of `entries` as written, byte for byte: what a tampered backup may hold. */
function tarOf(entries: (HeaderData & { body?: string })[]): Buffer {
  const blocks = entries.flatMap(({ body = '', ...data }) => {
    const header = new Header({ mode: 0o644, mtime: new Date(0), ...data, size: body.length });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    const content = Buffer.alloc(Math.ceil(body.length / 512) * 512);
    content.write(body);
    return [block, content];
  });
  return Buffer.concat([...blocks, Buffer.alloc(1024)]);
}

/** A database file first (restored, then removed), then the entry under test. */
const tamperedWith = (entry: HeaderData & { body?: string }) =>
  tarOf([{ path: 'dealdesk.sqlite', type: 'File', body: 'a database' }, entry]);

/** What a tampered archive holds, and the reason its refusal gives. */
const tampered: [HeaderData & { body?: string }, string][] = [
  [
    { path: 'media/hard2.png', type: 'Link', linkpath: 'dealdesk.sqlite' },
    'a hard link (to dealdesk.sqlite)',
  ],
  [
    { path: 'media/evil.png', type: 'SymbolicLink', linkpath: '/etc/passwd' },
    'a symbolic link (to /etc/passwd)',
  ],
  [
    { path: 'media/tty.png', type: 'CharacterDevice', devmaj: 5, devmin: 0 },
    'not a regular file or folder (CharacterDevice)',
  ],
  [{ path: '/tmp/dealdesk-absolute.png', type: 'File', body: 'x' }, 'an absolute path'],
  [{ path: 'media/../../x.png', type: 'File', body: 'x' }, "a path with '..'"],
  [{ path: 'notes.txt', type: 'File', body: 'x' }, 'not part of a Dealdesk backup'],
];

describe('backup and restore of SQLite and the media folder', () => {
  let database: TestDatabase;
  let server: TestServer;
  let work: string;
  beforeAll(async () => {
    database = await freshDatabase('sqlite');
    server = await startTestServer(testConfig(database));
    await insertTrackable(server.app.dealdesk.context.db, 'banner', [itemId]);
    work = await mkdtemp(join(tmpdir(), 'dealdesk-backup-test-'));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('restores every event acknowledged before the backup began, and every media file', async () => {
    const admin = await signedInClient(server);
    const story = await addImageStory(admin);
    const image = story.data?.image ?? '';
    expect(image).toMatch(/^\/media\//);

    // The app keeps reporting views while the backup runs.
    const app = clientFor(server);
    const events = Array.from({ length: 50 }, () => ({
      kind: 'banner' as const,
      id: itemId,
      event: 'view' as const,
    }));
    let acknowledged = 0;
    let ingesting = true;
    const ingestion = (async () => {
      while (ingesting) {
        const answer = await app.tracking.track({ events });
        if (answer.status) acknowledged += answer.accepted ?? 0;
      }
    })();
    await expect.poll(() => acknowledged, { timeout: 10_000 }).toBeGreaterThan(500);
    const acknowledgedBefore = acknowledged;
    const archive = join(work, 'dealdesk.tar.gz');
    const { mediaFiles } = await backUp(server.config, archive);
    ingesting = false;
    await ingestion;
    expect(mediaFiles).toBeGreaterThan(0);
    expect(acknowledged).toBeGreaterThan(acknowledgedBefore);

    const restoredDir = join(work, 'restored');
    const config = { ...server.config, dataDir: restoredDir };
    await restore(config, archive);
    const restored = await startTestServer(config);
    try {
      const totals = await restored.app.dealdesk.context.db
        .selectFrom('item_totals')
        .select('views')
        .where('item_id', '=', itemId)
        .executeTakeFirstOrThrow();
      expect(Number(totals.views)).toBeGreaterThanOrEqual(acknowledgedBefore);
      expect(Number(totals.views)).toBeLessThanOrEqual(acknowledged);
      const served = await fetch(`${restored.baseUrl}${image}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer())).toEqual(
        Buffer.from(sample('png').data as Uint8Array),
      );
      // The restored story is there too, with its file.
      const restoredAdmin = await signedInClient(restored);
      const listed = await restoredAdmin.stories.list({ limit: 100 });
      expect(listed.data?.map((item) => item.image)).toContain(image);
    } finally {
      await restored.close();
    }

    await expect(restore(config, archive)).rejects.toThrow(/not empty/);
    const notABackup = join(work, 'not-a-backup.tar.gz');
    await writeFile(notABackup, 'plain text');
    await expect(
      restore({ ...config, dataDir: join(work, 'other') }, notABackup),
    ).rejects.toThrow();
  });

  it('carries the server key file, restored readable by its owner only', async () => {
    const key = `${'5e'.repeat(32)}\n`;
    await writeFile(join(database.dataDir, 'server-key'), key, { mode: 0o600 });
    const archive = join(work, 'with-key.tar.gz');
    expect(await backUp(server.config, archive)).toMatchObject({ serverKey: true });
    const restoredDir = join(work, 'with-key');
    await restore({ ...server.config, dataDir: restoredDir }, archive);
    const restoredKey = join(restoredDir, 'server-key');
    expect(await readFile(restoredKey, 'utf8')).toBe(key);
    expect((await stat(restoredKey)).mode & 0o777).toBe(0o600);
  });

  it.each(tampered)(
    'refuses an archive holding %o, naming it, and leaves nothing',
    async (entry, reason) => {
      const name = String(entry.path).replaceAll('/', '_');
      const archive = join(work, `tampered-${name}.tar`);
      await writeFile(archive, tamperedWith(entry));
      const target = join(work, `target-${name}`);
      await mkdir(target);
      const refused = restore({ ...server.config, dataDir: target }, archive);
      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(`${String(entry.path)}: ${reason}`);
      await expect(refused).rejects.toMatchObject({ exitCode: 2 });
      expect(await readdir(target)).toEqual([]);
      expect(existsSync('/tmp/dealdesk-absolute.png')).toBe(false);
    },
  );

  it('sends PostgreSQL to pg_dump', async () => {
    await expect(
      backUp({ ...server.config, databaseUrl: 'postgres://db.example/dealdesk' }, join(work, 'x')),
    ).rejects.toThrow(BackupError);
    await expect(
      backUp({ ...server.config, databaseUrl: 'postgres://db.example/dealdesk' }, join(work, 'x')),
    ).rejects.toThrow(/pg_dump/);
  });

  // The entry's own part: its arguments, output and exit status (a refused restore is above).
  it.skipIf(!existsSync(builtServer))(
    'runs as `main.js backup` and `main.js restore`',
    async () => {
      const archive = join(work, 'from-the-entry.tar.gz');
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [builtServer, ...args], {
          env: {
            ...process.env,
            DEALDESK_DATA_DIR: args[0] === 'backup' ? database.dataDir : join(work, 'entry'),
          },
          encoding: 'utf8',
        });
      const backup = run('backup', archive);
      expect(backup.stdout).toContain('backed up the database');
      expect(backup.status).toBe(0);
      const restored = run('restore', archive);
      expect(restored.stdout).toContain('restored');
      expect(existsSync(join(work, 'entry', 'dealdesk.sqlite'))).toBe(true);
      // A hard link to the database, served as a media file once restored: refused, exit 2.
      const linked = join(work, 'linked.tar');
      await writeFile(linked, tamperedWith(tampered[0]?.[0] ?? {}));
      const refused = spawnSync(process.execPath, [builtServer, 'restore', linked], {
        env: { ...process.env, DEALDESK_DATA_DIR: join(work, 'linked') },
        encoding: 'utf8',
      });
      expect(refused.stderr).toContain('media/hard2.png: a hard link (to dealdesk.sqlite)');
      expect(refused.status).toBe(2);
      expect(await readdir(join(work, 'linked'))).toEqual([]);
      const unnamed = run('backup');
      expect(unnamed.status).toBe(1);
      expect(unnamed.stderr).toContain('Name the archive');
    },
    // Three starts of the server's entry, on a machine the other test files keep busy.
    60_000,
  );
});
