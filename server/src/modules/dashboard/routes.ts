import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { dashboardService } from './service.js';

/** The per-item views and clicks dashboard (spec part 1, sections 2, 3 and 7). */
export const dashboardModule: Module = (api, context) => {
  const dashboard = dashboardService(context);

  api.implement(endpoints.dashboard.viewsDashboard, {
    handler: ({ params, query }) => dashboard.itemDashboard(params.id, query),
  });
};
