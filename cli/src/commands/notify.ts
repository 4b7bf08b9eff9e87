import {
  byIdSchema,
  formatDisplayTime,
  maxPageSize,
  notificationHistoryQuerySchema,
  notificationPageSize,
  notificationResendSchema,
  notificationSendSchema,
  wrongAnswerMessages,
  type Notification,
} from '@dealdesk/core';
import { confirmDestructive } from '../confirm.js';
import { connect, type Connection } from '../connection.js';
import { CliError } from '../exit.js';
import { idBatches } from '../ids.js';
import { wholeNumber, yesFlag, type Declare } from '../command.js';
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

/** One page of the history, newest first, and how many notifications match in all. */
async function historyPage(
  connection: Connection,
  query: { page: number; limit: number; q: string },
) {
  const answer = connection.check(await connection.api.notifications.history(query));
  const notifications = answer.data ?? [];
  return { notifications, total: answer.totalRecord ?? notifications.length };
}

/** A notification of the history, looked for a page of the largest size at a time. */
async function findInHistory(connection: Connection, id: string): Promise<Notification> {
  for (let page = 1; ; page += 1) {
    const { notifications, total } = await historyPage(connection, {
      page,
      limit: maxPageSize,
      q: '',
    });
    const found = notifications.find((notification) => notification._id === id);
    if (found !== undefined) return found;
    if (notifications.length === 0 || page * maxPageSize >= total)
      throw new CliError(`No notification ${id} in the history`);
  }
}

const deliveryOf = (notification: Notification) =>
  notification.delivery.state === 'scheduled' && notification.sendAt !== null
    ? `scheduled ${formatDisplayTime(notification.sendAt)}`
    : notification.delivery.state;

interface HistoryOptions {
  page: number;
  limit: number;
  search?: string;
}

async function notificationHistory(context: Context, options: HistoryOptions) {
  const query = validate(notificationHistoryQuerySchema, {
    page: options.page,
    limit: options.limit,
    q: options.search ?? '',
  });
  const { notifications, total } = await historyPage(await connect(context), query);
  const pages = Math.max(1, Math.ceil(total / query.limit));
  context.result({ data: notifications, totalRecord: total, page: query.page, pages }, () => {
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
    );
    context.say(
      context.paint(
        'dim',
        `Showing ${notifications.length} of ${total} notifications (page ${query.page} of ${pages})`,
      ),
    );
  });
}

/** The stored icon's bare file name, which the resend call takes (none: no icon). */
export function iconFileName(icon: string): string | undefined {
  const path = icon.trim() === '' ? '' : new URL(icon, 'http://media.invalid').pathname;
  return path.split('/').pop() || undefined;
}

async function resendNotification(context: Context, given: string) {
  const { id } = validate(byIdSchema, { id: given });
  const connection = await connect(context);
  const original = await findInHistory(connection, id);
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
    .description('a page of the notifications sent and scheduled, newest first')
    .option('--page <n>', 'page from 1', wholeNumber(1), 1)
    .option(
      '--limit <n>',
      'notifications a page',
      wholeNumber(1, maxPageSize),
      notificationPageSize,
    )
    .option('-s, --search <q>', 'search text in title and message')
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
