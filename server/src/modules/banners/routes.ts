import {
  bannerAddSchema,
  bannerEditSchema,
  bannerImageAddRule,
  bannerImageUpdateRule,
  bannerListQuerySchema,
  byIdSchema,
  idListSchema,
  idStatusChangeSchema,
  videoRule,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { readForm } from '../../http/uploads.js';
import { createBannersService } from './service.js';

/** Success messages: the spec leaves them to the server. */
export const bannerAnswers = {
  list: 'Banner list',
  found: 'Banner found',
  added: 'Banner added successfully',
  updated: 'Banner updated successfully',
  status: 'Status updated successfully',
  deleted: 'Deleted successfully',
} as const;

/** Banner b1 (spec part 1, sections 3, 5 and 7). */
export const bannersModule: Module = (api, context) => {
  const banners = createBannersService(context);

  api.get('/api/App/all/banner/b1', {
    access: 'admin',
    query: bannerListQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: bannerAnswers.list,
      ...(await banners.list(query)),
    }),
  });

  api.get('/api/App/find/banner/b1', {
    access: 'admin',
    query: byIdSchema,
    handler: async ({ query }) => ({
      status: true,
      message: bannerAnswers.found,
      data: await banners.find(query.id),
    }),
  });

  api.post('/api/App/add/banner/b1', {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, { image: bannerImageAddRule, video: videoRule });
      const { insertData } = bannerAddSchema.parse(form.input);
      return {
        status: true,
        message: bannerAnswers.added,
        data: await banners.add(insertData, form.files),
      };
    },
  });

  api.put('/api/App/edit/banner/b1', {
    access: 'admin',
    handler: async ({ request }) => {
      // The update screen words a refused image as the GIF-and-PNG message (spec).
      const form = await readForm(request, { image: bannerImageUpdateRule, video: videoRule });
      const { _id, insertData } = bannerEditSchema.parse(form.input);
      return {
        status: true,
        message: bannerAnswers.updated,
        data: await banners.edit(_id, insertData, form.files),
      };
    },
  });

  api.put('/api/App/status/edit/banner/b1', {
    access: 'admin',
    body: idStatusChangeSchema,
    handler: async ({ body }) => ({
      status: true,
      message: bannerAnswers.status,
      data: await banners.setStatus(body),
    }),
  });

  api.delete('/api/App/delete/banner/b1', {
    access: 'admin',
    body: idListSchema,
    handler: async ({ body }) => {
      await banners.remove(body);
      return { status: true, message: bannerAnswers.deleted };
    },
  });
};
