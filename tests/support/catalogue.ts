// Products a browser test file seeds through the API (adding them on screen is the catalogue
// test's business), and takes away again: the files share one server, and a list another
// file left long makes every later product screen slower to render and to check.
import type { ApiClient, ProductRowRequest } from '@dealdesk/core';
import { e2e } from './browser.js';
import { pngBytes } from './screens.js';

/** A PNG upload as the API client takes it. */
export const pngUpload = (name: string) => ({
  name,
  type: 'image/png',
  data: new Uint8Array(pngBytes),
});

/**
 * A link to a file this server serves, for seeded products: one link for every row, so the
 * browser loads it once (a link elsewhere per row would go out, or through a page's route to
 * this process, for each row shown).
 */
export const servedLink = (path: string) => new URL(path, e2e().baseUrl).href;

/** Adds the rows in one import call; every row created, or the test fails here. */
export async function importProducts(
  api: ApiClient,
  products: readonly ProductRowRequest[],
): Promise<void> {
  const answer = await api.products.bulk({ products });
  if (answer.created !== products.length)
    throw new Error(`imported ${String(answer.created)} of ${products.length}: ${answer.message}`);
}

/** Deletes every product whose title matches the search `q`, in one call. */
export async function removeProducts(api: ApiClient, q: string): Promise<void> {
  const products = (await api.products.list({ q, limit: 1000 })).data ?? [];
  if (products.length === 0) return;
  const removed = await api.products.remove({ id: products.map((product) => product._id) });
  if (!removed.status) throw new Error(removed.message);
}

export interface SeededCatalogue {
  category: string;
  subcategory: string;
  /** Deletes the products (those of `titles`' search), the subcategory and the category. */
  remove(): Promise<void>;
}

/**
 * A category named `name` with one subcategory, and a product of it for each title (price 100,
 * original 150, event None), showing the category's image.
 */
export async function seedCatalogue(
  api: ApiClient,
  name: string,
  titles: { search: string; each: readonly string[] },
): Promise<SeededCatalogue> {
  const added = await api.categories.add({
    name,
    image: pngUpload(`${name}.png`),
    bg_image: pngUpload(`${name}-bg.png`),
  });
  if (!added.status) throw new Error(added.message);
  const category = (await api.categories.list()).data?.find((c) => c.name === name);
  if (category === undefined) throw new Error(`category ${name} not listed`);
  const subcategoryName = `${name} items`;
  await api.subcategories.add({
    name: subcategoryName,
    categoryId: category._id,
    image: pngUpload(`${name}-items.png`),
  });
  const subcategory =
    (await api.subcategories.list()).data?.find((s) => s.name === subcategoryName)?._id ?? '';
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await importProducts(
    api,
    titles.each.map((title, index) => ({
      title,
      price: 100,
      og_price: 150,
      og_url: `https://shop.example/${slug}/${String(index)}`,
      category: category._id,
      subcategory,
      rating: '4',
      events: 'None',
      images: [servedLink(category.main_image)],
    })),
  );
  return {
    category: category._id,
    subcategory,
    async remove() {
      await removeProducts(api, titles.search);
      await api.subcategories.remove({ id: subcategory });
      await api.categories.remove({ id: category._id });
    },
  };
}
