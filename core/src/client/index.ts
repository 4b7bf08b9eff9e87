// The typed API client: endpoint groups of pure commands (one file per area), bound to an
// executor that adds the API key, the bearer token and the envelope, and never throws.
import type { Command } from './command.js';
import { createExecutor, type ClientOptions, type ClientResult, type Execute } from './executor.js';
import { admin } from './admin.js';
import { adUnits, webAds } from './ads.js';
import { analytics } from './analytics.js';
import { banners } from './banners.js';
import { categories, subcategories } from './categories.js';
import { controller } from './controller.js';
import { dashboard } from './dashboard.js';
import { inHouseAds } from './inhouse.js';
import { notifications } from './notifications.js';
import { policy } from './policy.js';
import { products } from './products.js';
import { shortcuts } from './shortcuts.js';
import { stories, storyAds } from './stories.js';
import { system } from './system.js';
import { tracking } from './tracking.js';

export * from './command.js';
export type { ClientOptions, ClientResult, Execute } from './executor.js';
export { createExecutor, newIdempotencyKey } from './executor.js';
export type { ClientInput, PageRequest } from './inputs.js';
export type { ShortcutAddRequest, ShortcutEditRequest } from './shortcuts.js';
export type {
  RunningStory,
  StoryAddRequest,
  StoryEditData,
  StoryEditRequest,
  StoryInsertData,
} from './stories.js';
export type { BannerAddRequest, BannerEditRequest } from './banners.js';
export type {
  ProductCreateRequest,
  ProductDataRequest,
  ProductListRequest,
  ProductUpdateRequest,
} from './products.js';
export type { InHouseAdCreateRequest, InHouseAdEditRequest, RunningInHouseAd } from './inhouse.js';
export type { NotificationResendRequest, NotificationSendRequest } from './notifications.js';
export { analyticsId, type AnalyticsReport, type AnalyticsSource } from './analytics.js';

/** The command builders of every area, by group name. */
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
};

type Endpoint = (...args: never[]) => Command<object>;

/** A group of command builders turned into calls that run them. */
export type BoundGroup<Group> = {
  [Name in keyof Group]: Group[Name] extends (...args: infer Args) => Command<infer Answer>
    ? (...args: Args) => Promise<ClientResult<Answer>>
    : never;
};

export type ApiClient = {
  [Area in keyof typeof endpoints]: BoundGroup<(typeof endpoints)[Area]>;
} & {
  /**
   * The same client, sending `key` as the Idempotency-Key of its POSTs: one key per form
   * submission, so a retry or a second click of the same submission is answered once.
   */
  withIdempotencyKey(key: string): ApiClient;
};

function bind<Group extends Record<string, Endpoint>>(
  group: Group,
  execute: Execute,
): BoundGroup<Group> {
  return Object.fromEntries(
    Object.entries(group).map(([name, build]) => [
      name,
      (...args: Parameters<typeof build>) => execute(build(...args)),
    ]),
  ) as BoundGroup<Group>;
}

export function createApiClient(options: ClientOptions): ApiClient {
  const execute = createExecutor(options);
  const areas = Object.fromEntries(
    Object.entries(endpoints).map(([area, group]) => [area, bind(group, execute)]),
  ) as Omit<ApiClient, 'withIdempotencyKey'>;
  return {
    ...areas,
    withIdempotencyKey: (key) => createApiClient({ ...options, idempotencyKey: key }),
  };
}
