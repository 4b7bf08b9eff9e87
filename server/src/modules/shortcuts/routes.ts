import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { requiredFile } from '../../http/uploads.js';
import { createShortcutsService } from './service.js';

/** Shortcut stories, path /api/sortcut (spec part 1, sections 3, 5 and 7). */
export const shortcutsModule: Module = (api, context) => {
  const shortcuts = createShortcutsService(context);

  api.implement(endpoints.shortcuts.list, { handler: ({ query }) => shortcuts.list(query) });

  api.implement(endpoints.shortcuts.add, {
    // The schema has refused a form without its logo.
    handler: async ({ body, form }) => ({
      data: await shortcuts.add(body, requiredFile(form.files.image)),
    }),
  });

  api.implement(endpoints.shortcuts.edit, {
    handler: async ({ body, form }) => ({ data: await shortcuts.edit(body, form.files.image) }),
  });

  api.implement(endpoints.shortcuts.remove, {
    handler: async ({ body }) => {
      await shortcuts.remove(body);
      return {};
    },
  });

  api.implement(endpoints.shortcuts.setStatus, {
    handler: async ({ body }) => ({ data: await shortcuts.setStatus(body) }),
  });
};
