import {
  checkUpload,
  maxPageSize,
  notificationExportQuerySchema,
  notificationHistoryQuerySchema,
  notificationIconRule,
  notificationPageSize,
  notificationRescheduleSchema,
  notificationResendSchema,
  notificationSendSchema,
  sendTimeGraceMs,
  wallClockInstant,
  wallClockOf,
  wrongAnswerMessages,
  zoneOffsetLabel,
  type ClientResult,
  type Notification,
} from '@dealdesk/core';
import { connect, withAdvice, type Connection } from '../connection.js';
import { businessZone } from '../business-zone.js';
import { givenId } from '../ids.js';
import { deleteArguments, deleteByIds, type Deletable } from '../deletion.js';
import { fileOptions, exportFormat, saveExport, wantsFile, type FileOptions } from '../download.js';
import { CliError, usageError } from '../exit.js';
import { wholeNumber, type Declare } from '../command.js';
import type { Context } from '../context.js';
import { formatDisplayTime } from '../terminal/time.js';
import { renderTable } from '../terminal/table.js';
import { localUpload } from '../upload.js';
import { validate } from '../validate.js';

interface SendOptions {
  title: string;
  message: string;
  url?: string;
  icon?: string;
  at?: string;
  tz?: string;
}

/** An ISO date and time as typed: seconds, fraction and offset optional, `T` or a space. */
const typedTime =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** When a notification is due: what is sent, and the time as shown to the admin. */
export interface SendTime {
  /** ISO with an offset, as the server wants it. */
  sendAt: string;
  /** `2026-12-01 10:00 +05:30 (Asia/Kolkata)`: the typed wall time, its offset and zone. */
  due: string;
}

const two = (value: number) => String(Math.abs(value)).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${two(Math.trunc(minutes / 60))}:${two(minutes % 60)}`;

/** The typed wall clock's fields, when it is a time that exists (no 30 February, no 25:00). */
function wallFields(match: RegExpExecArray): number[] | undefined {
  const fields = match.slice(1, 7).map((part) => Number(part ?? 0));
  const [y = 0, mo = 1, d = 1, h = 0, mi = 0, sec = 0] = fields;
  const wall = new Date(Date.UTC(y, mo - 1, d, h, mi, sec));
  const read = [
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  ];
  return read.every((value, index) => value === fields[index]) ? fields : undefined;
}

/**
 * --at: an ISO time with an offset (or Z), or without one in the business time zone (--tz,
 * DEALDESK_TZ, the default), as the web app's Send at reads it. A date that does not exist
 * (2026-02-30, 25:00, a time the zone's clock skips) or a time already past (beyond the web
 * app's minute of grace) is refused (exit 2) rather than sent at once.
 */
export function sendTimeOf(at: string, now: Date, timeZone: string): SendTime {
  const typed = at.trim();
  const match = typedTime.exec(typed);
  if (match === null)
    throw usageError(
      `--at: expected an ISO time such as 2026-01-31T18:30 (the business time zone) or 2026-01-31T18:30:00+05:30, not ${typed}`,
    );
  const [, year, month, day, hour, minute, second = '00', fraction = '', zone] = match;
  const noSuchDate = usageError(`--at: no such date ${typed}`);
  const fields = wallFields(match);
  if (fields === undefined) throw noSuchDate;
  const ms = Number(fraction.slice(1, 4).padEnd(3, '0'));
  const wallClock = `${year}-${month}-${day}T${hour}:${minute}`;
  let instant: Date;
  let offset: string;
  if (zone === undefined) {
    const read = wallClockInstant(`${wallClock}:${second}`, timeZone);
    // In a clock change's gap the zone reads the instant as another time: no such time there.
    if (read === undefined || wallClockOf(read, timeZone) !== wallClock) throw noSuchDate;
    instant = new Date(Date.parse(read) + ms);
    offset = zoneOffsetLabel(timeZone, instant).slice('UTC'.length);
  } else {
    const [, sign = '+', offsetHours = '0', offsetMins = '0'] =
      /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
    if (Number(offsetHours) > 14 || Number(offsetMins) > 59) throw noSuchDate;
    const offsetMinutes = (sign === '-' ? -1 : 1) * (Number(offsetHours) * 60 + Number(offsetMins));
    const [y = 0, mo = 1, d = 1, h = 0, mi = 0, sec = 0] = fields;
    instant = new Date(Date.UTC(y, mo - 1, d, h, mi, sec, ms) - offsetMinutes * 60_000);
    offset = offsetText(offsetMinutes);
  }
  if (instant.getTime() < now.getTime() - sendTimeGraceMs)
    throw usageError(`--at: ${typed} is in the past`);
  // The zone is named when the offset is its own then (always, without an offset typed).
  const zoneName =
    zone?.toUpperCase() === 'Z'
      ? 'UTC'
      : offset === zoneOffsetLabel(timeZone, instant).slice('UTC'.length)
        ? timeZone
        : null;
  const clock = `${hour}:${minute}${second === '00' && fraction === '' ? '' : `:${second}${fraction}`}`;
  return {
    // Without an offset the instant goes as UTC; with one, as typed (normalised).
    sendAt:
      zone === undefined
        ? instant.toISOString()
        : `${wallClock}:${second}${fraction}${zone.toUpperCase() === 'Z' ? 'Z' : offset}`,
    due: `${year}-${month}-${day} ${clock} ${offset}${zoneName === null ? '' : ` (${zoneName})`}`,
  };
}

const atZoneHelp =
  'business time zone of an --at without an offset (default $DEALDESK_TZ or Asia/Kolkata)';

/** The icon types in words, from the core's rule: "png, jpg, jpeg or gif". */
const iconTypes = (() => {
  const types = [...notificationIconRule.extensions];
  const last = types.pop();
  return types.length === 0 ? (last ?? '') : `${types.join(', ')} or ${last}`;
})();
export const iconHint = `icon image: ${iconTypes}, at most ${notificationIconRule.maxBytes / 2 ** 20} MB`;

/** The spec's type message names png, jpg, jpeg only: the CLI names every type the rule accepts. */
export function iconTypeProblem(like: { name: string; size: number; type?: string }) {
  return checkUpload(like, notificationIconRule) === notificationIconRule.typeMessage
    ? `Please select a valid image file. Allowed types: ${notificationIconRule.extensions.join(', ')}`
    : null;
}

/** A send's answer; an unknown outcome says to look at the history before sending again. */
function checkSent<Answer extends object>(
  connection: Connection,
  result: ClientResult<Answer>,
): ClientResult<Answer> {
  try {
    return connection.check(result);
  } catch (error) {
    throw withAdvice(error, 'check `dealdesk notify history` before sending again');
  }
}

async function sendNotification(context: Context, options: SendOptions) {
  const icon = options.icon === undefined ? undefined : await localUpload(options.icon);
  const iconProblem = icon === undefined ? null : iconTypeProblem(icon.like);
  if (iconProblem !== null) throw usageError(iconProblem);
  const time =
    options.at === undefined
      ? undefined
      : sendTimeOf(options.at, new Date(), businessZone(options.tz, context.env));
  const checked = validate(notificationSendSchema, {
    title: options.title,
    message: options.message,
    url: options.url ?? '',
    sendAt: time?.sendAt,
    image: icon?.like,
  });
  const connection = await connect(context);
  const answer = checkSent(
    connection,
    await connection.api.notifications.send({
      title: checked.title,
      message: checked.message,
      url: checked.url,
      ...(checked.sendAt === undefined ? {} : { sendAt: checked.sendAt }),
      ...(icon === undefined ? {} : { image: await icon.read() }),
    }),
  );
  const id = answer.data?._id ?? null;
  context.result(
    { status: true, message: answer.message, id, sendAt: checked.sendAt ?? null },
    () => {
      context.say(
        `${context.paint('green', '✔')} ${answer.message}${id === null ? '' : ` (${id})`}`,
      );
      if (time !== undefined) context.say(`Scheduled for ${time.due}`);
    },
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

/** The history's pages the search finds, the largest page at a time, newest first. */
async function* everyPage(connection: Connection, q = ''): AsyncGenerator<Notification[]> {
  for (let page = 1; ; page += 1) {
    const { notifications, total } = await historyPage(connection, { page, limit: maxPageSize, q });
    yield notifications;
    if (notifications.length === 0 || page * maxPageSize >= total) return;
  }
}

/** A notification of the history, looked for a page of the largest size at a time. */
async function findInHistory(connection: Connection, id: string): Promise<Notification> {
  for await (const notifications of everyPage(connection)) {
    const found = notifications.find((notification) => notification._id === id);
    if (found !== undefined) return found;
  }
  throw new CliError(`No notification ${id} in the history`);
}

const deliveryOf = (notification: Notification) =>
  notification.delivery.state === 'scheduled' && notification.sendAt !== null
    ? `scheduled ${formatDisplayTime(notification.sendAt)}`
    : notification.delivery.state;

interface HistoryOptions extends FileOptions {
  page: number;
  limit: number;
  search?: string;
  scheduled?: boolean;
}

/** The whole history the search finds, as a file (the history export), to stdout or --output. */
async function exportHistory(context: Context, options: HistoryOptions) {
  const query = validate(notificationExportQuerySchema, {
    q: options.search ?? '',
    format: exportFormat(context, options),
  });
  const connection = await connect(context);
  await saveExport(
    context,
    connection,
    () => connection.api.notifications.export(query),
    { ...options, format: query.format },
    'notifications',
  );
}

function historyTable(context: Context, notifications: Notification[]): void {
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
      context,
    ),
  );
}

/**
 * --scheduled: every notification still waiting for its time (the whole history is looked
 * through, as the server keeps no list of them), soonest first; not paged.
 */
async function scheduledNotifications(context: Context, search: string) {
  const q = validate(notificationHistoryQuerySchema, { q: search }).q;
  const waiting: Notification[] = [];
  for await (const notifications of everyPage(await connect(context), q))
    waiting.push(...notifications.filter((n) => n.delivery.state === 'scheduled'));
  waiting.sort((a, b) => (a.sendAt ?? '').localeCompare(b.sendAt ?? ''));
  context.result({ status: true, data: waiting, totalRecord: waiting.length }, () => {
    historyTable(context, waiting);
    context.footer(context.paint('dim', `${waiting.length} scheduled notifications`));
  });
}

async function notificationHistory(context: Context, options: HistoryOptions) {
  if (options.scheduled === true) {
    if (wantsFile(options)) throw usageError('--scheduled lists on screen only, not to a file');
    return scheduledNotifications(context, options.search ?? '');
  }
  if (wantsFile(options)) return exportHistory(context, options);
  const query = validate(notificationHistoryQuerySchema, {
    page: options.page,
    limit: options.limit,
    q: options.search ?? '',
  });
  const { notifications, total } = await historyPage(await connect(context), query);
  const pages = Math.max(1, Math.ceil(total / query.limit));
  const list = { status: true, data: notifications, totalRecord: total, page: query.page, pages };
  context.result(list, () => {
    historyTable(context, notifications);
    context.footer(
      context.paint(
        'dim',
        `Showing ${notifications.length} of ${total} notifications (page ${query.page} of ${pages})`,
      ),
    );
  });
}

/** Cancels a scheduled notification; one already sent or cancelled is refused (exit 1). */
async function cancelNotification(context: Context, given: string) {
  const id = givenId(given);
  const connection = await connect(context);
  const answer = connection.check(await connection.api.notifications.cancel({ id }));
  context.result({ status: true, message: answer.message, id }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message} (${id})`),
  );
}

/** Moves a scheduled notification to --at (read as `notify send` reads it). */
async function rescheduleNotification(
  context: Context,
  given: string,
  options: { at: string; tz?: string },
) {
  const id = givenId(given);
  const time = sendTimeOf(options.at, new Date(), businessZone(options.tz, context.env));
  const change = validate(notificationRescheduleSchema, { id, sendAt: time.sendAt });
  const connection = await connect(context);
  const answer = connection.check(await connection.api.notifications.reschedule(change));
  context.result({ status: true, message: answer.message, id, sendAt: change.sendAt }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message}: ${id} goes ${time.due}`),
  );
}

/** The stored icon's bare file name, which the resend call takes (none: no icon). */
export function iconFileName(icon: string): string | undefined {
  const path = icon.trim() === '' ? '' : new URL(icon, 'http://media.invalid').pathname;
  return path.split('/').pop() || undefined;
}

async function resendNotification(context: Context, given: string) {
  const id = givenId(given);
  const connection = await connect(context);
  const original = await findInHistory(connection, id);
  const fileName = iconFileName(original.n_icon);
  const input = validate(notificationResendSchema, {
    title: original.n_title,
    message: original.n_message,
    url: original.n_url,
    fileName,
  });
  const answer = checkSent(
    connection,
    await connection.api.notifications.resend({
      title: input.title,
      message: input.message,
      url: input.url,
      ...(input.fileName === undefined ? {} : { fileName: input.fileName }),
    }),
  );
  const sent = answer.data?._id ?? null;
  context.result({ status: true, message: answer.message, id: sent, resentFrom: id }, () =>
    context.say(
      `${context.paint('green', '✔')} ${answer.message}${sent === null ? '' : ` (${sent}, a copy of ${id})`}`,
    ),
  );
}

const deletable: Deletable = {
  noun: 'notification',
  wrongAnswerMessage: wrongAnswerMessages.captchaNotCorrect,
  remove: (connection, batch) => connection.api.notifications.remove({ id: batch }),
};

const notify: Declare = (command, run) => {
  command
    .command('send')
    .description('send a notification now or at a time')
    .requiredOption('--title <text>', 'title')
    .requiredOption('--message <text>', 'message')
    .option('--url <url>', 'link opened by the notification')
    .option('--icon <file>', iconHint)
    .option(
      '--at <time>',
      'send later: ISO time, e.g. 2026-01-31T18:30:00+05:30; without an offset (2026-01-31T18:30) in the business time zone (--tz); refused if in the past or no such date',
    )
    .option('--tz <zone>', atZoneHelp)
    .action(run(sendNotification));
  fileOptions(
    command
      .command('history')
      .alias('list')
      .description('a page of the notifications sent and scheduled, newest first')
      .option('--page <n>', 'page from 1', wholeNumber(1), 1)
      .option(
        '--limit <n>',
        'notifications a page',
        wholeNumber(1, maxPageSize),
        notificationPageSize,
      )
      .option('-s, --search <q>', 'search text in title and message')
      .option('--scheduled', 'only those still waiting to be sent, soonest first (not paged)'),
    'every notification the search finds',
  ).action(run(notificationHistory));
  command
    .command('cancel')
    .description('cancel a scheduled notification before it is sent')
    .argument('<id>')
    .action(run(cancelNotification));
  command
    .command('reschedule')
    .description('move a scheduled notification to another time before it is sent')
    .argument('<id>')
    .requiredOption('--at <time>', 'the new time, read as `notify send --at` reads it')
    .option('--tz <zone>', atZoneHelp)
    .action(run(rescheduleNotification));
  command
    .command('resend')
    .description('send a notification of the history again')
    .argument('<id>')
    .action(run(resendNotification));
  deleteArguments(
    command.command('delete').description('delete notifications from the history'),
    'notification',
  ).action(run((context, ids: string[], options) => deleteByIds(context, ids, options, deletable)));
};

export const commands = { notify };
