import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { requiredFile } from '../../http/uploads.js';
import { createInHouseService } from './service.js';

/** In-house ads (spec part 2, sections 2-5 and 7). */
export const inHouseModule: Module = (api, context) => {
  const inHouse = createInHouseService(context);

  api.implement(endpoints.inHouseAds.list, { handler: ({ query }) => inHouse.list(query) });
  api.implement(endpoints.inHouseAds.export, {
    handler: async ({ query }) => inHouse.exported(query),
  });

  api.implement(endpoints.inHouseAds.get, {
    handler: async ({ params }) => ({ data: await inHouse.get(params.id) }),
  });

  api.implement(endpoints.inHouseAds.create, {
    handler: async ({ body, form }) => {
      await inHouse.create(body, {
        icon: requiredFile(form.files.icon),
        media: requiredFile(form.files[body.medType]),
      });
      return {};
    },
  });

  api.implement(endpoints.inHouseAds.edit, {
    handler: async ({ body, form }) => {
      await inHouse.edit(body, { icon: form.files.icon, media: form.files[body.medType] });
      return {};
    },
  });

  api.implement(endpoints.inHouseAds.setStatus, {
    handler: async ({ body }) => {
      await inHouse.setStatus(body);
      return {};
    },
  });

  api.implement(endpoints.inHouseAds.remove, {
    handler: async ({ body }) => {
      await inHouse.remove(body.id);
      return {};
    },
  });
};
