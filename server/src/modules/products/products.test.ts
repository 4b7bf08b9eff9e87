import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import {
  endpoints,
  productAnswers,
  type ProductEvent,
  productMessages,
  type Size,
  type Subcategory,
  type UploadFile,
  uploadMessages,
} from '@dealdesk/core';
import { sql } from 'kysely';
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
  fakePng,
  png,
  productData,
  signedInClient,
  type CatalogueClient,
} from './catalogue-fixtures.js';
import { productRefusals } from './messages.js';

const unknownId = 'ffffffffffffffffffffffff';
// What screens send beyond the client's types: the event screen's spelling of New Launch,
// no event chosen, and the detail editor's sizes as comma-separated text.
const nowLaunch = 'Now Launch' as ProductEvent;
const noEvent = '' as ProductEvent;
const typedSizes = 'xl, s ,' as unknown as Size[];
const gif: UploadFile = {
  name: 'spin.gif',
  type: 'image/gif',
  data: new TextEncoder().encode('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
};

describe.each(dialects)('products on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  let shirts: Subcategory;
  let jeans: Subcategory;
  let phones: Subcategory;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
    const fashion = await addCategory(api);
    shirts = await addSubcategory(api, fashion);
    jeans = await addSubcategory(api, fashion);
    phones = await addSubcategory(api, await addCategory(api));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const mediaFiles = async () =>
    (await readdir(join(database.dataDir, 'media')).catch(() => [])).length;
  const mediaStatus = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).status;
  const counts = async (subcategory: Subcategory) => {
    const category = (await api.categories.list()).data?.find(
      (entry) => entry._id === subcategory.category._id,
    );
    const sub = (await api.subcategories.byCategory({ id: subcategory.category._id })).data?.find(
      (entry) => entry._id === subcategory._id,
    );
    return { category: category?.total_products, subcategory: sub?.total_products };
  };

  describe('create and read', () => {
    it('creates a product from uploaded and linked images, and reads it back expanded', async () => {
      const data = productData(shirts, {
        title: 'Linen shirt',
        price: 1299,
        event: nowLaunch,
        specifications: { Fabric: 'Linen' },
      });
      const created = await api.products.create({
        productData: data,
        imageUrls: ['', 'https://cdn.example.com/linen.jpg', '  '],
        images: [png(), gif],
      });
      expect(created).toMatchObject({
        status: true,
        message: endpoints.products.create.message,
        httpStatus: 200,
      });

      const [listed] = (await api.products.list({ q: 'linen shirt' })).data ?? [];
      const answer = await api.products.get({ id: listed?._id ?? '' });
      expect(answer).toMatchObject({ status: true, httpStatus: 200 });
      const product = answer.data;
      expect(product).toEqual({
        _id: listed?._id,
        title: 'Linen shirt',
        price: 1299,
        og_price: 1299,
        rating: '0',
        ratingsAndReviews: '0 Ratings, 0 Reviews',
        deliveryInfo: 'Standard Delivery',
        availableSizes: ['S', 'M'],
        specifications: { Fabric: 'Linen' },
        og_url: 'https://shop.example.com/p/1',
        btn_url: 'https://shop.example.com/p/1',
        category: shirts.category,
        subcategory: { _id: shirts._id, name: shirts.name },
        events: 'New Launch',
        images: [
          { url: expect.stringMatching(/^\/media\/.+\.png$/) },
          { url: expect.stringMatching(/^\/media\/.+\.gif$/) },
          { url: 'https://cdn.example.com/linen.jpg' },
        ],
        view: 0,
        btn_click: 0,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      for (const { url } of product?.images.slice(0, 2) ?? [])
        expect(await mediaStatus(url)).toBe(200);
    });

    it('answers the tracked views and clicks of a product', async () => {
      const id = await addProduct(api, jeans);
      await server.app.dealdesk.context.db
        .insertInto('item_totals')
        .values({ item_id: id, kind: 'product', views: 42, clicks: 7 })
        .execute();
      expect((await api.products.get({ id })).data).toMatchObject({ view: 42, btn_click: 7 });
      const listed = (await api.products.list({ subCategories: [jeans._id] })).data ?? [];
      expect(listed.find((product) => product._id === id)).toMatchObject({
        view: 42,
        btn_click: 7,
      });
    });

    it.each([
      ['no title', { title: '' }, productMessages.required],
      ['no event', { events: '' }, productMessages.required],
      ['a price below 0', { price: -1 }, productMessages.priceMin],
      ['an original price below the price', { og_price: 10 }, productMessages.ogPriceMin],
    ])('refuses a product with %s', async (_label, change, message) => {
      const data = productData(shirts);
      const { events, ...details } = change as { events?: string };
      const answer = await api.products.create({
        productData: {
          ...data,
          productDetails: { ...data.productDetails, ...details },
          ...(events === undefined ? {} : { events: events as ProductEvent }),
        },
        imageUrls: ['https://cdn.example.com/a.jpg'],
      });
      expect(answer).toMatchObject({ status: false, message, httpStatus: 400 });
    });

    it('refuses a product without any image, and an image that is not one', async () => {
      const data = productData(shirts);
      expect(await api.products.create({ productData: data, imageUrls: ['  '] })).toMatchObject({
        status: false,
        message: productMessages.required,
        httpStatus: 400,
      });
      expect(
        await api.products.create({ productData: data, imageUrls: [], images: [fakePng] }),
      ).toMatchObject({
        status: false,
        message: uploadMessages.productImageType,
        httpStatus: 415,
      });
    });

    it('refuses a 200 KB title with its limit, storing nothing, on create and on update', async () => {
      const total = async () => (await api.products.list({ limit: 1 })).totalRecord;
      const [productsBefore, filesBefore] = [await total(), await mediaFiles()];
      const data = productData(shirts);
      const huge = {
        ...data,
        productDetails: { ...data.productDetails, title: 'T'.repeat(200_000) },
      };
      const refusal = {
        status: false,
        message: 'Title must be at most 500 characters',
        httpStatus: 400,
      };
      expect(
        await api.products.create({ productData: huge, imageUrls: [], images: [png()] }),
      ).toMatchObject(refusal);
      expect([await total(), await mediaFiles()]).toEqual([productsBefore, filesBefore]);

      const id = await addProduct(api, shirts, { title: 'Linen shirt' });
      expect(await api.products.update({ id, productData: huge })).toMatchObject(refusal);
      expect((await api.products.get({ id })).data?.title).toBe('Linen shirt');
    });

    it('refuses an unknown category or a subcategory of another, storing no file', async () => {
      const before = await mediaFiles();
      const data = productData(shirts);
      const elsewhere = await api.products.create({
        productData: {
          ...data,
          productDetails: { ...data.productDetails, subcategory: phones._id },
        },
        imageUrls: [],
        images: [png()],
      });
      // The refusal names its field, so a form can show it there.
      expect(elsewhere).toMatchObject({
        status: false,
        message: categoryRefusals.subcategoryOutsideCategory,
        field: 'productData.productDetails.subcategory',
        httpStatus: 400,
      });
      const unknown = await api.products.create({
        productData: { ...data, productDetails: { ...data.productDetails, category: unknownId } },
        imageUrls: [],
        images: [png()],
      });
      expect(unknown).toMatchObject({
        message: categoryRefusals.categoryNotFound,
        field: 'productData.productDetails.category',
        httpStatus: 404,
      });
      expect(await mediaFiles()).toBe(before);
    });

    it('answers 404 for an unknown product and 400 for a malformed id', async () => {
      expect(await api.products.get({ id: unknownId })).toMatchObject({
        status: false,
        message: productRefusals.notFound,
        httpStatus: 404,
      });
      expect((await api.products.get({ id: 'nope' })).httpStatus).toBe(400);
    });

    it('needs a signed-in admin', async () => {
      const anonymous = clientFor(server).products;
      expect((await anonymous.list()).httpStatus).toBe(401);
      expect((await anonymous.remove({ id: [unknownId] })).httpStatus).toBe(401);
    });
  });

  describe('update', () => {
    it('updates details, event and link, moving the counts with the product', async () => {
      const id = await addProduct(api, shirts, { title: 'Oxford shirt' });
      const [shirtsBefore, phonesBefore] = [await counts(shirts), await counts(phones)];
      const data = productData(phones, { title: 'Folding phone', price: 999 });
      const answer = await api.products.update({
        id,
        productData: {
          ...data,
          productDetails: { ...data.productDetails, availableSizes: typedSizes },
          events: 'Trending',
          btn_url: 'https://shop.example.com/buy',
        },
      });
      expect(answer).toMatchObject({ status: true, message: endpoints.products.update.message });
      expect((await api.products.get({ id })).data).toMatchObject({
        title: 'Folding phone',
        price: 999,
        availableSizes: ['XL', 'S'],
        category: phones.category,
        subcategory: { _id: phones._id },
        events: 'Trending',
        btn_url: 'https://shop.example.com/buy',
        images: [{ url: 'https://cdn.example.com/product.jpg' }],
      });
      expect(await counts(shirts)).toEqual({
        category: (shirtsBefore.category ?? 0) - 1,
        subcategory: (shirtsBefore.subcategory ?? 0) - 1,
      });
      expect(await counts(phones)).toEqual({
        category: (phonesBefore.category ?? 0) + 1,
        subcategory: (phonesBefore.subcategory ?? 0) + 1,
      });
    });

    it('refuses an unknown product, a bad field, or a subcategory of another category', async () => {
      const id = await addProduct(api, jeans);
      const data = productData(jeans);
      expect(await api.products.update({ id: unknownId, productData: data })).toMatchObject({
        message: productRefusals.notFound,
        httpStatus: 404,
      });
      const blank = { ...data, productDetails: { ...data.productDetails, og_url: ' ' } };
      expect(await api.products.update({ id, productData: blank })).toMatchObject({
        message: productMessages.required,
        httpStatus: 400,
      });
      const mixed = {
        ...data,
        productDetails: { ...data.productDetails, subcategory: phones._id },
      };
      expect(await api.products.update({ id, productData: mixed })).toMatchObject({
        message: categoryRefusals.subcategoryOutsideCategory,
        httpStatus: 400,
      });
      expect((await api.products.get({ id })).data?.subcategory._id).toBe(jeans._id);
    });
  });

  describe('delete', () => {
    it('deletes one or many, with their uploaded images and counters', async () => {
      const before = await counts(jeans);
      const created = await api.products.create({
        productData: productData(jeans, { title: 'Uploaded jeans' }),
        imageUrls: ['https://cdn.example.com/keep.jpg'],
        images: [png()],
      });
      expect(created.status).toBe(true);
      const [uploaded] = (await api.products.list({ q: 'uploaded jeans' })).data ?? [];
      const others = [await addProduct(api, jeans), await addProduct(api, jeans)];
      const db = server.app.dealdesk.context.db;
      await db
        .insertInto('item_totals')
        .values({ item_id: uploaded?._id ?? '', kind: 'product', views: 1, clicks: 1 })
        .execute();

      const one = await api.products.remove({ id: [uploaded?._id ?? ''] });
      expect(one).toMatchObject({ status: true, message: productAnswers.deleted(1) });
      expect(await mediaStatus(uploaded?.images[0]?.url ?? '')).toBe(404);
      expect((await api.products.get({ id: uploaded?._id ?? '' })).httpStatus).toBe(404);
      const counters = await db
        .selectFrom('item_totals')
        .select('item_id')
        .where('item_id', '=', uploaded?._id ?? '')
        .execute();
      expect(counters).toEqual([]);

      const many = await api.products.remove({ id: others });
      expect(many).toMatchObject({ status: true, message: productAnswers.deleted(2) });
      expect(await counts(jeans)).toEqual(before);
    });

    it('deletes nothing when one of the ids is unknown', async () => {
      const id = await addProduct(api, jeans);
      expect(await api.products.remove({ id: [id, unknownId] })).toMatchObject({
        status: false,
        message: productRefusals.someNotFound(1),
        httpStatus: 404,
      });
      expect((await api.products.get({ id })).status).toBe(true);
      expect(await api.products.remove({ id: [] })).toMatchObject({
        message: 'Select at least one item',
        httpStatus: 400,
      });
    });
  });

  describe('bulk event update', () => {
    it('tags every product given with one event, "Now Launch" stored as New Launch', async () => {
      const ids = [await addProduct(api, shirts), await addProduct(api, phones)];
      const answer = await api.products.updateEvents({ id: ids, event: nowLaunch });
      expect(answer).toMatchObject({
        status: true,
        message: endpoints.products.updateEvents.message,
      });
      for (const id of ids)
        expect((await api.products.get({ id })).data?.events).toBe('New Launch');
    });

    // PostgreSQL writes a row's new version into every index of the table unless no indexed
    // column changed and its page has room: a heap-only (HOT) update (migration 0028). Read from
    // the catalogue, not from the statistics, which each connection reports late.
    it.runIf(dialect === 'postgres')(
      'updates events in place on PostgreSQL: no index of products holds events, pages keep room',
      async () => {
        const { db } = server.app.dealdesk.context;
        const { rows: indexing } = await sql<{ index: string }>`
          SELECT i.relname AS index
          FROM pg_index x
          JOIN pg_class t ON t.oid = x.indrelid
          JOIN pg_class i ON i.oid = x.indexrelid
          JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(x.indkey)
          WHERE t.relname = 'products' AND a.attname = 'events'`.execute(db);
        expect(indexing).toEqual([]);
        const { rows: options } = await sql<{ options: string[] | null }>`
          SELECT reloptions AS options FROM pg_class WHERE relname = 'products'`.execute(db);
        expect(options[0]?.options).toContain('fillfactor=85');
        const ids = [await addProduct(api, shirts), await addProduct(api, jeans)];
        expect(await api.products.updateEvents({ id: ids, event: 'Trending' })).toMatchObject({
          status: true,
        });
      },
    );

    it('changes nothing when a product is unknown, and needs products and an event', async () => {
      const id = await addProduct(api, shirts, { event: 'Best Deals' });
      expect(
        await api.products.updateEvents({ id: [id, unknownId], event: 'Trending' }),
      ).toMatchObject({
        message: productRefusals.someNotFound(1),
        httpStatus: 404,
      });
      expect((await api.products.get({ id })).data?.events).toBe('Best Deals');
      expect(await api.products.updateEvents({ id: [], event: 'Trending' })).toMatchObject({
        message: productMessages.selectProducts,
        httpStatus: 400,
      });
      expect(await api.products.updateEvents({ id: [id], event: noEvent })).toMatchObject({
        message: productMessages.selectEvent,
        httpStatus: 400,
      });
    });
  });
});
