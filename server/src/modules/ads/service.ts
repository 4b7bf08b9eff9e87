import type { AdUnit, AdUnitAdd, AdUnitUpdate, DateRangeQuery, WebAd } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { auditTrail } from '../audit/service.js';
import { trackingService } from '../tracking/service.js';
import { adsRepository } from './repository.js';
import type { AdUnitKind } from './tables.js';

export const adAnswers = {
  notFound: 'Ad not found',
  idTaken: (type: AdUnitKind, holder: Pick<AdUnit, 'a_id' | 'a_name'>) =>
    `${type === 'web' ? 'The URL' : 'The ad ID'} ${holder.a_id} is already used by the ad ${holder.a_name}`,
} as const;

/**
 * One ad id per type: the app would show the same network unit (or page) twice. Checked in
 * the writing transaction; not a unique index, which ads added before would refuse to build.
 */
async function refuseTakenId(
  within: ReturnType<typeof adsRepository>,
  type: AdUnitKind,
  adId: string,
  self?: string,
) {
  const holder = await within.holding(type, adId);
  if (holder !== undefined && holder._id !== self)
    throw new HttpError(409, adAnswers.idTaken(type, holder));
}

/** Ad-network units of the five types and web ads, with the clicks of web ads. */
export function createAdsService(context: AppContext) {
  const { db, clock } = context;
  const ads = adsRepository(db);
  const tracking = trackingService(context);
  const audit = auditTrail(context);
  const kindOf = (type: AdUnitKind) => (type === 'web' ? 'web-ad' : 'ad-unit');
  /** An ad as its audit entries keep it (its type tells the five network kinds apart). */
  const fieldsOf = (type: AdUnitKind, { _id, ...ad }: AdUnit) => ({ type, ...ad });

  return {
    list: (type: AdUnitKind): Promise<AdUnit[]> => ads.list(type),

    /** Which of the ids are ads of this type, with their names (for analytics' clears). */
    existing: (type: AdUnitKind, ids: readonly string[], within: Kysely<Database> = db) =>
      adsRepository(within).existing(type, ids),

    async add(type: AdUnitKind, ad: AdUnitAdd): Promise<void> {
      const now = clock();
      const at = now.toISOString();
      const id = newId(now);
      await db.transaction().execute(async (trx) => {
        const inTrx = adsRepository(trx);
        await refuseTakenId(inTrx, type, ad.a_id);
        await inTrx.insert({ id, type, ...ad, created_at: at, updated_at: at });
        await audit.record(trx, {
          action: 'create',
          kind: kindOf(type),
          itemId: id,
          label: ad.a_name,
          after: { type, ...ad },
        });
      });
    },

    /** Only the ad id (URL) and the description change; the name stays. */
    async update(type: AdUnitKind, id: string, change: AdUnitUpdate): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const inTrx = adsRepository(trx);
        const before = await inTrx.find(type, id);
        if (before === undefined) throw new HttpError(404, adAnswers.notFound);
        await refuseTakenId(inTrx, type, change.a_id, id);
        if (!(await inTrx.update(type, id, change, clock().toISOString())))
          throw new HttpError(404, adAnswers.notFound);
        await audit.record(trx, {
          action: 'update',
          kind: kindOf(type),
          itemId: id,
          label: before.a_name,
          before: fieldsOf(type, before),
          after: fieldsOf(type, { ...before, ...change }),
        });
      });
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
        const inTrx = adsRepository(trx);
        const before = await inTrx.find('web', id);
        if (before === undefined || !(await inTrx.remove('web', id))) {
          throw new HttpError(404, adAnswers.notFound);
        }
        await trackingService(context, trx).clearCounts([id]);
        await audit.record(trx, {
          action: 'delete',
          kind: 'web-ad',
          itemId: id,
          label: before.a_name,
          before: fieldsOf('web', before),
        });
      });
    },

    /** Clears the views and clicks of these web ads within the days. */
    async clearWebAdCounts(ids: readonly string[], range: DateRangeQuery): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const found = await adsRepository(trx).existing('web', ids);
        if (ids.some((id) => !found.has(id))) throw new HttpError(404, adAnswers.notFound);
        await trackingService(context, trx).clearCounts(ids, range.startDate, range.endDate);
        await audit.record(
          trx,
          ids.map((id) => ({
            action: 'clear',
            kind: 'web-ad',
            itemId: id,
            label: found.get(id) ?? '',
            after: { ...range },
          })),
        );
      });
    },
  };
}
