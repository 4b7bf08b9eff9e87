// Amazon.in product pages (www.amazon.in, amzn.in short links once redirected): server-rendered
// HTML with stable ids, and the gallery as JSON inside the ImageBlockATF script.
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
  parseJson,
  parsePrice,
  rowPairs,
  specificationsFrom,
  strings,
} from './helpers.js';

const core = '#corePriceDisplay_desktop_feature_div';

// The price to pay, newest layout first; `.a-text-price` is the struck-through M.R.P.
const priceSelectors = [
  `${core} .priceToPay .a-offscreen`,
  `${core} .priceToPay .a-price-whole`,
  `${core} .a-price:not(.a-text-price) .a-offscreen`,
  '#corePrice_feature_div .a-price:not(.a-text-price) .a-offscreen',
  '#corePrice_desktop .a-price:not(.a-text-price) .a-offscreen',
  '#apex_desktop .a-price:not(.a-text-price) .a-offscreen',
  '#priceblock_dealprice',
  '#priceblock_ourprice',
];

const mrpSelectors = [
  `${core} .basisPrice .a-offscreen`,
  `${core} .a-text-price .a-offscreen`,
  '#corePrice_feature_div .a-text-price .a-offscreen',
  '#corePrice_desktop .a-text-price .a-offscreen',
  '#apex_desktop .a-text-price .a-offscreen',
  '.priceBlockStrikePriceString',
];

const deliverySelectors = [
  '#mir-layout-DELIVERY_BLOCK-slot-PRIMARY_DELIVERY_MESSAGE_LARGE',
  '#mir-layout-DELIVERY_BLOCK',
  '#deliveryBlockMessage',
  '#ddmDeliveryMessage',
];

/** The delivery promise without its 'Details' link and countdown scripts. */
function deliveryInfo($: CheerioAPI): string | undefined {
  for (const selector of deliverySelectors) {
    const block = $(selector).first().clone();
    block.find('a, script, style').remove();
    const text = cleanText(block.text())?.replace(/[.\s]+$/, '');
    if (text !== undefined && text !== '') return text;
  }
  return undefined;
}

// Rows that are widgets rather than facts (star histograms, rank lists).
const notSpecifications = /^(customer reviews|best sellers rank)$/i;

function specifications($: CheerioAPI): ProductFields['specifications'] {
  const pairs = [
    ...rowPairs($, '#productOverview_feature_div tr', 'td:first-child', 'td:last-child'),
    ...rowPairs(
      $,
      'table[id^="productDetails_techSpec_section"] tr, #productDetails_detailBullets_sections1 tr',
      'th',
      'td',
    ),
    ...rowPairs($, '#detailBullets_feature_div li', '.a-text-bold', '.a-text-bold + span'),
  ];
  return specificationsFrom(
    pairs.filter(([name]) => name === undefined || !notSpecifications.test(name)),
  );
}

/** The largest of an `{url: [width, height]}` map, as in `data-a-dynamic-image`. */
function largestOf(sizes: unknown): string | undefined {
  const entries = Object.entries(asRecord(sizes) ?? {});
  const area = (size: unknown) => (Number(at(size, 0)) || 0) * (Number(at(size, 1)) || 0);
  return entries.sort(([, a], [, b]) => area(b) - area(a))[0]?.[0];
}

function images({ $, html }: ProductPage): string[] {
  // The gallery of the colour shown first; its object is JavaScript, so only the list is JSON.
  const gallery = strings(
    asList(jsonAfter(html, /'colorImages'\s*:\s*\{\s*'initial'\s*:/)).map(
      (image) => at(image, 'hiRes') ?? largestOf(at(image, 'main')) ?? at(image, 'large'),
    ),
  );
  if (gallery.length > 0) return gallery;
  const landing = $('#landingImage, #imgBlkFront, #ebooksImgBlkFront').first();
  const best =
    landing.attr('data-old-hires') ||
    largestOf(parseJson(landing.attr('data-a-dynamic-image') ?? '')) ||
    landing.attr('src');
  return best === undefined || best === '' ? [] : [best];
}

function extract(page: ProductPage): ProductFields {
  const { $ } = page;
  return {
    title: firstText($, ['#productTitle', '#title']),
    price: parsePrice(firstText($, priceSelectors)),
    og_price: parsePrice(firstText($, mrpSelectors)),
    rating: formatRating(
      $('#acrPopover').attr('title') ??
        firstText($, ['#acrPopover .a-icon-alt', '#averageCustomerReviews .a-icon-alt']),
    ),
    ratingsAndReviews: formatRatingsAndReviews(firstText($, ['#acrCustomerReviewText']), undefined),
    deliveryInfo: deliveryInfo($),
    specifications: specifications($),
    images: images(page),
  };
}

export const amazon: Extractor = { shop: 'Amazon.in', hosts: ['amazon.in', 'amzn.in'], extract };
