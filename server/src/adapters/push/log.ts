// Without Firebase credentials (a laptop, the tests), and for the demo data, pushes are
// recorded instead of sent: a log line, and one JSON file per message in <data dir>/push-outbox/
// holding the FCM body.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '../../ids.js';
import { fcmMessageBody, type PushProvider } from './message.js';

export function createLogPushProvider(options: {
  topic: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): PushProvider {
  return {
    name: 'log',
    async send(message) {
      const body = fcmMessageBody(options.topic, message);
      await mkdir(options.outboxDir, { recursive: true });
      const file = join(options.outboxDir, `${newId()}.json`);
      await writeFile(file, `${JSON.stringify(body, null, 2)}\n`, { flag: 'wx' });
      options.log.info({ push: body, file }, 'push recorded, not sent (log provider)');
      return { delivered: true, reference: `recorded in ${file}` };
    },
  };
}
