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

/** Everything the controller screen sets: its settings and the install-new link. */
export const controllerStateSchema = controllerSettingsSchema.extend({ btn_url: z.string() });
export type ControllerState = z.infer<typeof controllerStateSchema>;
export type ControllerField = keyof ControllerState;

/** The state's fields in the screen's order. */
export const controllerFields = Object.keys(controllerStateSchema.shape) as ControllerField[];

const controllerValueSchema = z.union([z.boolean(), z.number(), z.string()]);

/** A field whose value differs between two states. */
export const controllerDifferenceSchema = z.object({
  field: z.string(),
  from: controllerValueSchema,
  to: controllerValueSchema,
});
export type ControllerDifference = z.infer<typeof controllerDifferenceSchema>;

/** The fields whose values differ from `from` to `to`, in the screen's order. */
export const controllerDifferences = (
  from: ControllerState,
  to: ControllerState,
): ControllerDifference[] =>
  controllerFields.flatMap((field) =>
    from[field] === to[field] ? [] : [{ field, from: from[field], to: to[field] }],
  );

/** The controller versions kept: the newest this many (Firebase Remote Config keeps 300). */
export const controllerVersionsKept = 300;

/**
 * A numbered version of the controller: made by every change, rollbacks included. `by` names
 * who made it ('' for the state found when versions began to be kept); `changes` are its
 * differences from the version before.
 */
export const controllerVersionSchema = z.object({
  version: z.number(),
  created_at: z.string(),
  by: z.string(),
  /** The version a rollback restored; null for other changes. */
  rollbackOf: z.number().nullable(),
  changes: z.array(controllerDifferenceSchema),
});
export type ControllerVersion = z.infer<typeof controllerVersionSchema>;

/** One version whole: its state, and how the current state differs from it. */
export const controllerVersionDetailSchema = controllerVersionSchema.extend({
  state: controllerStateSchema,
  /** From this version's state to the current one (empty: the current state is this one). */
  sinceThen: z.array(controllerDifferenceSchema),
});
export type ControllerVersionDetail = z.infer<typeof controllerVersionDetailSchema>;

export const serverLoadSchema = z.object({
  cpuLoad: z.number(),
  ramUsage: z.number(),
  storageUsage: z.number(),
});
export type ServerLoad = z.infer<typeof serverLoadSchema>;
