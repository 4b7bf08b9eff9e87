// GET /api/App/product/export over real HTTP on each dialect: the list's filters and sort, CSV
// that parses back with its neutralised cells, JSON Lines that import back unchanged, the file's
// headers, the usual refusals, and a large catalogue streamed with the heap staying flat.
import {
  csvText,
  endpoints,
  productRowSchema,
  readCsvRecords,
  rowColumns,
  type ProductExportRequest,
  type ProductExportRow,
  type Subcategory,
} from '@dealdesk/core';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../ids.js';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import {
  addCategory,
  addSubcategory,
  png,
  productData,
  signedInClient,
  type CatalogueClient,
} from './catalogue-fixtures.js';
import { detailColumns } from './rows.js';

/** node's gc, turned on at run time when the process was not started with --expose-gc. */
function garbageCollector(): () => void {
  const global = globalThis as { gc?: () => void };
  if (typeof global.gc === 'function') return global.gc;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
const gc = garbageCollector();

/**
 * The old generation after full collections: what stays alive. Rows a server held on to would
 * be there (three collections promote them); the young generation is left out, its size after
 * a collection swings by several MB with what V8 has just compiled and the sockets hold.
 */
async function retainedHeap(): Promise<number> {
  for (let round = 0; round < 3; round += 1) {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return getHeapSpaceStatistics()
    .filter((space) => !space.space_name.startsWith('new_'))
    .reduce((total, space) => total + space.space_used_size, 0);
}

const columns = rowColumns(endpoints.products.export);
const dangerousTitle = '=HYPERLINK("http://evil.example","click")';
const bigCatalogue = 20_000;

describe.each(dialects)('the product export on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let token: string;
  let shirts: Subcategory;
  let lamps: Subcategory;

  /** The whole answer of an export, sent as a browser or curl would. */
  const exported = (query: ProductExportRequest = {}) =>
    api.products.export(query).then(async (answer) => {
      if (!answer.status || answer.response === undefined) throw new Error(answer.message);
      return { response: answer.response, text: await answer.response.text() };
    });

  const jsonLines = async (query: ProductExportRequest = {}): Promise<ProductExportRow[]> => {
    const { text } = await exported({ ...query, format: 'jsonl' });
    return text
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line) as ProductExportRow);
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    const created = await api.admin.createToken({ name: 'export test' });
    token = created.token ?? '';
    shirts = await addSubcategory(api, await addCategory(api));
    lamps = await addSubcategory(api, await addCategory(api));
    const add = async (
      subcategory: Subcategory,
      spec: Parameters<typeof productData>[1],
      upload: boolean,
    ) => {
      const added = await api.products.create({
        productData: productData(subcategory, spec),
        imageUrls: ['https://cdn.example.com/a.jpg'],
        ...(upload ? { images: [png()] } : {}),
      });
      if (!added.status) throw new Error(added.message);
    };
    await add(
      shirts,
      {
        title: dangerousTitle,
        price: 250,
        event: 'Trending',
        specifications: {
          Colour: 'Red, "bright"\r\nwashed',
          Cut: '-slim',
          sizeDetails: { S: 'chest 36' },
        },
      },
      true,
    );
    await add(shirts, { title: 'Plain, shirt', price: 900 }, false);
    await add(lamps, { title: 'Desk lamp', price: 10, event: 'Best Deals' }, false);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('writes CSV: header, CRLF records, quoting, JSON cells and neutralised formulas', async () => {
    const { response, text } = await exported();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(text.startsWith(`${columns.join(',')}\r\n`)).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    const [header, ...records] = readCsvRecords(text).map((record) => record.fields);
    expect(header).toEqual(columns);
    expect(columns[0]).toBe('_id');
    expect(records).toHaveLength(3);
    const cells = records.map((record) =>
      Object.fromEntries(columns.map((column, at) => [column, record[at] ?? ''])),
    );
    // Newest first, as the list.
    expect(cells.map((cell) => cell.title)).toEqual([
      'Desk lamp',
      'Plain, shirt',
      `'${dangerousTitle}`,
    ]);
    const dangerous = cells[2] ?? {};
    expect(csvText(dangerous.title ?? '')).toBe(dangerousTitle);
    expect(dangerous.price).toBe('250');
    expect(dangerous.category).toBe(shirts.category._id);
    expect(dangerous.subcategory).toBe(shirts._id);
    expect(dangerous.events).toBe('Trending');
    // Lists and objects are JSON text; their inner text is not neutralised.
    expect(JSON.parse(dangerous.availableSizes ?? '')).toEqual(['S', 'M']);
    expect(JSON.parse(dangerous.specifications ?? '')).toEqual({
      Colour: 'Red, "bright"\r\nwashed',
      Cut: '-slim',
      sizeDetails: { S: 'chest 36' },
    });
    const images = JSON.parse(dangerous.images ?? '') as string[];
    // The uploaded image first, as a link to this server, then the linked one.
    expect(images).toHaveLength(2);
    expect(images[0]).toMatch(new RegExp(`^${server.baseUrl}/`));
    expect(images[1]).toBe('https://cdn.example.com/a.jpg');
  });

  it('writes JSON Lines that import back unchanged, nothing neutralised', async () => {
    const { response, text } = await exported({ format: 'jsonl' });
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.jsonl"$/,
    );
    const lines = text.split('\n');
    expect(lines.at(-1)).toBe('');
    const rows = lines.slice(0, -1).map((line) => JSON.parse(line) as ProductExportRow);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.title)).toContain(dangerousTitle);
    for (const { _id, ...row } of rows) {
      expect(_id).toMatch(/^[0-9a-f]{24}$/);
      expect(Object.keys(row)).toEqual(columns.slice(1));
      expect(productRowSchema.parse({ _id, ...row })).toEqual(row);
    }
  });

  it('finds what the list finds: search, each filter and the sort', async () => {
    const titles = async (query: ProductExportRequest) =>
      (await jsonLines(query)).map((row) => row.title);
    expect(await titles({ categories: [shirts.category._id] })).toEqual([
      'Plain, shirt',
      dangerousTitle,
    ]);
    expect(await titles({ subCategories: [lamps._id] })).toEqual(['Desk lamp']);
    expect(await titles({ events: ['Trending', 'Best Deals'] })).toEqual([
      'Desk lamp',
      dangerousTitle,
    ]);
    expect(await titles({ q: 'lamp' })).toEqual(['Desk lamp']);
    expect(await titles({ q: 'shirt', categories: [lamps.category._id] })).toEqual([]);
    expect(await titles({ sort: 'price', order: 'asc' })).toEqual([
      'Desk lamp',
      dangerousTitle,
      'Plain, shirt',
    ]);
    expect(await titles({ sort: 'title', order: 'asc' })).toEqual([
      dangerousTitle,
      'Desk lamp',
      'Plain, shirt',
    ]);
    // Nothing found: the header alone.
    const { text } = await exported({ q: 'nothing-like-this' });
    expect(text).toBe(`${columns.join(',')}\r\n`);
  });

  it('exports nothing for a search without a letter or digit, as the list finds nothing', async () => {
    for (const q of ['%', '😀', '___'])
      expect((await exported({ q })).text, q).toBe(`${columns.join(',')}\r\n`);
    expect(await jsonLines({ q: 'LAMP' })).toHaveLength(1);
  });

  it('refuses without a token (401), a bad format (400), and without the API key (403)', async () => {
    const anonymous = await clientFor(server).products.export({});
    expect(anonymous).toMatchObject({ status: false, httpStatus: 401 });
    expect(anonymous.response).toBeUndefined();
    const badFormat = await api.products.export({ format: 'xml' as 'csv' });
    expect(badFormat).toMatchObject({
      status: false,
      httpStatus: 400,
      message: 'format must be csv or jsonl',
    });
    const keyless = await fetch(`${server.baseUrl}${endpoints.products.export.path}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(keyless.status).toBe(403);
    // An API token is enough, as for every admin call.
    const withToken = await fetch(`${server.baseUrl}${endpoints.products.export.path}`, {
      headers: { authorization: `Bearer ${token}`, 'x-api-key': server.config.apiKey },
    });
    expect(withToken.status).toBe(200);
    expect((await withToken.text()).split('\r\n')).toHaveLength(5);
    // HEAD: the file's headers, no rows read.
    const head = await fetch(`${server.baseUrl}${endpoints.products.export.path}?format=jsonl`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${token}`, 'x-api-key': server.config.apiKey },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await head.text()).toBe('');
  });

  describe(`with ${bigCatalogue.toLocaleString('en')} products`, () => {
    beforeAll(async () => {
      const { db, dialect: storage } = server.app.dealdesk.context;
      const now = new Date().toISOString();
      // Few prices and titles: many ties, which keyset pages must neither skip nor repeat.
      const variants = Array.from({ length: 7 }, (_, title) =>
        detailColumns({
          productDetails: {
            title: `Bulk product ${title}`,
            price: 0,
            og_price: 1_000,
            og_url: 'https://shop.example.com/p/bulk',
            category: lamps.category._id,
            subcategory: lamps._id,
            rating: '4.1',
            ratingsAndReviews: '12 ratings',
            deliveryInfo: 'Free delivery',
            availableSizes: ['M'],
            specifications: { Material: 'Brass', Note: '=1+1' },
          },
          events: 'None',
          btn_url: 'https://shop.example.com/p/bulk',
        }),
      );
      const byTitle = (column: 'title' | 'search_text') =>
        sql`CASE n % 7 ${sql.join(
          variants.map((row, at) => sql`WHEN ${sql.lit(at)} THEN ${row[column]}`),
          sql` `,
        )} END`;
      const [first] = variants as [(typeof variants)[0]];
      // 24 hex characters: one id's time and machine part, then the number.
      const prefix = newId().slice(0, 12);
      const id =
        storage === 'sqlite'
          ? sql`printf('%s%012x', ${prefix}, n)`
          : sql`${prefix} || lpad(to_hex(n), 12, '0')`;
      // One statement, as the write path is not what this tests (creating products has its own).
      await sql`
        WITH RECURSIVE numbers (n) AS (
          SELECT 0 UNION ALL SELECT n + 1 FROM numbers WHERE n < ${bigCatalogue - 1}
        )
        INSERT INTO products (id, title, price, og_price, rating, ratings_and_reviews,
          delivery_info, available_sizes, specifications, og_url, btn_url, category_id,
          subcategory_id, events, images, search_text, created_at, updated_at)
        SELECT ${id}, ${byTitle('title')}, (n % 5) * 100, ${first.og_price}, ${first.rating},
          ${first.ratings_and_reviews}, ${first.delivery_info}, ${first.available_sizes},
          ${first.specifications}, ${first.og_url}, ${first.btn_url}, ${first.category_id},
          ${first.subcategory_id}, CASE WHEN n % 8 = 0 THEN 'Best Deals' ELSE 'None' END,
          ${JSON.stringify([{ url: 'https://cdn.example.com/bulk.jpg' }])},
          ${byTitle('search_text')}, ${now}, ${now}
        FROM numbers`.execute(db);
    }, 120_000);

    it('streams them all with the heap staying flat', async () => {
      // One export first: the catalogue memory and the code paths warm up.
      expect(await jsonLines({ subCategories: [lamps._id] })).toHaveLength(bigCatalogue + 1);
      const before = await retainedHeap();
      const answer = await api.products.export({ format: 'csv' });
      const reader = answer.response?.body?.getReader();
      if (reader === undefined) throw new Error(answer.message);
      const decoder = new TextDecoder();
      let lines = 0;
      let during = 0;
      let samples = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines += 1;
        // At each quarter: what the server holds while it is writing.
        if (lines > (bigCatalogue / 4) * (samples + 1)) {
          samples += 1;
          during = Math.max(during, await retainedHeap());
        }
      }
      // The header and every product (JSON cells escape their line ends).
      expect(lines).toBe(1 + bigCatalogue + 3);
      expect(samples).toBeGreaterThanOrEqual(3);
      const grown = (during - before) / 2 ** 20;
      expect(grown, `heap grew by ${grown.toFixed(1)} MB`).toBeLessThan(4);
    }, 120_000);

    // An eighth of them (and the desk lamp): three pages of ties each time, a quarter of the reads.
    it('pages by keyset in every order without skipping or repeating a product', async () => {
      const orders: ProductExportRequest[] = [
        { sort: 'date', order: 'asc' },
        { sort: 'price', order: 'asc' },
        { sort: 'price', order: 'desc' },
        { sort: 'title', order: 'asc' },
      ];
      for (const order of orders) {
        const rows = await jsonLines({ ...order, events: ['Best Deals'] });
        expect(rows, JSON.stringify(order)).toHaveLength(bigCatalogue / 8 + 1);
        expect(new Set(rows.map((row) => row._id)).size).toBe(rows.length);
        if (order.sort === 'price') {
          const prices = rows.map((row) => row.price);
          const sorted = [...prices].sort((a, b) => (order.order === 'asc' ? a - b : b - a));
          expect(prices).toEqual(sorted);
        }
      }
    }, 120_000);
  });
});
