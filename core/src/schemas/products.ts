import { z } from 'zod';
import {
  defaultDeliveryInfo,
  defaultRating,
  defaultRatingsAndReviews,
  productPageSize,
} from '../constants.js';
import {
  productEvents,
  sizeOptions,
  type Size,
  type Specifications,
} from '../entities/catalogue.js';
import { normaliseEvent } from '../rules/events.js';
import { idList, idSchema, pageQuery, searchText } from './common.js';
import {
  compiledWhenValid,
  isWebUrl,
  jsonPart,
  numberInput,
  optionalText,
  optionalWebUrl,
  readField,
  requiredText,
  webUrl,
  wholeNumber,
  type FieldIssue,
  type FieldRead,
} from './fields.js';
import { atMost, type TextLimit } from './limits.js';
import { textLimits, tooLongMessage } from './text-limits.js';
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
  requiredText(missingMessage, atMost('Event', textLimits.code))
    .transform((value, context) => {
      const event = normaliseEvent(value);
      if (event !== null) return event;
      context.addIssue({ code: 'custom', message: productMessages.event });
      return z.NEVER;
    })
    // What a generated client sends; the server also takes other cases and 'Now Launch'.
    .meta({ enum: [...productEvents] });

/** Text that falls back to the spec's default when left blank. */
const textOr = (fallback: string, limit: TextLimit) =>
  optionalText(limit).transform((text) => (text === '' ? fallback : text));

/** zod's own messages: for a value of no kind it takes, and a list that is not one (asked). */
const invalidInput = 'Invalid input';
const anyList = z.array(z.unknown());
const notAList = (value: unknown) =>
  anyList.safeParse(value).error?.issues[0]?.message ?? invalidInput;

const sizeSet = new Set<string>(sizeOptions);

/**
 * Sizes as a list, or as the detail editor's comma-separated text (none: no sizes); each
 * trimmed and upper-cased, blanks and repeats dropped.
 */
const availableSizes = readField(
  z.union([z.array(z.string()), z.string()]).nullish(),
  (value): FieldRead<Size[]> => {
    const given = typeof value === 'string' ? value.split(',') : (value ?? []);
    if (!Array.isArray(given)) return { issues: [{ path: [], message: notAList(given) }] };
    const issues: FieldIssue[] = [];
    const named: string[] = [];
    given.forEach((size: unknown, at) => {
      if (typeof size !== 'string') issues.push({ path: [at], message: productMessages.size });
      else if (size.trim() !== '') named.push(size.trim().toUpperCase());
    });
    if (issues.length > 0) return { issues };
    named.forEach((size, at) => {
      if (!sizeSet.has(size)) issues.push({ path: [at], message: productMessages.size });
    });
    return issues.length > 0 ? { issues } : { value: [...new Set(named)] as Size[] };
  },
);

const sizeDetailsKey = 'sizeDetails';
const tooLong = {
  name: tooLongMessage('Specification name', textLimits.name),
  size: tooLongMessage('Size', textLimits.name),
  value: tooLongMessage('Specification value', textLimits.description),
};

/** The issues of a map of sizes' details, each saying whether it stops the checks after it. */
function readSizeDetails(name: string, details: Record<PropertyKey, unknown>) {
  // `stops`: a wrong key or kind of value; `kind`: a value of the wrong kind.
  const issues: (FieldIssue & { stops: boolean; kind: boolean })[] = [];
  for (const key of Reflect.ownKeys(details)) {
    if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(details, key)) continue;
    const value = details[key];
    if (typeof key !== 'string' || key.length > textLimits.name)
      issues.push({ path: [name, key], message: tooLong.size, stops: true, kind: false });
    else if (typeof value !== 'string')
      issues.push({
        path: [name],
        message: productMessages.specificationValue,
        stops: true,
        kind: true,
      });
    else if (value.length > textLimits.description)
      issues.push({ path: [name, key], message: tooLong.value, stops: false, kind: false });
  }
  return issues;
}

/**
 * Names are trimmed and must not be blank; values are text, except sizeDetails, which maps
 * each size to its details. Two names that trim alike keep the later value (adding an
 * existing name replaces it). Read as zod's record of text or maps read it (the same messages
 * in the same order, but that a size too long is named at the size), in one pass.
 */
const specificationText = z.string().max(textLimits.description);
const specifications = readField(
  z
    .record(
      z.string().max(textLimits.name),
      z.union([specificationText, z.record(z.string().max(textLimits.name), specificationText)]),
    )
    .optional(),
  (value): FieldRead<Specifications> => {
    if (value === undefined) return { value: {} };
    if (!z.core.util.isPlainObject(value))
      return { issues: [{ path: [], message: productMessages.specificationValue }] };
    const entries = value as Record<PropertyKey, unknown>;
    const issues: FieldIssue[] = [];
    // A value of the wrong kind stops the checks of names, as it stops zod's refinements.
    let stopped = false;
    const names: string[] = [];
    for (const key of Reflect.ownKeys(entries)) {
      if (key === '__proto__' || !Object.prototype.propertyIsEnumerable.call(entries, key))
        continue;
      if (typeof key !== 'string' || key.length > textLimits.name) {
        issues.push({ path: [key], message: tooLong.name });
        stopped = true;
        continue;
      }
      names.push(key);
      const entry = entries[key];
      if (typeof entry === 'string') {
        if (entry.length > textLimits.description)
          issues.push({ path: [key], message: tooLong.value });
      } else if (z.core.util.isPlainObject(entry)) {
        const found = readSizeDetails(key, entry as Record<PropertyKey, unknown>);
        if (found.some(({ stops }) => stops)) {
          // Neither text nor a map of sizes: named by the map's first issue when one is more
          // than a value of the wrong kind (a size too long is named at the size), as zod's
          // union of the two named it.
          const [first] = found;
          issues.push(
            first !== undefined && found.some((issue) => !issue.kind)
              ? { path: first.path, message: first.message }
              : { path: [key], message: invalidInput },
          );
          stopped = true;
        } else issues.push(...found.map(({ path, message }) => ({ path, message })));
      } else {
        issues.push({ path: [key], message: invalidInput });
        stopped = true;
      }
    }
    if (!stopped)
      for (const key of names) {
        const name = key.trim();
        const entry = entries[key];
        if (name === '') issues.push({ path: [key], message: productMessages.specificationName });
        else if (name === sizeDetailsKey) {
          if (typeof entry === 'string')
            issues.push({ path: [key], message: productMessages.sizeDetails });
        } else if (typeof entry !== 'string')
          issues.push({ path: [key], message: productMessages.specificationValue });
      }
    if (issues.length > 0) return { issues };
    const specs: Specifications = {};
    let sizeDetails: Specifications['sizeDetails'];
    for (const key of names) {
      const name = key.trim();
      const entry = entries[key];
      if (name === sizeDetailsKey) {
        // Its sizes as read (zod's record skipped a __proto__ key too).
        if (typeof entry === 'object')
          sizeDetails = Object.fromEntries(
            Object.entries(entry as Record<string, string>).filter(
              ([size]) => size !== '__proto__',
            ),
          );
      } else if (typeof entry === 'string') {
        // __proto__ is defined, not assigned: no name can reach the prototype.
        if (name === '__proto__')
          Object.defineProperty(specs, name, {
            value: entry.trim(),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        else specs[name] = entry.trim();
      }
    }
    if (sizeDetails !== undefined) specs.sizeDetails = sizeDetails;
    return { value: specs };
  },
);

const price = numberInput(productMessages.required, {
  checks: (value) => value.min(0, productMessages.priceMin),
});

/** The fields of a product's details. */
const productDetailFields = z.object({
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
  subcategory: requiredText(productMessages.required, atMost('Subcategory', textLimits.code)).pipe(
    idSchema,
  ),
  rating: textOr(defaultRating, atMost('Rating', textLimits.shortText)),
  ratingsAndReviews: textOr(
    defaultRatingsAndReviews,
    atMost('Ratings and reviews', textLimits.shortText),
  ),
  deliveryInfo: textOr(defaultDeliveryInfo, atMost('Delivery info', textLimits.shortText)),
  availableSizes,
  specifications,
});

const pricesAgree = (details: { price: number; og_price: number }) =>
  details.og_price >= details.price;
const pricesDisagree = { message: productMessages.ogPriceMin, path: ['og_price'] };

/** The product details of the add form, the detail edit and productData.productDetails. */
export const productDetailsSchema = productDetailFields.refine(pricesAgree, {
  ...pricesDisagree,
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

const imageUrlTooLong = tooLongMessage('Image URL', textLimits.url);

/**
 * Image URL rows: blank rows are dropped, the others must be links (named by their place
 * among the links given); `counted` adds the checks of how many there must be.
 */
const imageUrls = (counted: boolean) =>
  readField(z.array(z.string().max(textLimits.url)).optional(), (value): FieldRead<string[]> => {
    const given = value === undefined ? [] : value;
    if (!Array.isArray(given)) return { issues: [{ path: [], message: notAList(given) }] };
    const issues: FieldIssue[] = [];
    const urls: string[] = [];
    given.forEach((url: unknown, at) => {
      if (typeof url !== 'string') issues.push({ path: [at], message: productMessages.imageUrl });
      else if (url.trim() !== '') urls.push(url.trim());
    });
    if (issues.length > 0) return { issues };
    urls.forEach((url, at) => {
      if (url.length > textLimits.url) issues.push({ path: [at], message: imageUrlTooLong });
      if (!isWebUrl(url)) issues.push({ path: [at], message: productMessages.imageUrl });
    });
    if (counted) {
      if (urls.length === 0) issues.push({ path: [], message: productMessages.required });
      if (urls.length > maxFilesInList)
        issues.push({ path: [], message: productMessages.tooManyImages });
    }
    return issues.length > 0 ? { issues } : { value: urls };
  });

/**
 * POST /api/App/product (multipart): productData and imageUrls as JSON text, and the image
 * files under `images`. At least one image, uploaded or linked.
 */
export const productCreateSchema = z
  .object({
    productData: jsonPart(productDataSchema, 'productData'),
    imageUrls: jsonPart(imageUrls(false), 'imageUrls'),
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

/**
 * What `--on-existing` and the bulk call do with a row whose og_url a product already has: skip
 * it, update the fields the row gives, or replace the product with the row (defaults for the
 * fields it leaves out).
 */
export const onExistingChoices = ['skip', 'update', 'replace'] as const;
export type OnExisting = (typeof onExistingChoices)[number];

/** Products one bulk call takes at most (one transaction). */
export const bulkProductLimit = 5_000;

const productRowFields = <Details extends typeof productDetailFields>(details: Details) =>
  details.safeExtend({
    events: productEvent(productMessages.required).default('None'),
    btn_url: optionalWebUrl(productMessages.btnUrl, atMost('Button URL', textLimits.url)),
    images: imageUrls(true),
  });

const productRowOf = (details: typeof productDetailsSchema) =>
  productRowFields(details).transform((row) => ({ ...row, btn_url: row.btn_url || row.og_url }));

/**
 * One product of a bulk import or export: the product detail's fields, with category and
 * subcategory as ids and images as links (at least one). A row of an export imports as it is.
 * Without an event a row is 'None'; without a button link it links to its og_url.
 *
 * The CLI checks each row of a file of 100,000, and the server again: a good row is read by
 * zod's compiled parser, from the same fields with the prices compared without `when` (which
 * z.compile cannot take), refusing the same rows. A refused row is read again for its issues.
 */
export const productRowSchema = compiledWhenValid(
  productRowOf(productDetailsSchema),
  productRowOf(productDetailFields.refine(pricesAgree, pricesDisagree)),
);
export type ProductRow = z.output<typeof productRowSchema>;

/** Every field of a row optional but og_url, each checked as in a full row. */
const productPatchFields = productRowFields(productDetailFields)
  .partial()
  .safeExtend({ og_url: productDetailFields.shape.og_url });

/** A row of an update: og_url and the fields given (nothing else, no defaults). */
export type ProductPatchRow = Partial<ProductRow> & { og_url: string };

/**
 * A row of `onExisting: 'update'`: og_url and any of a row's other fields, each checked as in a
 * full row; the product it meets keeps what the row leaves out. A row meeting no product must be
 * a whole row (the server checks it so, and refuses it by its row).
 */
export const productPatchRowSchema = readField(
  productPatchFields,
  (value): FieldRead<ProductPatchRow> => {
    const parsed = productPatchFields.safeParse(value);
    if (!parsed.success)
      return { issues: parsed.error.issues.map(({ path, message }) => ({ path, message })) };
    // Fields left out stay out: a default here would overwrite the product's own value.
    const given = value as Record<string, unknown>;
    const kept = Object.entries(parsed.data).filter(([field]) => field in given);
    return { value: Object.fromEntries(kept) as ProductPatchRow };
  },
);

const bulkRows = <Row extends z.ZodType>(row: Row) =>
  z
    .array(row)
    .min(1, 'Send at least one product')
    .max(bulkProductLimit, `Send at most ${bulkProductLimit} products a call`);

/**
 * POST /api/App/product/bulk: up to 5,000 rows, all written or none. A row whose og_url a
 * product already has (or an earlier row of the call) is skipped, replaces that product (whole
 * rows), or updates the fields it gives (rows of any of the fields beside og_url).
 */
export const productBulkSchema = z.discriminatedUnion('onExisting', [
  z.object({
    products: bulkRows(productRowSchema),
    onExisting: z.enum(['skip', 'replace']).default('skip'),
  }),
  z.object({ products: bulkRows(productPatchRowSchema), onExisting: z.literal('update') }),
]);
export type ProductBulk = z.output<typeof productBulkSchema>;

/** A refused row's first issue, with the field it is about: "price: Price must be 0 or more". */
export function rowIssueText(
  issues: readonly { message: string; path: readonly PropertyKey[] }[],
): string {
  const [issue] = issues;
  if (issue === undefined) return 'Invalid row';
  const field = issue.path.map(String).join('.');
  return field === '' ? issue.message : `${field}: ${issue.message}`;
}

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
 * The app's list counts what it finds up to this, exactly; beyond, its total is this and
 * marked a lower bound ("10,000+"): counting further costs every request a scan.
 */
export const appProductTotalCap = 10_000;

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
