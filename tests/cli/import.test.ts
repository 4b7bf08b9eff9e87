// `dealdesk products import`, the CLI in process against a real server on both dialects: rows
// checked before sending, calls of up to 5,000, existing products matched by og_url, and a call
// the server fails leaving the calls before it in place.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subcategory } from '@dealdesk/core';
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
import { freshConfigHome, jsonOf, runCli, serverEnv } from './support.js';

interface ImportJson {
  status: boolean;
  rows: number;
  created: number;
  updated: number;
  skipped: number;
  failed: number;
  failures: { line: number; message: string }[];
  results: { line: number; _id: string; status: string }[];
}

describe.each(['sqlite', 'postgres'] as const)('dealdesk products import on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let subcategory: Subcategory;
  let env: NodeJS.ProcessEnv;
  let folder: string;
  /** Bulk calls the server has seen. */
  let bulkCalls = 0;
  /** The call carrying a product of this title fails, as on a broken disk. */
  let failTitle = '';
  /** Each bulk call's arrival and answer, in the order the server saw them. */
  let bulkEvents: string[] = [];
  /** While true, a bulk call waits in the server until another arrives. */
  /** Calls held in the server until this many have arrived (0: none held). */
  let holdUntil = 0;
  let held: (() => void)[] = [];

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database), (app) => {
      const isBulk = (url: string) => url.startsWith('/api/App/product/bulk');
      app.addHook('preHandler', async (request) => {
        if (!isBulk(request.url)) return;
        bulkCalls += 1;
        bulkEvents.push('arrived');
        if (holdUntil > 0) {
          const arrived = new Promise<void>((resolve) => held.push(resolve));
          if (held.length === holdUntil) {
            for (const release of held) release();
            held = [];
          }
          await arrived;
        }
        // A large body reaches the hooks still sealed (it is opened off the main thread): only
        // small calls carry their products here, and only they are failed.
        const { products = [] } = request.body as { products?: { title: string }[] };
        if (products.some((product) => product.title === failTitle))
          throw new Error('the disk is full');
      });
      app.addHook('onResponse', async (request) => {
        if (isBulk(request.url)) bulkEvents.push('answered');
      });
    });
    api = await signedInClient(server);
    subcategory = await addSubcategory(api, await addCategory(api));
    const { token } = await api.admin.createToken({ name: 'import e2e' });
    env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
    folder = await mkdtemp(join(tmpdir(), 'dealdesk-import-'));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const row = (key: string, extra: Record<string, unknown> = {}) => ({
    title: `Imported ${key}`,
    price: 100,
    og_price: 150,
    og_url: `https://shop.example/${dialect}/${key}`,
    category: subcategory.category._id,
    subcategory: subcategory._id,
    images: [`https://cdn.example/${key}.jpg`],
    ...extra,
  });

  async function file(name: string, content: string): Promise<string> {
    const path = join(folder, name);
    await writeFile(path, content);
    return path;
  }
  const jsonl = (rows: unknown[]) => rows.map((each) => JSON.stringify(each)).join('\n');

  async function titled(q: string) {
    return (await api.products.list({ q, limit: 100 })).data ?? [];
  }

  it('checks every row first: --dry-run names the bad lines and sends nothing (exit 1)', async () => {
    const path = await file(
      'bad.jsonl',
      [
        JSON.stringify(row('dry-1')),
        '{not json',
        JSON.stringify(row('dry-3', { price: -1 })),
        '',
        JSON.stringify(row('dry-5', { images: [] })),
      ].join('\n'),
    );
    const callsBefore = bulkCalls;
    const run = await runCli(['--json', 'products', 'import', path, '--dry-run'], env);
    expect(run.code).toBe(1);
    expect(jsonOf(run)).toMatchObject({
      status: false,
      rows: 4,
      valid: 1,
      failures: [
        { line: 2, message: 'not valid JSON' },
        { line: 3, message: 'price: Price must be 0 or more' },
        { line: 5, message: 'images: All required fields must be filled' },
      ],
    });
    expect(bulkCalls).toBe(callsBefore);
    expect(await titled('Imported dry')).toEqual([]);
  });

  it('imports JSON Lines, sends the good rows, names the bad ones, and skips them on a re-run', async () => {
    const path = await file(
      'catalogue.jsonl',
      jsonl([row('a1'), row('a2', { price: 'cheap' }), row('a3', { events: 'Now Launch' })]),
    );
    const first = jsonOf<ImportJson>(await runCli(['--json', 'products', 'import', path], env));
    expect(first).toMatchObject({ status: false, created: 2, skipped: 0, failed: 1 });
    expect(first.failures).toEqual([{ line: 2, message: expect.stringMatching(/^price: /) }]);
    expect(first.results.map(({ line, status }) => [line, status])).toEqual([
      [1, 'created'],
      [3, 'created'],
    ]);
    const stored = await titled('Imported a3');
    expect(stored).toMatchObject([{ events: 'New Launch', images: [{ url: expect.any(String) }] }]);
    expect(stored[0]?._id).toBe(first.results[1]?._id);

    const again = await runCli(['--json', 'products', 'import', path], env);
    expect(jsonOf<ImportJson>(again)).toMatchObject({ created: 0, skipped: 2, failed: 1 });
  });

  it('imports CSV with JSON cells, updates by og_url with --on-existing update, and reads stdin', async () => {
    const header =
      'title,price,og_price,og_url,category,subcategory,images,availableSizes,specifications';
    const line = (key: string, title: string) =>
      [
        `"${title}"`,
        '99',
        '120',
        `https://shop.example/${dialect}/${key}`,
        subcategory.category._id,
        subcategory._id,
        `"[""https://cdn.example/${key}.png"",""https://cdn.example/${key}-2.png""]"`,
        '"[""M"",""L""]"',
        '"{""Brand"":""Acme, Inc."",""Colour"":""Blue""}"',
      ].join(',');
    const path = await file('feed.csv', `${header}\r\n${line('c1', 'Lamp, brass')}\r\n`);
    expect((await runCli(['products', 'import', path], env)).code).toBe(0);
    const [lamp] = await titled('Lamp, brass');
    expect(lamp).toMatchObject({
      price: 99,
      availableSizes: ['M', 'L'],
      specifications: { Brand: 'Acme, Inc.', Colour: 'Blue' },
    });
    expect(lamp?.images).toHaveLength(2);

    // The same product (same og_url) renamed, from standard input.
    const csv = `${header}\n${line('c1', 'Lamp, copper')}\n`;
    const skipped = await runCli(
      ['--json', 'products', 'import', '-', '--format', 'csv'],
      env,
      csv,
    );
    expect(jsonOf<ImportJson>(skipped)).toMatchObject({ status: true, skipped: 1 });
    const updated = await runCli(
      ['--json', 'products', 'import', '-', '--on-existing', 'update'],
      env,
      csv,
    );
    expect(jsonOf<ImportJson>(updated)).toMatchObject({ status: true, updated: 1 });
    expect(await titled('Lamp, brass')).toEqual([]);
    expect((await titled('Lamp, copper'))[0]?._id).toBe(lamp?._id);
  });

  it('sends 5,001 rows in two calls, and a duplicate og_url in the file counts as existing', async () => {
    const rows = Array.from({ length: 5_001 }, (_, index) => row(`many-${index}`));
    rows.push(row('many-0', { title: 'Imported many-0 again' }));
    const path = await file('many.jsonl', jsonl(rows));
    const callsBefore = bulkCalls;
    const run = await runCli(['--json', 'products', 'import', path], env);
    expect(run.code, run.stdout).toBe(0);
    expect(jsonOf<ImportJson>(run)).toMatchObject({ created: 5_001, skipped: 1, failed: 0 });
    expect(bulkCalls - callsBefore).toBe(2);
    expect((await api.products.list({ q: 'Imported many', limit: 1 })).totalRecord).toBe(5_001);
  });

  it('imports an export back unchanged, a formula-like title included (export, edit, import)', async () => {
    const rows = [row('round-1', { title: '=Round trip 1' }), row('round-2')];
    expect(
      (await runCli(['products', 'import', await file('round.jsonl', jsonl(rows))], env)).code,
    ).toBe(0);
    const exported = join(folder, 'round.csv');
    const exporting = ['products', 'export', '--search', 'Round trip', '--format', 'csv'];
    expect((await runCli([...exporting, '-o', exported], env)).code).toBe(0);
    const back = jsonOf<ImportJson>(
      await runCli(['--json', 'products', 'import', exported, '--on-existing', 'update'], env),
    );
    expect(back).toMatchObject({ status: true, rows: 1, created: 0, updated: 1, failed: 0 });
    expect((await titled('Round trip'))[0]?.title).toBe('=Round trip 1');
  });

  it('keeps the calls before one the server fails, and names every line of the failed call', async () => {
    const rows = Array.from({ length: 5 }, (_, index) => row(`partial-${index}`));
    const path = await file('partial.jsonl', jsonl(rows));
    failTitle = 'Imported partial-2';
    const run = await runCli(['products', 'import', path, '--batch-size', '2'], env);
    failTitle = '';
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('3-4');
    expect(run.stderr).toContain('Something went wrong on the server');
    // The summary table: 3 created (calls 1 and 3), none unknown (the server answered), 2
    // failed, 5 rows.
    expect(run.stdout).toMatch(/^3\t0\t0\t0\t2\t5$/m);
    const stored = (await titled('Imported partial')).map((product) => product.title).sort();
    expect(stored).toEqual(['Imported partial-0', 'Imported partial-1', 'Imported partial-4']);
  });

  it('names the line of a row the server refuses and imports the others of its call', async () => {
    const rows = [1, 2, 3, 4].map((index) => row(`placed-${index}`));
    rows[2] = row('placed-3', { category: 'ffffffffffffffffffffffff' });
    const run = await runCli(
      ['--json', 'products', 'import', await file('placed.jsonl', jsonl(rows))],
      env,
    );
    expect(run.code).toBe(1);
    expect(jsonOf<ImportJson>(run)).toMatchObject({
      created: 3,
      failed: 1,
      failures: [{ line: 3, message: 'Category not found' }],
    });
    expect((await titled('Imported placed')).map((product) => product.title).sort()).toEqual([
      'Imported placed-1',
      'Imported placed-2',
      'Imported placed-4',
    ]);
  });

  it('sends the next calls while the server writes one, unless an og_url repeats', async () => {
    // Three calls in flight: the first two wait in the server until the third arrives.
    holdUntil = 3;
    const grouped = [1, 2, 3, 4, 5, 6].map((index) => row(`grouped-${index}`));
    const run = await runCli(
      ['products', 'import', await file('grouped.jsonl', jsonl(grouped)), '--batch-size', '2'],
      env,
    );
    holdUntil = 0;
    expect(run.code).toBe(0);
    // A repeated og_url: one call at a time, each sent once the one before is answered.
    bulkEvents = [];
    const repeated = [...[1, 2, 3, 4].map((index) => row(`single-${index}`)), row('single-1')];
    const single = await runCli(
      ['products', 'import', await file('single.jsonl', jsonl(repeated)), '--batch-size', '2'],
      env,
    );
    expect(single.code).toBe(0);
    expect(bulkEvents).toEqual(Array(3).fill(['arrived', 'answered']).flat());
  });
});
