import { z } from 'zod';
import { sameForEach } from './common.js';

/** Feature switches of the controller screen. */
export const controllerSwitches = [
  'storyVideo',
  'storyBrand',
  'banner',
  'trending',
  'bestDeals',
  'newLaunch',
  'track',
  'inHouseAds',
  'installNew',
] as const;
export type ControllerSwitch = (typeof controllerSwitches)[number];

/** Numeric positions of the controller screen. `productNtvPosition` is named by us (the spec only gives its rule). */
export const controllerPositions = ['storyAdsPosition', 'ntvTiming', 'productNtvPosition'] as const;
export type ControllerPosition = (typeof controllerPositions)[number];

/** The nine screen transitions that each hold one ad placement mode. */
export const placementFields = [
  'afterSplaceAds',
  'afterIntroAds',
  'homeToCategory',
  'categoryToSubCategory',
  'subCategoryToProductList',
  'productListToProduct',
  'seeAllToProductList',
  'relatedToProduct',
  'defaultIntent',
] as const;
export type PlacementField = (typeof placementFields)[number];

export const placementModes = ['OFF', 'OPEN', 'FS', 'NTV', 'URL', 'INHOUSE_FS'] as const;
export type PlacementMode = (typeof placementModes)[number];
/** defaultIntent offers every mode but INHOUSE_FS. */
export const defaultIntentModes = ['OFF', 'OPEN', 'FS', 'NTV', 'URL'] as const;

export const intentControls = ['BOTH', 'FORWORD', 'BACKWORD'] as const;
export type IntentControl = (typeof intentControls)[number];

export const controllerSettingsSchema = sameForEach(controllerSwitches, z.boolean())
  .extend(sameForEach(controllerPositions, z.number()).shape)
  .extend(sameForEach(placementFields, z.enum(placementModes)).shape)
  .extend({
    intentControl: z.enum(intentControls),
    facebook_app_id: z.string(),
    facebook_client_token: z.string(),
  });
export type ControllerSettings = z.infer<typeof controllerSettingsSchema>;

/** The install-new-app setting: its switch lives in the settings, its call-to-action link here. */
export const installNewSettingSchema = z.object({ status: z.boolean(), btn_url: z.string() });
export type InstallNew = z.infer<typeof installNewSettingSchema>;

export const serverLoadSchema = z.object({
  cpuLoad: z.number(),
  ramUsage: z.number(),
  storageUsage: z.number(),
});
export type ServerLoad = z.infer<typeof serverLoadSchema>;
