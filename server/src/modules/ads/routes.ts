import {
  adCountsClearSchema,
  adItemPathSchema,
  adUnitAddSchema,
  adUnitTypeSchema,
  adUnitUpdateSchema,
  byIdSchema,
  dateRangeQuerySchema,
  webAdAddSchema,
  webAdUpdateSchema,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { adAnswers as answers, createAdsService } from './service.js';

const adUnitPathSchema = adUnitTypeSchema.extend(byIdSchema.shape);

/** Ad units of the five network types and web ads (spec part 2, sections 2, 5 and 7). */
export const adsModule: Module = (api, context) => {
  const ads = createAdsService(context);

  // Web ads first: their static paths win over the {type} ones, which refuse 'webads'.
  api.get('/api/App/ads/webads/admin/get', {
    access: 'admin',
    query: dateRangeQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: answers.list,
      data: await ads.webAds(query),
    }),
  });

  api.post('/api/App/ads/webads/add', {
    access: 'admin',
    idempotent: true,
    body: webAdAddSchema,
    handler: async ({ body }) => {
      await ads.add('web', body);
      return { status: true, message: answers.added };
    },
  });

  api.put('/api/App/ads/webads/update/:id', {
    access: 'admin',
    params: byIdSchema,
    body: webAdUpdateSchema,
    handler: async ({ params, body }) => {
      await ads.update('web', params.id, body);
      return { status: true, message: answers.updated };
    },
  });

  api.delete('/api/App/ads/webads/delete/:id', {
    access: 'admin',
    params: byIdSchema,
    handler: async ({ params }) => {
      await ads.removeWebAd(params.id);
      return { status: true, message: answers.deleted };
    },
  });

  api.delete('/api/App/ads/webads/count/remove/:id', {
    access: 'admin',
    params: adItemPathSchema,
    query: dateRangeQuerySchema,
    handler: async ({ params, query }) => {
      await ads.clearWebAdCounts([params.id], query);
      return { status: true, message: answers.countsCleared };
    },
  });

  api.delete('/api/App/ads/webads/count/all/remove', {
    access: 'admin',
    query: dateRangeQuerySchema,
    body: adCountsClearSchema,
    handler: async ({ query, body }) => {
      await ads.clearWebAdCounts(body.id, query);
      return { status: true, message: answers.countsCleared };
    },
  });

  api.get('/api/App/ads/:type/admin/get', {
    access: 'admin',
    params: adUnitTypeSchema,
    handler: async ({ params }) => ({
      status: true,
      message: answers.list,
      data: await ads.list(params.type),
    }),
  });

  api.post('/api/App/ads/:type/add', {
    access: 'admin',
    idempotent: true,
    params: adUnitTypeSchema,
    body: adUnitAddSchema,
    handler: async ({ params, body }) => {
      await ads.add(params.type, body);
      return { status: true, message: answers.added };
    },
  });

  api.put('/api/App/ads/:type/update/:id', {
    access: 'admin',
    params: adUnitPathSchema,
    body: adUnitUpdateSchema,
    handler: async ({ params, body }) => {
      await ads.update(params.type, params.id, body);
      return { status: true, message: answers.updated };
    },
  });
};
