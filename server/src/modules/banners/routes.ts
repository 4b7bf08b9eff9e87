import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { createBannersService } from './service.js';

/** Banner b1 (spec part 1, sections 3, 5 and 7). */
export const bannersModule: Module = (api, context) => {
  const banners = createBannersService(context);

  api.implement(endpoints.banners.list, { handler: ({ query }) => banners.list(query) });

  api.implement(endpoints.banners.find, {
    handler: async ({ query }) => ({ data: await banners.find(query.id) }),
  });

  api.implement(endpoints.banners.add, {
    handler: async ({ body, form }) => ({ data: await banners.add(body.insertData, form.files) }),
  });

  api.implement(endpoints.banners.edit, {
    handler: async ({ body, form }) => ({
      data: await banners.edit(body._id, body.insertData, form.files),
    }),
  });

  api.implement(endpoints.banners.setStatus, {
    handler: async ({ body }) => ({ data: await banners.setStatus(body) }),
  });

  api.implement(endpoints.banners.remove, {
    handler: async ({ body }) => {
      await banners.remove(body);
      return {};
    },
  });
};
