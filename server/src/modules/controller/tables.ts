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

export interface ControllerTables {
  controller_settings: ControllerSettingsTable;
}
