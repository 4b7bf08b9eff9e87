import { endpoints, notificationAnswers, type Notification } from '@dealdesk/core';
import { createPushProvider } from '../../adapters/push/index.js';
import { defaultPushSettings } from '../../config.js';
import type { Module } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { startPoller } from '../../operations/poller.js';
import { createNotificationsService, notificationAnswers as answers } from './service.js';

/** Push notifications: send now or later, cancel or reschedule, resend, history, delete (spec part 2). */
export const notificationsModule: Module = (api, context) => {
  const settings = context.config.push ?? defaultPushSettings;
  const push = createPushProvider(settings, { dataDir: context.config.dataDir, log: context.log });
  const notifications = createNotificationsService(context, push);
  context.log.info({ provider: push.name, topic: settings.fcmTopic }, 'push notifications');
  const poller = startPoller(
    () => notifications.sendDue(),
    settings.pollMs,
    context.log,
    'scheduled notifications',
  );
  context.onClose(() => poller.stop());

  api.implement(endpoints.notifications.history, {
    handler: ({ query }) => notifications.history(query),
  });

  api.implement(endpoints.notifications.export, {
    handler: async ({ query }) => notifications.exported(query),
  });

  api.implement(endpoints.notifications.send, {
    handler: async ({ body, form }) => answerFor(await notifications.send(body, form.files.image)),
  });

  api.implement(endpoints.notifications.resend, {
    handler: async ({ body }) => answerFor(await notifications.resend(body)),
  });

  api.implement(endpoints.notifications.cancel, {
    handler: async ({ body }) => ({ data: await notifications.cancel(body.id) }),
  });

  api.implement(endpoints.notifications.reschedule, {
    handler: async ({ body }) => ({ data: await notifications.reschedule(body) }),
  });

  api.implement(endpoints.notifications.remove, {
    handler: async ({ body }) => {
      await notifications.remove(body.id);
      return {};
    },
  });
};

/** Scheduled or sent: 200 with the notification; refused by the push service: 502. */
function answerFor(notification: Notification) {
  const { state, detail } = notification.delivery;
  if (state === 'failed') throw new HttpError(502, answers.notSent(detail));
  const message = state === 'scheduled' ? notificationAnswers.scheduled : notificationAnswers.sent;
  return { message, data: notification };
}
