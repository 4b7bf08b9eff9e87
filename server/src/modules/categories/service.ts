// Categories and subcategories: names unique (a category's among categories, a subcategory's
// within its category), images replaced and removed with them, counts kept in the rows.
import type { Category, Subcategory } from '@dealdesk/core';
import { isUniqueViolation } from '../../adapters/storage/dialect.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { CheckedFile } from '../../http/uploads.js';
import { newId } from '../../ids.js';
import { auditTrail } from '../audit/service.js';
import { categoryRefusals } from './messages.js';
import { countProducts } from './placement.js';
import { categoriesRepository, nameKey } from './repository.js';
import { removeStored, withStoredFiles } from '../../adapters/media/stored-files.js';

export interface CategoryAddition {
  name: string;
  image: CheckedFile;
  bg_image: CheckedFile;
}

export interface CategoryChange {
  id: string;
  name: string;
  image?: CheckedFile | undefined;
  bg_image?: CheckedFile | undefined;
}

export interface SubcategoryAddition {
  name: string;
  categoryId: string;
  image: CheckedFile;
}

export interface SubcategoryChange {
  id: string;
  name: string;
  categoryId: string;
  image?: CheckedFile | undefined;
}

/** A unique-name violation as the 409 the admin can act on. */
const nameTaken = (message: string) => (error: unknown) => {
  throw isUniqueViolation(error) ? new HttpError(409, message) : error;
};

/**
 * The files given for optional image slots, and the columns their stored paths fill; the
 * columns' previous files are removed once the change is written.
 */
function replacements<Column extends string>(slots: Record<Column, CheckedFile | undefined>) {
  const given = (Object.entries(slots) as [Column, CheckedFile | undefined][]).flatMap(
    ([column, file]) => (file === undefined ? [] : [{ column, file }]),
  );
  return {
    files: given.map(({ file }) => file),
    columns: given.map(({ column }) => column),
    values: (paths: readonly string[]): Partial<Record<Column, string>> =>
      Object.fromEntries(given.map(({ column }, index) => [column, paths[index]])) as Partial<
        Record<Column, string>
      >,
  };
}

/** What the audit log keeps of a category and a subcategory (their counts are not edits). */
const categoryFields = (row: { name: string; main_image: string; bg_image: string }) => ({
  name: row.name,
  main_image: row.main_image,
  bg_image: row.bg_image,
});
const subcategoryFields = (row: { name: string; category_id: string; main_image: string }) => ({
  name: row.name,
  category_id: row.category_id,
  main_image: row.main_image,
});

export function categoriesService(context: AppContext) {
  const { db, media, clock } = context;
  const repo = categoriesRepository(db);
  const audit = auditTrail(context);

  const existingCategory = async (id: string) => {
    const category = await repo.findCategory(id);
    if (category === undefined) throw new HttpError(404, categoryRefusals.categoryNotFound);
    return category;
  };
  const existingSubcategory = async (id: string) => {
    const subcategory = await repo.findSubcategory(id);
    if (subcategory === undefined) throw new HttpError(404, categoryRefusals.subcategoryNotFound);
    return subcategory;
  };
  const oneSubcategory = async (id: string): Promise<Subcategory> => {
    const [found] = await repo.subcategories({ id });
    if (found === undefined) throw new HttpError(404, categoryRefusals.subcategoryNotFound);
    return found;
  };

  return {
    categories: () => repo.categories(),

    async addCategory({ name, image, bg_image }: CategoryAddition): Promise<Category> {
      const now = clock().toISOString();
      const row = await withStoredFiles(media, [image, bg_image], ([main, background]) =>
        db
          .transaction()
          .execute(async (trx) => {
            const inserted = await categoriesRepository(trx).insertCategory({
              id: newId(clock()),
              name,
              name_key: nameKey(name),
              main_image: main,
              bg_image: background,
              total_sub: 0,
              total_products: 0,
              created_at: now,
              updated_at: now,
            });
            await audit.record(trx, {
              action: 'create',
              kind: 'category',
              itemId: inserted.id,
              label: name,
              after: categoryFields(inserted),
            });
            return inserted;
          })
          .catch(nameTaken(categoryRefusals.categoryNameTaken)),
      );
      return repo.toCategory(row);
    },

    async updateCategory({ id, name, image, bg_image }: CategoryChange): Promise<Category> {
      const before = await existingCategory(id);
      const given = replacements({ main_image: image, bg_image });
      const row = await withStoredFiles(media, given.files, (paths) =>
        db
          .transaction()
          .execute(async (trx) => {
            const after = await categoriesRepository(trx).updateCategory(id, {
              name,
              name_key: nameKey(name),
              ...given.values(paths),
              updated_at: clock().toISOString(),
            });
            await audit.record(trx, {
              action: 'update',
              kind: 'category',
              itemId: id,
              label: name,
              before: categoryFields(before),
              after: categoryFields(after),
            });
            return after;
          })
          .catch(nameTaken(categoryRefusals.categoryNameTaken)),
      );
      await removeStored(
        media,
        given.columns.map((column) => before[column]),
      );
      return repo.toCategory(row);
    },

    /** Refused while products are filed under it; its subcategories (all empty) go with it. */
    async deleteCategory(id: string): Promise<void> {
      const images = await db.transaction().execute(async (trx) => {
        const category = await categoriesRepository(trx).findCategory(id);
        if (category === undefined) throw new HttpError(404, categoryRefusals.categoryNotFound);
        if (category.total_products > 0)
          throw new HttpError(409, categoryRefusals.categoryHasProducts(category.total_products));
        const subcategoryImages = await categoriesRepository(trx).deleteCategory(id);
        // One entry: its subcategories, all empty, go with it.
        await audit.record(trx, {
          action: 'delete',
          kind: 'category',
          itemId: id,
          label: category.name,
          before: { ...categoryFields(category), total_sub: category.total_sub },
        });
        return [category.main_image, category.bg_image, ...subcategoryImages];
      });
      await removeStored(media, images);
    },

    subcategories: () => repo.subcategories(),

    async subcategoriesOf(categoryId: string): Promise<Subcategory[]> {
      await existingCategory(categoryId);
      return repo.subcategories({ categoryId });
    },

    async addSubcategory({ name, categoryId, image }: SubcategoryAddition): Promise<Subcategory> {
      await existingCategory(categoryId);
      const id = newId(clock());
      const now = clock().toISOString();
      await withStoredFiles(media, [image], ([main]) =>
        db
          .transaction()
          .execute(async (trx) => {
            const writer = categoriesRepository(trx);
            const row = {
              id,
              category_id: categoryId,
              name,
              name_key: nameKey(name),
              main_image: main,
              total_products: 0,
              created_at: now,
              updated_at: now,
            };
            await writer.insertSubcategory(row);
            await writer.addSubcategoryCount(categoryId, 1);
            await audit.record(trx, {
              action: 'create',
              kind: 'subcategory',
              itemId: id,
              label: name,
              after: subcategoryFields(row),
            });
          })
          .catch(nameTaken(categoryRefusals.subcategoryNameTaken)),
      );
      return oneSubcategory(id);
    },

    /** Moving a subcategory to another category takes its products along. */
    async updateSubcategory({ id, name, categoryId, image }: SubcategoryChange) {
      const before = await existingSubcategory(id);
      if (categoryId !== before.category_id) await existingCategory(categoryId);
      const given = replacements({ main_image: image });
      await withStoredFiles(media, given.files, (paths) =>
        db
          .transaction()
          .execute(async (trx) => {
            const writer = categoriesRepository(trx);
            const change = { name, category_id: categoryId, ...given.values(paths) };
            await writer.updateSubcategory(id, {
              ...change,
              name_key: nameKey(name),
              updated_at: clock().toISOString(),
            });
            await audit.record(trx, {
              action: 'update',
              kind: 'subcategory',
              itemId: id,
              label: name,
              before: subcategoryFields(before),
              after: subcategoryFields({ ...before, ...change }),
            });
            if (categoryId === before.category_id) return;
            await writer.addSubcategoryCount(before.category_id, -1);
            await writer.addSubcategoryCount(categoryId, 1);
            const moved = await writer.moveSubcategoryProducts(id, categoryId);
            // The subcategory's own count nets to zero; each category's moves by its products.
            await countProducts(trx, [
              { placement: { categoryId: before.category_id, subcategoryId: id }, delta: -moved },
              { placement: { categoryId, subcategoryId: id }, delta: moved },
            ]);
          })
          .catch(nameTaken(categoryRefusals.subcategoryNameTaken)),
      );
      await removeStored(
        media,
        given.columns.map((column) => before[column]),
      );
      return oneSubcategory(id);
    },

    /** Refused while products are filed under it. */
    async deleteSubcategory(id: string): Promise<void> {
      const image = await db.transaction().execute(async (trx) => {
        const writer = categoriesRepository(trx);
        const subcategory = await writer.findSubcategory(id);
        if (subcategory === undefined)
          throw new HttpError(404, categoryRefusals.subcategoryNotFound);
        if (subcategory.total_products > 0) {
          throw new HttpError(
            409,
            categoryRefusals.subcategoryHasProducts(subcategory.total_products),
          );
        }
        await writer.deleteSubcategory(id);
        await writer.addSubcategoryCount(subcategory.category_id, -1);
        await audit.record(trx, {
          action: 'delete',
          kind: 'subcategory',
          itemId: id,
          label: subcategory.name,
          before: subcategoryFields(subcategory),
        });
        return subcategory.main_image;
      });
      await removeStored(media, [image]);
    },
  };
}

// What the products module needs of the catalogue: the placement check and the counts.
export { checkPlacement, countProducts, type Placement } from './placement.js';
