import type {
  AnalyticsExportRow,
  AnalyticsItem,
  AnalyticsTotals,
  CountRecord,
  DateRangeQuery,
  TrackedKind,
} from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { createAdsService } from '../ads/service.js';
import { adAnswers } from '../ads/service.js';
import { auditTrail } from '../audit/service.js';
import { createInHouseService } from '../inhouse/service.js';
import { trackingService, type ViewClickCounts } from '../tracking/service.js';

export const analyticsAnswers = {
  notFound: adAnswers.notFound,
} as const;

/** The ads the analytics screen shows a card for: web ads and in-house ads. */
const adKinds = ['webAd', 'inHouseAd'] as const satisfies readonly TrackedKind[];
/** What the analytics export counts: the ads, and the banners and shortcuts it totals. */
const exportedKinds: readonly TrackedKind[] = [...adKinds, 'banner', 'shortcut'];

/**
 * The spec's answer (data, bannerTotal, sortcutTotal), plus what the Views and Click cards
 * and charts draw: the ads' views and clicks in all and per business day (our addition).
 */
export interface AnalyticsReport extends AnalyticsTotals {
  data: AnalyticsItem[];
  totalViews: number;
  totalClicks: number;
  views_data: CountRecord[];
  clicks_data: CountRecord[];
}

const sum = (counts: Iterable<ViewClickCounts>): ViewClickCounts => {
  const total = { views: 0, clicks: 0 };
  for (const { views, clicks } of counts) {
    total.views += views;
    total.clicks += clicks;
  }
  return total;
};

export function createAnalyticsService(context: AppContext) {
  const tracking = trackingService(context);
  const ads = createAdsService(context);
  const inHouse = createInHouseService(context);
  const audit = auditTrail(context);

  return {
    /** Clicks of each ad within the business days, banner and shortcut clicks, the series. */
    async report({ startDate, endDate }: DateRangeQuery): Promise<AnalyticsReport> {
      const inRange = (kind: TrackedKind) => tracking.countsInRange(kind, startDate, endDate);
      const [webAds, inHouseAds, webAdCounts, inHouseCounts, banners, shortcuts, days] =
        await Promise.all([
          ads.list('web'),
          inHouse.titles(),
          inRange('webAd'),
          inRange('inHouseAd'),
          inRange('banner'),
          inRange('shortcut'),
          tracking.kindsByDay(adKinds, { startDate, endDate }),
        ]);
      const data: AnalyticsItem[] = [
        ...webAds.map((ad) => ({
          _id: ad._id,
          a_name: ad.a_name,
          a_click: webAdCounts.get(ad._id)?.clicks ?? 0,
        })),
        ...inHouseAds.map((ad) => ({
          _id: ad.id,
          a_name: ad.mainTitle,
          a_click: inHouseCounts.get(ad.id)?.clicks ?? 0,
        })),
      ];
      const adTotal = sum([...webAdCounts.values(), ...inHouseCounts.values()]);
      return {
        data,
        bannerTotal: sum(banners.values()).clicks,
        sortcutTotal: sum(shortcuts.values()).clicks,
        totalViews: adTotal.views,
        totalClicks: adTotal.clicks,
        views_data: tracking.countRecords(days, 'views'),
        clicks_data: tracking.countRecords(days, 'clicks'),
      };
    },

    /**
     * The range's views and clicks per item and business day, for web ads, in-house ads,
     * banners and shortcuts: a day read at a time (the items of a day are a few hundred), each
     * only once the caller took the one before; by day, then kind, then name.
     */
    async *exported(range: DateRangeQuery): AsyncGenerator<AnalyticsExportRow> {
      const [webAds, inHouseAds, banners, shortcuts] = await Promise.all([
        ads.list('web'),
        inHouse.titles(),
        context.db.selectFrom('banners').select(['id', 'name']).execute(),
        context.db.selectFrom('shortcuts').select(['id', 'name']).execute(),
      ]);
      const names = new Map<string, string>([
        ...webAds.map((ad): [string, string] => [ad._id, ad.a_name]),
        ...inHouseAds.map((ad): [string, string] => [ad.id, ad.mainTitle]),
        ...[...banners, ...shortcuts].map((item): [string, string] => [item.id, item.name]),
      ]);
      for (const day of await tracking.daysWithCounts(exportedKinds, range)) {
        const rows = (await tracking.itemsOfDay(exportedKinds, day)).map((item) => ({
          day,
          kind: item.kind,
          item_id: item.itemId,
          name: names.get(item.itemId) ?? '',
          views: item.views,
          clicks: item.clicks,
        }));
        rows.sort(
          (a, b) =>
            exportedKinds.indexOf(a.kind) - exportedKinds.indexOf(b.kind) ||
            a.name.localeCompare(b.name) ||
            a.item_id.localeCompare(b.item_id),
        );
        yield* rows;
      }
    },

    /** Clears the views and clicks of these ads within the business days. */
    async clearCounts(ids: readonly string[], { startDate, endDate }: DateRangeQuery) {
      await context.db.transaction().execute(async (trx) => {
        // Every id must be a web ad or an in-house ad; each entry names the ad it cleared.
        const webAds = await ads.existing('web', ids, trx);
        const inHouseAds = await inHouse.existing(ids, trx);
        if (ids.some((id) => !webAds.has(id) && !inHouseAds.has(id)))
          throw new HttpError(404, analyticsAnswers.notFound);
        await trackingService(context, trx).clearCounts(ids, startDate, endDate);
        await audit.record(
          trx,
          ids.map((id) => ({
            action: 'clear',
            kind: webAds.has(id) ? 'web-ad' : 'in-house-ad',
            itemId: id,
            label: webAds.get(id) ?? inHouseAds.get(id) ?? '',
            after: { startDate, endDate },
          })),
        );
      });
    },
  };
}
