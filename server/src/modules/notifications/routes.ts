import {
  idListSchema,
  notificationIconRule,
  notificationResendSchema,
  notificationSendSchema,
  type Notification,
} from '@dealdesk/core';
import { createPushProvider } from '../../adapters/push/index.js';
import { defaultPushSettings } from '../../config.js';
import type { Module } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { readForm } from '../../http/uploads.js';
import { createNotificationsService, notificationAnswers as answers } from './service.js';
import { startPoller } from './poller.js';

/** Push notifications: send now or later, resend, history, delete (spec part 2). */
export const notificationsModule: Module = (api, context) => {
  const settings = context.config.push ?? defaultPushSettings;
  const push = createPushProvider(settings, { dataDir: context.config.dataDir, log: context.log });
  const notifications = createNotificationsService(context, push);
  context.log.info({ provider: push.name, topic: settings.fcmTopic }, 'push notifications');
  const poller = startPoller(() => notifications.sendDue(), settings.pollMs, context.log);
  context.onClose(() => poller.stop());

  api.get('/api/App/notification/history', {
    access: 'admin',
    handler: async () => ({
      status: true,
      message: answers.history,
      data: await notifications.history(),
    }),
  });

  api.post('/api/App/notification/send', {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, { image: notificationIconRule });
      const input = notificationSendSchema.parse(form.input);
      const sent = await notifications.send(input, form.files.image);
      return answerFor(sent);
    },
  });

  api.post('/api/App/notification/resend', {
    access: 'admin',
    idempotent: true,
    body: notificationResendSchema,
    handler: async ({ body }) => answerFor(await notifications.resend(body)),
  });

  api.delete('/api/App/notification/delete', {
    access: 'admin',
    body: idListSchema,
    handler: async ({ body }) => {
      await notifications.remove(body.id);
      return { status: true, message: answers.deleted };
    },
  });
};

/** Scheduled or sent: 200 with the notification; refused by the push service: 502. */
function answerFor(notification: Notification) {
  const { state, detail } = notification.delivery;
  if (state === 'failed') throw new HttpError(502, answers.notSent(detail));
  const message = state === 'scheduled' ? answers.scheduled : answers.sent;
  return { status: true, message, data: notification };
}
