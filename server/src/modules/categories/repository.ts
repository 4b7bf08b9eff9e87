// Storage of categories and subcategories. Portable kysely only (see adapters/storage/dialect.ts).
import type { Category, Subcategory } from '@dealdesk/core';
import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { CategoriesTable, SubcategoriesTable } from './tables.js';

export type CategoryRow = Selectable<CategoriesTable>;

/** How names are compared: two names that differ only in case or outer spaces are one. */
export const nameKey = (name: string) => name.trim().toLowerCase();

const toCategory = (row: CategoryRow): Category => ({
  _id: row.id,
  name: row.name,
  main_image: row.main_image,
  bg_image: row.bg_image,
  total_sub: row.total_sub,
  total_products: row.total_products,
});

export function categoriesRepository(db: Kysely<Database>) {
  /** Subcategories with their category's name, by name: all, one category's, or one. */
  const subcategories = async (
    only: { categoryId?: string; id?: string } = {},
  ): Promise<Subcategory[]> => {
    let query = db
      .selectFrom('subcategories')
      .innerJoin('categories', 'categories.id', 'subcategories.category_id')
      .select([
        'subcategories.id',
        'subcategories.name',
        'subcategories.main_image',
        'subcategories.total_products',
        'categories.id as category_id',
        'categories.name as category_name',
      ])
      .orderBy('subcategories.name_key')
      .orderBy('subcategories.id');
    if (only.categoryId !== undefined)
      query = query.where('subcategories.category_id', '=', only.categoryId);
    if (only.id !== undefined) query = query.where('subcategories.id', '=', only.id);
    const rows = await query.execute();
    return rows.map((row) => ({
      _id: row.id,
      name: row.name,
      main_image: row.main_image,
      total_products: row.total_products,
      category: { _id: row.category_id, name: row.category_name },
    }));
  };

  return {
    toCategory,
    subcategories,

    categories: async (): Promise<Category[]> =>
      (
        await db.selectFrom('categories').selectAll().orderBy('name_key').orderBy('id').execute()
      ).map(toCategory),

    findCategory: (id: string) =>
      db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst(),

    insertCategory: (row: Insertable<CategoriesTable>) =>
      db.insertInto('categories').values(row).returningAll().executeTakeFirstOrThrow(),

    updateCategory: (id: string, changes: Updateable<CategoriesTable>) =>
      db
        .updateTable('categories')
        .set(changes)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    addSubcategoryCount: (categoryId: string, delta: number) =>
      db
        .updateTable('categories')
        .set((eb) => ({ total_sub: eb('total_sub', '+', delta) }))
        .where('id', '=', categoryId)
        .execute(),

    /** Deletes a category and its subcategories; answers the subcategories' images. */
    deleteCategory: async (id: string): Promise<string[]> => {
      const removed = await db
        .deleteFrom('subcategories')
        .where('category_id', '=', id)
        .returning('main_image')
        .execute();
      await db.deleteFrom('categories').where('id', '=', id).execute();
      return removed.map((row) => row.main_image);
    },

    findSubcategory: (id: string) =>
      db.selectFrom('subcategories').selectAll().where('id', '=', id).executeTakeFirst(),

    insertSubcategory: (row: Insertable<SubcategoriesTable>) =>
      db.insertInto('subcategories').values(row).execute(),

    updateSubcategory: (id: string, changes: Updateable<SubcategoriesTable>) =>
      db.updateTable('subcategories').set(changes).where('id', '=', id).execute(),

    /** A subcategory's products follow it into its new category; answers how many moved. */
    moveSubcategoryProducts: async (subcategoryId: string, categoryId: string) => {
      const { numUpdatedRows } = await db
        .updateTable('products')
        .set({ category_id: categoryId })
        .where('subcategory_id', '=', subcategoryId)
        .executeTakeFirstOrThrow();
      return Number(numUpdatedRows);
    },

    deleteSubcategory: (id: string) =>
      db.deleteFrom('subcategories').where('id', '=', id).execute(),
  };
}
