// The content API the mobile app reads (docs/app-api.md): everything administrators publish,
// under /api/v1/app/, with the API key only. Answers are the published view: running items
// only, no counts, limits or switches of single items, media as absolute URLs.
import { z } from 'zod';
import {
  adUnitSchema,
  bannerSchema,
  controllerSettingsSchema,
  inHouseAdSchema,
  productSchema,
  shortcutStorySchema,
  storyAdTypes,
  storyVideoSchema,
} from '../../entities/index.js';
import { adUnitTypes, mediaImageWidths } from '../../constants.js';
import { appProductQuerySchema, appProductTotalCap, idSchema } from '../../schemas/index.js';
import type { ClientInput } from '../client.js';
import { endpoint, endpointTaking } from '../endpoint.js';

const appShortcut = shortcutStorySchema.pick({
  _id: true,
  s_no: true,
  name: true,
  url: true,
  logo: true,
});

/** A story's fields; an image story's thembnal is its image. */
const storyFields = storyVideoSchema.pick({
  _id: true,
  thembnal: true,
  image: true,
  video: true,
  storyTime: true,
  btnName: true,
  btnUrl: true,
}).shape;
const appStory = z.object({ kind: z.literal('story'), ...storyFields });
const appStoryAd = z.object({
  kind: z.literal('ad'),
  ...storyFields,
  type: z.enum(storyAdTypes),
  /** The native ad unit an NTV story shows instead of a file ('' otherwise). */
  NTV_ID: z.string(),
});

const appBanner = bannerSchema.pick({ _id: true, name: true, url: true, image: true, video: true });

const appInHouseAd = inHouseAdSchema.pick({
  _id: true,
  ad_type: true,
  mainTitle: true,
  subTitle: true,
  description: true,
  medType: true,
  medView: true,
  icon: true,
  callToAction: true,
  btnName: true,
});

export const appHomeSchema = z.object({
  /** Every switch, position, placement mode, the intent control and the Facebook ids. */
  controller: controllerSettingsSchema,
  /** The install-new-app call to action (shown when controller.installNew is on). */
  installNew: z.object({ btn_url: z.string() }),
  shortcuts: z.array(appShortcut),
  /** Running stories, with story ads placed after every storyAdsPosition-th story. */
  stories: z.array(z.discriminatedUnion('kind', [appStory, appStoryAd])),
  banners: z.array(appBanner),
  /** The ad-unit ids of each type, in the order the admin added them. */
  adUnits: z.object(
    Object.fromEntries(adUnitTypes.map((type) => [type, z.array(z.string())])) as Record<
      (typeof adUnitTypes)[number],
      z.ZodArray<z.ZodString>
    >,
  ),
  inHouseAds: z.array(appInHouseAd),
  /** Website ads (a_id is the page's URL), in the order added: tracked as kind `webAd`. */
  webAds: z.array(adUnitSchema.pick({ _id: true, a_name: true, a_id: true })),
});
export type AppHome = z.infer<typeof appHomeSchema>;

const appSubcategory = z.object({
  _id: z.string(),
  name: z.string(),
  main_image: z.string(),
  total_products: z.number(),
});
const appCategory = appSubcategory.extend({
  bg_image: z.string(),
  subcategories: z.array(appSubcategory),
});
export type AppCategory = z.infer<typeof appCategory>;

/** A product as the app shows it: everything but the admin's view and click counts. */
export const appProductSchema = productSchema.omit({ view: true, btn_click: true });

/** The product list's query as callers give it: every field may be left out. */
type AppProductRequest = Partial<
  ClientInput<z.input<typeof appProductQuerySchema>, { limit: number }>
>;

/**
 * The widths an uploaded image link answers with `?w=` (docs/app-api.md: pick the smallest at
 * least the view's width in device pixels); said once per answer, beside data.
 */
const imageWidths = z
  .array(z.union(mediaImageWidths.map((width) => z.literal(width))))
  .describe(
    'Widths (pixels) a /media/ image link is also served at with ?w=<width>: WebP or AVIF by Accept, never wider than the original',
  );

const published = 'Published content: ETag and Cache-Control; If-None-Match answers 304';

export const app = {
  home: endpoint({
    method: 'GET',
    path: '/api/v1/app/home',
    access: 'public',
    role: 'anyone',
    published: true,
    summary: `The app's launch document. ${published}`,
    answer: z.object({ data: appHomeSchema, imageWidths }),
    message: 'Home',
  }),
  categories: endpoint({
    method: 'GET',
    path: '/api/v1/app/categories',
    access: 'public',
    role: 'anyone',
    published: true,
    summary: `Categories with their subcategories and product counts. ${published}`,
    answer: z.object({ data: z.array(appCategory) }),
    message: 'Categories',
  }),
  products: endpointTaking<AppProductRequest>()({
    method: 'GET',
    path: '/api/v1/app/products',
    access: 'public',
    role: 'anyone',
    published: true,
    summary: `Products newest first, filtered and searched, a page at a time: pass the answer's nextCursor as cursor for the next page. total counts every product the filters and search find (not the page), exactly up to ${appProductTotalCap.toLocaleString('en')}; beyond, it is ${appProductTotalCap} and totalIsLowerBound is true. ${published}`,
    query: appProductQuerySchema,
    answer: z.object({
      data: z.array(appProductSchema),
      nextCursor: z.string().nullable(),
      total: z.number().int().min(0).max(appProductTotalCap),
      totalIsLowerBound: z.boolean(),
      imageWidths,
    }),
    message: 'Products',
  }),
  product: endpoint({
    method: 'GET',
    path: '/api/v1/app/products/:id',
    access: 'public',
    role: 'anyone',
    published: true,
    summary: `One product with everything the product screen shows. ${published}`,
    params: z.object({ id: idSchema }),
    answer: z.object({ data: appProductSchema, imageWidths }),
    message: 'Product',
  }),
  privacy: endpoint({
    method: 'GET',
    path: '/api/v1/app/policy/privacy',
    access: 'public',
    role: 'anyone',
    published: true,
    summary: `The privacy policy. ${published}`,
    answer: z.object({ data: z.object({ title: z.string(), description: z.string() }) }),
    message: 'Privacy policy',
  }),
  terms: endpoint({
    method: 'GET',
    path: '/api/v1/app/policy/terms',
    access: 'public',
    role: 'anyone',
    published: true,
    summary: `The terms and conditions. ${published}`,
    answer: z.object({ data: z.object({ title: z.string(), description: z.string() }) }),
    message: 'Terms & Conditions',
  }),
};
