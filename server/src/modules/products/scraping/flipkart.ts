// Flipkart product pages (www.flipkart.com, dl.flipkart.com share links): the page state in
// `window.__INITIAL_STATE__` first, then the rendered blocks, whose hashed class names change
// with every redesign (both the current and the previous names are listed). The JSON-LD Flipkart
// also ships is read by the generic extractor for anything still missing.
import type { CheerioAPI } from 'cheerio';
import type { Extractor, ProductFields, ProductPage } from './extractor.js';
import {
  asList,
  asRecord,
  at,
  cleanText,
  firstText,
  formatRating,
  formatRatingsAndReviews,
  jsonAfter,
  parsePrice,
  rowPairs,
  specificationsFrom,
  strings,
} from './helpers.js';
import { withFallback } from './product.js';

/** Image addresses at the size the product page's zoom uses, over https. */
function largeImage(url: string): string {
  return url
    .replace('{@width}', '832')
    .replace('{@height}', '832')
    .replace('{@quality}', '70')
    .replace(/\/image\/\d+\/\d+\//, '/image/832/832/')
    .replace(/^http:\/\//, 'https://');
}

function fromState(html: string): ProductFields {
  const state = jsonAfter(html, /window\.__INITIAL_STATE__\s*=/);
  const context = at(state, 'pageDataV4', 'page', 'pageData', 'pageContext');
  const title = cleanText(at(context, 'titles', 'title'));
  const subtitle = cleanText(at(context, 'titles', 'subtitle'));
  const struckOff = asList(at(context, 'pricing', 'prices')).find(
    (price) => at(price, 'strikeOff') === true,
  );
  // Every widget slot of the page; the gallery is the MULTIMEDIA widget's list.
  const slots = Object.values(asRecord(at(state, 'pageDataV4', 'page', 'data')) ?? {}).flatMap(
    asList,
  );
  const gallery = strings(
    slots
      .flatMap((slot) => asList(at(slot, 'widget', 'data', 'multimediaComponents')))
      .filter((component) => (at(component, 'value', 'contentType') ?? 'IMAGE') === 'IMAGE')
      .map((component) => at(component, 'value', 'url')),
  );
  // Without a gallery, the one picture the page context names.
  const images = gallery.length > 0 ? gallery : strings([at(context, 'imageUrl')]);
  return {
    title: title !== undefined && subtitle !== undefined ? `${title} (${subtitle})` : title,
    price: parsePrice(at(context, 'pricing', 'finalPrice', 'value')),
    og_price: parsePrice(at(context, 'pricing', 'mrp', 'value') ?? at(struckOff, 'value')),
    rating: formatRating(at(context, 'rating', 'average')),
    ratingsAndReviews: formatRatingsAndReviews(
      at(context, 'trackingDataV2', 'ratingCount') ?? at(context, 'rating', 'count'),
      at(context, 'trackingDataV2', 'reviewCount') ?? at(context, 'rating', 'reviewCount'),
    ),
    images: images.map(largeImage),
  };
}

/** '77,016 Ratings & 4,502 Reviews' as the rendered summary shows it. */
function renderedRatings(text: string | undefined): string | undefined {
  const counts = /([\d,]+)\s*Ratings?(?:\D+([\d,]+)\s*Reviews?)?/i.exec(text ?? '');
  return counts === null ? undefined : formatRatingsAndReviews(counts[1], counts[2]);
}

function fromBlocks($: CheerioAPI): ProductFields {
  return {
    // The previous layout split the heading into a brand span and a name span.
    title: cleanText(
      $('h1._6EBuvT span, h1.yhB1nd span')
        .toArray()
        .map((span) => $(span).text())
        .join(' '),
    ),
    price: parsePrice(firstText($, ['div.Nx9bqj.CxhGGd', 'div._30jeq3._16Jk6d'])),
    og_price: parsePrice(firstText($, ['div.yRaY8j', 'div._3I9_wc._2p6lqe'])),
    rating: formatRating(firstText($, ['div.XQDdHH', 'div._3LWZlK'])),
    ratingsAndReviews: renderedRatings(firstText($, ['span.Wphh3N', 'span._2_R_DZ'])),
    // The grid classes of the specification tables have outlived every redesign.
    specifications: specificationsFrom(rowPairs($, 'table tr.row', 'td.col-3-12', 'td.col-9-12')),
    // Gallery thumbnails and the main picture, current layout then the previous one.
    images: strings(
      $('ul li img._0DkuPH, img.DByuf4, img._396cs4')
        .toArray()
        .map((image) => $(image).attr('src')),
    ).map(largeImage),
  };
}

function extract({ $, html }: ProductPage): ProductFields {
  return withFallback(fromState(html), fromBlocks($));
}

export const flipkart: Extractor = { shop: 'Flipkart', hosts: ['flipkart.com'], extract };
