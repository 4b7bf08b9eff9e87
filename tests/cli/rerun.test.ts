// Bulk jobs an operator scripts and re-runs, against a real server: Ctrl-C lets the calls under
// way finish and reports what was done (exit 130: the built CLI, signalled); scrape --create
// matches pages to products by og_url; delete and token revoke name the ids already gone (in
// process).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Subcategory } from '@dealdesk/core';
import {
  addCategory,
  addSubcategory,
  createTestAdmin,
  freshDatabase,
  signedInClient,
  startShop,
  startTestServer,
  testConfig,
  type CatalogueClient,
  type Shop,
  type TestDatabase,
  type TestServer,
} from '@dealdesk/server/testing';
import {
  buildCli,
  freshConfigHome,
  jsonOf,
  loginByScript,
  runCli,
  serverEnv,
  startBuiltCli,
  type RunningCli,
} from './support.js';

let database: TestDatabase;
let server: TestServer;
let shop: Shop;
let api: CatalogueClient;
let subcategory: Subcategory;
let env: NodeJS.ProcessEnv;

/** A call the server holds for a while, telling the test when it arrives (to send Ctrl-C). */
let held: {
  method: string;
  path: string;
  arrived: () => void;
  released: Promise<void>;
} | null = null;

beforeAll(async () => {
  buildCli();
  database = await freshDatabase('sqlite');
  shop = await startShop();
  server = await startTestServer(
    testConfig(database, { scrapeAllowHosts: ['127.0.0.1'] }),
    (app) => {
      app.addHook('preHandler', async (request) => {
        const hold = held;
        if (hold === null || request.method !== hold.method) return;
        if (request.url.split('?')[0] !== hold.path) return;
        hold.arrived();
        await hold.released;
      });
    },
  );
  api = await signedInClient(server);
  subcategory = await addSubcategory(api, await addCategory(api));
  const { token } = await api.admin.createToken({ name: 'rerun e2e' });
  env = { ...serverEnv(server, await freshConfigHome()), DEALDESK_TOKEN: token ?? '' };
});
afterAll(async () => {
  await server.close();
  await shop.close();
  await database.drop();
});

/**
 * Holds the next `method path` call at the server: `arrived` resolves when it is there, and it
 * goes on when the CLI has said it heard Ctrl-C (so the signal is handled before the answer).
 */
function holdNext(method: string, path: string) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const arrived = new Promise<void>((resolve) => {
    held = {
      method,
      path,
      released,
      arrived: () => {
        held = null;
        resolve();
      },
    };
  });
  /** Ctrl-C to the CLI once the call is held; the call goes on once the CLI says it heard. */
  const interrupt = async (cli: RunningCli) => {
    await arrived;
    cli.child.kill('SIGINT');
    await cli.waitFor('Stopping once the calls under way are answered (Ctrl-C again to stop now)');
    release();
  };
  return { arrived, interrupt };
}

/** `count` products made in one bulk call; their ids. */
async function addProducts(count: number, key: string): Promise<string[]> {
  const answer = await api.products.bulk({
    products: Array.from({ length: count }, (_, index) => ({
      title: `Rerun ${key} ${index}`,
      price: 100,
      og_price: 150,
      og_url: `https://shop.example/rerun/${key}/${index}`,
      category: subcategory.category._id,
      subcategory: subcategory._id,
      images: [`https://cdn.example/${key}/${index}.jpg`],
    })),
  });
  if (!answer.status || answer.results === undefined) throw new Error(answer.message);
  return answer.results.map((result) => result._id);
}

const scrapeArgs = (urls: string[], ...extra: string[]) => [
  'products',
  'scrape',
  ...urls,
  '--create',
  '--category',
  subcategory.category._id,
  '--subcategory',
  subcategory._id,
  '--concurrency',
  '1',
  ...extra,
];

interface ScrapeJson {
  status: boolean;
  created: number;
  updated: number;
  skipped: number;
  results: { url: string; status: string; id: string }[];
}

describe('products scrape --create run twice', () => {
  it('skips a page a product already has as og_url, or updates it with --on-existing update', async () => {
    const url = shop.url('/generic/microdata.html');
    const first = jsonOf<ScrapeJson>(await runCli(['--json', ...scrapeArgs([url])], env));
    expect(first).toMatchObject({ status: true, created: 1, skipped: 0 });
    const id = first.results[0]?.id;

    const again = await runCli(['--json', ...scrapeArgs([url])], env);
    expect(again.code).toBe(0);
    expect(jsonOf<ScrapeJson>(again)).toMatchObject({
      created: 0,
      skipped: 1,
      results: [{ url, status: 'skipped', id }],
    });
    const updated = await runCli(scrapeArgs([url], '--on-existing', 'update'), env);
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain(`updated ${id ?? ''}`);
    expect(updated.stdout).toContain('1 of 1 scraped, 0 created, 1 updated');
    const listed = await api.products.list({ q: 'Handloom Cotton Dohar', limit: 100 });
    expect(listed.data?.filter((product) => product.og_url === url)).toHaveLength(1);
  });
});

describe('ids already gone', () => {
  it('products delete names them (exit 1), deletes the others, and reads ids from stdin (-)', async () => {
    const [kept, gone] = await addProducts(2, 'gone');
    const missing = '0123456789abcdef01234567';
    const run = await runCli(
      ['--json', 'products', 'delete', '-', missing, '--yes'],
      env,
      `${kept}\n${gone}\n`,
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Not found: ${missing}`);
    expect(jsonOf(run)).toMatchObject({ status: false, deleted: 2, missing: [missing] });
    expect((await api.products.get({ id: kept ?? '' })).httpStatus).toBe(404);

    const again = await runCli(
      ['products', 'delete', kept ?? '', gone ?? '', '--yes', '--ignore-missing'],
      env,
    );
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`Not found: ${kept}, ${gone}`);
    expect(again.stdout).toContain('Deleted 0 product(s)');
  });

  it('token revoke names a token already revoked, and --ignore-missing exits 0', async () => {
    const admin = await createTestAdmin(server);
    const session = serverEnv(server, await freshConfigHome());
    expect((await loginByScript(admin, session, database.dataDir)).code).toBe(0);
    const created = jsonOf<{ id: string }>(
      await runCli(['--json', 'token', 'create', 'once'], session),
    );
    expect((await runCli(['token', 'revoke', created.id], session)).code).toBe(0);
    const again = await runCli(['token', 'revoke', created.id], session);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`Not found: ${created.id}`);
    const ignored = await runCli(['token', 'revoke', created.id, '--ignore-missing'], session);
    expect(ignored.code).toBe(0);
    expect(ignored.stderr).toContain(`Not found: ${created.id}`);
  });
});

describe('Ctrl-C in a bulk job', () => {
  it('events set and products delete finish the call under way and report it (exit 130)', async () => {
    const ids = await addProducts(1001, 'interrupt');
    const setting = startBuiltCli(['--json', 'events', 'set', 'Trending', '--ids', '-'], env);
    const hold = holdNext('PUT', '/api/App/product/update/events');
    setting.end(ids.join('\n'));
    await hold.interrupt(setting);
    const set = await setting.finished;
    expect(set.code).toBe(130);
    const answer = jsonOf<{ ids: string[] }>(set);
    expect(answer).toMatchObject({ status: false, changed: 1000, interrupted: true, notSent: 1 });
    expect(answer.ids).toEqual(ids.slice(0, 1000));

    const deleting = startBuiltCli(['products', 'delete', ...ids, '--yes'], env);
    const deletion = holdNext('DELETE', '/api/App/product');
    deleting.end();
    await deletion.interrupt(deleting);
    const deleted = await deleting.finished;
    expect(deleted.code).toBe(130);
    expect(deleted.stdout).toContain(`Interrupted: 1000 of 1001 products deleted (ids ${ids[0]},`);
    expect(deleted.stdout).toContain('; 1 not sent');
    expect((await api.products.get({ id: ids[1000] ?? '' })).status).toBe(true);
  }, 90_000);

  it('products import (the same helper) sends no further call and says what was not sent', async () => {
    // Rows 0 and 2 share a page, so the calls go one at a time (two are in flight otherwise).
    const rows = [0, 1, 2].map((index) =>
      JSON.stringify({
        title: `Imported ${index}`,
        price: 10,
        og_price: 20,
        og_url: `https://shop.example/rerun/import/${index % 2}`,
        category: subcategory.category._id,
        subcategory: subcategory._id,
        images: ['https://cdn.example/import.jpg'],
      }),
    );
    const importing = startBuiltCli(
      ['--json', 'products', 'import', '-', '--format', 'jsonl', '--batch-size', '1'],
      env,
    );
    const hold = holdNext('POST', '/api/App/product/bulk');
    importing.end(rows.join('\n'));
    await hold.interrupt(importing);
    const run = await importing.finished;
    expect(run.code).toBe(130);
    expect(jsonOf(run)).toMatchObject({ created: 1, interrupted: true, notSent: 2 });
  });

  it('products scrape --create starts no other page and names what was done (exit 130)', async () => {
    const url = shop.url('/generic/json-ld.html');
    const scraping = startBuiltCli(scrapeArgs([url, url, url, url, url]), env);
    const hold = holdNext('POST', '/api/App/product/bulk');
    scraping.end();
    await hold.interrupt(scraping);
    const run = await scraping.finished;
    expect(run.code).toBe(130);
    expect(run.stdout).toMatch(/Interrupted: 1 of 5 pages done \(ids [0-9a-f]{24}\); 4 not sent/);
  });
});
