// The benchmarks' catalogue: categories, subcategories and synthetic products written straight
// into storage (counts and view/click totals included), drawn from a seeded generator so every
// run has the same catalogue.
import { newId } from '../../server/dist/ids.js';
import { detailColumns } from '../../server/dist/modules/products/rows.js';
import { seededRandom, syntheticProduct } from './catalogue-data.mjs';

const seededCatalogue = { categories: 20, subcategoriesPerCategory: 5 };

/** `pick` draws from the generator the products were drawn from (the queries follow it). */
export const random = seededRandom(20_240_601);
export const pick = (list) => list[Math.floor(random() * list.length)];

/** Categories and subcategories (their product counts 0), not yet written. */
export function catalogueShelves() {
  const now = new Date().toISOString();
  const categories = Array.from({ length: seededCatalogue.categories }, (_, index) => ({
    id: newId(),
    name: `Category ${index + 1}`,
    name_key: `category ${index + 1}`,
    main_image: '/media/category.png',
    bg_image: '/media/category-bg.png',
    total_sub: seededCatalogue.subcategoriesPerCategory,
    total_products: 0,
    created_at: now,
    updated_at: now,
  }));
  const subcategories = categories.flatMap((category, index) =>
    Array.from({ length: seededCatalogue.subcategoriesPerCategory }, (_, sub) => ({
      id: newId(),
      category_id: category.id,
      name: `Subcategory ${index + 1}.${sub + 1}`,
      name_key: `subcategory ${index + 1}.${sub + 1}`,
      main_image: '/media/subcategory.png',
      total_products: 0,
      created_at: now,
      updated_at: now,
    })),
  );
  return { categories, subcategories };
}

/** Categories, subcategories and products written straight into storage, counts included. */
export async function seedCatalogue(db, productCount) {
  const { categories, subcategories } = catalogueShelves();
  const products = [];
  // Spread over the last year, so ids (time-ordered) are as varied as a real catalogue's.
  const yearAgo = Date.now() - 365 * 86_400_000;
  for (let index = 0; index < productCount; index += 1) {
    const subcategory = pick(subcategories);
    const created = new Date(yearAgo + (index / productCount) * 365 * 86_400_000);
    products.push({
      id: newId(created),
      ...detailColumns(syntheticProduct(random, subcategory)),
      images: JSON.stringify([{ url: 'https://cdn.example.com/product.jpg' }]),
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    });
    subcategory.total_products += 1;
    categories.find((category) => category.id === subcategory.category_id).total_products += 1;
  }
  await db.insertInto('categories').values(categories).execute();
  await db.insertInto('subcategories').values(subcategories).execute();
  for (let start = 0; start < products.length; start += 10_000) {
    await db.transaction().execute(async (trx) => {
      for (let at = start; at < Math.min(start + 10_000, products.length); at += 500)
        await trx
          .insertInto('products')
          .values(products.slice(at, at + 500))
          .execute();
    });
  }
  // Every product seen and some clicked: a list answers each one's counts. Drawn apart, so
  // that the queries drawn next are those drawn before the counts were added.
  const countsRandom = seededRandom(7);
  for (let start = 0; start < products.length; start += 500)
    await db
      .insertInto('item_totals')
      .values(
        products.slice(start, start + 500).map((product) => ({
          item_id: product.id,
          kind: 'product',
          views: 1 + Math.floor(countsRandom() * 5_000),
          clicks: Math.floor(countsRandom() * 300),
        })),
      )
      .execute();
  return { categories, productIds: products.map((product) => product.id) };
}
