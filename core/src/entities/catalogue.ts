import { z } from 'zod';
import { refSchema } from './common.js';

/** Stored event values. 'Now Launch' (the event screen's wording) is accepted and normalised to 'New Launch'. */
export const productEvents = ['Best Deals', 'Trending', 'New Launch', 'None'] as const;
export type ProductEvent = (typeof productEvents)[number];

export const sizeOptions = ['S', 'M', 'L', 'XL', 'XXL', 'XXXL'] as const;
export type Size = (typeof sizeOptions)[number];

/** Free name-to-value map; the special key sizeDetails maps a size to its details. */
export type Specifications = Record<string, string | Record<string, string>> & {
  sizeDetails?: Record<string, string>;
};
const specificationsSchema: z.ZodType<Specifications> = z.record(
  z.string(),
  z.union([z.string(), z.record(z.string(), z.string())]),
);

export const productImageSchema = z.object({ url: z.string() });
export type ProductImage = z.infer<typeof productImageSchema>;

/** What the scraper reads off a marketplace page. */
const scrapedDetailsSchema = z.object({
  title: z.string(),
  price: z.number(),
  og_price: z.number(),
  rating: z.string(),
  ratingsAndReviews: z.string(),
  deliveryInfo: z.string(),
  specifications: specificationsSchema,
});

export const productDetailsAnswerSchema = scrapedDetailsSchema.extend({
  availableSizes: z.array(z.enum(sizeOptions)),
  og_url: z.string(),
});
export type ProductDetails = z.infer<typeof productDetailsAnswerSchema>;

export const productSchema = productDetailsAnswerSchema.extend({
  _id: z.string(),
  btn_url: z.string(),
  category: refSchema,
  subcategory: refSchema,
  events: z.enum(productEvents),
  images: z.array(productImageSchema),
  view: z.number(),
  btn_click: z.number(),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const categorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  main_image: z.string(),
  bg_image: z.string(),
  total_sub: z.number(),
  total_products: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const subcategorySchema = z.object({
  _id: z.string(),
  name: z.string(),
  main_image: z.string(),
  total_products: z.number(),
  category: refSchema,
});
export type Subcategory = z.infer<typeof subcategorySchema>;

export const scrapeResultSchema = z.object({
  productDetails: scrapedDetailsSchema,
  images: z.array(productImageSchema),
});
export type ScrapeResult = z.infer<typeof scrapeResultSchema>;

export const policySchema = z.object({ policy_title: z.string(), policy_description: z.string() });
export type Policy = z.infer<typeof policySchema>;

export const termsSchema = z.object({ terms_title: z.string(), terms_description: z.string() });
export type Terms = z.infer<typeof termsSchema>;
