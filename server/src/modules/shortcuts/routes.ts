import {
  idListSchema,
  shortcutAddSchema,
  shortcutEditSchema,
  shortcutImageRule,
  shortcutListQuerySchema,
  statusChangeSchema,
  uploadMessages,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { readForm } from '../../http/uploads.js';
import { createShortcutsService } from './service.js';

/** Success messages: the spec leaves them to the server. */
export const shortcutAnswers = {
  list: 'Shortcut stories',
  added: 'Shortcut added successfully',
  updated: 'Shortcut updated successfully',
  status: 'Status updated successfully',
  deleted: 'Deleted successfully',
} as const;

const logoSlot = { image: shortcutImageRule };

/** Shortcut stories, path /api/sortcut (spec part 1, sections 3, 5 and 7). */
export const shortcutsModule: Module = (api, context) => {
  const shortcuts = createShortcutsService(context);

  api.get('/api/sortcut', {
    access: 'admin',
    query: shortcutListQuerySchema,
    handler: async ({ query }) => ({
      status: true,
      message: shortcutAnswers.list,
      ...(await shortcuts.list(query)),
    }),
  });

  api.post('/api/sortcut', {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, logoSlot);
      const shortcut = shortcutAddSchema.parse(form.input);
      // The schema has refused a form without its logo; this narrows the type.
      if (form.files.image === undefined) throw new HttpError(400, uploadMessages.missingImage);
      return {
        status: true,
        message: shortcutAnswers.added,
        data: await shortcuts.add(shortcut, form.files.image),
      };
    },
  });

  api.put('/api/sortcut', {
    access: 'admin',
    handler: async ({ request }) => {
      const form = await readForm(request, logoSlot);
      return {
        status: true,
        message: shortcutAnswers.updated,
        data: await shortcuts.edit(shortcutEditSchema.parse(form.input), form.files.image),
      };
    },
  });

  api.delete('/api/sortcut', {
    access: 'admin',
    body: idListSchema,
    handler: async ({ body }) => {
      await shortcuts.remove(body);
      return { status: true, message: shortcutAnswers.deleted };
    },
  });

  api.put('/api/sortcut/status', {
    access: 'admin',
    body: statusChangeSchema,
    handler: async ({ body }) => ({
      status: true,
      message: shortcutAnswers.status,
      data: await shortcuts.setStatus(body),
    }),
  });
};
