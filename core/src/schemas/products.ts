import { z } from 'zod';
import {
  defaultDeliveryInfo,
  defaultRating,
  defaultRatingsAndReviews,
  productPageSize,
} from '../constants.js';
import { sizeOptions, type Specifications } from '../entities/catalogue.js';
import { normaliseEvent } from '../rules/events.js';
import { idList, idSchema, pageQuery, searchText } from './common.js';
import {
  jsonPart,
  numberInput,
  optionalText,
  optionalWebUrl,
  requiredText,
  webUrl,
  wholeNumber,
} from './fields.js';
import { atMost, textLimits, type TextLimit } from './limits.js';
import { fileSlot, maxFilesInList, productImageRule } from './uploads.js';

export const productMessages = {
  required: 'All required fields must be filled',
  priceMin: 'Price must be 0 or more',
  ogPriceMin: 'The original price must be at least the price',
  ogUrl: 'Enter a valid product URL',
  btnUrl: 'Enter a valid button URL',
  imageUrl: 'Enter a valid image URL',
  specificationName: 'Specification name cannot be empty',
  specificationValue: 'Specification values must be text',
  sizeDetails: 'sizeDetails must map each size to its details',
  size: `Sizes must be among ${sizeOptions.join(', ')}`,
  event: 'The event must be Best Deals, Trending, New Launch (Now Launch) or None',
  /** The subcategory list before a category is chosen. */
  selectCategoryFirst: 'Please select a category first',
  selectProducts: 'Please select products to update',
  selectEvent: 'Please select an event',
  scrapeUrl: 'Please enter a URL to scrape',
  scrapeUrlInvalid: 'Enter a valid URL to scrape',
  tooManyImages: `Please select at most ${maxFilesInList} images`,
} as const;

/** A stored event from any accepted spelling ('Now Launch' is stored as 'New Launch'). */
const productEvent = (missingMessage: string) =>
  requiredText(missingMessage, atMost('Event', textLimits.code)).transform((value, context) => {
    const event = normaliseEvent(value);
    if (event !== null) return event;
    context.addIssue({ code: 'custom', message: productMessages.event });
    return z.NEVER;
  });

/** Text that falls back to the spec's default when left blank. */
const textOr = (fallback: string, limit: TextLimit) =>
  optionalText(limit).transform((text) => (text === '' ? fallback : text));

/** Sizes as a list, or as the detail editor's comma-separated text; repeats dropped. */
const availableSizes = z
  .preprocess(
    (value) => (typeof value === 'string' ? value.split(',') : (value ?? [])),
    z.array(z.string({ error: productMessages.size })),
  )
  .transform((sizes) =>
    sizes.map((size) => size.trim().toUpperCase()).filter((size) => size !== ''),
  )
  .pipe(z.array(z.enum(sizeOptions, { error: productMessages.size })))
  .transform((sizes) => [...new Set(sizes)]);

const sizeDetailsKey = 'sizeDetails';

/** A specification's value, and a size's details. */
const specificationValue = z
  .string({ error: productMessages.specificationValue })
  .check(atMost('Specification value', textLimits.description));

/** Keys of a name-to-value map: a specification's name, a size. */
const mapKey = (field: string) => z.string().check(atMost(field, textLimits.name));

/** A map's own message (zod's when none), except for a key it refuses, which says why. */
const mapError =
  (message?: string): z.core.$ZodErrorMap =>
  (issue) =>
    issue.code === 'invalid_key' ? (issue.issues[0]?.message ?? message) : message;

/** A value of two kinds refused: the message of the kind it is (zod says 'Invalid input'). */
const kindError: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_union'
    ? issue.errors.find((issues) => issues.some((each) => each.code !== 'invalid_type'))?.[0]
        ?.message
    : undefined;

/**
 * Names are trimmed and must not be blank; values are text, except sizeDetails, which maps
 * each size to its details. Two names that trim alike keep the later value (adding an
 * existing name replaces it).
 */
const specifications = z
  .record(
    mapKey('Specification name'),
    z.union(
      [specificationValue, z.record(mapKey('Size'), specificationValue, { error: mapError() })],
      { error: kindError },
    ),
    { error: mapError(productMessages.specificationValue) },
  )
  .default({})
  .superRefine((entries, context) => {
    for (const [name, value] of Object.entries(entries)) {
      const issue = (message: string) =>
        context.addIssue({ code: 'custom', message, path: [name] });
      if (name.trim() === '') issue(productMessages.specificationName);
      else if (name.trim() === sizeDetailsKey) {
        if (typeof value === 'string') issue(productMessages.sizeDetails);
      } else if (typeof value !== 'string') issue(productMessages.specificationValue);
    }
  })
  .transform((entries): Specifications => {
    // One loop, no arrays per entry: a bulk import reads this for every row, and the arrays
    // cost more than the rest of the product's checks together.
    const specs: Specifications = {};
    let sizeDetails: Specifications['sizeDetails'];
    for (const key of Object.keys(entries)) {
      const name = key.trim();
      const value = entries[key];
      if (name === sizeDetailsKey) {
        if (typeof value === 'object') sizeDetails = value;
      } else if (typeof value === 'string') {
        // __proto__ is defined, not assigned: no name can reach the prototype.
        if (name === '__proto__')
          Object.defineProperty(specs, name, {
            value: value.trim(),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else specs[name] = value.trim();
      }
    }
    if (sizeDetails !== undefined) specs.sizeDetails = sizeDetails;
    return specs;
  });

const price = numberInput(productMessages.required, {
  checks: (value) => value.min(0, productMessages.priceMin),
});

/** The product details of the add form, the detail edit and productData.productDetails. */
export const productDetailsSchema = z
  .object({
    title: requiredText(productMessages.required, atMost('Title', textLimits.productTitle)),
    price,
    og_price: price,
    og_url: webUrl(
      productMessages.ogUrl,
      atMost('Original URL', textLimits.url),
      productMessages.required,
    ),
    category: requiredText(productMessages.required, atMost('Category', textLimits.code)).pipe(
      idSchema,
    ),
    subcategory: requiredText(
      productMessages.required,
      atMost('Subcategory', textLimits.code),
    ).pipe(idSchema),
    rating: textOr(defaultRating, atMost('Rating', textLimits.shortText)),
    ratingsAndReviews: textOr(
      defaultRatingsAndReviews,
      atMost('Ratings and reviews', textLimits.shortText),
    ),
    deliveryInfo: textOr(defaultDeliveryInfo, atMost('Delivery info', textLimits.shortText)),
    availableSizes,
    specifications,
  })
  .refine((details) => details.og_price >= details.price, {
    message: productMessages.ogPriceMin,
    path: ['og_price'],
    // Compared whenever both prices are good numbers, even while other fields are still wrong.
    when: ({ value, issues }) => {
      const prices = value as { price?: unknown; og_price?: unknown } | null;
      return (
        typeof prices?.price === 'number' &&
        typeof prices.og_price === 'number' &&
        issues.every((issue) => !['price', 'og_price'].includes(String(issue.path?.[0])))
      );
    },
  });
export type ProductDetailsInput = z.input<typeof productDetailsSchema>;

/**
 * productData of the create and update calls. Without its own call-to-action link, a product
 * links to its original page (og_url).
 */
export const productDataSchema = z
  .object({
    productDetails: productDetailsSchema,
    events: productEvent(productMessages.required),
    btn_url: optionalWebUrl(productMessages.btnUrl, atMost('Button URL', textLimits.url)),
  })
  .transform((data) => ({ ...data, btn_url: data.btn_url || data.productDetails.og_url }));
export type ProductDataInput = z.input<typeof productDataSchema>;
export type ProductData = z.output<typeof productDataSchema>;

/** Image URL rows: blank rows are dropped, the others must be links. */
const imageUrls = z
  .array(z.string({ error: productMessages.imageUrl }))
  .default([])
  .transform((urls) => urls.map((url) => url.trim()).filter((url) => url !== ''))
  .pipe(z.array(webUrl(productMessages.imageUrl, atMost('Image URL', textLimits.url))));

/**
 * POST /api/App/product (multipart): productData and imageUrls as JSON text, and the image
 * files under `images`. At least one image, uploaded or linked.
 */
export const productCreateSchema = z
  .object({
    productData: jsonPart(productDataSchema, 'productData'),
    imageUrls: jsonPart(imageUrls, 'imageUrls'),
    images: z
      .array(fileSlot(productImageRule))
      .max(maxFilesInList, productMessages.tooManyImages)
      .default([]),
  })
  .refine((product) => product.images.length + product.imageUrls.length > 0, {
    message: productMessages.required,
    path: ['images'],
  });
export type ProductCreateInput = z.input<typeof productCreateSchema>;
export type ProductCreate = z.output<typeof productCreateSchema>;

/** What `--on-existing` and the bulk call do with a row whose og_url a product already has. */
export const onExistingChoices = ['skip', 'update'] as const;
export type OnExisting = (typeof onExistingChoices)[number];

/** Products one bulk call takes at most (one transaction). */
export const bulkProductLimit = 5_000;

/**
 * One product of a bulk import or export: the product detail's fields, with category and
 * subcategory as ids and images as links (at least one). A row of an export imports as it is.
 * Without an event a row is 'None'; without a button link it links to its og_url.
 */
export const productRowSchema = productDetailsSchema
  .safeExtend({
    events: productEvent(productMessages.required).default('None'),
    btn_url: optionalWebUrl(productMessages.btnUrl, atMost('Button URL', textLimits.url)),
    images: imageUrls
      .refine((urls) => urls.length > 0, { message: productMessages.required })
      .refine((urls) => urls.length <= maxFilesInList, { message: productMessages.tooManyImages }),
  })
  .transform((row) => ({ ...row, btn_url: row.btn_url || row.og_url }));
export type ProductRow = z.output<typeof productRowSchema>;

/**
 * POST /api/App/product/bulk: up to 5,000 rows, all written or none. A row whose og_url a
 * product already has (or an earlier row of the call) is skipped, or updates that product.
 */
export const productBulkSchema = z.object({
  products: z
    .array(productRowSchema)
    .min(1, 'Send at least one product')
    .max(bulkProductLimit, `Send at most ${bulkProductLimit} products a call`),
  onExisting: z.enum(onExistingChoices).default('skip'),
});
export type ProductBulk = z.output<typeof productBulkSchema>;

/** Refused rows a bulk call's refusal names. */
export const bulkRowsNamed = 3;

/** A row a bulk call refused: its position in the call (from 1), and why. */
export interface RefusedRow {
  row: number;
  message: string;
}

const bulkRefusalEnd = '. Nothing was imported';

/** A bulk call refused: its first few refused rows by position, then how many more. */
export function bulkRefusal(refused: readonly RefusedRow[]): string {
  const named = refused.slice(0, bulkRowsNamed).map(({ row, message }) => `Row ${row}: ${message}`);
  const more = refused.length - named.length;
  const rest = more === 0 ? '' : `; and ${more} more ${more === 1 ? 'row' : 'rows'}`;
  return `${named.join('; ')}${rest}${bulkRefusalEnd}`;
}

/** The rows a bulk call's refusal names (bulkRefusal read back); none for other refusals. */
export function rowsNamedIn(refusal: string): RefusedRow[] {
  if (!refusal.endsWith(bulkRefusalEnd)) return [];
  const named = refusal.slice(0, -bulkRefusalEnd.length).replace(/; and \d+ more rows?$/, '');
  // "Row 2: a; Row 5: b" splits into ['', '2', 'a', '5', 'b'].
  const [before, ...parts] = named.split(/(?:^|; )Row (\d+): /);
  if (before !== '') return [];
  const rows: RefusedRow[] = [];
  for (let at = 0; at + 1 < parts.length; at += 2)
    rows.push({ row: Number(parts[at]), message: parts[at + 1] ?? '' });
  return rows;
}

/** PUT /api/App/product: the product id and its new productData (images unchanged). */
export const productUpdateSchema = z.object({ id: idSchema, productData: productDataSchema });
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;
export type ProductUpdate = z.output<typeof productUpdateSchema>;

/**
 * A list filter: repeated query parameters, comma-separated text, or nothing ('' and 'null'
 * mean no filter, as the event screen sends them).
 */
const filterValues = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => {
    const values: unknown[] = Array.isArray(value) ? value : [value];
    return values
      .flatMap((entry) => (typeof entry === 'string' ? entry.split(',') : [entry]))
      .map((entry) => (typeof entry === 'string' ? entry.trim() : entry))
      .filter((entry) => entry !== undefined && entry !== null && entry !== '' && entry !== 'null');
  }, z.array(item));

/** What the product list sorts by: newest first unless asked (titles ignore case). */
export const productSortFields = ['date', 'title', 'price', 'views', 'clicks'] as const;
export type ProductSortField = (typeof productSortFields)[number];
export const sortOrders = ['asc', 'desc'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** GET /api/App/product: page, limit, search, any number of each filter, and the sort. */
export const productListQuerySchema = pageQuery(productPageSize).extend({
  categories: filterValues(idSchema),
  subCategories: filterValues(idSchema),
  events: filterValues(productEvent(productMessages.event)),
  sort: z.enum(productSortFields).default('date'),
  order: z.enum(sortOrders).default('desc'),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;
export type ProductListQueryInput = z.input<typeof productListQuerySchema>;

/** Products a page of the app's list holds at most, and by default. */
export const appProductPageSize = { max: 100, default: 20 } as const;

/**
 * GET /api/v1/app/products: one of each filter, a search, and the cursor of the page before
 * (the id of its last product: ids are time-ordered, so the next page starts below it).
 */
export const appProductQuerySchema = z.object({
  event: productEvent(productMessages.event).optional(),
  category: idSchema.optional(),
  subcategory: idSchema.optional(),
  q: searchText,
  cursor: idSchema.optional(),
  limit: wholeNumber(`limit must be a whole number from 1 to ${appProductPageSize.max}`, {
    min: 1,
    max: appProductPageSize.max,
    fallback: appProductPageSize.default,
  }),
});
export type AppProductQuery = z.output<typeof appProductQuerySchema>;

/**
 * Products one event update may tag: more than other bulk calls, since a campaign tags a
 * whole filtered catalogue at once (one short UPDATE on the server).
 */
export const maxProductsPerEventUpdate = 10_000;

/** PUT /api/App/product/update/events: the chosen products and one event. */
export const productEventUpdateSchema = idList(
  productMessages.selectProducts,
  idSchema,
  maxProductsPerEventUpdate,
).extend({
  event: productEvent(productMessages.selectEvent),
});
export type ProductEventUpdateInput = z.input<typeof productEventUpdateSchema>;

/** POST /api/App/product/scraping. */
export const scrapeSchema = z.object({
  url: webUrl(
    productMessages.scrapeUrlInvalid,
    atMost('URL', textLimits.url),
    productMessages.scrapeUrl,
  ),
});
