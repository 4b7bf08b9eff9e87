// The controller screen's settings: feature switches, positions, ad placement modes, intent
// control, Facebook fields and the install-new link, kept in one row that is written with the
// defaults below on first read.
import {
  controllerPositions,
  controllerSwitches,
  placementFields,
  type AfterSplashChange,
  type ControllerPositionChange,
  type ControllerSettings,
  type ControllerStatusChange,
  type ControllerSwitch,
  type FacebookChange,
  type InstallNew,
  type InstallNewChange,
  type IntentControlChange,
  type PlacementChange,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { controllerRepository, type SettingsChange, type SettingsRow } from './repository.js';

/**
 * The spec gives no defaults. Content features start on, so a fresh app shows what is added;
 * ads, in-house ads and install-new start off until their ad ids or link are set.
 */
export const defaultControllerSettings: ControllerSettings = {
  storyVideo: true,
  storyBrand: true,
  banner: true,
  trending: true,
  bestDeals: true,
  newLaunch: true,
  track: true,
  inHouseAds: false,
  installNew: false,
  storyAdsPosition: 3,
  ntvTiming: 5,
  productNtvPosition: 3,
  afterSplaceAds: 'OFF',
  afterIntroAds: 'OFF',
  homeToCategory: 'OFF',
  categoryToSubCategory: 'OFF',
  subCategoryToProductList: 'OFF',
  productListToProduct: 'OFF',
  seeAllToProductList: 'OFF',
  relatedToProduct: 'OFF',
  defaultIntent: 'OFF',
  intentControl: 'BOTH',
  facebook_app_id: '',
  facebook_client_token: '',
};

/** What GET /api/App/controller/admin answers beside status and message. */
export interface ControllerView {
  data: ControllerSettings;
  installNew: InstallNew;
}

const pick = <K extends string, V>(names: readonly K[], value: (name: K) => V) =>
  Object.fromEntries(names.map((name) => [name, value(name)])) as Record<K, V>;

function toView(row: SettingsRow): ControllerView {
  const data: ControllerSettings = {
    ...pick(controllerSwitches, (name) => row[name] === 1),
    ...pick(controllerPositions, (name) => row[name]),
    ...pick(placementFields, (name) => row[name]),
    intentControl: row.intentControl,
    facebook_app_id: row.facebook_app_id,
    facebook_client_token: row.facebook_client_token,
  };
  return { data, installNew: { status: data.installNew, btn_url: row.btn_url } };
}

function firstRow(now: string): Omit<SettingsRow, 'id'> {
  return {
    ...defaultControllerSettings,
    ...pick(controllerSwitches, (name) => (defaultControllerSettings[name] ? 1 : 0)),
    btn_url: '',
    updated_at: now,
  };
}

export function createControllerService({ db, clock }: AppContext) {
  const repo = controllerRepository(db);

  const stored = async (): Promise<SettingsRow> => {
    const row = await repo.find();
    if (row !== undefined) return row;
    await repo.insertFirst(firstRow(clock().toISOString()));
    return (await repo.find()) as SettingsRow;
  };

  /** One change to the row (created first if need be); answers the settings after it. */
  const change = async (values: SettingsChange): Promise<ControllerView> => {
    await stored();
    await repo.update({ ...values, updated_at: clock().toISOString() });
    return toView(await stored());
  };

  return {
    settings: async (): Promise<ControllerView> => toView(await stored()),
    /** Whether a feature switch is on (the running flags of the story section's lists). */
    isOn: async (name: ControllerSwitch): Promise<boolean> => (await stored())[name] === 1,
    setSwitch: ({ name, status }: ControllerStatusChange) => change({ [name]: status ? 1 : 0 }),
    setPosition: ({ name, value }: ControllerPositionChange) => change({ [name]: value }),
    setPlacement: ({ field, name }: PlacementChange) => change({ [field]: name }),
    setAfterSplash: ({ name }: AfterSplashChange) => change({ afterSplaceAds: name }),
    setIntentControl: ({ intentControl }: IntentControlChange) => change({ intentControl }),
    setFacebook: (facebook: FacebookChange) => change(facebook),
    setInstallLink: ({ btn_url }: InstallNewChange) => change({ btn_url }),
  };
}
