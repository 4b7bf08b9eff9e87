import type { AdUnit, AdUnitAdd, AdUnitUpdate, DateRangeQuery, WebAd } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { trackingService } from '../tracking/service.js';
import { adsRepository } from './repository.js';
import type { AdUnitKind } from './tables.js';

export const adAnswers = {
  notFound: 'Ad not found',
} as const;

/** Ad-network units of the five types and web ads, with the clicks of web ads. */
export function createAdsService(context: AppContext) {
  const { db, clock } = context;
  const ads = adsRepository(db);
  const tracking = trackingService(context);

  /** Throws 404 unless every id is a web ad. */
  const requireWebAds = async (ids: readonly string[]): Promise<void> => {
    const found = await ads.existing('web', ids);
    if (ids.some((id) => !found.has(id))) throw new HttpError(404, adAnswers.notFound);
  };

  return {
    list: (type: AdUnitKind): Promise<AdUnit[]> => ads.list(type),

    /** Which of the ids are ads of this type (for analytics' clears). */
    existing: (type: AdUnitKind, ids: readonly string[]) => ads.existing(type, ids),

    async add(type: AdUnitKind, ad: AdUnitAdd): Promise<void> {
      const now = clock();
      const at = now.toISOString();
      await ads.insert({ id: newId(now), type, ...ad, created_at: at, updated_at: at });
    },

    /** Only the ad id (URL) and the description change; the name stays. */
    async update(type: AdUnitKind, id: string, change: AdUnitUpdate): Promise<void> {
      if (!(await ads.update(type, id, change, clock().toISOString()))) {
        throw new HttpError(404, adAnswers.notFound);
      }
    },

    /** Web ads with their clicks within the business days of the range. */
    async webAds(range: DateRangeQuery): Promise<WebAd[]> {
      const [list, counts] = await Promise.all([
        ads.list('web'),
        tracking.countsInRange('webAd', range.startDate, range.endDate),
      ]);
      return list.map((ad) => ({ ...ad, a_click: counts.get(ad._id)?.clicks ?? 0 }));
    },

    /** A deleted web ad takes its counters with it. */
    async removeWebAd(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await adsRepository(trx).remove('web', id))) {
          throw new HttpError(404, adAnswers.notFound);
        }
        await trackingService(context, trx).clearCounts([id]);
      });
    },

    /** Clears the views and clicks of these web ads within the days. */
    async clearWebAdCounts(ids: readonly string[], range: DateRangeQuery): Promise<void> {
      await requireWebAds(ids);
      await tracking.clearCounts(ids, range.startDate, range.endDate);
    },
  };
}
