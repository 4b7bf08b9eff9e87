import {
  defaultDeliveryInfo,
  defaultRating,
  defaultRatingsAndReviews,
  type ScrapeResult,
  type Specifications,
} from '@dealdesk/core';
import { ScrapeError } from './errors.js';
import type { ProductFields } from './extractor.js';
import { cleanText } from './helpers.js';

function isPresent(value: unknown): boolean {
  if (value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return true;
}

/** Field by field: what the marketplace extractor found, else what the fallback found. */
export function withFallback(found: ProductFields, fallback: ProductFields): ProductFields {
  const merged: ProductFields = { ...fallback };
  for (const [field, value] of Object.entries(found)) {
    if (isPresent(value)) Object.assign(merged, { [field]: value });
  }
  return merged;
}

function isAmount(value: number | undefined): value is number {
  return value !== undefined && Number.isFinite(value) && value >= 0;
}

/** Absolute http(s) addresses, first occurrence kept. */
function imageUrls(sources: readonly string[], pageUrl: URL): { url: string }[] {
  const urls = new Set<string>();
  for (const source of sources) {
    const text = cleanText(source);
    if (text === undefined) continue;
    try {
      const url = new URL(text, pageUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') urls.add(url.href);
    } catch {
      // A malformed image address is skipped; the other images still count.
    }
  }
  return [...urls].map((url) => ({ url }));
}

function cleanSpecifications(specifications: Specifications | undefined): Specifications {
  const cleaned: Specifications = {};
  for (const [name, value] of Object.entries(specifications ?? {})) {
    if (typeof value === 'string') {
      const text = cleanText(value);
      if (text !== undefined) cleaned[name] = text;
    } else if (Object.keys(value).length > 0) {
      cleaned[name] = value;
    }
  }
  return cleaned;
}

/**
 * The spec's scrape result from what the extractors found. A page without a title or a price
 * is not a product page. og_price (the MRP) is never below the price: a page showing a lower
 * "MRP" than its selling price has a stale or per-unit figure, so og_price is set to the price
 * rather than inventing a discount by swapping them.
 */
export function toScrapeResult(fields: ProductFields, pageUrl: URL): ScrapeResult {
  const title = cleanText(fields.title);
  if (title === undefined) {
    throw new ScrapeError(
      'not-a-product',
      'No product title was found on this page; is it a product page?',
    );
  }
  if (!isAmount(fields.price)) {
    throw new ScrapeError(
      'not-a-product',
      'No price was found on this page; the product may be unavailable, or this is not a product page',
    );
  }
  const price = fields.price;
  const og_price = isAmount(fields.og_price) && fields.og_price >= price ? fields.og_price : price;
  return {
    productDetails: {
      title,
      price,
      og_price,
      rating: cleanText(fields.rating) ?? defaultRating,
      ratingsAndReviews: cleanText(fields.ratingsAndReviews) ?? defaultRatingsAndReviews,
      deliveryInfo: cleanText(fields.deliveryInfo) ?? defaultDeliveryInfo,
      specifications: cleanSpecifications(fields.specifications),
    },
    images: imageUrls(fields.images ?? [], pageUrl),
  };
}
