import type { Id, Ref } from './common.js';

/** Stored event values. 'Now Launch' (the event screen's wording) is accepted and normalised to 'New Launch'. */
export const productEvents = ['Best Deals', 'Trending', 'New Launch', 'None'] as const;
export type ProductEvent = (typeof productEvents)[number];

export const sizeOptions = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export type Size = (typeof sizeOptions)[number];

/** Free name-to-value map; the special key sizeDetails maps a size to its details. */
export type Specifications = Record<string, string | Record<string, string>> & {
  sizeDetails?: Record<string, string>;
};

export interface ProductImage {
  url: string;
}

export interface ProductDetails {
  title: string;
  price: number;
  og_price: number;
  rating: string;
  ratingsAndReviews: string;
  deliveryInfo: string;
  availableSizes: Size[];
  specifications: Specifications;
  og_url: string;
}

export interface Product extends ProductDetails {
  _id: Id;
  btn_url: string;
  category: Ref;
  subcategory: Ref;
  events: ProductEvent;
  images: ProductImage[];
  view: number;
  btn_click: number;
  createdAt: string;
}

export interface Category {
  _id: Id;
  name: string;
  main_image: string;
  bg_image: string;
  total_sub: number;
  total_products: number;
}

export interface Subcategory {
  _id: Id;
  name: string;
  main_image: string;
  total_products: number;
  category: Ref;
}

export interface ScrapeResult {
  productDetails: {
    title: string;
    price: number;
    og_price: number;
    rating: string;
    ratingsAndReviews: string;
    deliveryInfo: string;
    specifications: Specifications;
  };
  images: ProductImage[];
}

export interface Policy {
  policy_title: string;
  policy_description: string;
}

export interface Terms {
  terms_title: string;
  terms_description: string;
}
