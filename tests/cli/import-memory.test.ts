// `products import` streams its file: the BUILT CLI, its heap capped at 48 MB, imports a file of
// 141 MB from standard input (spooled to a temporary file for its two passes, removed after)
// against a real server. Reading the file whole ran out of memory. The rows carry a long field a
// row does not have (a feed's notes), which the CLI reads and checks but does not send, so the
// server's share stays small. A dry run of 40 MB of ordinary rows stays under a peak RSS (V8
// had sized the heaps of the CLI's two threads for its allocation rate). The CLI's memory is the
// same whatever the server's database: one dialect (SQLite) keeps the run short.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
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
import {
  buildCli,
  freshConfigHome,
  jsonOf,
  runBuiltCli,
  serverEnv,
  startBuiltCli,
} from './support.js';

const heapMb = 48;
const rows = 4_500;
/** Each row's notes: the file is 4,500 rows of 32 KB, three times the heap cap. */
const notes = 'Hand-woven cotton, washed soft. '.repeat(1024);
const fileMb = (rows * notes.length) / 2 ** 20;
/** A feed of ordinary rows (about 700 bytes each, 40 MB) for the peak RSS of a whole import. */
const feedRows = 60_000;
const peakRssMb = 288;

/** Writes `count` rows, each made by `row` from its line, as JSON Lines at `path`. */
async function writeRows(path: string, count: number, row: (line: number) => object) {
  const file = createWriteStream(path);
  for (let line = 1; line <= count; line += 1)
    if (!file.write(`${JSON.stringify(row(line))}\n`)) await once(file, 'drain');
  file.end();
  await once(file, 'close');
}

/** A module loaded before the CLI that prints the process's peak RSS (KB) as it exits. */
async function peakReporter(folder: string) {
  const path = join(folder, 'peak-rss.mjs');
  await writeFile(
    path,
    "process.on('exit', () => process.stderr.write(`peak-rss ${process.resourceUsage().maxRSS}\\n`));\n",
  );
  return pathToFileURL(path).href;
}

describe('products import of a file larger than its heap', () => {
  const dialect = 'sqlite';
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let env: NodeJS.ProcessEnv;
  let path = '';
  let feedPath = '';
  let reporter = '';
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
    const folder = await mkdtemp(join(tmpdir(), 'dealdesk-memory-'));
    const row = (line: number, kind: string, rowNotes: string) => ({
      title: `${kind} kurta ${line}`,
      price: 499,
      og_price: 999,
      og_url: `https://shop.example/${dialect}/${kind}/${line}`,
      category: subcategory.category._id,
      subcategory: subcategory._id,
      images: [`https://cdn.example/${kind}/${line}.jpg`],
      notes: rowNotes,
    });
    path = join(folder, 'feed.jsonl');
    await writeRows(path, rows, (line) => row(line, 'Streamed', notes));
    feedPath = join(folder, 'ordinary.jsonl');
    await writeRows(feedPath, feedRows, (line) => row(line, 'Ordinary', notes.slice(0, 400)));
    reporter = await peakReporter(folder);
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

  // V8 had sized both threads' heaps for the import's allocation rate: 356 MB for this file,
  // 219-234 MB since the import keeps them small.
  it(`checks ${feedRows} rows (40 MB) with a peak RSS under ${peakRssMb} MB`, async () => {
    const run = await runBuiltCli(['--json', 'products', 'import', feedPath, '--dry-run'], {
      ...env,
      NODE_OPTIONS: `--import ${reporter}`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({ status: true, rows: feedRows, valid: feedRows });
    const peakKb = Number(/peak-rss (\d+)/.exec(run.stderr)?.[1]);
    expect(peakKb / 1024).toBeLessThan(peakRssMb);
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
