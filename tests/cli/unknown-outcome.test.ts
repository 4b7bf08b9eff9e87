// A write whose outcome the CLI cannot know, the built CLI against a real server: a wrong
// envelope secret fails before anything is sent; an answer held by the server until the CLI
// gave up (--timeout) is asked again with the same Idempotency-Key, and still without an answer
// the command says the write may have been applied and exits 4; a re-run is safe.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subcategory } from '@dealdesk/core';
import {
  addCategory,
  addSubcategory,
  freshDatabase,
  signedInClient,
  startShop,
  startTestServer,
  testConfig,
  type Shop,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import { buildCli, freshConfigHome, jsonOf, runBuiltCli, serverEnv } from './support.js';

let database: TestDatabase;
let server: TestServer;
let shop: Shop;
let subcategory: Subcategory;
let env: NodeJS.ProcessEnv;
let folder: string;
/** Answers of this path are held until the client has closed its connection. */
let holdPath = '';
/** How many answers to hold (Infinity: every one). */
let holdCount = 0;
/** Idempotency-Keys of the writes the server saw, by path. */
const keys: { path: string; key: string }[] = [];

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  shop = await startShop();
  const config = testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] });
  server = await startTestServer(config, (app) => {
    app.addHook('onRequest', async (request) => {
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string') keys.push({ path: request.url.split('?')[0] ?? '', key });
    });
    // The write is done; its answer waits until the client gave up, then goes to no one.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (request.url.split('?')[0] !== holdPath || holdCount <= 0) return payload;
      holdCount -= 1;
      const { socket } = request.raw;
      if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
      return payload;
    });
  });
  const api = await signedInClient(server);
  subcategory = await addSubcategory(api, await addCategory(api));
  const { token } = await api.admin.createToken({ name: 'unknown e2e' });
  folder = await freshConfigHome();
  env = { ...serverEnv(server, folder), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await shop.close();
  await database.drop();
});

const sendPath = '/api/App/notification/send';
const bulkPath = '/api/App/product/bulk';

async function notificationsTitled(title: string): Promise<number> {
  const { db } = server.app.dealdesk.context;
  const rows = await db
    .selectFrom('notifications')
    .where('n_title', '=', title)
    .selectAll()
    .execute();
  return rows.length;
}

const send = (title: string, extra: string[] = [], runEnv = env) =>
  runBuiltCli([...extra, 'notify', 'send', '--title', title, '--message', 'Deals'], runEnv);

describe('an unknown outcome is said, never reported as a failure', () => {
  it('names exit code 4 in --help', async () => {
    const help = await runBuiltCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      '4 unknown outcome (a write was sent and its answer did not arrive',
    );
  });

  it('checks the secret with a read before sending: a wrong one sends nothing', async () => {
    const sendsBefore = keys.filter((seen) => seen.path === sendPath).length;
    const run = await send('Wrong secret', [], { ...env, DEALDESK_SECRET: 'ab'.repeat(32) });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('is the envelope secret right?');
    expect(keys.filter((seen) => seen.path === sendPath)).toHaveLength(sendsBefore);
    expect(await notificationsTitled('Wrong secret')).toBe(0);
  });

  it('asks again with the same key when the answer did not come: sent once, exit 0', async () => {
    holdPath = sendPath;
    holdCount = 1;
    const run = await send('Held once', ['--timeout', '1', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(jsonOf(run)).toMatchObject({ status: true, id: expect.any(String) });
    const [first, again] = keys.filter((seen) => seen.path === sendPath).slice(-2);
    expect(again?.key).toBe(first?.key);
    expect(await notificationsTitled('Held once')).toBe(1);
  });

  it('says a send without an answer may have been sent (exit 4), and sends it once', async () => {
    holdPath = sendPath;
    holdCount = Infinity;
    const run = await send('Held always', ['--timeout', '1']);
    holdCount = 0;
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('after the request was sent: it may have been applied');
    expect(run.stderr).toContain('check `dealdesk notify history` before sending again');
    expect(await notificationsTitled('Held always')).toBe(1);
  });

  it('counts the rows of an import call without an answer as unknown (exit 4); a re-run is safe', async () => {
    const rows = Array.from({ length: 4 }, (_, index) => ({
      title: `Unanswered ${index}`,
      price: 10,
      og_price: 20,
      og_url: `https://shop.example/unanswered/${index}`,
      category: subcategory.category._id,
      subcategory: subcategory._id,
      images: ['https://cdn.example/a.jpg'],
    }));
    const path = join(folder, 'unanswered.jsonl');
    await writeFile(path, rows.map((row) => JSON.stringify(row)).join('\n'));
    holdPath = bulkPath;
    holdCount = Infinity;
    const args = ['--json', '--timeout', '1', 'products', 'import', path, '--batch-size', '2'];
    const run = await runBuiltCli(args, env);
    holdCount = 0;
    expect(run.code).toBe(4);
    const summary = jsonOf<Record<string, unknown>>(run);
    expect(summary).toMatchObject({ status: false, created: 0, failed: expect.any(Number) });
    expect(summary['unknown']).toBeGreaterThan(0);
    expect(run.stderr).toContain('Re-running the import is safe');

    const again = await runBuiltCli(args, env);
    expect(again.code, again.stderr).toBe(0);
    expect(jsonOf(again)).toMatchObject({ status: true, unknown: 0, failed: 0 });
    const { db } = server.app.dealdesk.context;
    const stored = await db
      .selectFrom('products')
      .where('og_url', 'like', 'https://shop.example/unanswered/%')
      .select('og_url')
      .execute();
    expect(stored.map((product) => product.og_url).sort()).toEqual(rows.map((row) => row.og_url));
  });

  it('counts a scraped page whose product write got no answer as unknown (exit 4), starting no other', async () => {
    const pages = [shop.url('/generic/microdata.html'), shop.url('/generic/json-ld.html')];
    const args = [
      '--json',
      '--timeout',
      '1',
      'products',
      'scrape',
      ...pages,
      '--create',
      '--category',
      subcategory.category._id,
      '--subcategory',
      subcategory._id,
      '--concurrency',
      '1',
    ];
    holdPath = bulkPath;
    holdCount = Infinity;
    const run = await runBuiltCli(args, env);
    holdCount = 0;
    expect(run.code).toBe(4);
    expect(jsonOf(run)).toMatchObject({ status: false, unknown: 1, failed: 0, notSent: 1 });
    expect(run.stderr).toContain('Re-running the scrape is safe');

    const again = await runBuiltCli(args, env);
    expect(again.code, again.stderr).toBe(0);
    expect(jsonOf(again)).toMatchObject({ unknown: 0, skipped: 1, created: 1 });
  });
});
