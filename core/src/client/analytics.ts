import type { AnalyticsItem, AnalyticsTotals } from '../entities/ads.js';
import type { ViewsDashboard } from '../entities/dashboard.js';
import type { DateRangeQueryInput } from '../schemas/index.js';
import { command, envelope, segment } from './command.js';

/** Where an analytics item comes from: the web source's ids carry a suffix after '&'. */
export type AnalyticsSource = 'app' | 'web';

/** The id the clear calls take: a web item's id is cut at its first '&' (spec). */
export function analyticsId(id: string, source: AnalyticsSource): string {
  return source === 'web' ? (id.split('&', 1)[0] ?? id) : id;
}

/**
 * Beyond the spec's data and totals, the server answers what the Views and Click cards and
 * charts draw: the ads' views and clicks in all and per business day.
 */
export type AnalyticsReport = { data: AnalyticsItem[] } & AnalyticsTotals & ViewsDashboard;

export const analytics = {
  get: (range: DateRangeQueryInput) =>
    command<AnalyticsReport>({
      method: 'GET',
      path: '/api/App/analytics/admin/get',
      query: range,
      auth: 'bearer',
    }),
  clearCounts: (id: string, range: DateRangeQueryInput, source: AnalyticsSource = 'app') =>
    command({
      method: 'DELETE',
      path: `/api/App/analytics/count/remove/${segment(analyticsId(id, source))}`,
      query: range,
      auth: 'bearer',
    }),
  clearAllCounts: (
    ids: readonly string[],
    range: DateRangeQueryInput,
    source: AnalyticsSource = 'app',
  ) =>
    command({
      method: 'DELETE',
      path: '/api/App/analytics/count/all/remove',
      query: range,
      body: envelope({ id: ids.map((id) => analyticsId(id, source)) }),
      auth: 'bearer',
    }),
};
