// How the controller screen names its settings and their values: its forms use them, and so
// does the version history, so a version's differences read as the screen reads.
import {
  controllerPositions,
  controllerSwitches,
  ntvTimingInputRange,
  placementFields,
  type ControllerDifference,
  type ControllerField,
  type ControllerPosition,
  type ControllerSwitch,
  type PlacementField,
  type PlacementMode,
} from '@dealdesk/core';

export const switchLabels: Record<ControllerSwitch, { label: string; hint: string }> = {
  storyVideo: { label: 'Story videos', hint: 'The story row on the home screen' },
  storyBrand: { label: 'Shortcut stories', hint: 'Brand shortcuts under the stories' },
  banner: { label: 'Banner', hint: 'The b1 banner carousel' },
  trending: { label: 'Trending', hint: 'The trending products section' },
  bestDeals: { label: 'Best Deals', hint: 'The best deals section' },
  newLaunch: { label: 'New Launch', hint: 'The new launches section' },
  track: { label: 'Tracking', hint: 'Send views and clicks from the app' },
  inHouseAds: { label: 'In-house ads', hint: 'Show our own ads between screens' },
  installNew: { label: 'Install New App', hint: 'Ask users to install the new app' },
};

export const placementLabels: Record<PlacementField, string> = {
  afterSplaceAds: 'After splash',
  afterIntroAds: 'After intro',
  homeToCategory: 'Home to category',
  categoryToSubCategory: 'Category to subcategory',
  subCategoryToProductList: 'Subcategory to product list',
  productListToProduct: 'Product list to product',
  seeAllToProductList: 'See all to product list',
  relatedToProduct: 'Related to product',
  defaultIntent: 'Default intent',
};

export const modeLabels: Record<PlacementMode, string> = {
  OFF: 'OFF',
  OPEN: 'OPEN (app open ad)',
  FS: 'FS (full screen)',
  NTV: 'NTV (native)',
  URL: 'URL',
  INHOUSE_FS: 'INHOUSE_FS (in-house full screen)',
};

export const positionFields: Record<
  ControllerPosition,
  { label: string; hint: string; min: number; max?: number }
> = {
  storyAdsPosition: { label: 'Story ad position', hint: 'From 1, below 10', min: 1, max: 9 },
  ntvTiming: {
    label: 'NTV intent timer (seconds)',
    hint: 'From 0, below 20',
    min: ntvTimingInputRange.min,
    max: ntvTimingInputRange.max,
  },
  productNtvPosition: { label: 'Product NTV position', hint: 'An odd number: 1, 3, 5 ...', min: 1 },
};

/** Every setting's label, as its field on the screen says it. */
const fieldLabels: Record<ControllerField, string> = {
  ...(Object.fromEntries(
    controllerSwitches.map((name) => [name, switchLabels[name].label]),
  ) as Record<ControllerSwitch, string>),
  ...(Object.fromEntries(
    controllerPositions.map((name) => [name, positionFields[name].label]),
  ) as Record<ControllerPosition, string>),
  ...(Object.fromEntries(placementFields.map((name) => [name, placementLabels[name]])) as Record<
    PlacementField,
    string
  >),
  intentControl: 'Intent control',
  facebook_app_id: 'Facebook app ID',
  facebook_client_token: 'Facebook client token',
  btn_url: 'Install link',
};

/** A field's label; a field this build does not know (a newer server) by its own name. */
export const fieldLabel = (field: string): string =>
  Object.hasOwn(fieldLabels, field) ? fieldLabels[field as ControllerField] : field;

/** A setting's value as words: switches On or Off, an empty text said so. */
export const valueText = (value: ControllerDifference['from']): string =>
  typeof value === 'boolean' ? (value ? 'On' : 'Off') : value === '' ? '(empty)' : String(value);

/** "Banner: On → Off" */
export const differenceText = ({ field, from, to }: ControllerDifference): string =>
  `${fieldLabel(field)}: ${valueText(from)} → ${valueText(to)}`;
