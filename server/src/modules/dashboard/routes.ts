import { byIdSchema, dashboardQuerySchema } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { dashboardService } from './service.js';

/** The per-item views and clicks dashboard (spec part 1, sections 2, 3 and 7). */
export const dashboardModule: Module = (api, context) => {
  const dashboard = dashboardService(context);

  api.get('/api/admin/view/dashbord/:id', {
    access: 'admin',
    params: byIdSchema,
    query: dashboardQuerySchema,
    handler: async ({ params, query }) => ({
      status: true,
      message: 'Views and clicks found',
      ...(await dashboard.itemDashboard(params.id, query)),
    }),
  });
};
