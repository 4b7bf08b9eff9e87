// For the catalogue's tests: a signed-in client, image files the upload checks accept by
// their bytes, and categories, subcategories and products made through the API (or, by the
// thousand, written straight to storage).
import type {
  Category,
  ProductDataRequest,
  ProductEvent,
  Specifications,
  Subcategory,
  UploadFile,
} from '@dealdesk/core';
import { clientFor, createTestAdmin, signIn, type TestServer } from '../../testing/harness.js';
import { newId } from '../../ids.js';
import { detailColumns } from './rows.js';

export type CatalogueClient = ReturnType<typeof clientFor>;

export async function signedInClient(server: TestServer): Promise<CatalogueClient> {
  const token = await signIn(server, await createTestAdmin(server));
  return clientFor(server, () => token);
}

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngHeader = [0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0];

/** A PNG as file-type sees one (signature and header), padded to `size` bytes. */
export function png(size = 128, name = 'photo.png'): UploadFile {
  const data = new Uint8Array(size);
  data.set([...pngSignature, ...pngHeader]);
  return { name, type: 'image/png', data };
}

/** Text dressed up as an image: the name and type say PNG, the bytes do not. */
export const fakePng: UploadFile = {
  name: 'not-really.png',
  type: 'image/png',
  data: new TextEncoder().encode('just some text, not an image at all'),
};

let names = 0;
/** A name no other test uses, so tests sharing a database never meet. */
export function uniqueName(prefix: string): string {
  names += 1;
  return `${prefix} ${names}${Math.random().toString(36).slice(2, 6)}`;
}

export async function addCategory(api: CatalogueClient, name = uniqueName('Category')) {
  const added = await api.categories.add({ name, image: png(), bg_image: png() });
  if (!added.status) throw new Error(`category not added: ${added.message}`);
  const found = (await api.categories.list()).data?.find((category) => category.name === name);
  if (found === undefined) throw new Error(`category ${name} not listed`);
  return found;
}

export async function addSubcategory(
  api: CatalogueClient,
  category: Pick<Category, '_id'>,
  name = uniqueName('Subcategory'),
): Promise<Subcategory> {
  const added = await api.subcategories.add({ name, categoryId: category._id, image: png() });
  if (!added.status) throw new Error(`subcategory not added: ${added.message}`);
  const found = (await api.subcategories.byCategory({ id: category._id })).data?.find(
    (subcategory) => subcategory.name === name,
  );
  if (found === undefined) throw new Error(`subcategory ${name} not listed`);
  return found;
}

export interface ProductSpec {
  title?: string;
  price?: number;
  event?: ProductEvent;
  specifications?: Specifications;
}

/** productData of the create call for a product filed under `subcategory`. */
export function productData(subcategory: Subcategory, spec: ProductSpec = {}): ProductDataRequest {
  return {
    productDetails: {
      title: spec.title ?? uniqueName('Product'),
      price: spec.price ?? 499,
      og_price: Math.max(999, spec.price ?? 0),
      og_url: 'https://shop.example.com/p/1',
      category: subcategory.category._id,
      subcategory: subcategory._id,
      rating: '',
      ratingsAndReviews: '',
      deliveryInfo: '',
      availableSizes: ['S', 'M'],
      specifications: spec.specifications ?? {},
    },
    events: spec.event ?? 'None',
    btn_url: '',
  };
}

/** Creates a product with one linked image and answers its id. */
export async function addProduct(
  api: CatalogueClient,
  subcategory: Subcategory,
  spec: ProductSpec = {},
): Promise<string> {
  const data = productData(subcategory, spec);
  const created = await api.products.create({
    productData: data,
    imageUrls: ['https://cdn.example.com/product.jpg'],
  });
  if (!created.status) throw new Error(`product not added: ${created.message}`);
  const listed = await api.products.list({ subCategories: [subcategory._id], limit: 1000 });
  const found = listed.data?.find((product) => product.title === data.productDetails.title);
  if (found === undefined) throw new Error(`product ${data.productDetails.title} not listed`);
  return found._id;
}

/**
 * Writes `count` products under `subcategory` straight to storage, a second apart, the last
 * newest, titled by their index: thousands of API calls would only slow a test down.
 */
export async function storeProducts(
  server: TestServer,
  subcategory: Subcategory,
  count: number,
  spec: { title: (index: number) => string; event: ProductEvent },
): Promise<void> {
  const { db } = server.app.dealdesk.context;
  const now = new Date();
  const rows = Array.from({ length: count }, (_, index) => {
    const data = productData(subcategory, { title: spec.title(index), event: spec.event });
    return {
      id: newId(new Date(now.getTime() + index * 1000)),
      ...detailColumns({
        productDetails: {
          ...data.productDetails,
          price: 10,
          og_price: 20,
          rating: '0',
          ratingsAndReviews: '0 Ratings, 0 Reviews',
          deliveryInfo: 'Standard Delivery',
          availableSizes: [],
          specifications: {},
        },
        events: spec.event,
        btn_url: data.productDetails.og_url,
      }),
      images: '[]',
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
  });
  await db.transaction().execute(async (trx) => {
    for (let at = 0; at < rows.length; at += 500)
      await trx
        .insertInto('products')
        .values(rows.slice(at, at + 500))
        .execute();
  });
}
