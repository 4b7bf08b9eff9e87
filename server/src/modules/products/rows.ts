// A product row as stored (JSON text for lists and maps, counters beside it) and as answered.
import type {
  Product,
  ProductData,
  ProductEvent,
  ProductImage,
  Size,
  Specifications,
} from '@dealdesk/core';
import { searchableText } from '../../adapters/storage/dialect.js';
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

/** A stored product with its category and subcategory names. */
export interface ProductRecord extends Omit<ProductsTable, 'search_text' | 'updated_at'> {
  category_name: string;
  subcategory_name: string;
}

/** A stored product with its JSON columns read: what the list keeps in memory. */
export interface ReadProduct extends Omit<
  ProductRecord,
  'available_sizes' | 'specifications' | 'images'
> {
  available_sizes: Size[];
  specifications: Specifications;
  images: ProductImage[];
}

export const readProduct = (row: ProductRecord): ReadProduct => ({
  ...row,
  available_sizes: JSON.parse(row.available_sizes) as Size[],
  specifications: JSON.parse(row.specifications) as Specifications,
  images: JSON.parse(row.images) as ProductImage[],
});

/** A product's view and click totals; a product never seen has none stored. */
export interface ProductCounts {
  views: number;
  clicks: number;
}

/** The product as answered. One object literal: a list builds dozens per answer. */
export function toProduct(product: ReadProduct, counts: ProductCounts | undefined): Product {
  return {
    _id: product.id,
    title: product.title,
    price: product.price,
    og_price: product.og_price,
    rating: product.rating,
    ratingsAndReviews: product.ratings_and_reviews,
    deliveryInfo: product.delivery_info,
    availableSizes: product.available_sizes,
    specifications: product.specifications,
    og_url: product.og_url,
    btn_url: product.btn_url,
    category: { _id: product.category_id, name: product.category_name },
    subcategory: { _id: product.subcategory_id, name: product.subcategory_name },
    events: product.events satisfies ProductEvent,
    images: product.images,
    view: counts?.views ?? 0,
    btn_click: counts?.clicks ?? 0,
    createdAt: product.created_at,
  };
}
