import { api as calls } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { requiredFile } from '../../http/uploads.js';
import { createShortcutsService } from './service.js';

/** Shortcut stories, path /api/sortcut (spec part 1, sections 3, 5 and 7). */
export const shortcutsModule: Module = (api, context) => {
  const shortcuts = createShortcutsService(context);

  api.implement(calls.shortcuts.list, { handler: ({ query }) => shortcuts.list(query) });

  api.implement(calls.shortcuts.add, {
    // The schema has refused a form without its logo.
    handler: async ({ body, form }) => ({
      data: await shortcuts.add(body, requiredFile(form.files.image)),
    }),
  });

  api.implement(calls.shortcuts.edit, {
    handler: async ({ body, form }) => ({ data: await shortcuts.edit(body, form.files.image) }),
  });

  api.implement(calls.shortcuts.remove, {
    handler: async ({ body }) => {
      await shortcuts.remove(body);
      return {};
    },
  });

  api.implement(calls.shortcuts.setStatus, {
    handler: async ({ body }) => ({ data: await shortcuts.setStatus(body) }),
  });
};
