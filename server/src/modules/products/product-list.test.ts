import {
  productPageSize,
  type ProductEvent,
  type ProductSortField,
  type SortOrder,
  type Subcategory,
} from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import {
  addCategory,
  addProduct,
  addSubcategory,
  productData,
  signedInClient,
  storeProducts,
  type CatalogueClient,
} from './catalogue-fixtures.js';
import { track } from '../stories/testing.js';

const nowLaunch = 'Now Launch' as ProductEvent;

describe.each(dialects)('the product list on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  let api: CatalogueClient;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
    api = await signedInClient(server);
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  const titles = async (query: Parameters<typeof api.products.list>[0]) => {
    const answer = await api.products.list(query);
    expect(answer).toMatchObject({ status: true, httpStatus: 200 });
    return { titles: answer.data?.map((product) => product.title), total: answer.totalRecord };
  };

  describe('paging', () => {
    let shelf: Subcategory;
    const created: string[] = [];
    beforeAll(async () => {
      shelf = await addSubcategory(api, await addCategory(api));
      // One more than a page, created ten at a time.
      for (let batch = 0; batch < 101; batch += 10) {
        const numbers = Array.from({ length: Math.min(10, 101 - batch) }, (_, i) => batch + i);
        await Promise.all(
          numbers.map(async (number) => {
            const data = productData(shelf, { title: `Shelf item ${number}` });
            const answer = await api.products.create({
              productData: data,
              imageUrls: ['https://cdn.example.com/shelf.jpg'],
            });
            if (!answer.status) throw new Error(answer.message);
          }),
        );
      }
      const all = await api.products.list({ subCategories: [shelf._id], limit: 1000 });
      created.push(...(all.data ?? []).map((product) => product._id));
    });

    it(`answers ${productPageSize} rows a page, newest first, and the total`, async () => {
      const first = await api.products.list({ subCategories: [shelf._id] });
      expect(first.totalRecord).toBe(101);
      expect(first.data).toHaveLength(productPageSize);
      const second = await api.products.list({ subCategories: [shelf._id], page: 2 });
      expect(second).toMatchObject({ totalRecord: 101 });
      expect(second.data).toHaveLength(1);
      // The pages continue one another: together they are every product once, newest first.
      const ids = [...(first.data ?? []), ...(second.data ?? [])].map((product) => product._id);
      expect(ids).toEqual(created);
      expect(new Set(ids).size).toBe(101);
      expect([...ids].sort().reverse()).toEqual(ids);
      // Two pages: ceil(101 / 100).
      expect(Math.ceil((first.totalRecord ?? 0) / productPageSize)).toBe(2);
    });

    it('honours limit, and answers an empty page past the end with the total', async () => {
      const fourth = await api.products.list({ subCategories: [shelf._id], limit: 30, page: 4 });
      expect(fourth.data?.map((product) => product._id)).toEqual(created.slice(90));
      const beyond = await api.products.list({ subCategories: [shelf._id], page: 3 });
      expect(beyond).toMatchObject({ status: true, data: [], totalRecord: 101 });
    });

    it('answers no rows and a total of 0 when nothing matches (one page on screen)', async () => {
      expect(
        await api.products.list({ subCategories: [shelf._id], events: ['Trending'] }),
      ).toMatchObject({ status: true, data: [], totalRecord: 0 });
    });

    it('refuses a bad page or limit', async () => {
      expect(await api.products.list({ page: 0 })).toMatchObject({
        status: false,
        message: 'page must be a whole number, 1 or more',
        httpStatus: 400,
      });
      expect((await api.products.list({ limit: 5000 })).httpStatus).toBe(400);
      expect((await api.products.list({ categories: ['nope'] })).httpStatus).toBe(400);
      expect((await api.products.list({ events: 'Someday' as ProductEvent })).httpStatus).toBe(400);
    });
  });

  describe('sorting', () => {
    let shelf: Subcategory;
    beforeAll(async () => {
      shelf = await addSubcategory(api, await addCategory(api));
      const banana = await addProduct(api, shelf, { title: 'banana split', price: 300 });
      const apple = await addProduct(api, shelf, { title: 'Apple pie', price: 100 });
      const cherry = await addProduct(api, shelf, { title: 'cherry tart', price: 200 });
      await track(server, 'product', apple, { views: 5, clicks: 1 });
      await track(server, 'product', cherry, { views: 2, clicks: 3 });
      // banana is never seen: it counts 0.
      expect(banana).not.toBe('');
    });
    const sorted = async (sort: ProductSortField, order: SortOrder, limit = 100) =>
      (await titles({ subCategories: [shelf._id], sort, order, limit })).titles;

    it('sorts by title ignoring case, price, views, clicks and date, either way', async () => {
      expect(await sorted('title', 'asc')).toEqual(['Apple pie', 'banana split', 'cherry tart']);
      expect(await sorted('title', 'desc')).toEqual(['cherry tart', 'banana split', 'Apple pie']);
      expect(await sorted('price', 'asc')).toEqual(['Apple pie', 'cherry tart', 'banana split']);
      expect(await sorted('views', 'desc')).toEqual(['Apple pie', 'cherry tart', 'banana split']);
      expect(await sorted('clicks', 'desc')).toEqual(['cherry tart', 'Apple pie', 'banana split']);
      expect(await sorted('clicks', 'asc')).toEqual(['banana split', 'Apple pie', 'cherry tart']);
      expect(await sorted('date', 'asc')).toEqual(['banana split', 'Apple pie', 'cherry tart']);
      expect(await sorted('date', 'desc')).toEqual(['cherry tart', 'Apple pie', 'banana split']);
    });

    it('pages a sorted list, with the total of everything found', async () => {
      const second = await titles({
        subCategories: [shelf._id],
        sort: 'price',
        order: 'desc',
        limit: 2,
        page: 2,
      });
      expect(second).toEqual({ titles: ['Apple pie'], total: 3 });
      expect(
        await titles({ q: 'tart', subCategories: [shelf._id], sort: 'title', order: 'asc' }),
      ).toEqual({ titles: ['cherry tart'], total: 1 });
    });

    it('refuses an unknown sort or order', async () => {
      expect((await api.products.list({ sort: 'rating' as ProductSortField })).httpStatus).toBe(
        400,
      );
      expect((await api.products.list({ order: 'up' as SortOrder })).httpStatus).toBe(400);
    });
  });

  describe('a list broader than one pass over the index', () => {
    const stocked = 5_001;
    let bulk: Subcategory;
    beforeAll(async () => {
      bulk = await addSubcategory(api, await addCategory(api));
      await storeProducts(server, bulk, stocked, {
        title: (index) => `Bulk lantern ${index}`,
        event: 'Trending',
      });
    });

    it('counts and pages every match, by filter and by search', async () => {
      const byFilter = await api.products.list({ subCategories: [bulk._id], page: 51 });
      expect(byFilter.totalRecord).toBe(stocked);
      expect(byFilter.data?.map((product) => product.title)).toEqual(['Bulk lantern 0']);
      const bySearch = await api.products.list({ q: 'lantern', events: ['Trending'] });
      expect(bySearch.totalRecord).toBe(stocked);
      expect(bySearch.data?.[0]?.title).toBe(`Bulk lantern ${stocked - 1}`);
      expect(bySearch.data).toHaveLength(productPageSize);
      // Filters leaving thousands of rows: the words go through the full-text index, with
      // the filters beside them, and find what the few rows' own check would.
      const filtered = { subCategories: [bulk._id], events: ['Trending' as const] };
      const broad = await api.products.list({ ...filtered, q: 'lantern 4999' });
      expect(broad).toMatchObject({ totalRecord: 1, data: [{ title: 'Bulk lantern 4999' }] });
      expect((await api.products.list({ ...filtered, q: 'lant' })).totalRecord).toBe(stocked);
      expect((await api.products.list({ ...filtered, q: 'lantern', page: 51 })).data).toEqual([
        expect.objectContaining({ title: 'Bulk lantern 0' }),
      ]);
    });
  });

  describe('filters and search', () => {
    let menShirts: Subcategory;
    let menShoes: Subcategory;
    let womenBags: Subcategory;
    beforeAll(async () => {
      const men = await addCategory(api);
      menShirts = await addSubcategory(api, men);
      menShoes = await addSubcategory(api, men);
      womenBags = await addSubcategory(api, await addCategory(api));
      // Created in this order, so newest first is the reverse.
      await addProduct(api, menShirts, { title: 'Quokka oxford shirt', event: 'Trending' });
      await addProduct(api, menShirts, {
        title: 'Quokka flannel shirt',
        event: 'Best Deals',
        specifications: { Fabric: 'Brushed cotton', sizeDetails: { M: 'Chest 40 in' } },
      });
      await addProduct(api, menShoes, { title: 'Quokka trail runner', event: 'New Launch' });
      await addProduct(api, womenBags, {
        title: 'Quokka leather tote',
        specifications: { Material: 'Full-grain leather', Closure: 'Magnetic snap' },
      });
      await addProduct(api, womenBags, { title: 'Wombat canvas tote', event: 'Trending' });
    });

    it('filters by several categories, subcategories and events at once', async () => {
      const men = menShirts.category._id;
      const women = womenBags.category._id;
      expect((await titles({ categories: [men, women] })).total).toBe(5);
      expect(await titles({ categories: [women] })).toEqual({
        titles: ['Wombat canvas tote', 'Quokka leather tote'],
        total: 2,
      });
      expect(await titles({ subCategories: [menShoes._id, womenBags._id] })).toMatchObject({
        total: 3,
      });
      expect(await titles({ categories: [men, women], events: ['Trending', nowLaunch] })).toEqual({
        titles: ['Wombat canvas tote', 'Quokka trail runner', 'Quokka oxford shirt'],
        total: 3,
      });
      // Filters of different kinds must all hold.
      expect(await titles({ categories: [men], events: ['Trending'] })).toEqual({
        titles: ['Quokka oxford shirt'],
        total: 1,
      });
      expect(await titles({ categories: [women], subCategories: [menShirts._id] })).toEqual({
        titles: [],
        total: 0,
      });
    });

    it("takes the event screen's empty filters: '' and 'null' mean no filter", async () => {
      const answer = await api.products.list({
        categories: '',
        subCategories: 'null',
        events: ['None'],
        q: 'quokka',
      });
      expect(answer.data?.map((product) => product.title)).toEqual(['Quokka leather tote']);
    });

    it('searches every word of the title as typed: prefixes, any case, punctuation ignored', async () => {
      expect(await titles({ q: 'quokka' })).toMatchObject({ total: 4 });
      expect(await titles({ q: 'QUOK shi' })).toEqual({
        titles: ['Quokka flannel shirt', 'Quokka oxford shirt'],
        total: 2,
      });
      expect(await titles({ q: '  oxford,   quokka! ' })).toMatchObject({
        titles: ['Quokka oxford shirt'],
      });
      expect(await titles({ q: 'tote' })).toMatchObject({ total: 2 });
      expect(await titles({ q: 'quokka wombat' })).toEqual({ titles: [], total: 0 });
    });

    it('folds Latin case and accents, keeps other scripts, the same on both databases', async () => {
      await addProduct(api, womenBags, { title: 'Café Crème tote' });
      await addProduct(api, womenBags, { title: 'खादी कुर्ता set' });
      const cafe = { titles: ['Café Crème tote'], total: 1 };
      expect(await titles({ q: 'cafe creme' })).toEqual(cafe);
      expect(await titles({ q: 'CAFÉ' })).toEqual(cafe);
      // The same é typed as e plus a combining accent.
      expect(await titles({ q: 'cafe\u0301' })).toEqual(cafe);
      expect(await titles({ q: 'कुर्ता' })).toMatchObject({ titles: ['खादी कुर्ता set'] });
      // A Devanagari vowel sign is part of its letter, not an accent: कुर् is not कर्.
      expect(await titles({ q: 'कर्' })).toMatchObject({ total: 0 });
      // With a category filter, SQLite checks the words in the category's rows themselves.
      const women = { categories: [womenBags.category._id] };
      expect(await titles({ ...women, q: 'Creme CAFE' })).toEqual(cafe);
      expect(await titles({ ...women, q: 'कुर्' })).toMatchObject({ total: 1 });
    });

    it('searches specification names and values too, size details included', async () => {
      expect(await titles({ q: 'full-grain' })).toMatchObject({
        titles: ['Quokka leather tote'],
      });
      expect(await titles({ q: 'magnetic' })).toMatchObject({ titles: ['Quokka leather tote'] });
      expect(await titles({ q: 'brushed cotton' })).toMatchObject({
        titles: ['Quokka flannel shirt'],
      });
      expect(await titles({ q: 'closure snap' })).toMatchObject({ total: 1 });
      expect(await titles({ q: 'chest 40' })).toMatchObject({ titles: ['Quokka flannel shirt'] });
    });

    it('combines search with filters and paging', async () => {
      expect(
        await titles({ q: 'quokka', categories: [menShirts.category._id], events: ['Trending'] }),
      ).toEqual({ titles: ['Quokka oxford shirt'], total: 1 });
      expect(
        await titles({
          q: 'TOTE',
          categories: [womenBags.category._id],
          subCategories: [womenBags._id],
          events: ['None', 'Trending'],
        }),
      ).toEqual({
        titles: ['Café Crème tote', 'Wombat canvas tote', 'Quokka leather tote'],
        total: 3,
      });
      // Words inside a word are not its start, in either way SQLite searches.
      expect(await titles({ q: 'uokka', categories: [menShirts.category._id] })).toMatchObject({
        total: 0,
      });
      expect(await titles({ q: 'quokka', limit: 3, page: 2 })).toEqual({
        titles: ['Quokka oxford shirt'],
        total: 4,
      });
    });

    it('finds a product by its new words after an update, and no longer after a delete', async () => {
      const id = await addProduct(api, menShoes, { title: 'Platypus sandal' });
      expect((await titles({ q: 'platypus' })).total).toBe(1);
      // A change the index does not hold (the price) leaves the product findable.
      const repriced = productData(menShoes, { title: 'Platypus sandal', price: 555 });
      expect((await api.products.update({ id, productData: repriced })).status).toBe(true);
      expect(await titles({ q: 'platypus', subCategories: [menShoes._id] })).toMatchObject({
        total: 1,
      });
      const data = productData(menShoes, { title: 'Echidna sandal' });
      expect((await api.products.update({ id, productData: data })).status).toBe(true);
      expect((await titles({ q: 'platypus' })).total).toBe(0);
      expect(await titles({ q: 'echidna' })).toEqual({ titles: ['Echidna sandal'], total: 1 });
      await api.products.remove({ id: [id] });
      expect((await titles({ q: 'echidna' })).total).toBe(0);
    });

    it('filters follow event updates, category changes and subcategory moves', async () => {
      const id = await addProduct(api, menShoes, { title: 'Numbat loafer', event: 'None' });
      await api.products.updateEvents({ id: [id], event: 'Best Deals' });
      expect(await titles({ q: 'numbat', events: ['Best Deals'] })).toMatchObject({ total: 1 });
      expect(await titles({ q: 'numbat', events: ['None'] })).toMatchObject({ total: 0 });

      const data = productData(womenBags, { title: 'Numbat loafer', event: 'Best Deals' });
      await api.products.update({ id, productData: data });
      expect(await titles({ q: 'numbat', subCategories: [menShoes._id] })).toMatchObject({
        total: 0,
      });
      expect(await titles({ q: 'numbat', categories: [womenBags.category._id] })).toMatchObject({
        total: 1,
      });

      const elsewhere = await addCategory(api);
      await api.subcategories.edit({
        id: womenBags._id,
        name: womenBags.name,
        categoryId: elsewhere._id,
      });
      expect(await titles({ q: 'numbat', categories: [elsewhere._id] })).toMatchObject({
        total: 1,
      });
      expect(await titles({ categories: [womenBags.category._id] })).toMatchObject({ total: 0 });
      await api.subcategories.edit({
        id: womenBags._id,
        name: womenBags.name,
        categoryId: womenBags.category._id,
      });
      await api.products.remove({ id: [id] });
    });

    it('lists everything for a blank search, nothing for one without a letter or digit', async () => {
      const all = (await titles({})).total;
      expect(all).toBeGreaterThan(0);
      expect((await titles({ q: '  ' })).total).toBe(all);
      for (const q of ['😀', '%', '___', '"*', '-'])
        expect(await titles({ q }), q).toEqual({ titles: [], total: 0 });
      expect(await titles({ q: '%', categories: [womenBags.category._id] })).toEqual({
        titles: [],
        total: 0,
      });
      // A wildcard beside a word is no wildcard: the word alone is searched.
      expect(await titles({ q: 'tot%' })).toEqual(await titles({ q: 'tot' }));
      expect(await titles({ q: 'quokka_' })).toMatchObject({ total: 4 });
    });
  });
});
