// The bulk import through real HTTP on each dialect: rows created in order, matched by og_url
// (skipped or replaced), refused whole when one row is wrong, and 5,000 at a time.
import {
  bulkProductLimit,
  endpoints,
  productMessages,
  type ApiClient,
  type ProductRowRequest,
  type Subcategory,
} from '@dealdesk/core';
import SQLite from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientFor,
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import { categoryRefusals } from '../categories/messages.js';
import {
  addCategory,
  addProduct,
  addSubcategory,
  signedInClient,
  uniqueName,
  type CatalogueClient,
} from './catalogue-fixtures.js';

const unknownId = 'ffffffffffffffffffffffff';
/** A change shows in the content API within this (its counters are read every few ms here). */
const withinASecond = { timeout: 1_000, interval: 20 };

let pages = 0;
/** An og_url no other row of these tests has. */
const newPage = () => {
  pages += 1;
  return `https://shop.example.com/p/${pages}-${Math.random().toString(36).slice(2, 8)}`;
};

/** A row filed under `subcategory`, with one linked image and a page of its own. */
const row = (
  subcategory: Subcategory,
  fields: Partial<ProductRowRequest> = {},
): ProductRowRequest => ({
  title: uniqueName('Bulk product'),
  price: 499,
  og_price: 999,
  og_url: newPage(),
  category: subcategory.category._id,
  subcategory: subcategory._id,
  images: ['https://cdn.example.com/bulk.jpg'],
  ...fields,
});

describe.each(dialects)('the bulk import on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  /** The mobile app: the API key, no token. */
  let app: ApiClient;
  let shirts: Subcategory;
  let jeans: Subcategory;
  let phones: Subcategory;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    app = clientFor(server);
    const fashion = await addCategory(api);
    shirts = await addSubcategory(api, fashion);
    jeans = await addSubcategory(api, fashion);
    phones = await addSubcategory(api, await addCategory(api));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const total = async () => (await api.products.list({ limit: 1 })).totalRecord ?? 0;
  const counts = async (subcategory: Subcategory) => {
    const category = (await api.categories.list()).data?.find(
      (entry) => entry._id === subcategory.category._id,
    );
    const sub = (await api.subcategories.byCategory({ id: subcategory.category._id })).data?.find(
      (entry) => entry._id === subcategory._id,
    );
    return { category: category?.total_products, subcategory: sub?.total_products };
  };

  it('creates the rows, answers their ids in order, and every list shows them', async () => {
    const before = { shirts: await counts(shirts), phones: await counts(phones) };
    const rows = [
      row(shirts, {
        title: 'Bulk linen shirt',
        events: 'Trending',
        availableSizes: ['M', 'L'],
        specifications: { Fabric: 'Linen' },
        images: ['https://cdn.example.com/linen-1.jpg', 'https://cdn.example.com/linen-2.jpg'],
      }),
      row(shirts),
      row(phones, { btn_url: 'https://shop.example.com/buy/phone' }),
    ];
    const answer = await api.products.bulk({ products: rows });
    expect(answer).toMatchObject({
      status: true,
      message: endpoints.products.bulk.message,
      httpStatus: 200,
      created: 3,
      updated: 0,
      skipped: 0,
    });
    const ids = answer.results?.map((result) => result._id) ?? [];
    expect(answer.results?.map((result) => result.status)).toEqual([
      'created',
      'created',
      'created',
    ]);
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    // Time-ordered in the order sent: the list, newest first, shows them the other way round.
    expect([...ids].sort()).toEqual(ids);

    const listed = (await api.products.list({ subCategories: [shirts._id, phones._id] })).data;
    expect(listed?.slice(0, 3).map((product) => product._id)).toEqual([...ids].reverse());
    const found = (await api.products.list({ q: 'bulk linen shirt' })).data ?? [];
    expect(found.map((product) => product._id)).toEqual([ids[0]]);

    const detail = (await api.products.get({ id: ids[0] ?? '' })).data;
    expect(detail).toEqual({
      _id: ids[0],
      title: 'Bulk linen shirt',
      price: 499,
      og_price: 999,
      rating: '0',
      ratingsAndReviews: '0 Ratings, 0 Reviews',
      deliveryInfo: 'Standard Delivery',
      availableSizes: ['M', 'L'],
      specifications: { Fabric: 'Linen' },
      og_url: rows[0]?.og_url,
      btn_url: rows[0]?.og_url,
      category: shirts.category,
      subcategory: { _id: shirts._id, name: shirts.name },
      events: 'Trending',
      images: [
        { url: 'https://cdn.example.com/linen-1.jpg' },
        { url: 'https://cdn.example.com/linen-2.jpg' },
      ],
      view: 0,
      btn_click: 0,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect((await api.products.get({ id: ids[2] ?? '' })).data).toMatchObject({
      btn_url: 'https://shop.example.com/buy/phone',
      events: 'None',
    });

    expect(await counts(shirts)).toEqual({
      category: (before.shirts.category ?? 0) + 2,
      subcategory: (before.shirts.subcategory ?? 0) + 2,
    });
    expect(await counts(phones)).toEqual({
      category: (before.phones.category ?? 0) + 1,
      subcategory: (before.phones.subcategory ?? 0) + 1,
    });

    // The content API: its answers follow the catalogue's counter.
    await expect
      .poll(
        async () =>
          (await app.app.products({ subcategory: shirts._id })).data?.map((product) => product._id),
        withinASecond,
      )
      .toEqual(expect.arrayContaining([ids[0], ids[1]]));
    expect((await app.app.product({ id: ids[0] ?? '' })).data).toMatchObject({
      title: 'Bulk linen shirt',
      images: [
        { url: 'https://cdn.example.com/linen-1.jpg' },
        { url: 'https://cdn.example.com/linen-2.jpg' },
      ],
    });
  });

  it.runIf(dialect === 'sqlite')(
    "indexes and logs the call's rows once at its end, and single writes still row by row",
    async () => {
      const answer = await api.products.bulk({
        products: [
          row(shirts, { title: 'Zebrawood comb' }),
          row(jeans, { title: 'Zebrawood box' }),
        ],
      });
      const ids = answer.results?.map((result) => result._id) ?? [];
      const single = await addProduct(api, shirts, { title: 'Zebrawood spoon' });
      // The database's own search index and change log, read beside the server.
      const file = new SQLite(join(database.dataDir, 'dealdesk.sqlite'), { readonly: true });
      try {
        const found = file
          .prepare(
            `SELECT keys.item FROM products_search JOIN products_search_keys keys
              ON keys.rowid = products_search.rowid WHERE products_search MATCH 'zebrawood'`,
          )
          .pluck()
          .all();
        expect(found.sort()).toEqual([...ids, single].sort());
        const logged = file
          .prepare('SELECT version, item FROM catalogue_changes WHERE item IN (?, ?, ?)')
          .all(...ids, single) as { version: number; item: string }[];
        // The call's rows under one raise of the counter; the single write under its own.
        expect(logged.map((entry) => entry.item).sort()).toEqual([...ids, single].sort());
        const versionOf = (id: string | undefined) =>
          logged.find((entry) => entry.item === id)?.version;
        expect(versionOf(ids[0])).toBe(versionOf(ids[1]));
        expect(versionOf(single)).toBeGreaterThan(versionOf(ids[0]) ?? Infinity);
        expect(file.prepare('SELECT count(*) FROM row_triggers_paused').pluck().get()).toBe(0);
      } finally {
        file.close();
      }
    },
  );

  it('skips the rows whose og_url a product has, an earlier row of the call included', async () => {
    const page = newPage();
    const [first] =
      (await api.products.bulk({ products: [row(shirts, { og_url: page, title: 'Skip one' })] }))
        .results ?? [];
    const before = { total: await total(), shirts: await counts(shirts) };
    const fresh = newPage();
    const answer = await api.products.bulk({
      products: [
        row(shirts, { og_url: page, title: 'Skip two' }),
        row(jeans, { og_url: fresh, title: 'Skip three' }),
        row(phones, { og_url: fresh, title: 'Skip four' }),
      ],
    });
    expect(answer).toMatchObject({ status: true, created: 1, updated: 0, skipped: 2 });
    const [skipped, created, repeated] = answer.results ?? [];
    expect(skipped).toEqual({ _id: first?._id, status: 'skipped' });
    expect(created).toMatchObject({ status: 'created' });
    expect(repeated).toEqual({ _id: created?._id, status: 'skipped' });
    expect(await total()).toBe(before.total + 1);
    // Only the jeans (of the shirts' category) were added.
    expect(await counts(shirts)).toEqual({
      category: (before.shirts.category ?? 0) + 1,
      subcategory: before.shirts.subcategory,
    });
    expect((await api.products.get({ id: first?._id ?? '' })).data?.title).toBe('Skip one');
    expect((await api.products.get({ id: created?._id ?? '' })).data).toMatchObject({
      title: 'Skip three',
      subcategory: { _id: jeans._id },
    });
  });

  it('with onExisting update, a whole row changes every field and the images of the product an og_url meets', async () => {
    const page = newPage();
    const [first] =
      (
        await api.products.bulk({
          products: [
            row(shirts, {
              og_url: page,
              title: 'Update one',
              specifications: { Fabric: 'Cotton' },
              images: ['https://cdn.example.com/old.jpg'],
            }),
          ],
        })
      ).results ?? [];
    const id = first?._id ?? '';
    const createdAt = (await api.products.get({ id })).data?.createdAt;
    const before = {
      total: await total(),
      shirts: await counts(shirts),
      phones: await counts(phones),
    };
    const fresh = newPage();
    const answer = await api.products.bulk({
      onExisting: 'update',
      products: [
        row(phones, {
          og_url: page,
          title: 'Update two',
          price: 10,
          og_price: 20,
          events: 'New Launch',
          specifications: { Storage: '128 GB' },
          images: ['https://cdn.example.com/new-1.jpg', 'https://cdn.example.com/new-2.jpg'],
        }),
        row(jeans, { og_url: fresh, title: 'Update three' }),
        row(shirts, { og_url: fresh, title: 'Update four' }),
      ],
    });
    expect(answer).toMatchObject({ status: true, created: 1, updated: 2, skipped: 0 });
    const [updated, created, repeated] = answer.results ?? [];
    expect(updated).toEqual({ _id: id, status: 'updated' });
    expect(created).toMatchObject({ status: 'created' });
    expect(repeated).toEqual({ _id: created?._id, status: 'updated' });
    expect(await total()).toBe(before.total + 1);

    expect((await api.products.get({ id })).data).toMatchObject({
      _id: id,
      title: 'Update two',
      price: 10,
      og_price: 20,
      og_url: page,
      events: 'New Launch',
      specifications: { Storage: '128 GB' },
      category: phones.category,
      subcategory: { _id: phones._id },
      images: [
        { url: 'https://cdn.example.com/new-1.jpg' },
        { url: 'https://cdn.example.com/new-2.jpg' },
      ],
      createdAt,
    });
    // The later row of the call replaced what the earlier one created.
    expect((await api.products.get({ id: created?._id ?? '' })).data).toMatchObject({
      title: 'Update four',
      subcategory: { _id: shirts._id },
    });
    // One product moved from shirts to phones, one was added to shirts.
    expect(await counts(shirts)).toEqual(before.shirts);
    expect(await counts(phones)).toEqual({
      category: (before.phones.category ?? 0) + 1,
      subcategory: (before.phones.subcategory ?? 0) + 1,
    });
    // The search and the content API find the new words, not the old.
    expect((await api.products.list({ q: 'update two' })).data?.map((p) => p._id)).toEqual([id]);
    expect((await api.products.list({ q: 'update one' })).data).toEqual([]);
    await expect
      .poll(async () => (await app.app.product({ id })).data?.title, withinASecond)
      .toBe('Update two');
  });

  it('refuses a call with an unknown category in row 2 of 3, naming the row, and writes nothing', async () => {
    const before = { total: await total(), shirts: await counts(shirts) };
    const answer = await api.products.bulk({
      products: [row(shirts), row(shirts, { category: unknownId }), row(shirts)],
    });
    expect(answer).toMatchObject({
      status: false,
      httpStatus: 404,
      message: `Row 2: ${categoryRefusals.categoryNotFound}. Nothing was imported`,
    });
    expect(await total()).toBe(before.total);
    expect(await counts(shirts)).toEqual(before.shirts);
  });

  it('names the first rows refused and how many more, for every reason create refuses', async () => {
    const before = await total();
    const answer = await api.products.bulk({
      products: [
        row(shirts),
        row(shirts, { subcategory: phones._id }),
        row(shirts, { subcategory: unknownId }),
        row(shirts, { category: unknownId }),
        row(jeans, { category: unknownId }),
        row(phones, { subcategory: jeans._id }),
      ],
    });
    expect(answer).toMatchObject({
      status: false,
      httpStatus: 400,
      message:
        `Row 2: ${categoryRefusals.subcategoryOutsideCategory}; ` +
        `Row 3: ${categoryRefusals.subcategoryNotFound}; ` +
        `Row 4: ${categoryRefusals.categoryNotFound}; and 2 more rows. Nothing was imported`,
    });
    expect(await total()).toBe(before);
  });

  it('refuses a row the schema refuses with its message, writing nothing', async () => {
    const before = await total();
    expect(
      await api.products.bulk({ products: [row(shirts), row(shirts, { price: -1 })] }),
    ).toMatchObject({ status: false, httpStatus: 400, message: productMessages.priceMin });
    expect(await api.products.bulk({ products: [row(shirts, { images: [] })] })).toMatchObject({
      status: false,
      httpStatus: 400,
      message: productMessages.required,
    });
    expect(await api.products.bulk({ products: [] })).toMatchObject({
      status: false,
      httpStatus: 400,
      message: 'Send at least one product',
    });
    expect(await total()).toBe(before);
  });

  it(`takes ${bulkProductLimit} rows in one call and refuses one more`, async () => {
    const before = { total: await total(), jeans: await counts(jeans) };
    const rows = Array.from({ length: bulkProductLimit }, (_, at) =>
      row(at % 2 === 0 ? jeans : shirts, { title: `Bulk many ${at}` }),
    );
    const answer = await api.products.bulk({ products: rows });
    expect(answer).toMatchObject({ status: true, created: bulkProductLimit });
    expect(new Set(answer.results?.map((result) => result._id)).size).toBe(bulkProductLimit);
    expect(await total()).toBe(before.total + bulkProductLimit);
    expect(await counts(jeans)).toEqual({
      category: (before.jeans.category ?? 0) + bulkProductLimit,
      subcategory: (before.jeans.subcategory ?? 0) + bulkProductLimit / 2,
    });

    // Sent again (a part crossing the look-ups' slices of 500): every row meets its product.
    const part = rows.slice(1_000, 2_200);
    const again = await api.products.bulk({ products: part });
    expect(again).toMatchObject({ status: true, created: 0, skipped: part.length });
    expect(again.results?.map((result) => result._id)).toEqual(
      answer.results?.slice(1_000, 2_200).map((result) => result._id),
    );

    expect(await api.products.bulk({ products: [...rows, row(shirts)] })).toMatchObject({
      status: false,
      httpStatus: 400,
      message: `Send at most ${bulkProductLimit} products a call`,
    });
    expect(await total()).toBe(before.total + bulkProductLimit);
  });

  // SQLite writes in the server's thread. Between an import's statements the event loop turns,
  // so the server reads and answers other requests while it writes (repository.ts insertMany):
  // a second connection, trying the write lock at every turn, finds the import holding it.
  it.runIf(dialect === 'sqlite')('lets the event loop turn while it writes', async () => {
    const file = new SQLite(join(database.dataDir, 'dealdesk.sqlite'), { timeout: 0 });
    let turnsWhileWriting = 0;
    let watching = true;
    const watch = () => {
      if (!watching) return;
      try {
        file.exec('BEGIN IMMEDIATE; ROLLBACK');
      } catch (error) {
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        turnsWhileWriting += 1;
      }
      setImmediate(watch);
    };
    setImmediate(watch);
    try {
      const rows = Array.from({ length: 2_000 }, () => row(shirts));
      expect(await api.products.bulk({ products: rows })).toMatchObject({ created: 2_000 });
    } finally {
      watching = false;
      file.close();
    }
    expect(turnsWhileWriting).toBeGreaterThan(0);
  });
});
