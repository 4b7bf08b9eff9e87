import type { AdUnitType, DateRangeQuery } from '@dealdesk/core';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { withClicksDiff } from '../../ui/clicks-memory.js';
import { unwrap } from '../../ui/notify.js';

const webAdsKey = ['web-ads'] as const;

export const adQueries = {
  units: (type: AdUnitType) =>
    queryOptions({
      queryKey: ['ad-units', type],
      queryFn: async () => unwrap(await api.adUnits.list({ type })).data ?? [],
    }),
  /** Every range's web ads, for a refresh after a change. */
  allWebAds: webAdsKey,
  /** Web ads with their clicks in a range, and those since last seen. */
  webAds: (range: DateRangeQuery) =>
    queryOptions({
      queryKey: [...webAdsKey, range],
      queryFn: async () =>
        withClicksDiff('webAds', range, unwrap(await api.webAds.list(range)).data ?? []),
      placeholderData: keepPreviousData,
    }),
};
