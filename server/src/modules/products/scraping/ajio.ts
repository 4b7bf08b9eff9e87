// Ajio product pages (www.ajio.com/.../p/<code>): the Redux state the server rendered with, in
// `window.__PRELOADED_STATE__`, holds the product as `product.productDetails`.
import type { Extractor, ProductFields, ProductPage } from './extractor.js';
import {
  asList,
  at,
  cleanText,
  formatRating,
  formatRatingsAndReviews,
  jsonAfter,
  parsePrice,
  specificationsFrom,
} from './helpers.js';

/**
 * Ajio lists every picture in several formats, each file named with its size
 * ('-1117Wx1400H-469316734-navy-MODEL.jpg'): keep the widest file of each picture, in page order.
 */
function largestImages(images: unknown): string[] {
  const widest = new Map<string, { url: string; width: number }>();
  for (const image of asList(images)) {
    const url = at(image, 'url');
    if (typeof url !== 'string') continue;
    const file = url.slice(url.lastIndexOf('/') + 1);
    const size = /-(\d+)Wx\d+H-/.exec(file);
    const picture = file.replace(/-\d+Wx\d+H-/, '-');
    const width = size === null ? 0 : Number(size[1]);
    const known = widest.get(picture);
    if (known === undefined || width > known.width) widest.set(picture, { url, width });
  }
  return [...widest.values()].map(({ url }) => url);
}

function extract({ html }: ProductPage): ProductFields {
  const product = at(
    jsonAfter(html, /window\.__PRELOADED_STATE__\s*=/),
    'product',
    'productDetails',
  );
  if (product === undefined) return {};
  const brand = cleanText(at(product, 'brandName'));
  const name = cleanText(at(product, 'name'));
  const features = asList(at(product, 'featureData')).map(
    (feature) =>
      [
        at(feature, 'name'),
        asList(at(feature, 'featureValues'))
          .map((value) => cleanText(at(value, 'value')))
          .filter((value) => value !== undefined)
          .join(', '),
      ] as const,
  );
  return {
    // Ajio shows the brand above the name, so the name alone would lose it.
    title:
      brand !== undefined && name !== undefined && !name.startsWith(brand)
        ? `${brand} ${name}`
        : name,
    price: parsePrice(at(product, 'price', 'value')),
    og_price: parsePrice(at(product, 'wasPriceData', 'value')),
    rating: formatRating(at(product, 'ratingsResponse', 'aggregateRating', 'averageRating')),
    ratingsAndReviews: formatRatingsAndReviews(
      at(product, 'ratingsResponse', 'aggregateRating', 'numUserRatings'),
      at(product, 'ratingsResponse', 'aggregateRating', 'numUserReviews'),
    ),
    specifications: specificationsFrom([['Brand', brand], ...features]),
    images: largestImages(at(product, 'images')),
  };
}

export const ajio: Extractor = { shop: 'Ajio', hosts: ['ajio.com'], extract };
