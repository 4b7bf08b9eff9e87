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
import { yesFlag, type Declare } from '../command.js';
import type { Context } from '../context.js';
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

async function sendNotification(context: Context, options: SendOptions) {
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
}

async function history(context: Context) {
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

async function notificationHistory(context: Context) {
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
}

/** The stored icon's bare file name, which the resend call takes (none: no icon). */
export function iconFileName(icon: string): string | undefined {
  const path = icon.trim() === '' ? '' : new URL(icon, 'http://media.invalid').pathname;
  return path.split('/').pop() || undefined;
}

async function resendNotification(context: Context, given: string) {
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
}

async function deleteNotifications(context: Context, ids: string[], options: { yes?: boolean }) {
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
}

const notify: Declare = (command, run) => {
  command
    .command('send')
    .description('send a notification now or at a time')
    .requiredOption('--title <text>', 'title')
    .requiredOption('--message <text>', 'message')
    .option('--url <url>', 'link opened by the notification')
    .option('--icon <file>', 'icon image: png, jpg, jpeg or gif, at most 2 MB')
    .option(
      '--at <time>',
      'send later: ISO time, e.g. 2026-01-31T18:30:00+05:30 (no offset: local)',
    )
    .action(run(sendNotification));
  command
    .command('history')
    .description('notifications sent and scheduled')
    .action(run(notificationHistory));
  command
    .command('resend')
    .description('send a notification of the history again')
    .argument('<id>')
    .action(run(resendNotification));
  command
    .command('delete')
    .description('delete notifications from the history')
    .argument('<ids...>')
    .option(...yesFlag)
    .action(run(deleteNotifications));
};

export const commands = { notify };
