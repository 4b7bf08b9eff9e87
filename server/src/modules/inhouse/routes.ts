import {
  byIdSchema,
  idListSchema,
  idStatusChangeSchema,
  imageRule,
  inHouseAdCreateSchema,
  inHouseAdEditSchema,
  inHouseListQuerySchema,
  videoRule,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { readForm, requiredFile } from '../../http/uploads.js';
import { createInHouseService, inHouseAnswers as answers } from './service.js';

const uploadRules = { icon: imageRule, image: imageRule, video: videoRule };

/** In-house ads (spec part 2, sections 2-5 and 7). */
export const inHouseModule: Module = (api, context) => {
  const inHouse = createInHouseService(context);

  api.get('/api/App/inhouse/ads', {
    access: 'admin',
    query: inHouseListQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: answers.list,
      ...(await inHouse.list(query)),
    }),
  });

  api.get('/api/App/inhouse/ads/data/:id', {
    access: 'admin',
    params: byIdSchema,
    handler: async ({ params }) => ({
      status: true,
      message: answers.found,
      data: await inHouse.get(params.id),
    }),
  });

  api.post('/api/App/inhouse/ads', {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, uploadRules);
      const ad = inHouseAdCreateSchema.parse(form.input);
      await inHouse.create(ad, {
        icon: requiredFile(form.files.icon),
        media: requiredFile(form.files[ad.medType]),
      });
      return { status: true, message: answers.uploaded };
    },
  });

  api.put('/api/App/inhouse/ads', {
    access: 'admin',
    handler: async ({ request }) => {
      const form = await readForm(request, uploadRules);
      const ad = inHouseAdEditSchema.parse(form.input);
      await inHouse.edit(ad, { icon: form.files.icon, media: form.files[ad.medType] });
      return { status: true, message: answers.updated };
    },
  });

  api.post('/api/App/inhouse/ads/update/status', {
    access: 'admin',
    body: idStatusChangeSchema,
    handler: async ({ body }) => {
      await inHouse.setStatus(body);
      return { status: true, message: answers.statusChanged };
    },
  });

  api.delete('/api/App/inhouse/ads', {
    access: 'admin',
    body: idListSchema,
    handler: async ({ body }) => {
      await inHouse.remove(body.id);
      return { status: true, message: answers.deleted };
    },
  });
};
