import type { ProductEvent } from '@dealdesk/core';

/** A product; its views and clicks are the tracking counters of kind 'product'. */
export interface ProductsTable {
  id: string;
  title: string;
  price: number;
  og_price: number;
  rating: string;
  ratings_and_reviews: string;
  delivery_info: string;
  /** JSON list of sizes. */
  available_sizes: string;
  /** JSON name-to-value map. */
  specifications: string;
  og_url: string;
  btn_url: string;
  category_id: string;
  subcategory_id: string;
  events: ProductEvent;
  /** JSON list of {url}. */
  images: string;
  /** Title and specifications as one text: what the full-text search reads. */
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface ProductTables {
  products: ProductsTable;
}
