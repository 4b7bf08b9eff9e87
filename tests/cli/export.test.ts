// dealdesk products export streams the server's file to stdout or to a file, with the list's
// filters (in process), and the built CLI stops quietly when the reader of its pipe has had
// enough, or when the server stops sending half-way.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  endpoints,
  productRowSchema,
  readCsvRecords,
  rowColumns,
  type ProductExportRow,
  type Subcategory,
} from '@dealdesk/core';
import {
  addCategory,
  addSubcategory,
  freshDatabase,
  productData,
  signedInClient,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import {
  buildCli,
  cliMain,
  freshConfigHome,
  jsonOf,
  runBuiltCli,
  runCli,
  serverEnv,
} from './support.js';

let database: TestDatabase;
let server: TestServer;
let api: CatalogueClient;
let shirts: Subcategory;
let lamps: Subcategory;
let env: NodeJS.ProcessEnv;
let folder: string;
/** Products beside the three made through the API: more than a pipe's buffer holds as CSV. */
const many = 3_000;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  server = await startTestServer(testConfig(database));
  api = await signedInClient(server);
  shirts = await addSubcategory(api, await addCategory(api));
  lamps = await addSubcategory(api, await addCategory(api));
  for (const [subcategory, title] of [
    [shirts, '=cmd|calc'],
    [shirts, 'Linen shirt, white'],
    [lamps, 'Desk lamp'],
  ] as const) {
    const added = await api.products.create({
      productData: productData(subcategory, { title }),
      imageUrls: ['https://cdn.example.com/a.jpg'],
    });
    if (!added.status) throw new Error(added.message);
  }
  const { token } = await api.admin.createToken({ name: 'export e2e' });
  folder = await freshConfigHome();
  env = { ...serverEnv(server, folder), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

const jsonLinesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as ProductExportRow);

describe('dealdesk products export', () => {
  it('writes JSON Lines to stdout that import back unchanged, with the filters', async () => {
    const all = await runCli(['products', 'export', '--format', 'jsonl'], env);
    expect(all.stderr).toBe('');
    expect(all.code).toBe(0);
    const rows = jsonLinesOf(all.stdout);
    expect(rows.map((row) => row.title)).toEqual(['Desk lamp', 'Linen shirt, white', '=cmd|calc']);
    // The importer's schema ignores _id and takes every other field back as it is.
    for (const row of rows) {
      const { _id: id, ...imported } = row;
      expect(id).toMatch(/^[0-9a-f]{24}$/);
      expect(productRowSchema.parse(row)).toEqual(imported);
    }

    const filtered = await runCli(
      ['products', 'export', '--format', 'jsonl', '--category', shirts.category._id, '-s', 'linen'],
      env,
    );
    expect(filtered.code).toBe(0);
    expect(jsonLinesOf(filtered.stdout).map((row) => row.title)).toEqual(['Linen shirt, white']);

    const sorted = await runCli(
      ['products', 'export', '--format', 'jsonl', '--sort', 'title', '--order', 'asc'],
      env,
    );
    expect(jsonLinesOf(sorted.stdout).map((row) => row.title)).toEqual([
      '=cmd|calc',
      'Desk lamp',
      'Linen shirt, white',
    ]);
  });

  it('writes CSV to a file, neutralised, and says so', async () => {
    const file = join(folder, 'catalogue.csv');
    const run = await runCli(
      ['--json', 'products', 'export', '--subcategory', shirts._id, '--output', file],
      env,
    );
    expect(run.code).toBe(0);
    expect(jsonOf(run)).toEqual({ status: true, file, format: 'csv' });
    const text = await readFile(file, 'utf8');
    const [header, ...records] = readCsvRecords(text).map((record) => record.fields);
    expect(header).toEqual(rowColumns(endpoints.products.export));
    expect(records.map((record) => record[1])).toEqual(['Linen shirt, white', "'=cmd|calc"]);
    expect(text.endsWith('\r\n')).toBe(true);
    // Nothing left beside it.
    expect((await readdir(folder)).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('refuses a bad format (exit 2) and a missing token (exit 3), writing no file', async () => {
    const bad = await runCli(['products', 'export', '--format', 'xml'], env);
    expect(bad.code).toBe(2);
    const file = join(folder, 'refused.csv');
    const anonymous = await runCli(['products', 'export', '--output', file], {
      ...env,
      DEALDESK_TOKEN: '',
    });
    expect(anonymous.code).toBe(3);
    expect((await readdir(folder)).filter((name) => name.startsWith('refused'))).toEqual([]);
  });

  it('ends quietly with exit 0 when the pipe closes (| head -1)', async () => {
    const { db } = server.app.dealdesk.context;
    const now = new Date().toISOString();
    const rows = Array.from({ length: many }, (_, index) => ({
      id: randomBytes(12).toString('hex'),
      title: `Piped product ${index} ${'x'.repeat(200)}`,
      price: 10,
      og_price: 20,
      rating: '4.0',
      ratings_and_reviews: '',
      delivery_info: '',
      available_sizes: '[]',
      specifications: '{}',
      og_url: `https://shop.example.com/p/${index}`,
      btn_url: `https://shop.example.com/p/${index}`,
      category_id: lamps.category._id,
      subcategory_id: lamps._id,
      events: 'None' as const,
      images: '[{"url":"https://cdn.example.com/a.jpg"}]',
      search_text: `piped product ${index}`,
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500)
      await db
        .insertInto('products')
        .values(rows.slice(at, at + 500))
        .execute();
    const child = spawn(
      'sh',
      // The CLI's exit code goes to stderr: head's would be the pipe's.
      [
        '-c',
        `{ "${process.execPath}" "${cliMain}" products export; echo "cli exit $?" >&2; } | head -1`,
      ],
      { env: { ...env, PATH: process.env['PATH'] } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toBe('cli exit 0\n');
    expect(stdout).toBe(`${rowColumns(endpoints.products.export).join(',')}\r\n`);
  });

  it('gives up on a server that stops sending the file after --timeout seconds, keeping no file', async () => {
    // The header row, then silence: a server stuck half-way through an export.
    const sockets = new Set<Socket>();
    const stuck = createServer((_request, response) => {
      sockets.add(response.socket as Socket);
      response.writeHead(200, { 'content-type': 'text/csv; charset=utf-8' });
      response.write('title,price\r\n');
    });
    await new Promise<void>((resolve) => stuck.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stuck.address() as AddressInfo).port}`;
    try {
      const stuckEnv = { ...env, DEALDESK_URL: url };
      // A CLI that waited for ever, or a process kept alive by the open socket, would fail the
      // test by its own timeout. The two runs wait their second side by side.
      const file = join(folder, 'stuck.csv');
      const [piped, saved] = await Promise.all([
        runBuiltCli(['--timeout', '1', 'products', 'export'], stuckEnv),
        runCli(['products', 'export', '-o', file], { ...stuckEnv, DEALDESK_TIMEOUT: '1' }),
      ]);
      expect(piped.code).toBe(1);
      expect(piped.stdout).toBe('title,price\r\n');
      expect(piped.stderr).toContain(
        `The export stopped before it was complete: No answer from the Dealdesk server at ${url} in 1 s`,
      );
      expect(saved.code).toBe(1);
      expect(saved.stderr).toContain(`No answer from the Dealdesk server at ${url} in 1 s`);
      expect((await readdir(folder)).filter((name) => name.startsWith('stuck'))).toEqual([]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => stuck.close(resolve));
    }
  });
});
