import type { AdUnitType } from '@dealdesk/core';

/** The five ad-network unit types and web ads, whose a_id is the ad's URL. */
export type AdUnitKind = AdUnitType | 'web';

/** Times are ISO-8601 UTC text. Clicks of web ads live in the tracking tables. */
export interface AdUnitsTable {
  id: string;
  type: AdUnitKind;
  a_name: string;
  a_id: string;
  a_description: string;
  created_at: string;
  updated_at: string;
}

export interface AdsTables {
  ad_units: AdUnitsTable;
}
