import type { CheerioAPI } from 'cheerio';
import type { Specifications } from '@dealdesk/core';

/** A fetched page, parsed once and handed to the extractors. */
export interface ProductPage {
  $: CheerioAPI;
  /** The raw source, for JSON that sits inside inline scripts. */
  html: string;
  /** Where the page was finally fetched from, after redirects. */
  url: URL;
}

/** What an extractor found; a missing field is filled by the generic extractor, then by defaults. */
export interface ProductFields {
  title?: string;
  price?: number;
  og_price?: number;
  rating?: string;
  ratingsAndReviews?: string;
  deliveryInfo?: string;
  specifications?: Specifications;
  /** Image addresses as the page gives them (relative ones are resolved later). */
  images?: string[];
}

export interface Extractor {
  /** The shop's name as the README and logs spell it. */
  shop: string;
  /** Registrable domains the shop serves product pages from; subdomains match too. */
  hosts: readonly string[];
  extract(page: ProductPage): ProductFields;
}
