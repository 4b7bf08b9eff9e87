// The API contract: every call, declared once, by area. The client, the server's routes, the
// answer checks and the OpenAPI document are built from this list.
import type { ClientOptions } from '../client/executor.js';
import { buildClient, type ClientOf } from './client.js';
import type { AnyEndpoint } from './endpoint.js';
import { admin } from './calls/admin.js';
import { audit } from './calls/audit.js';
import { app } from './calls/app.js';
import { adUnits, analytics, inHouseAds, notifications, webAds } from './calls/ads.js';
import { categories, products, subcategories } from './calls/catalogue.js';
import { controller } from './calls/controller.js';
import { policy } from './calls/policy.js';
import { banners, shortcuts, stories, storyAds } from './calls/stories.js';
import { dashboard, system, tracking } from './calls/system.js';
import { wireTable } from './wire-table.js';

export * from './endpoint.js';
export * from './roles.js';
/** Every call's wire form, without schemas: what a web screen reads a call's role from. */
export { wireTable };
export type { WireCall } from './wire.js';
/** @public Named by the types the web app's helpers infer (declaration output needs them). */
export type { Call, ClientInput } from './client.js';
export { openApiDocument } from './openapi.js';
export { productAnswers } from './calls/catalogue.js';
export { appHomeSchema, appProductSchema } from './calls/app.js';
export type { AppCategory, AppHome } from './calls/app.js';
export type {
  ProductDataRequest,
  ProductExportRequest,
  ProductListRequest,
  ProductPatchRowRequest,
  ProductRowRequest,
} from './calls/catalogue.js';
export type {
  BannerAddRequest,
  RunningStory,
  ShortcutAddRequest,
  StoryAddRequest,
  StoryEditRequest,
  StoryInsertData,
} from './calls/stories.js';
export { notificationAnswers } from './calls/ads.js';
export type {
  InHouseAdCreateRequest,
  InHouseAdEditRequest,
  NotificationExportRequest,
  NotificationResendRequest,
  NotificationSendRequest,
  RunningInHouseAd,
} from './calls/ads.js';

/** Every call of the API by area and name: `endpoints.stories.add`, `endpoints.products.list`... */
export const endpoints = {
  admin,
  dashboard,
  system,
  shortcuts,
  stories,
  storyAds,
  banners,
  controller,
  tracking,
  products,
  categories,
  subcategories,
  policy,
  adUnits,
  webAds,
  analytics,
  inHouseAds,
  notifications,
  audit,
  app,
};

/** The areas of the calls the mobile app makes: the content API and tracking. */
const appAreas = new Set(['app', 'tracking']);

/**
 * Each call once (story and story-ad edits share one declaration), with its area and name;
 * `only: 'app'` keeps the mobile app's calls.
 */
export function allEndpoints({ only }: { only?: 'app' } = {}): {
  name: string;
  call: AnyEndpoint;
}[] {
  const seen = new Set<AnyEndpoint>();
  const areas = Object.entries(endpoints).filter(
    ([area]) => only === undefined || appAreas.has(area),
  );
  return areas.flatMap(([area, calls]) =>
    Object.entries(calls as Record<string, AnyEndpoint>).flatMap(([name, call]) => {
      if (seen.has(call)) return [];
      seen.add(call);
      return [{ name: `${area}.${name}`, call }];
    }),
  );
}

export type ApiClient = ClientOf<typeof endpoints>;

/** The typed client of the whole API; never throws (see ClientResult). */
export const createApiClient = (options: ClientOptions): ApiClient =>
  buildClient<typeof endpoints>(wireTable, options);
