import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { createAdsService } from './service.js';

/** Ad units of the five network types and web ads (spec part 2, sections 2, 5 and 7). */
export const adsModule: Module = (api, context) => {
  const ads = createAdsService(context);
  const done = {};

  // Web ads first: their static paths win over the {type} ones, which refuse 'webads'.
  api.implement(endpoints.webAds.list, {
    handler: async ({ query }) => ({ data: await ads.webAds(query) }),
  });

  api.implement(endpoints.webAds.add, {
    handler: async ({ body }) => {
      await ads.add('web', body);
      return done;
    },
  });

  api.implement(endpoints.webAds.update, {
    handler: async ({ params, body }) => {
      await ads.update('web', params.id, body);
      return done;
    },
  });

  api.implement(endpoints.webAds.remove, {
    handler: async ({ params }) => {
      await ads.removeWebAd(params.id);
      return done;
    },
  });

  api.implement(endpoints.webAds.clearCounts, {
    handler: async ({ params, query }) => {
      await ads.clearWebAdCounts([params.id], query);
      return done;
    },
  });

  api.implement(endpoints.webAds.clearAllCounts, {
    handler: async ({ query, body }) => {
      await ads.clearWebAdCounts(body.id, query);
      return done;
    },
  });

  api.implement(endpoints.adUnits.list, {
    handler: async ({ params }) => ({ data: await ads.list(params.type) }),
  });

  api.implement(endpoints.adUnits.add, {
    handler: async ({ params, body }) => {
      await ads.add(params.type, body);
      return done;
    },
  });

  api.implement(endpoints.adUnits.update, {
    handler: async ({ params, body }) => {
      await ads.update(params.type, params.id, body);
      return done;
    },
  });
};
