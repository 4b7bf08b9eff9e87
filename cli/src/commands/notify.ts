import {
  byIdSchema,
  formatDisplayTime,
  notificationResendSchema,
  notificationSendSchema,
  wrongAnswerMessages,
  type Notification,
} from '@dealdesk/core';
import { confirmDestructive } from '../confirm.js';
import { connect } from '../connection.js';
import { CliError } from '../exit.js';
import { idBatches } from '../ids.js';
import type { Handler } from '../program.js';
import { renderTable } from '../terminal/table.js';
import { localUpload } from '../upload.js';
import { validate } from '../validate.js';

interface SendOptions {
  title: string;
  message: string;
  url?: string;
  icon?: string;
  at?: string;
}

const offsetDateTime = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * --at as the server wants it (ISO with an offset). A time without an offset is read in this
 * machine's zone, as cron's own times are; what Date cannot read goes to the schema as typed,
 * which refuses it with its message.
 */
export function sendAtOf(at: string | undefined): string | undefined {
  if (at === undefined || offsetDateTime.test(at.trim())) return at?.trim();
  const local = new Date(at);
  return Number.isNaN(local.getTime()) ? at : local.toISOString();
}

export const sendNotification: Handler<SendOptions> = async (_args, options, context) => {
  const icon = options.icon === undefined ? undefined : await localUpload(options.icon);
  const sendAt = sendAtOf(options.at);
  const checked = validate(notificationSendSchema, {
    title: options.title,
    message: options.message,
    url: options.url ?? '',
    sendAt,
    image: icon?.like,
  });
  const { api, check } = await connect(context);
  const answer = check(
    await api.notifications.send({
      title: checked.title,
      message: checked.message,
      url: checked.url,
      ...(checked.sendAt === undefined ? {} : { sendAt: checked.sendAt }),
      ...(icon === undefined ? {} : { image: await icon.read() }),
    }),
  );
  context.result({ status: true, message: answer.message, sendAt: checked.sendAt ?? null }, () =>
    context.say(
      `${context.paint('green', '✔')} ${answer.message}${checked.sendAt === undefined ? '' : ` (due ${formatDisplayTime(checked.sendAt)})`}`,
    ),
  );
};

async function history(context: Parameters<Handler<object>>[2]) {
  const connection = await connect(context);
  return {
    connection,
    notifications: connection.check(await connection.api.notifications.history()).data ?? [],
  };
}

const deliveryOf = (notification: Notification) =>
  notification.delivery.state === 'scheduled' && notification.sendAt !== null
    ? `scheduled ${formatDisplayTime(notification.sendAt)}`
    : notification.delivery.state;

export const notificationHistory: Handler<object> = async (_args, _options, context) => {
  const { notifications } = await history(context);
  context.result(notifications, () =>
    context.say(
      renderTable(
        ['id', 'title', 'message', 'url', 'icon', 'created', 'delivery'],
        notifications.map((notification) => [
          notification._id,
          notification.n_title,
          notification.n_message,
          notification.n_url,
          notification.n_icon,
          formatDisplayTime(notification.createdAt),
          deliveryOf(notification),
        ]),
        context.paint,
      ),
    ),
  );
};

/** The stored icon's bare file name, which the resend call takes (none: no icon). */
export function iconFileName(icon: string): string | undefined {
  const path = icon.trim() === '' ? '' : new URL(icon, 'http://media.invalid').pathname;
  return path.split('/').pop() || undefined;
}

export const resendNotification: Handler<object> = async ([given], _options, context) => {
  const { id } = validate(byIdSchema, { id: given });
  const { connection, notifications } = await history(context);
  const original = notifications.find((notification) => notification._id === id);
  if (original === undefined) throw new CliError(`No notification ${id} in the history`);
  const fileName = iconFileName(original.n_icon);
  const input = validate(notificationResendSchema, {
    title: original.n_title,
    message: original.n_message,
    url: original.n_url,
    fileName,
  });
  const answer = connection.check(
    await connection.api.notifications.resend({
      title: input.title,
      message: input.message,
      url: input.url,
      ...(input.fileName === undefined ? {} : { fileName: input.fileName }),
    }),
  );
  context.result({ status: true, message: answer.message, id }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message}`),
  );
};

export const deleteNotifications: Handler<{ yes?: boolean }> = async (ids, options, context) => {
  const calls = idBatches(ids);
  const count = calls.flat().length;
  const { api, check } = await connect(context);
  await confirmDestructive(
    context,
    options.yes,
    `Delete ${count} notification(s)`,
    wrongAnswerMessages.captchaNotCorrect,
  );
  let message = '';
  for (const batch of calls) message = check(await api.notifications.remove({ id: batch })).message;
  context.result({ status: true, message, deleted: count }, () =>
    context.say(`${context.paint('green', '✔')} ${message}`),
  );
};
