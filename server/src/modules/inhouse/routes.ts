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
import type { FastifyRequest } from 'fastify';
import type { Module } from '../../context.js';
import { asFileLike, readUpload, type CheckedFile } from '../../http/uploads.js';
import { createInHouseService, inHouseAnswers as answers } from './service.js';

const uploadRules = { icon: imageRule, image: imageRule, video: videoRule };

/**
 * Reads the multipart form: files are checked by their bytes first (415, 413), then the whole
 * form by the core's schema with the spec's messages. Answers the parsed form and the files.
 */
async function readForm(request: FastifyRequest) {
  const { fields, files } = await readUpload(request, uploadRules);
  const first = (slot: keyof typeof uploadRules): CheckedFile | undefined => files[slot][0];
  const slots = { icon: first('icon'), image: first('image'), video: first('video') };
  const form = {
    ...fields,
    icon: slots.icon && asFileLike(slots.icon),
    image: slots.image && asFileLike(slots.image),
    video: slots.video && asFileLike(slots.video),
  };
  return { form, icon: slots.icon, mediaOf: (type: 'image' | 'video') => slots[type] };
}

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
      const { form, icon, mediaOf } = await readForm(request);
      const ad = inHouseAdCreateSchema.parse(form);
      // The schema made sure both files are there.
      await inHouse.create(ad, {
        icon: icon as CheckedFile,
        media: mediaOf(ad.medType) as CheckedFile,
      });
      return { status: true, message: answers.uploaded };
    },
  });

  api.put('/api/App/inhouse/ads', {
    access: 'admin',
    handler: async ({ request }) => {
      const { form, icon, mediaOf } = await readForm(request);
      const ad = inHouseAdEditSchema.parse(form);
      await inHouse.edit(ad, { icon, media: mediaOf(ad.medType) });
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
