// Any shop: schema.org Product as JSON-LD, then schema.org microdata, then OpenGraph product
// tags, then the page's first heading for the title. Also fills what a marketplace extractor
// missed.
import type { CheerioAPI } from 'cheerio';
import type { Extractor, ProductFields, ProductPage } from './extractor.js';
import {
  asArray,
  asList,
  asRecord,
  at,
  cleanText,
  firstText,
  formatRating,
  formatRatingsAndReviews,
  jsonScripts,
  parsePrice,
  specificationsFrom,
  strings,
} from './helpers.js';
import { withFallback } from './product.js';

function hasType(node: Record<string, unknown>, type: string): boolean {
  return asArray(node['@type']).includes(type);
}

/** Every Product node of a JSON-LD document, looking inside arrays and @graph. */
function productNodes(json: unknown): Record<string, unknown>[] {
  if (Array.isArray(json)) return json.flatMap(productNodes);
  const node = asRecord(json);
  if (node === undefined) return [];
  const own = hasType(node, 'Product') || hasType(node, 'ProductGroup') ? [node] : [];
  return own.concat(productNodes(node['@graph']));
}

function isListPrice(specification: unknown): boolean {
  const type = String(at(specification, 'priceType') ?? '');
  return /ListPrice|StrikethroughPrice/i.test(type);
}

function jsonLdPrices(product: Record<string, unknown>): Pick<ProductFields, 'price' | 'og_price'> {
  const offers = asArray(product.offers);
  const offer = offers[0];
  const specifications = offers.flatMap((each) => asArray(at(each, 'priceSpecification')));
  const selling = specifications.find((specification) => !isListPrice(specification));
  const listed = specifications.find(isListPrice);
  return {
    price: parsePrice(at(offer, 'price') ?? at(offer, 'lowPrice') ?? at(selling, 'price')),
    og_price: parsePrice(at(listed, 'price')),
  };
}

/** A rating on another scale (out of 10, say) brought to the app's scale of 5. */
function jsonLdRating(aggregate: unknown): string | undefined {
  const value = parsePrice(at(aggregate, 'ratingValue'));
  const best = parsePrice(at(aggregate, 'bestRating')) ?? 5;
  return value === undefined || best === 0 ? undefined : formatRating((value * 5) / best);
}

function jsonLdImages(image: unknown): string[] {
  return strings(
    asArray(image).map((each) =>
      typeof each === 'string' ? each : (at(each, 'url') ?? at(each, 'contentUrl')),
    ),
  );
}

function jsonLdFields(product: Record<string, unknown>): ProductFields {
  const brand = at(product, 'brand', 'name') ?? product.brand;
  const properties = asList(product.additionalProperty).map((property) => {
    const unit = cleanText(at(property, 'unitText'));
    const value = cleanText(at(property, 'value'));
    return [
      at(property, 'name'),
      value !== undefined && unit !== undefined ? `${value} ${unit}` : value,
    ] as const;
  });
  return {
    title: cleanText(product.name),
    ...jsonLdPrices(product),
    rating: jsonLdRating(product.aggregateRating),
    ratingsAndReviews: formatRatingsAndReviews(
      at(product, 'aggregateRating', 'ratingCount'),
      at(product, 'aggregateRating', 'reviewCount'),
    ),
    specifications: specificationsFrom([
      ['Brand', typeof brand === 'string' ? brand : undefined],
      ['Model', product.model],
      ['Colour', product.color],
      ['Material', product.material],
      ...properties,
    ]),
    images: jsonLdImages(product.image),
  };
}

/** What a cheerio selection offers that a microdata value needs. */
interface ItemElement {
  attr(name: string): string | undefined;
  text(): string;
}

/** A microdata value: `content` on meta tags, `src` on images, `href` on links, else the text. */
function itemValue(element: ItemElement): string | undefined {
  return cleanText(
    element.attr('content') ?? element.attr('src') ?? element.attr('href') ?? element.text(),
  );
}

/** Microdata: name and image belong to the product itself, price and ratings to its nested offer and rating. */
function microdataFields($: CheerioAPI): ProductFields {
  const product = $('[itemscope][itemtype*="schema.org/Product"]').first();
  if (product.length === 0) return {};
  const own = (property: string) =>
    product
      .find(`[itemprop~="${property}"]`)
      .filter((_, element) => $(element).parent().closest('[itemscope]').is(product));
  const anywhere = (property: string) =>
    itemValue(product.find(`[itemprop~="${property}"]`).first());
  const brand = own('brand').first();
  const brandName = brand.is('[itemscope]')
    ? itemValue(brand.find('[itemprop~="name"]').first())
    : itemValue(brand);
  return {
    title: itemValue(own('name').first()),
    price: parsePrice(anywhere('price') ?? anywhere('lowPrice')),
    rating: formatRating(anywhere('ratingValue')),
    ratingsAndReviews: formatRatingsAndReviews(anywhere('ratingCount'), anywhere('reviewCount')),
    specifications: specificationsFrom([['Brand', brandName]]),
    images: strings(
      own('image')
        .toArray()
        .map((element) => itemValue($(element))),
    ),
  };
}

function openGraphFields($: CheerioAPI): ProductFields {
  const meta = (property: string) =>
    cleanText($(`meta[property="${property}"], meta[name="${property}"]`).first().attr('content'));
  const listed = parsePrice(meta('product:price:amount') ?? meta('og:price:amount'));
  const sale = parsePrice(meta('product:sale_price:amount'));
  return {
    title: meta('og:title'),
    price: sale ?? listed,
    og_price:
      parsePrice(meta('product:original_price:amount')) ??
      (sale === undefined ? undefined : listed),
    images: strings([meta('og:image:secure_url') ?? meta('og:image')]),
  };
}

function extract({ $ }: ProductPage): ProductFields {
  const jsonLd = jsonScripts($, 'script[type="application/ld+json"]')
    .flatMap(productNodes)
    .map(jsonLdFields);
  return [
    ...jsonLd,
    microdataFields($),
    openGraphFields($),
    { title: firstText($, ['h1']) },
  ].reduce((found, fallback) => withFallback(found, fallback), {});
}

export const generic: Extractor = { shop: 'Any other shop', hosts: [], extract };
