// `products import` streams its file: the BUILT CLI, its heap capped at 48 MB, imports a file of
// 141 MB from standard input (spooled to a temporary file for its two passes, removed after)
// against a real server. Reading the file whole ran out of memory. The rows carry a long field a
// row does not have (a feed's notes), which the CLI reads and checks but does not send, so the
// server's share stays small. The CLI's memory is the same whatever the server's database: one
// dialect (SQLite) keeps the run short.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addCategory,
  addSubcategory,
  freshDatabase,
  signedInClient,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { buildCli, freshConfigHome, jsonOf, serverEnv, startBuiltCli } from './support.js';

const heapMb = 48;
const rows = 4_500;
/** Each row's notes: the file is 4,500 rows of 32 KB, three times the heap cap. */
const notes = 'Hand-woven cotton, washed soft. '.repeat(1024);
const fileMb = (rows * notes.length) / 2 ** 20;

describe('products import of a file larger than its heap', () => {
  const dialect = 'sqlite';
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let env: NodeJS.ProcessEnv;
  let path = '';
  let spoolFolder = '';

  beforeAll(async () => {
    buildCli();
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    const subcategory = await addSubcategory(api, await addCategory(api));
    const { token } = await api.admin.createToken({ name: 'memory e2e' });
    spoolFolder = await mkdtemp(join(tmpdir(), 'dealdesk-spool-'));
    env = {
      ...serverEnv(server, await freshConfigHome()),
      DEALDESK_TOKEN: token ?? '',
      NODE_OPTIONS: `--max-old-space-size=${heapMb}`,
      TMPDIR: spoolFolder,
    };
    path = join(await mkdtemp(join(tmpdir(), 'dealdesk-memory-')), 'feed.jsonl');
    const file = createWriteStream(path);
    for (let line = 1; line <= rows; line += 1) {
      const row = {
        title: `Streamed kurta ${line}`,
        price: 499,
        og_price: 999,
        og_url: `https://shop.example/${dialect}/streamed/${line}`,
        category: subcategory.category._id,
        subcategory: subcategory._id,
        images: [`https://cdn.example/streamed/${line}.jpg`],
        notes,
      };
      if (!file.write(`${JSON.stringify(row)}\n`)) await once(file, 'drain');
    }
    file.end();
    await once(file, 'close');
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it(`imports ${rows} rows (${Math.round(fileMb)} MB) from stdin with a ${heapMb} MB heap`, async () => {
    expect(fileMb).toBeGreaterThan(heapMb * 2.5);
    const importing = startBuiltCli(
      ['--json', 'products', 'import', '-', '--format', 'jsonl', '--batch-size', '50'],
      env,
    );
    // A CLI that dies (out of memory) closes its end: the test then fails on its exit code.
    importing.child.stdin.on('error', () => {});
    createReadStream(path).pipe(importing.child.stdin);
    const run = await importing.finished;
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({ status: true, rows, created: rows, failed: 0 });
    const stored = await api.products.list({ q: 'Streamed kurta', limit: 1 });
    expect(stored.totalRecord).toBe(rows);
    // The spool of standard input is gone.
    expect(await readdir(spoolFolder)).toEqual([]);
  }, 120_000);

  it('stops on Ctrl+C while standard input is read: nothing sent (exit 130), no spool left', async () => {
    const importing = startBuiltCli(['products', 'import', '-', '--format', 'jsonl'], env);
    importing.write('{"title": "Never sent"}\n');
    // The spool exists once the CLI listens for Ctrl+C; stdin stays open.
    await vi.waitFor(async () => expect(await readdir(spoolFolder)).toHaveLength(1), {
      timeout: 15_000,
    });
    importing.child.kill('SIGINT');
    const run = await importing.finished;
    expect(run.code).toBe(130);
    expect(run.stderr).toContain('Interrupted: nothing was sent');
    expect(await readdir(spoolFolder)).toEqual([]);
  });
});
