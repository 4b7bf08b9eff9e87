import type { CountRecord, DashboardQuery, ViewsDashboard } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { trackingService } from '../tracking/service.js';

export function dashboardService(context: AppContext) {
  const tracking = trackingService(context);
  return {
    /**
     * One item's views and clicks per business day of the range: a record for each day with
     * counts, dated at the start of that day, and the sums over the range (0 without counts).
     * Any well-formed id answers, as the app may report ids of every module (docs/tracking.md).
     */
    async itemDashboard(itemId: string, range: DashboardQuery): Promise<ViewsDashboard> {
      const days = await tracking.itemDays(itemId, range);
      const views_data = tracking.countRecords(days, 'views');
      const clicks_data = tracking.countRecords(days, 'clicks');
      const sum = (records: CountRecord[]) =>
        records.reduce((total, { count }) => total + count, 0);
      return {
        views_data,
        clicks_data,
        totalViews: sum(views_data),
        totalClicks: sum(clicks_data),
      };
    },
  };
}
