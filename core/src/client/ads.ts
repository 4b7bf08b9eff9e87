import type { AdUnit, AdUnitType, WebAd } from '../entities/ads.js';
import type {
  AdUnitAddInput,
  AdUnitUpdateInput,
  DateRangeQueryInput,
  IdListInput,
  WebAdAddInput,
  WebAdUpdateInput,
} from '../schemas/index.js';
import { command, envelope, segment } from './command.js';

/** Native, full screen, banner, open and reward ad units, one path per type. */
export const adUnits = {
  list: (type: AdUnitType) =>
    command<{ data: AdUnit[] }>({
      method: 'GET',
      path: `/api/App/ads/${segment(type)}/admin/get`,
      auth: 'bearer',
    }),
  add: (type: AdUnitType, input: AdUnitAddInput) =>
    command({
      method: 'POST',
      path: `/api/App/ads/${segment(type)}/add`,
      body: envelope(input),
      auth: 'bearer',
    }),
  update: (type: AdUnitType, id: string, input: AdUnitUpdateInput) =>
    command({
      method: 'PUT',
      path: `/api/App/ads/${segment(type)}/update/${segment(id)}`,
      body: envelope(input),
      auth: 'bearer',
    }),
};

const webAdsPath = '/api/App/ads/webads';

/** Web ads: their a_id is the ad's URL; clicks are counted per business day. */
export const webAds = {
  /** a_click of each ad counts the clicks within the range. */
  list: (range: DateRangeQueryInput) =>
    command<{ data: WebAd[] }>({
      method: 'GET',
      path: `${webAdsPath}/admin/get`,
      query: range,
      auth: 'bearer',
    }),
  add: (input: WebAdAddInput) =>
    command({ method: 'POST', path: `${webAdsPath}/add`, body: envelope(input), auth: 'bearer' }),
  update: (id: string, input: WebAdUpdateInput) =>
    command({
      method: 'PUT',
      path: `${webAdsPath}/update/${segment(id)}`,
      body: envelope(input),
      auth: 'bearer',
    }),
  remove: (id: string) =>
    command({ method: 'DELETE', path: `${webAdsPath}/delete/${segment(id)}`, auth: 'bearer' }),
  clearCounts: (id: string, range: DateRangeQueryInput) =>
    command({
      method: 'DELETE',
      path: `${webAdsPath}/count/remove/${segment(id)}`,
      query: range,
      auth: 'bearer',
    }),
  clearAllCounts: (input: IdListInput, range: DateRangeQueryInput) =>
    command({
      method: 'DELETE',
      path: `${webAdsPath}/count/all/remove`,
      query: range,
      body: envelope(input),
      auth: 'bearer',
    }),
};
