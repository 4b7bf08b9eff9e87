import type { Product, ProductDetails, ProductEvent, ScrapeResult } from '../entities/catalogue.js';
import type {
  IdListInput,
  ProductCreateInput,
  ProductDataInput,
  ProductDetailsInput,
  ProductEventUpdateInput,
  ProductListQueryInput,
  ProductUpdateInput,
  ScrapeRequestInput,
} from '../schemas/index.js';
import { command, envelope, multipart } from './command.js';
import type { ClientInput } from './inputs.js';

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
  {
    productDetails: ProductDetailsRequest;
    events: ProductEvent;
    btn_url: string;
  }
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

const productPath = '/api/App/product';

export const products = {
  scrape: (input: ScrapeRequestInput) =>
    command<{ data: ScrapeResult }>({
      method: 'POST',
      path: `${productPath}/scraping`,
      body: envelope(input),
      auth: 'bearer',
    }),
  /** Image files repeat under `images`; productData and imageUrls travel as JSON text. */
  create: ({ productData, imageUrls, ...files }: ProductCreateRequest) =>
    command({
      method: 'POST',
      path: productPath,
      body: multipart(files, { productData, imageUrls }),
      auth: 'bearer',
    }),
  update: (input: ProductUpdateRequest) =>
    command({ method: 'PUT', path: productPath, body: envelope(input), auth: 'bearer' }),
  get: (id: string) =>
    command<{ data: Product }>({ method: 'GET', path: productPath, query: { id }, auth: 'bearer' }),
  list: (query: ProductListRequest = {}) =>
    command<{ data: Product[]; totalRecord: number }>({
      method: 'GET',
      path: productPath,
      query,
      auth: 'bearer',
    }),
  remove: (input: IdListInput) =>
    command({ method: 'DELETE', path: productPath, body: envelope(input), auth: 'bearer' }),
  updateEvents: (input: ClientInput<ProductEventUpdateInput, { event: ProductEvent }>) =>
    command({
      method: 'PUT',
      path: `${productPath}/update/events`,
      body: envelope(input),
      auth: 'bearer',
    }),
};
