import { adCountsClearSchema, adItemPathSchema, dateRangeQuerySchema } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { analyticsAnswers as answers, createAnalyticsService } from './service.js';

/** The View & Click Analytics screen (spec part 2, sections 2, 3 and 7). */
export const analyticsModule: Module = (api, context) => {
  const analytics = createAnalyticsService(context);

  api.get('/api/App/analytics/admin/get', {
    access: 'admin',
    query: dateRangeQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: answers.report,
      ...(await analytics.report(query)),
    }),
  });

  api.delete('/api/App/analytics/count/remove/:id', {
    access: 'admin',
    params: adItemPathSchema,
    query: dateRangeQuerySchema,
    handler: async ({ params, query }) => {
      await analytics.clearCounts([params.id], query);
      return { status: true, message: answers.cleared };
    },
  });

  api.delete('/api/App/analytics/count/all/remove', {
    access: 'admin',
    query: dateRangeQuerySchema,
    body: adCountsClearSchema,
    handler: async ({ query, body }) => {
      await analytics.clearCounts(body.id, query);
      return { status: true, message: answers.cleared };
    },
  });
};
