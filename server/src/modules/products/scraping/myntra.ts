// Myntra product pages (www.myntra.com/.../buy): a client-rendered shell whose data sits in
// `window.__myx = {"pdpData": {...}}`.
import type { Specifications } from '@dealdesk/core';
import type { Extractor, ProductFields, ProductPage } from './extractor.js';
import {
  asList,
  asRecord,
  at,
  cleanText,
  formatRating,
  formatRatingsAndReviews,
  jsonAfter,
  parsePrice,
  specificationsFrom,
  strings,
} from './helpers.js';

const units: Record<string, string> = { inches: 'in', inch: 'in', centimeters: 'cm', cms: 'cm' };

/** 'S' -> 'Chest: 38 in, Front Length: 27 in', from each size's measurements. */
function sizeDetails(sizes: unknown): Record<string, string> | undefined {
  const details: Record<string, string> = {};
  for (const size of asList(sizes)) {
    const label = cleanText(at(size, 'label'));
    const measurements = asList(at(size, 'measurements')).flatMap((measurement) => {
      const name = cleanText(at(measurement, 'name'));
      const value = cleanText(at(measurement, 'displayText') ?? at(measurement, 'value'));
      const unit = cleanText(at(measurement, 'unit'));
      if (name === undefined || value === undefined) return [];
      const shortUnit = unit === undefined ? '' : ` ${units[unit.toLowerCase()] ?? unit}`;
      return [`${name}: ${value}${shortUnit}`];
    });
    const unique = [...new Set(measurements)];
    if (label !== undefined && unique.length > 0) details[label] = unique.join(', ');
  }
  return Object.keys(details).length > 0 ? details : undefined;
}

// Internal tags Myntra keeps among the attributes ('Body Shape ID': '443,333,324').
const internalAttribute = /\bID$/;

function specifications(product: unknown): Specifications | undefined {
  const attributes = Object.entries(asRecord(at(product, 'articleAttributes')) ?? {}).filter(
    ([name, value]) => !internalAttribute.test(name) && value !== 'NA',
  );
  const found: Specifications = {
    ...specificationsFrom([['Brand', at(product, 'brand', 'name')], ...attributes]),
  };
  const bySize = sizeDetails(at(product, 'sizes'));
  if (bySize !== undefined) found.sizeDetails = bySize;
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The original of each picture: `imageURL`, else `secureSrc` without its size placeholders. */
function images(product: unknown): string[] {
  const albums = asList(at(product, 'media', 'albums'));
  const gallery = albums.find((album) => at(album, 'name') === 'default') ?? albums[0];
  return strings(
    asList(at(gallery, 'images')).map((image) => {
      const original = at(image, 'imageURL');
      if (typeof original === 'string') return original.replace(/^http:\/\//, 'https://');
      const sized = at(image, 'secureSrc') ?? at(image, 'src');
      // 'h_($height),q_($qualityPercentage),w_($width)/' is filled in by the browser.
      return typeof sized === 'string' ? sized.replace(/[^/]*\(\$\w+\)[^/]*\//, '') : undefined;
    }),
  );
}

function extract({ html }: ProductPage): ProductFields {
  const product = at(jsonAfter(html, /window\.__myx\s*=/), 'pdpData');
  if (product === undefined) return {};
  const mrp = parsePrice(at(product, 'price', 'mrp') ?? at(product, 'mrp'));
  return {
    title: cleanText(at(product, 'name')),
    price: parsePrice(at(product, 'price', 'discounted')) ?? mrp,
    og_price: mrp,
    rating: formatRating(at(product, 'ratings', 'averageRating')),
    ratingsAndReviews: formatRatingsAndReviews(
      at(product, 'ratings', 'totalCount'),
      at(product, 'ratings', 'reviewInfo', 'reviewsCount'),
    ),
    specifications: specifications(product),
    images: images(product),
  };
}

export const myntra: Extractor = { shop: 'Myntra', hosts: ['myntra.com'], extract };
