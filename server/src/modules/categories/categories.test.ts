import { categoryImageMaxBytes, categoryMessages, endpoints, uploadMessages } from '@dealdesk/core';
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
import {
  addCategory,
  addProduct,
  addSubcategory,
  fakePng,
  png,
  signedInClient,
  uniqueName,
  type CatalogueClient,
} from '../products/catalogue-fixtures.js';
import { categoryRefusals } from './messages.js';

const unknownId = 'ffffffffffffffffffffffff';

describe.each(dialects)('categories and subcategories on %s', (dialect) => {
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

  const mediaStatus = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).status;
  const categoryNamed = async (id: string) =>
    (await api.categories.list()).data?.find((category) => category._id === id);

  describe('categories', () => {
    it('adds a category with both images, served under /media, and no counts yet', async () => {
      const name = uniqueName('Fashion');
      const added = await api.categories.add({ name, image: png(), bg_image: png(300) });
      expect(added).toMatchObject({
        status: true,
        message: endpoints.categories.add.message,
        httpStatus: 200,
      });
      const category = (await api.categories.list()).data?.find((entry) => entry.name === name);
      expect(category).toMatchObject({ name, total_sub: 0, total_products: 0 });
      expect(category?._id).toMatch(/^[0-9a-f]{24}$/);
      expect(category?.main_image).toMatch(/^\/media\/.+\.png$/);
      expect(category?.bg_image).not.toBe(category?.main_image);
      const background = await fetch(`${server.baseUrl}${category?.bg_image ?? ''}`);
      expect(background.status).toBe(200);
      expect((await background.arrayBuffer()).byteLength).toBe(300);
    });

    it.each([
      ['no name', { name: ' ', image: png(), bg_image: png() }, categoryMessages.categoryName],
      ['no main image', { name: 'Shoes', bg_image: png() }, categoryMessages.mainImage],
      ['no background', { name: 'Shoes', image: png() }, categoryMessages.backgroundImage],
    ])('refuses a category with %s', async (_label, input, message) => {
      const answer = await api.categories.add(input as Parameters<typeof api.categories.add>[0]);
      expect(answer).toMatchObject({ status: false, message, httpStatus: 400 });
    });

    it('checks images by their bytes and size: 1 MB is the most', async () => {
      const name = uniqueName('Sized');
      expect(await api.categories.add({ name, image: fakePng, bg_image: png() })).toMatchObject({
        status: false,
        message: uploadMessages.categoryImageType,
        httpStatus: 415,
      });
      expect(
        await api.categories.add({
          name,
          image: png(),
          bg_image: png(categoryImageMaxBytes + 1),
        }),
      ).toMatchObject({
        status: false,
        message: uploadMessages.categoryImageSize,
        httpStatus: 413,
      });
      expect((await api.categories.list()).data?.some((entry) => entry.name === name)).toBe(false);
      const atLimit = await api.categories.add({
        name,
        image: png(categoryImageMaxBytes),
        bg_image: png(),
      });
      expect(atLimit.status).toBe(true);
    });

    it('refuses a second category of the same name, whatever its case', async () => {
      const category = await addCategory(api);
      const again = await api.categories.add({
        name: ` ${category.name.toUpperCase()} `,
        image: png(),
        bg_image: png(),
      });
      expect(again).toMatchObject({
        status: false,
        message: categoryRefusals.categoryNameTaken,
        httpStatus: 409,
      });
    });

    it('renames a category and keeps its images when none are sent', async () => {
      const category = await addCategory(api);
      const name = uniqueName('Renamed');
      expect(await api.categories.edit({ id: category._id, name })).toMatchObject({
        status: true,
        message: endpoints.categories.edit.message,
      });
      expect(await categoryNamed(category._id)).toEqual({ ...category, name });
      expect(await api.categories.edit({ id: category._id, name: ' ' })).toMatchObject({
        status: false,
        message: categoryMessages.categoryName,
        httpStatus: 400,
      });
    });

    it("reads a form's empty file part as no file, and refuses two files in one slot", async () => {
      const category = await addCategory(api);
      type Edit = Parameters<typeof api.categories.edit>[0];
      const blankSlot = { id: category._id, name: category.name, image: '' } as unknown as Edit;
      expect((await api.categories.edit(blankSlot)).status).toBe(true);
      expect(await categoryNamed(category._id)).toEqual(category);
      const twoImages = { ...blankSlot, image: [png(), png()] } as unknown as Edit;
      expect(await api.categories.edit(twoImages)).toMatchObject({
        status: false,
        message: 'Send at most one file in image',
        httpStatus: 400,
      });
    });

    it('replaces an image sent on update and removes the old file', async () => {
      const category = await addCategory(api);
      await api.categories.edit({ id: category._id, name: category.name, bg_image: png(200) });
      const updated = await categoryNamed(category._id);
      expect(updated?.main_image).toBe(category.main_image);
      expect(updated?.bg_image).not.toBe(category.bg_image);
      expect(await mediaStatus(updated?.bg_image ?? '')).toBe(200);
      expect(await mediaStatus(category.bg_image)).toBe(404);
    });

    it('answers 404 for an unknown category', async () => {
      expect(await api.categories.edit({ id: unknownId, name: 'Nobody' })).toMatchObject({
        status: false,
        message: categoryRefusals.categoryNotFound,
        httpStatus: 404,
      });
      expect((await api.categories.remove({ id: unknownId })).httpStatus).toBe(404);
      expect((await api.subcategories.byCategory({ id: unknownId })).httpStatus).toBe(404);
    });

    it('deletes a category, its empty subcategories and their images', async () => {
      const category = await addCategory(api);
      const subcategory = await addSubcategory(api, category);
      expect(await api.categories.remove({ id: category._id })).toMatchObject({
        status: true,
        message: endpoints.categories.remove.message,
      });
      expect(await categoryNamed(category._id)).toBeUndefined();
      const subcategories = (await api.subcategories.list()).data ?? [];
      expect(subcategories.some((entry) => entry._id === subcategory._id)).toBe(false);
      for (const image of [category.main_image, category.bg_image, subcategory.main_image])
        expect(await mediaStatus(image)).toBe(404);
    });

    it('needs a signed-in admin', async () => {
      const anonymous = clientFor(server);
      expect((await anonymous.categories.list()).httpStatus).toBe(401);
      const add = await anonymous.categories.add({ name: 'x', image: png(), bg_image: png() });
      expect(add.httpStatus).toBe(401);
    });
  });

  describe('subcategories', () => {
    it('adds subcategories under a category and counts them there', async () => {
      const category = await addCategory(api);
      const name = uniqueName('Shirts');
      const added = await api.subcategories.add({ name, categoryId: category._id, image: png() });
      expect(added).toMatchObject({ status: true, message: endpoints.subcategories.add.message });
      await addSubcategory(api, category);

      const listed = (await api.subcategories.byCategory({ id: category._id })).data ?? [];
      expect(listed).toHaveLength(2);
      expect(listed.find((entry) => entry.name === name)).toMatchObject({
        name,
        total_products: 0,
        category: { _id: category._id, name: category.name },
      });
      expect((await categoryNamed(category._id))?.total_sub).toBe(2);
      const all = (await api.subcategories.list()).data ?? [];
      expect(all.filter((entry) => entry.category._id === category._id)).toEqual(listed);
    });

    it.each([
      ['no name', { name: '', image: png() }, categoryMessages.subcategoryCategoryAndName],
      ['no category', { name: 'Kurtas', categoryId: '', image: png() }, null],
      ['no image', { name: 'Kurtas' }, categoryMessages.subcategoryImage],
    ])('refuses a subcategory with %s', async (_label, input, message) => {
      const category = await addCategory(api);
      const answer = await api.subcategories.add({
        categoryId: category._id,
        ...input,
      } as Parameters<typeof api.subcategories.add>[0]);
      expect(answer).toMatchObject({
        status: false,
        message: message ?? categoryMessages.subcategoryCategoryAndName,
        httpStatus: 400,
      });
      expect((await categoryNamed(category._id))?.total_sub).toBe(0);
    });

    it('refuses a subcategory under an unknown category, or a name its category has', async () => {
      const unknown = await api.subcategories.add({
        name: 'Orphan',
        categoryId: unknownId,
        image: png(),
      });
      expect(unknown).toMatchObject({
        message: categoryRefusals.categoryNotFound,
        httpStatus: 404,
      });
      const category = await addCategory(api);
      const subcategory = await addSubcategory(api, category);
      const twice = await api.subcategories.add({
        name: subcategory.name.toLowerCase(),
        categoryId: category._id,
        image: png(),
      });
      expect(twice).toMatchObject({
        message: categoryRefusals.subcategoryNameTaken,
        httpStatus: 409,
      });
      // Another category may use the name.
      const elsewhere = await addCategory(api);
      expect((await addSubcategory(api, elsewhere, subcategory.name)).name).toBe(subcategory.name);
      expect((await categoryNamed(category._id))?.total_sub).toBe(1);
    });

    it.each([
      ['no name', { name: ' ' }, categoryMessages.subcategoryName],
      ['no category', { categoryId: '' }, categoryMessages.subcategoryCategory],
    ])('refuses an update with %s', async (_label, change, message) => {
      const subcategory = await addSubcategory(api, await addCategory(api));
      const answer = await api.subcategories.edit({
        id: subcategory._id,
        name: subcategory.name,
        categoryId: subcategory.category._id,
        ...change,
      });
      expect(answer).toMatchObject({ status: false, message, httpStatus: 400 });
    });

    it('renames and re-images a subcategory, removing the old image', async () => {
      const subcategory = await addSubcategory(api, await addCategory(api));
      const name = uniqueName('Tees');
      const answer = await api.subcategories.edit({
        id: subcategory._id,
        name,
        categoryId: subcategory.category._id,
        image: png(222),
      });
      expect(answer).toMatchObject({ status: true, message: endpoints.subcategories.edit.message });
      const [updated] =
        (await api.subcategories.byCategory({ id: subcategory.category._id })).data ?? [];
      expect(updated).toMatchObject({ _id: subcategory._id, name });
      expect(updated?.main_image).not.toBe(subcategory.main_image);
      expect(await mediaStatus(subcategory.main_image)).toBe(404);
    });

    it('moves a subcategory with its products to another category, counts following', async () => {
      const from = await addCategory(api);
      const to = await addCategory(api);
      const subcategory = await addSubcategory(api, from);
      const productIds = [await addProduct(api, subcategory), await addProduct(api, subcategory)];
      expect(await categoryNamed(from._id)).toMatchObject({ total_sub: 1, total_products: 2 });

      const moved = await api.subcategories.edit({
        id: subcategory._id,
        name: subcategory.name,
        categoryId: to._id,
      });
      expect(moved.status).toBe(true);
      expect(await categoryNamed(from._id)).toMatchObject({ total_sub: 0, total_products: 0 });
      expect(await categoryNamed(to._id)).toMatchObject({ total_sub: 1, total_products: 2 });
      for (const id of productIds) {
        expect((await api.products.get({ id })).data?.category).toEqual({
          _id: to._id,
          name: to.name,
        });
      }
      // The old category is empty now, so it can go.
      expect((await api.categories.remove({ id: from._id })).status).toBe(true);
    });

    it('refuses to delete a subcategory or category that still has products', async () => {
      const category = await addCategory(api);
      const subcategory = await addSubcategory(api, category);
      const productId = await addProduct(api, subcategory);

      expect(await api.subcategories.remove({ id: subcategory._id })).toMatchObject({
        status: false,
        message: categoryRefusals.subcategoryHasProducts(1),
        httpStatus: 409,
      });
      expect(await api.categories.remove({ id: category._id })).toMatchObject({
        status: false,
        message: categoryRefusals.categoryHasProducts(1),
        httpStatus: 409,
      });
      expect((await api.products.get({ id: productId })).data?.subcategory._id).toBe(
        subcategory._id,
      );

      await api.products.remove({ id: [productId] });
      expect(await api.subcategories.remove({ id: subcategory._id })).toMatchObject({
        status: true,
        message: endpoints.subcategories.remove.message,
      });
      expect(await categoryNamed(category._id)).toMatchObject({ total_sub: 0, total_products: 0 });
      expect(await mediaStatus(subcategory.main_image)).toBe(404);
      expect((await api.subcategories.remove({ id: subcategory._id })).httpStatus).toBe(404);
    });
  });
});
