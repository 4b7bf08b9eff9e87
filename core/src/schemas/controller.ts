import { z } from 'zod';
import { ntvTimingRange, storyAdsPositionRange } from '../constants.js';
import {
  controllerSwitches,
  defaultIntentModes,
  intentControls,
  placementFields,
  placementModes,
  type PlacementMode,
} from '../entities/controller.js';
import { pageQuery } from './common.js';
import { flag, numberInput, requiredText, webUrl, wholeNumber } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';

export const controllerMessages = {
  unknownSwitch: `name must be one of ${controllerSwitches.join(', ')}`,
  unknownPosition: 'name must be storyAdsPosition, ntvTiming or productNtvPosition',
  unknownField: `field must be one of ${placementFields.join(', ')}`,
  unknownMode: `name must be one of ${placementModes.join(', ')}`,
  unknownIntentControl: `intentControl must be one of ${intentControls.join(', ')}`,
  number: 'Enter a whole number',
  positionMin: 'Starting position must be 1 or more',
  positionMax: 'Ending position max 10',
  ntvTimerMin: 'Starting NTV Intend Timer must be 0 or more',
  ntvTimerMax: 'Ending NTV Intend Timer max 20',
  productNtvPosition: 'Position must be an odd number Ex. 1, 3, 5 ...',
  defaultIntentMode: 'The default intent cannot use INHOUSE_FS',
  facebookAppId: 'Enter the Facebook app ID',
  facebookClientToken: 'Enter the Facebook client token',
  installUrl: 'Enter a valid URL',
} as const;

/** PUT /api/App/controller/admin/status/change: one feature switch on or off. */
export const controllerStatusSchema = z.object({
  name: z.enum(controllerSwitches, { error: controllerMessages.unknownSwitch }),
  status: flag('Status must be true or false'),
});
export type ControllerStatusChange = z.output<typeof controllerStatusSchema>;
export type ControllerStatusChangeInput = z.input<typeof controllerStatusSchema>;

const position = <N extends string>(name: N, checks: (value: z.ZodNumber) => z.ZodNumber) =>
  z.object({
    name: z.literal(name),
    value: numberInput(controllerMessages.number, {
      checks: (value) => checks(value.int(controllerMessages.number)),
    }),
  });

/**
 * PUT /api/App/controller/admin/position/change. Story ad position at least 1 and below 10;
 * NTV timer at least 0 and below 20; product NTV position an odd number from 1.
 */
export const controllerPositionSchema = z.discriminatedUnion(
  'name',
  [
    position('storyAdsPosition', (value) =>
      value
        .min(storyAdsPositionRange.min, controllerMessages.positionMin)
        .lt(storyAdsPositionRange.below, controllerMessages.positionMax),
    ),
    position('ntvTiming', (value) =>
      value
        .min(ntvTimingRange.min, controllerMessages.ntvTimerMin)
        .lt(ntvTimingRange.below, controllerMessages.ntvTimerMax),
    ),
    // The spec gives one message for both ways to miss (its examples start at 1).
    position('productNtvPosition', (value) =>
      value
        .min(1, controllerMessages.productNtvPosition)
        .refine((n) => n % 2 === 1, controllerMessages.productNtvPosition),
    ),
  ],
  { error: controllerMessages.unknownPosition },
);
export type ControllerPositionChange = z.output<typeof controllerPositionSchema>;
export type ControllerPositionChangeInput = z.input<typeof controllerPositionSchema>;

const defaultIntentAllows = (mode: PlacementMode) =>
  (defaultIntentModes as readonly PlacementMode[]).includes(mode);

/**
 * PUT /api/App/controller/admin/afterIntro/change (and the after-splash call): one placement
 * field and its mode; defaultIntent offers every mode but INHOUSE_FS.
 */
export const placementChangeSchema = z
  .object({
    field: z.enum(placementFields, { error: controllerMessages.unknownField }),
    name: z.enum(placementModes, { error: controllerMessages.unknownMode }),
  })
  .refine((change) => change.field !== 'defaultIntent' || defaultIntentAllows(change.name), {
    message: controllerMessages.defaultIntentMode,
    path: ['name'],
  });
export type PlacementChange = z.output<typeof placementChangeSchema>;

/**
 * The after-splash placement (its call is not shown in the spec; ours is
 * PUT /api/App/controller/admin/afterSplace/change): the mode alone, the field is implied.
 */
export const afterSplashChangeSchema = z.object({
  name: z.enum(placementModes, { error: controllerMessages.unknownMode }),
});
export type AfterSplashChange = z.output<typeof afterSplashChangeSchema>;

/** The intent control setting (its call is not shown in the spec): BOTH, FORWORD or BACKWORD. */
export const intentControlChangeSchema = z.object({
  intentControl: z.enum(intentControls, { error: controllerMessages.unknownIntentControl }),
});
export type IntentControlChange = z.output<typeof intentControlChangeSchema>;

/** PUT /api/App/controller/admin/facebook/change: both values required. */
export const facebookChangeSchema = z.object({
  facebook_app_id: requiredText(
    controllerMessages.facebookAppId,
    atMost('Facebook app ID', textLimits.code),
  ),
  facebook_client_token: requiredText(
    controllerMessages.facebookClientToken,
    atMost('Facebook client token', textLimits.code),
  ),
});
export type FacebookChange = z.output<typeof facebookChangeSchema>;

/** PUT /api/App/controller/install/new: the install-new-app call-to-action link. */
export const installNewSchema = z.object({
  btn_url: webUrl(controllerMessages.installUrl, atMost('Install link', textLimits.url)),
});
export type InstallNewChange = z.output<typeof installNewSchema>;

/** A controller version named in a path (versions count from 1). */
export const controllerVersionParamsSchema = z.object({
  version: wholeNumber('The version must be a whole number, 1 or more', { min: 1 }),
});

/** A page of the controller's versions, newest first (20 unless `limit` says). */
export const controllerVersionsQuerySchema = pageQuery(20).omit({ q: true });
export type ControllerVersionsQuery = z.output<typeof controllerVersionsQuerySchema>;
