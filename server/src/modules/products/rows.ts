// A product row as stored (JSON text for lists and maps, counters beside it) and as answered.
import type {
  Product,
  ProductBulk,
  ProductData,
  ProductDetails,
  ProductEvent,
  ProductImage,
  ProductPatchRow,
  ProductRow,
  Size,
  Specifications,
} from '@dealdesk/core';
import { searchableText } from '../../adapters/storage/search-words.js';
import type { ProductsTable } from './tables.js';

/** The full-text search's source: the title, then every specification name and value. */
function searchTextOf(title: string, specifications: Specifications): string {
  const texts = [title];
  for (const [name, value] of Object.entries(specifications)) {
    texts.push(name, ...(typeof value === 'string' ? [value] : Object.entries(value).flat()));
  }
  return searchableText(...texts);
}

/** The columns a product's details fill (create and update). */
export function detailColumns({ productDetails: details, events, btn_url }: ProductData) {
  return {
    title: details.title,
    price: details.price,
    og_price: details.og_price,
    rating: details.rating,
    ratings_and_reviews: details.ratingsAndReviews,
    delivery_info: details.deliveryInfo,
    available_sizes: JSON.stringify(details.availableSizes),
    specifications: JSON.stringify(details.specifications),
    og_url: details.og_url,
    btn_url,
    category_id: details.category,
    subcategory_id: details.subcategory,
    events,
    search_text: searchTextOf(details.title, details.specifications),
  } satisfies Partial<ProductsTable>;
}

/** What a bulk import stores for a row (bulk.ts): the detail's columns, its images as links. */
function storedRow(row: ProductRow) {
  const images: ProductImage[] = row.images.map((url) => ({ url }));
  return {
    ...detailColumns({ productDetails: row, events: row.events, btn_url: row.btn_url }),
    images: JSON.stringify(images),
  };
}
export type StoredRow = ReturnType<typeof storedRow>;
type StoredColumn = keyof StoredRow;

/** A bulk row's stored columns, in the order of a StoredBulk's values. */
export const storedColumns = [
  'title',
  'price',
  'og_price',
  'rating',
  'ratings_and_reviews',
  'delivery_info',
  'available_sizes',
  'specifications',
  'og_url',
  'btn_url',
  'category_id',
  'subcategory_id',
  'events',
  'search_text',
  'images',
] as const satisfies readonly StoredColumn[];
// Every column a row stores is listed (the build fails on one left out).
const everyColumnListed: Exclude<StoredColumn, (typeof storedColumns)[number]> extends never
  ? true
  : never = true;
void everyColumnListed;

/** Each stored column's place in a row's values. */
const columnAt = Object.fromEntries(storedColumns.map((name, at) => [name, at])) as Record<
  StoredColumn,
  number
>;

/**
 * A bulk call's body with each row as it will be stored: the handler's work before its
 * transaction, made on the body thread for a large call (http/body-preparers.ts). The rows'
 * columns go one row after another in one list, which the main thread receives in half the
 * time of an object a row.
 */
export type StoredBulk =
  | { values: StoredRow[StoredColumn][]; onExisting: 'skip' | 'replace' }
  /** An update's rows as given: what each keeps of its product is known in the transaction. */
  | { patches: ProductPatchRow[]; onExisting: 'update' };

/** Whole rows' values, one row after another (storedColumns). */
export function storedValues(products: readonly ProductRow[]): StoredRow[StoredColumn][] {
  const values: StoredRow[StoredColumn][] = [];
  for (const product of products) {
    const row = storedRow(product);
    for (const column of storedColumns) values.push(row[column]);
  }
  return values;
}

export const storedBulk = (bulk: ProductBulk): StoredBulk =>
  bulk.onExisting === 'update'
    ? { patches: bulk.products, onExisting: 'update' }
    : { values: storedValues(bulk.products), onExisting: bulk.onExisting };

/** A stored product as the row that would write it again (an update's starting point). */
export const rowOf = (
  stored: Omit<ProductsTable, 'search_text' | 'updated_at' | 'created_at'>,
): Omit<ProductRow, 'images'> & { images: string[] } => {
  // Its _id goes along: the row's schema reads only a row's fields.
  return {
    ...detailsOf(stored),
    category: stored.category_id,
    subcategory: stored.subcategory_id,
    events: stored.events,
    btn_url: stored.btn_url,
    images: (JSON.parse(stored.images) as ProductImage[]).map((image) => image.url),
  };
};

/** The rows of a StoredBulk's values. */
export class StoredRows {
  readonly length: number;

  constructor(private readonly values: StoredRow[StoredColumn][]) {
    this.length = values.length / storedColumns.length;
  }

  /** Row `index`'s `column`. */
  get<C extends StoredColumn>(index: number, column: C): StoredRow[C] {
    return this.values[index * storedColumns.length + columnAt[column]] as StoredRow[C];
  }

  /** Appends row `index`'s values (storedColumns) to `list`. */
  appendTo(index: number, list: unknown[]): void {
    const start = index * storedColumns.length;
    for (let at = start; at < start + storedColumns.length; at += 1) list.push(this.values[at]);
  }

  /** Row `index` as an object. */
  row(index: number): StoredRow {
    const start = index * storedColumns.length;
    return Object.fromEntries(
      storedColumns.map((column, at) => [column, this.values[start + at]]),
    ) as StoredRow;
  }
}

/** A stored product with its category and subcategory names. */
export interface ProductRecord extends Omit<ProductsTable, 'search_text' | 'updated_at'> {
  category_name: string;
  subcategory_name: string;
}

/** A product's view and click totals; a product never seen has none stored. */
export interface ProductCounts {
  views: number;
  clicks: number;
}

/** The details a stored product answers, in the list and in an export alike. */
export function detailsOf(
  row: Omit<ProductsTable, 'search_text' | 'updated_at' | 'created_at'>,
): ProductDetails & { _id: string } {
  return {
    _id: row.id,
    title: row.title,
    price: row.price,
    og_price: row.og_price,
    rating: row.rating,
    ratingsAndReviews: row.ratings_and_reviews,
    deliveryInfo: row.delivery_info,
    availableSizes: JSON.parse(row.available_sizes) as Size[],
    specifications: JSON.parse(row.specifications) as Specifications,
    og_url: row.og_url,
  };
}

/** The product as answered but for its counts. */
export function toListedProduct(row: ProductRecord): Omit<Product, 'view' | 'btn_click'> {
  return {
    ...detailsOf(row),
    btn_url: row.btn_url,
    category: { _id: row.category_id, name: row.category_name },
    subcategory: { _id: row.subcategory_id, name: row.subcategory_name },
    events: row.events satisfies ProductEvent,
    images: JSON.parse(row.images) as ProductImage[],
    createdAt: row.created_at,
  };
}

const json = JSON.stringify;

/**
 * A product's listed fields as JSON text: what JSON.stringify(toListedProduct(row)) writes,
 * with the columns holding JSON text (written by JSON.stringify, so already as it would write
 * them) put in as they are. A list answers 100 of these, read from the database each time:
 * parsing them to write them again was a fifth of its time.
 */
export const listedJson = (row: ProductRecord): string =>
  `{"_id":${json(row.id)},"title":${json(row.title)},"price":${json(row.price)},` +
  `"og_price":${json(row.og_price)},"rating":${json(row.rating)},` +
  `"ratingsAndReviews":${json(row.ratings_and_reviews)},"deliveryInfo":${json(row.delivery_info)},` +
  `"availableSizes":${row.available_sizes},"specifications":${row.specifications},` +
  `"og_url":${json(row.og_url)},"btn_url":${json(row.btn_url)},` +
  `"category":{"_id":${json(row.category_id)},"name":${json(row.category_name)}},` +
  `"subcategory":{"_id":${json(row.subcategory_id)},"name":${json(row.subcategory_name)}},` +
  `"events":${json(row.events)},"images":${row.images},"createdAt":${json(row.created_at)}}`;

export const toProduct = (row: ProductRecord, counts: ProductCounts | undefined): Product => ({
  ...toListedProduct(row),
  view: counts?.views ?? 0,
  btn_click: counts?.clicks ?? 0,
});

/**
 * A product's answer as JSON text, from the text of its listed fields (toListedProduct, kept
 * while the catalogue is unchanged) and its counts (read for every answer).
 */
export const productJson = (listed: string, counts: ProductCounts | undefined): string =>
  `${listed.slice(0, -1)},"view":${counts?.views ?? 0},"btn_click":${counts?.clicks ?? 0}}`;
