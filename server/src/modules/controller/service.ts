// The controller screen's settings: feature switches, positions, ad placement modes, intent
// control, Facebook fields and the install-new link, kept in one row that is written with the
// defaults below on first read.
import {
  controllerPositions,
  controllerSwitches,
  placementFields,
  controllerDifferences,
  type AfterSplashChange,
  type ControllerPositionChange,
  type ControllerSettings,
  type ControllerState,
  type ControllerStatusChange,
  type ControllerSwitch,
  type ControllerVersionDetail,
  type ControllerVersionsQuery,
  type FacebookChange,
  type InstallNew,
  type InstallNewChange,
  type IntentControlChange,
  type PlacementChange,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { AdminCaller } from '../../http/route.js';
import { auditTrail } from '../audit/service.js';
import { describeCaller } from '../auth/service.js';
import { controllerRepository, type SettingsChange, type SettingsRow } from './repository.js';
import { controllerVersionsRepository, stateOfVersion, versionOf } from './versions.js';

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

/** Everything the screen sets, as the versions keep it. */
const stateOf = (row: SettingsRow): ControllerState => ({
  ...toView(row).data,
  btn_url: row.btn_url,
});

/** A state as the settings row's columns (switches are 1 or 0). */
const columnsOf = (state: ControllerState): SettingsChange => ({
  ...state,
  ...pick(controllerSwitches, (name) => (state[name] ? 1 : 0)),
});

const firstRow = (now: string): Omit<SettingsRow, 'id'> =>
  ({ ...columnsOf({ ...defaultControllerSettings, btn_url: '' }), updated_at: now }) as Omit<
    SettingsRow,
    'id'
  >;

export const controllerRefusals = {
  versionNotFound: (version: number) =>
    `Version ${version} was not found (the newest 300 versions are kept)`,
} as const;

export function createControllerService(context: AppContext) {
  const { db, dialect, clock } = context;
  const repo = controllerRepository(db, dialect);
  const audit = auditTrail(context);
  const versions = controllerVersionsRepository(db);

  const stored = async (from = repo): Promise<SettingsRow> => {
    const row = await from.find();
    if (row !== undefined) return row;
    await from.insertFirst(firstRow(clock().toISOString()));
    return (await from.find()) as SettingsRow;
  };

  /**
   * One change to the row (created first if need be), its version and its audit entry (the
   * settings it changed), in one transaction; answers the settings after it and the version it
   * made (null when nothing changed).
   */
  const change = (caller: AdminCaller, values: SettingsChange, rollbackOf: number | null = null) =>
    db.transaction().execute(async (trx) => {
      const settings = controllerRepository(trx, dialect);
      // The row locked first: changes at once make their versions one after the other.
      await stored(settings);
      const before = await settings.find({ locked: true });
      const at = clock().toISOString();
      await settings.update({ ...values, updated_at: at });
      const after = (await settings.find()) as SettingsRow;
      const states = { before: stateOf(before as SettingsRow), after: stateOf(after) };
      const version = await controllerVersionsRepository(trx).record({
        ...states,
        adminId: caller.adminId,
        tokenId: caller.tokenId,
        by: await describeCaller(trx, caller),
        rollbackOf,
        at,
      });
      await audit.record(trx, {
        action: rollbackOf === null ? 'update' : 'rollback',
        kind: 'controller',
        itemId: null,
        label: rollbackOf === null ? 'Controller' : `Controller version ${rollbackOf}`,
        ...states,
      });
      return { ...toView(after), version };
    });

  const versionRow = async (version: number) => {
    const row = await versions.find(version);
    if (row === undefined) throw new HttpError(404, controllerRefusals.versionNotFound(version));
    return row;
  };

  return {
    settings: async (): Promise<ControllerView> => toView(await stored()),
    /** Whether a feature switch is on (the running flags of the story section's lists). */
    isOn: async (name: ControllerSwitch): Promise<boolean> => (await stored())[name] === 1,
    setSwitch: (caller: AdminCaller, { name, status }: ControllerStatusChange) =>
      change(caller, { [name]: status ? 1 : 0 }),
    setPosition: (caller: AdminCaller, { name, value }: ControllerPositionChange) =>
      change(caller, { [name]: value }),
    setPlacement: (caller: AdminCaller, { field, name }: PlacementChange) =>
      change(caller, { [field]: name }),
    setAfterSplash: (caller: AdminCaller, { name }: AfterSplashChange) =>
      change(caller, { afterSplaceAds: name }),
    setIntentControl: (caller: AdminCaller, { intentControl }: IntentControlChange) =>
      change(caller, { intentControl }),
    setFacebook: (caller: AdminCaller, facebook: FacebookChange) => change(caller, facebook),
    setInstallLink: (caller: AdminCaller, { btn_url }: InstallNewChange) =>
      change(caller, { btn_url }),

    versions: (query: ControllerVersionsQuery) => versions.page(query),
    version: async (version: number): Promise<ControllerVersionDetail> => {
      const row = await versionRow(version);
      const state = stateOfVersion(row);
      return {
        ...versionOf(row),
        state,
        sinceThen: controllerDifferences(state, stateOf(await stored())),
      };
    },
    /** Restores a version's state as a new version. */
    rollback: async (caller: AdminCaller, version: number) => {
      const state = stateOfVersion(await versionRow(version));
      const changed = await change(caller, columnsOf(state), version);
      return { ...changed, version: changed.version ?? version };
    },
  };
}
