import type {
  ControllerPosition,
  ControllerSwitch,
  IntentControl,
  PlacementField,
  PlacementMode,
} from '@dealdesk/core';

/** The controller's one settings row: its columns are the settings' wire names. */
export type ControllerSettingsTable = { id: string } & Record<ControllerSwitch, number> &
  Record<ControllerPosition, number> &
  Record<PlacementField, PlacementMode> & {
    intentControl: IntentControl;
    facebook_app_id: string;
    facebook_client_token: string;
    /** The install-new-app call-to-action link. */
    btn_url: string;
    updated_at: string;
  };

/** A numbered version of the controller (migration 0020). */
export interface ControllerVersionsTable {
  version: number;
  /** The whole state after the change, as JSON (core's ControllerState). */
  state: string;
  /** Its differences from the version before, as JSON (core's ControllerDifference[]). */
  changes: string;
  rollback_of: number | null;
  admin_id: string | null;
  token_id: string | null;
  /** Who, as named when the version was made (names and tokens change later). */
  by: string;
  created_at: string;
}

export interface ControllerTables {
  controller_settings: ControllerSettingsTable;
  controller_versions: ControllerVersionsTable;
}
