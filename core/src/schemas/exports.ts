// Streamed exports (see RowsSpec in contract/endpoint.ts): the `format` of their query, and the
// row of the product catalogue's export, which imports back as it is (productRowSchema).
import { z } from 'zod';
import { productEvents, sizeOptions, type Specifications } from '../entities/catalogue.js';
import type { RowFormat } from '../format/csv.js';
import { deliveryStates } from '../entities/ads.js';
import { trackedKinds } from '../entities/dashboard.js';
import { dateRangeQuerySchema } from './ads.js';
import { searchText } from './common.js';
import { productListQuerySchema } from './products.js';

/** The `format` of a streamed list's query: one of `formats`, the first by default. */
export const rowFormatSchema = <const F extends readonly [RowFormat, ...RowFormat[]]>(formats: F) =>
  z.enum(formats, { error: `format must be ${formats.join(' or ')}` }).default(formats[0] as F[0]);

/** The formats of the catalogue's export, CSV by default. */
export const productExportFormats = ['csv', 'jsonl'] as const;
export type ProductExportFormat = (typeof productExportFormats)[number];

/**
 * GET /api/App/product/export: the product list's search, filters and sort (no page), and the
 * file's format.
 */
export const productExportQuerySchema = productListQuerySchema
  .omit({ page: true, limit: true })
  .extend({ format: rowFormatSchema(productExportFormats) });
export type ProductExportQuery = z.output<typeof productExportQuerySchema>;

const specificationsSchema: z.ZodType<Specifications> = z.record(
  z.string(),
  z.union([z.string(), z.record(z.string(), z.string())]),
);

/**
 * One product of the export: its id, then the fields of an import row (productRowSchema's
 * output) in the order of the CSV's columns: category and subcategory as ids, images as links.
 * An importer ignores `_id` (productRowSchema strips keys it does not know).
 */
export const productExportRowSchema = z.object({
  _id: z.string(),
  title: z.string(),
  price: z.number(),
  og_price: z.number(),
  rating: z.string(),
  ratingsAndReviews: z.string(),
  deliveryInfo: z.string(),
  availableSizes: z.array(z.enum(sizeOptions)),
  specifications: specificationsSchema,
  og_url: z.string(),
  category: z.string(),
  subcategory: z.string(),
  events: z.enum(productEvents),
  btn_url: z.string(),
  images: z.array(z.string()),
});
export type ProductExportRow = z.output<typeof productExportRowSchema>;

/** A list's search (`q`) and the file's format: the exports of searched lists. */
const searchedExportQuery = z.object({
  q: searchText,
  format: rowFormatSchema(productExportFormats),
});

/** GET /api/App/notification/history/export: the history's search, and the file's format. */
export const notificationExportQuerySchema = searchedExportQuery;
export type NotificationExportQuery = z.output<typeof notificationExportQuerySchema>;

/** GET /api/App/inhouse/ads/export: the in-house list's search, and the file's format. */
export const inHouseExportQuerySchema = searchedExportQuery;

/**
 * A notification of the history as a row of its export, newest first: the history's fields,
 * its delivery flattened into columns of its own (a spreadsheet's columns hold no objects).
 */
export const notificationExportRowSchema = z.object({
  _id: z.string(),
  createdAt: z.string(),
  n_title: z.string(),
  n_message: z.string(),
  n_url: z.string(),
  n_icon: z.string(),
  sendAt: z.string().nullable(),
  delivery_state: z.enum(deliveryStates),
  delivery_detail: z.string(),
  delivered_at: z.string().nullable(),
});
export type NotificationExportRow = z.infer<typeof notificationExportRowSchema>;

/** GET /api/App/analytics/admin/export: the analytics screen's range, and the file's format. */
export const analyticsExportQuerySchema = dateRangeQuerySchema.safeExtend({
  format: rowFormatSchema(productExportFormats),
});

/**
 * The views and clicks of one item on one business day, for the items the analytics screen
 * counts (web ads, in-house ads, banners, shortcuts): by day, then kind, then name.
 */
export const analyticsExportRowSchema = z.object({
  day: z.string(),
  kind: z.enum(trackedKinds),
  item_id: z.string(),
  name: z.string(),
  views: z.number(),
  clicks: z.number(),
});
export type AnalyticsExportRow = z.infer<typeof analyticsExportRowSchema>;
