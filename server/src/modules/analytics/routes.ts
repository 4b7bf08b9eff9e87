import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { createAnalyticsService } from './service.js';

/** The View & Click Analytics screen (spec part 2, sections 2, 3 and 7). */
export const analyticsModule: Module = (api, context) => {
  const analytics = createAnalyticsService(context);

  api.implement(endpoints.analytics.get, { handler: ({ query }) => analytics.report(query) });
  api.implement(endpoints.analytics.export, {
    handler: async ({ query }) => analytics.exported(query),
  });

  api.implement(endpoints.analytics.clearCounts, {
    handler: async ({ params, query }) => {
      await analytics.clearCounts([params.id], query);
      return {};
    },
  });

  api.implement(endpoints.analytics.clearAllCounts, {
    handler: async ({ query, body }) => {
      await analytics.clearCounts(body.id, query);
      return {};
    },
  });
};
