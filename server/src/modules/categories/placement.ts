// Where a product sits in the catalogue, for the products module: the check that its
// subcategory belongs to its category, and the product counts kept on both.
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import { HttpError } from '../../http/errors.js';
import { categoryRefusals } from './messages.js';

export interface Placement {
  categoryId: string;
  subcategoryId: string;
}

/** Where a product's request holds its placement: the fields a refusal names. */
const placementFields = {
  category: 'productData.productDetails.category',
  subcategory: 'productData.productDetails.subcategory',
};

/** 404 for an unknown category or subcategory; 400 when the subcategory is another's. */
export async function checkPlacement(db: Kysely<Database>, placement: Placement): Promise<void> {
  const found = await db
    .selectFrom('categories')
    .leftJoin('subcategories', (join) => join.on('subcategories.id', '=', placement.subcategoryId))
    .select('subcategories.category_id as parentId')
    .where('categories.id', '=', placement.categoryId)
    .executeTakeFirst();
  if (found === undefined)
    throw new HttpError(404, categoryRefusals.categoryNotFound, placementFields.category);
  if (found.parentId === null)
    throw new HttpError(404, categoryRefusals.subcategoryNotFound, placementFields.subcategory);
  if (found.parentId !== placement.categoryId)
    throw new HttpError(
      400,
      categoryRefusals.subcategoryOutsideCategory,
      placementFields.subcategory,
    );
}

function addTo(totals: Map<string, number>, id: string, delta: number): void {
  totals.set(id, (totals.get(id) ?? 0) + delta);
}

/**
 * Adds each change's delta to the product counts of its category and subcategory: one
 * update per category and subcategory touched, as increments, so concurrent writers add up.
 */
export async function countProducts(
  db: Kysely<Database>,
  changes: readonly { placement: Placement; delta: number }[],
): Promise<void> {
  const byCategory = new Map<string, number>();
  const bySubcategory = new Map<string, number>();
  for (const { placement, delta } of changes) {
    addTo(byCategory, placement.categoryId, delta);
    addTo(bySubcategory, placement.subcategoryId, delta);
  }
  for (const [table, totals] of [
    ['categories', byCategory],
    ['subcategories', bySubcategory],
  ] as const) {
    for (const [id, delta] of totals) {
      if (delta === 0) continue;
      await db
        .updateTable(table)
        .set((eb) => ({ total_products: eb('total_products', '+', delta) }))
        .where('id', '=', id)
        .execute();
    }
  }
}
