// Meesho product pages (www.meesho.com/<slug>/p/<id>): a Next.js page whose server-side props,
// in `<script id="__NEXT_DATA__">`, hold the product under initialState.product.details.data.
import type { Specifications } from '@dealdesk/core';
import type { Extractor, ProductFields, ProductPage } from './extractor.js';
import {
  asList,
  at,
  cleanText,
  formatRating,
  formatRatingsAndReviews,
  jsonScripts,
  parsePrice,
  specificationsFrom,
  strings,
} from './helpers.js';

/**
 * Meesho's product description is 'Name : value' lines, with a 'Sizes :' line followed by one
 * line per size: 'M (Chest Size : 40 in, Length Size: 28 in)'.
 */
function describedSpecifications(description: string | undefined): Specifications | undefined {
  const pairs: (readonly [string, string])[] = [];
  const sizeDetails: Record<string, string> = {};
  let inSizes = false;
  for (const line of (description ?? '').split(/\r?\n/).map((each) => cleanText(each) ?? '')) {
    const size = inSizes ? /^(.+?)\s*\((.+)\)$/.exec(line) : null;
    if (size !== null) {
      sizeDetails[size[1]] = size[2].replace(/\s*:\s*/g, ': ');
      continue;
    }
    const pair = /^([^:]+?)\s*:\s*(.*)$/.exec(line);
    if (pair === null) {
      inSizes &&= line !== ''; // sizes listed without measurements keep the section open
      continue;
    }
    inSizes = /^sizes?$/i.test(pair[1]) && pair[2] === '';
    if (!inSizes && !/^name$/i.test(pair[1])) pairs.push([pair[1], pair[2]]);
  }
  const found: Specifications = { ...specificationsFrom(pairs) };
  if (Object.keys(sizeDetails).length > 0) found.sizeDetails = sizeDetails;
  return Object.keys(found).length > 0 ? found : undefined;
}

function extract({ $ }: ProductPage): ProductFields {
  const [nextData] = jsonScripts($, 'script#__NEXT_DATA__');
  const product = at(nextData, 'props', 'pageProps', 'initialState', 'product', 'details', 'data');
  if (product === undefined) return {};
  const reviews = at(product, 'review_summary', 'data');
  const description = at(product, 'description') ?? at(product, 'full_details');
  return {
    title: cleanText(at(product, 'name')),
    price: parsePrice(at(product, 'price')),
    og_price: parsePrice(at(product, 'mrp_details', 'mrp') ?? at(product, 'original_price')),
    rating: formatRating(at(reviews, 'average_rating')),
    ratingsAndReviews: formatRatingsAndReviews(
      at(reviews, 'rating_count'),
      at(reviews, 'review_count'),
    ),
    specifications: describedSpecifications(
      typeof description === 'string' ? description : undefined,
    ),
    images: strings(
      asList(at(product, 'images')).map((image) =>
        typeof image === 'string' ? image : at(image, 'url'),
      ),
    ),
  };
}

export const meesho: Extractor = { shop: 'Meesho', hosts: ['meesho.com'], extract };
