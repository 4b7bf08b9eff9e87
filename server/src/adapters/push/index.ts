// Push notifications: FCM HTTP v1 when a service-account file is configured, otherwise the
// log provider, which records each message in <data dir>/push-outbox/.
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { PushSettings } from '../../config.js';
import { readServiceAccount } from './fcm-auth.js';
import { createFcmPushProvider } from './fcm.js';
import { createLogPushProvider } from './log.js';

export type { PushProvider } from './message.js';

export function createPushProvider(
  settings: PushSettings,
  { dataDir, log }: { dataDir: string; log: FastifyBaseLogger },
) {
  if (settings.fcmServiceAccountFile === null) {
    return createLogPushProvider({
      topic: settings.fcmTopic,
      outboxDir: join(dataDir, 'push-outbox'),
      log,
    });
  }
  return createFcmPushProvider({
    account: readServiceAccount(settings.fcmServiceAccountFile),
    topic: settings.fcmTopic,
    tokenUrl: settings.fcmTokenUrl,
    sendUrl: settings.fcmSendUrl,
  });
}
