import type { InHouseAdType, MediaType } from '@dealdesk/core';

/** Columns carry the spec's field names; flags are 0/1, times ISO-8601 UTC text. */
export interface InHouseAdsTable {
  id: string;
  ad_type: InHouseAdType;
  mainTitle: string;
  subTitle: string;
  description: string;
  medType: MediaType;
  /** Public path of the image or video (/media/...). */
  medView: string;
  icon: string;
  callToAction: string;
  btnName: string;
  status: number;
  maxviewLimit: number;
  maxviewStatus: number;
  maxclickLimit: number;
  maxclickStatus: number;
  created_at: string;
  updated_at: string;
}

export interface InHouseTables {
  inhouse_ads: InHouseAdsTable;
}
