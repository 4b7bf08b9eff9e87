// Products, their events, the marketplace scraper, categories and subcategories (spec part 2).
import { z } from 'zod';
import type { JsonText } from '../../format/json-text.js';
import {
  categorySchema,
  productSchema,
  scrapeResultSchema,
  subcategorySchema,
  type ProductDetails,
  type ProductEvent,
  type Specifications,
} from '../../entities/index.js';
import {
  byIdSchema,
  categoryAddSchema,
  categoryImageRule,
  categoryUpdateSchema,
  idListSchema,
  productCreateSchema,
  productBulkSchema,
  productEventUpdateSchema,
  productImageRule,
  productExportFormats,
  productExportQuerySchema,
  productExportRowSchema,
  type ProductExportFormat,
  productListQuerySchema,
  productUpdateSchema,
  scrapeSchema,
  subcategoryAddSchema,
  subcategoryUpdateSchema,
  type OnExisting,
  type ProductCreateInput,
  type ProductDataInput,
  type ProductDetailsInput,
  type ProductEventUpdateInput,
  type ProductListQueryInput,
  type ProductUpdateInput,
} from '../../schemas/index.js';
import type { ClientInput } from '../client.js';
import {
  endpoint,
  endpointTaking,
  envelopeBody,
  multipartBody,
  noFields,
  rowsEndpointTaking,
} from '../endpoint.js';

/**
 * Sizes go as typed, a list or the form's comma-separated text: the server splits, trims and
 * upper-cases them before it checks them.
 */
type ProductDetailsRequest = ClientInput<
  ProductDetailsInput,
  Omit<ProductDetails, 'availableSizes'> & { availableSizes: readonly string[] | string }
>;
export type ProductDataRequest = ClientInput<
  ProductDataInput,
  { productDetails: ProductDetailsRequest; events: ProductEvent; btn_url: string }
>;
export type ProductCreateRequest = ClientInput<
  ProductCreateInput,
  { productData: ProductDataRequest; imageUrls: string[] }
>;
export type ProductUpdateRequest = ClientInput<
  ProductUpdateInput,
  { productData: ProductDataRequest }
>;
/** Filters repeat their key; '' or 'null' mean no filter, as the event screen sends them. */
export type ProductListRequest = Partial<
  ClientInput<
    ProductListQueryInput,
    {
      page: number;
      limit: number;
      categories: readonly string[] | string | null;
      subCategories: readonly string[] | string | null;
      events: readonly ProductEvent[] | ProductEvent | '' | null;
    }
  >
>;

/** The list's filters and sort, and the file's format. */
export type ProductExportRequest = Omit<ProductListRequest, 'page' | 'limit'> & {
  format?: ProductExportFormat;
};

/** A row of an import as sent: the optional fields optional, numbers as numbers. */
export interface ProductRowRequest {
  title: string;
  price: number;
  og_price: number;
  og_url: string;
  category: string;
  subcategory: string;
  images: readonly string[];
  rating?: string;
  ratingsAndReviews?: string;
  deliveryInfo?: string;
  availableSizes?: readonly string[] | string;
  specifications?: Specifications;
  events?: string;
  btn_url?: string;
}

/** A row of an update (`onExisting: 'update'`): og_url and any of the other fields. */
export type ProductPatchRowRequest = Partial<ProductRowRequest> & { og_url: string };

/** Success messages a product handler picks from. */
export const productAnswers = {
  deleted: (count: number) =>
    count === 1 ? 'Product deleted successfully' : `${count} products deleted successfully`,
} as const;

const productPath = '/api/App/product';

export const products = {
  scrape: endpoint({
    method: 'POST',
    path: `${productPath}/scraping`,
    access: 'admin',
    role: 'editor',
    limited: true,
    summary: "Reads a marketplace product page's details and images",
    body: envelopeBody(scrapeSchema),
    answer: z.object({ data: scrapeResultSchema }),
    message: 'Data scraped successfully',
    // A preview: the page is read, nothing is stored.
    audited: false,
    // A repeat (a double click) is answered with the page already read, not read again.
    idempotent: true,
  }),
  /** Image files repeat under `images`; productData and imageUrls travel as JSON text. */
  create: endpointTaking<ProductCreateRequest>()({
    method: 'POST',
    path: productPath,
    access: 'admin',
    role: 'editor',
    summary: 'Adds a product with uploaded images or image links',
    body: multipartBody(productCreateSchema, { images: productImageRule }, ['images']),
    answer: z.object({ data: productSchema }),
    message: 'Product added successfully',
    idempotent: true,
  }),
  update: endpointTaking<ProductUpdateRequest>()({
    method: 'PUT',
    path: productPath,
    access: 'admin',
    role: 'editor',
    summary: 'Changes a product',
    body: envelopeBody(productUpdateSchema),
    answer: z.object({ data: productSchema }),
    message: 'Product updated successfully',
  }),
  /**
   * Rows of an import, in one transaction: each answered created, updated or skipped (matched by
   * og_url), in the order sent. Images stay links.
   */
  bulk: endpointTaking<{
    /** The rows, or their JSON array already written (an import sends its lines as read). */
    products: readonly (ProductRowRequest | ProductPatchRowRequest)[] | JsonText;
    onExisting?: OnExisting;
  }>()({
    method: 'POST',
    path: `${productPath}/bulk`,
    access: 'admin',
    role: 'editor',
    summary: 'Adds or updates up to 5,000 products in one transaction (import)',
    body: envelopeBody(productBulkSchema),
    answer: z.object({
      created: z.number(),
      updated: z.number(),
      skipped: z.number(),
      results: z.array(
        z.object({ _id: z.string(), status: z.enum(['created', 'updated', 'skipped']) }),
      ),
    }),
    message: 'Products imported successfully',
    idempotent: true,
    // 5,000 rows with their specifications, sealed in the envelope (base64 adds a third).
    maxBodyBytes: 32 * 1024 * 1024,
  }),
  /** One path for both reads: `?id=` is one product, anything else a page of the list. */
  get: endpoint({
    method: 'GET',
    path: productPath,
    access: 'admin',
    role: 'viewer',
    summary: 'One product (`?id=`)',
    query: byIdSchema,
    answer: z.object({ data: productSchema }),
    message: 'Product details',
    when: { queryHas: 'id' },
  }),
  list: endpointTaking<ProductListRequest>()({
    method: 'GET',
    path: productPath,
    access: 'admin',
    role: 'viewer',
    summary: 'A page of products: search, filters and sort',
    query: productListQuerySchema,
    answer: z.object({ data: z.array(productSchema), totalRecord: z.number() }),
    message: 'Products',
  }),
  /** The products found (the list's search, filters and sort), all of them, as a file. */
  export: rowsEndpointTaking<ProductExportRequest>()({
    method: 'GET',
    path: `${productPath}/export`,
    access: 'admin',
    role: 'viewer',
    summary: "The products found by the list's search and filters as CSV or JSON Lines, streamed",
    query: productExportQuerySchema,
    answer: productExportRowSchema,
    rows: { formats: productExportFormats, file: 'products' },
    message: 'Products exported',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: productPath,
    access: 'admin',
    role: 'editor',
    summary: 'Deletes products (all or none)',
    body: envelopeBody(idListSchema),
    answer: noFields,
    message: productAnswers.deleted(1),
  }),
  updateEvents: endpointTaking<ClientInput<ProductEventUpdateInput, { event: ProductEvent }>>()({
    method: 'PUT',
    path: `${productPath}/update/events`,
    access: 'admin',
    role: 'editor',
    summary: 'Sets the event (Best Deals, Trending, New Launch, None) of products',
    body: envelopeBody(productEventUpdateSchema),
    answer: noFields,
    message: 'Events updated successfully',
    // Each product's history gets one entry per update, not one per click.
    idempotent: true,
  }),
};

const categoryPath = '/api/App/product/category';
const subcategoryPath = '/api/App/product/subcategory';
const categoryImages = { image: categoryImageRule, bg_image: categoryImageRule };
const subcategoryImages = { image: categoryImageRule };

export const categories = {
  list: endpoint({
    method: 'GET',
    path: categoryPath,
    access: 'admin',
    role: 'viewer',
    summary: 'Every category with its counts',
    answer: z.object({ data: z.array(categorySchema) }),
    message: 'Categories',
  }),
  add: endpoint({
    method: 'POST',
    path: categoryPath,
    access: 'admin',
    role: 'editor',
    summary: 'Adds a category with its image and background image',
    body: multipartBody(categoryAddSchema, categoryImages),
    answer: z.object({ data: categorySchema }),
    message: 'Category added',
    idempotent: true,
  }),
  edit: endpoint({
    method: 'PUT',
    path: categoryPath,
    access: 'admin',
    role: 'editor',
    summary: 'Renames a category or changes its images',
    body: multipartBody(categoryUpdateSchema, categoryImages),
    answer: z.object({ data: categorySchema }),
    message: 'Category updated',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${categoryPath}/:id`,
    access: 'admin',
    role: 'editor',
    summary: 'Deletes a category without products',
    params: byIdSchema,
    answer: noFields,
    message: 'Category deleted',
  }),
};

export const subcategories = {
  list: endpoint({
    method: 'GET',
    path: subcategoryPath,
    access: 'admin',
    role: 'viewer',
    summary: 'Every subcategory with its category',
    answer: z.object({ data: z.array(subcategorySchema) }),
    message: 'Subcategories',
  }),
  add: endpoint({
    method: 'POST',
    path: subcategoryPath,
    access: 'admin',
    role: 'editor',
    summary: 'Adds a subcategory to a category',
    body: multipartBody(subcategoryAddSchema, subcategoryImages),
    answer: z.object({ data: subcategorySchema }),
    message: 'Subcategory added',
    idempotent: true,
  }),
  edit: endpoint({
    method: 'PUT',
    path: subcategoryPath,
    access: 'admin',
    role: 'editor',
    summary: 'Changes a subcategory',
    body: multipartBody(subcategoryUpdateSchema, subcategoryImages),
    answer: z.object({ data: subcategorySchema }),
    message: 'Subcategory updated',
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${subcategoryPath}/:id`,
    access: 'admin',
    role: 'editor',
    summary: 'Deletes a subcategory without products',
    params: byIdSchema,
    answer: noFields,
    message: 'Subcategory deleted',
  }),
  byCategory: endpoint({
    method: 'GET',
    path: `${subcategoryPath}/by-category/:id`,
    access: 'admin',
    role: 'viewer',
    summary: 'The subcategories of one category',
    params: byIdSchema,
    answer: z.object({ data: z.array(subcategorySchema) }),
    message: 'Subcategories',
  }),
};
