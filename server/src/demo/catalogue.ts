// The demo's catalogue (catalogue-data.ts) through the categories and products services,
// with generated images and ratings from the seeded random source.
import { categoryAddSchema, productCreateSchema, subcategoryAddSchema } from '@dealdesk/core';
import type { AppContext } from '../context.js';
import { asFileLike } from '../http/uploads.js';
import { categoriesService } from '../modules/categories/service.js';
import { productsService } from '../modules/products/service.js';
import { catalogue } from './catalogue-data.js';
import { pngFile } from './png.js';
import type { Seeded } from './section.js';
import { randomSource, type Tracked } from './simulate.js';

export interface CatalogueCounts {
  categories: number;
  subcategories: number;
  products: number;
}

/** A product's original page: a made-up address from its title. */
function productUrl(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://www.example.com/p/${slug}`;
}

/** The ratings and review counts the seeded random source gives one product. */
function ratingsOf(random: () => number) {
  const ratings = Math.round(150 + 24_000 * random() ** 2);
  const reviews = Math.round(ratings * (0.08 + 0.07 * random()));
  return {
    rating: (3.7 + 1.1 * random()).toFixed(1),
    ratingsAndReviews: `${ratings.toLocaleString('en-IN')} Ratings, ${reviews.toLocaleString('en-IN')} Reviews`,
  };
}

/**
 * Products need a category and a subcategory: the catalogue is one section, filled while it
 * holds no category. Each write goes through the screens' schema, files included.
 */
export async function seedCatalogue(context: AppContext): Promise<Seeded<CatalogueCounts>> {
  const categories = categoriesService(context);
  const products = productsService(context);
  const counts: CatalogueCounts = { categories: 0, subcategories: 0, products: 0 };
  const tracked: Tracked[] = [];
  if ((await categories.categories()).length > 0) return { counts, tracked };

  const random = randomSource();
  for (const { name, colours, subcategories } of catalogue) {
    const image = pngFile(colours, 160, 160);
    const bgImage = pngFile([colours[1], colours[0]], 720, 300);
    categoryAddSchema.parse({ name, image: asFileLike(image), bg_image: asFileLike(bgImage) });
    const category = await categories.addCategory({ name, image, bg_image: bgImage });
    counts.categories += 1;

    for (const sub of subcategories) {
      const subImage = pngFile(sub.colours, 160, 160);
      const form = { name: sub.name, categoryId: category._id, image: asFileLike(subImage) };
      subcategoryAddSchema.parse(form);
      const subcategory = await categories.addSubcategory({ ...form, image: subImage });
      counts.subcategories += 1;

      for (const [index, product] of sub.products.entries()) {
        // Neighbours in a subcategory run their gradient the other way, so they differ.
        const [from, to] = sub.colours;
        const photo = pngFile(index % 2 === 0 ? [from, to] : [to, from], 480, 480);
        const input = productCreateSchema.parse({
          productData: {
            productDetails: {
              title: product.title,
              price: product.price,
              og_price: product.og_price,
              og_url: productUrl(product.title),
              category: category._id,
              subcategory: subcategory._id,
              ...ratingsOf(random),
              deliveryInfo: product.price >= 500 ? 'Free Delivery' : '',
              availableSizes: product.sizes ?? [],
              specifications: product.specifications,
            },
            events: product.event,
          },
          imageUrls: [],
          images: [asFileLike(photo)],
        });
        const created = await products.create(input, [photo]);
        tracked.push({ id: created._id, kind: 'product' });
        counts.products += 1;
      }
    }
  }
  return { counts, tracked };
}
