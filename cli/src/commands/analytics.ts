import {
  adCountsClearSchema,
  analyticsExportQuerySchema,
  adMessages,
  datePresetLabels,
  wrongAnswerMessages,
  type AnalyticsItem,
} from '@dealdesk/core';
import { confirmDestructive } from '../confirm.js';
import { connect, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { fileOptions, exportFormat, saveExport, wantsFile, type FileOptions } from '../download.js';
import { usageError } from '../exit.js';
import { idBatches } from '../ids.js';
import { yesFlag, type Declare } from '../command.js';
import { chosenRange, rangeOptions, type ChosenRange, type RangeOptions } from '../range.js';
import { renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

interface ClearOptions extends RangeOptions {
  yes?: boolean;
}

const rangeLabel = (range: ChosenRange) =>
  `${range.name === 'range' ? 'Custom range' : datePresetLabels[range.name]} (${range.startDate} to ${range.endDate})`;

async function fetchAnalytics(connection: Connection, range: ChosenRange) {
  const answer = connection.check(
    await connection.api.analytics.get({ startDate: range.startDate, endDate: range.endDate }),
  );
  return {
    data: answer.data ?? [],
    // The web's Views and Click cards: the ads' views and clicks within the range.
    totalViews: answer.totalViews ?? 0,
    totalClicks: answer.totalClicks ?? 0,
    bannerTotal: answer.bannerTotal ?? 0,
    sortcutTotal: answer.sortcutTotal ?? 0,
  };
}

function showItems(items: AnalyticsItem[], context: Context) {
  context.say(
    renderTable(
      ['No', 'id', 'ad', 'clicks'],
      items.map((item, index) => [index + 1, item._id, item.a_name, context.count(item.a_click)]),
      context,
    ),
  );
}

/** The range's views and clicks per item and day, as a file (the analytics export). */
async function exportAnalytics(context: Context, range: ChosenRange, options: FileOptions) {
  const query = validate(analyticsExportQuerySchema, {
    startDate: range.startDate,
    endDate: range.endDate,
    format: exportFormat(context, options),
  });
  const connection = await connect(context);
  await saveExport(
    context,
    connection,
    () => connection.api.analytics.export(query),
    { ...options, format: query.format },
    'analytics',
  );
}

async function showAnalytics(context: Context, options: RangeOptions & FileOptions) {
  const range = chosenRange(options, context.env);
  if (wantsFile(options)) return exportAnalytics(context, range, options);
  const analytics = await fetchAnalytics(await connect(context), range);
  const answer = { status: true, startDate: range.startDate, endDate: range.endDate, ...analytics };
  context.result(answer, () => {
    // Piped, stdout is the table alone; the title and totals are footers.
    context.footer(context.paint('bold', `View & Click Analytics: ${rangeLabel(range)}`));
    showItems(analytics.data, context);
    context.footer(
      `Ad Views: ${context.count(analytics.totalViews)}   Ad Clicks: ${context.count(analytics.totalClicks)}`,
    );
    context.footer(
      `Total Banner Clicks: ${context.count(analytics.bannerTotal)}   Total Shortcut Clicks: ${context.count(analytics.sortcutTotal)}`,
    );
  });
}

async function clearAnalytics(context: Context, ids: string[], options: ClearOptions) {
  // Destructive: no range is no default range (today) but a usage error.
  if ([options.range, options.from, options.to].every((given) => given === undefined))
    throw usageError('analytics clear needs a range: --range <preset>, or --from and --to');
  const range = chosenRange(options, context.env);
  const connection = await connect(context);
  const chosen =
    ids.length > 0 ? ids : (await fetchAnalytics(connection, range)).data.map((item) => item._id);
  if (chosen.length === 0) {
    // Nothing to clear is not a failure for a cron job: the spec's message, exit 0.
    context.result(
      {
        status: true,
        message: adMessages.adsNotAvailable,
        cleared: 0,
        ids: [],
        startDate: range.startDate,
        endDate: range.endDate,
      },
      () => context.say(adMessages.adsNotAvailable),
    );
    return;
  }
  const calls = idBatches(chosen, adCountsClearSchema);
  const count = calls.flat().length;
  await confirmDestructive(
    context,
    options.yes,
    `Clear the counts of ${count} ad(s) for ${rangeLabel(range)}`,
    wrongAnswerMessages.captchaNotCorrect,
  );
  let message = '';
  for (const batch of calls)
    message = connection.check(
      await connection.api.analytics.clearAllCounts({
        id: batch,
        startDate: range.startDate,
        endDate: range.endDate,
      }),
    ).message;
  context.result(
    {
      status: true,
      message,
      cleared: count,
      ids: calls.flat(),
      startDate: range.startDate,
      endDate: range.endDate,
    },
    () => context.say(`${context.paint('green', '✔')} ${message}`),
  );
}

const analytics: Declare = (command, run) => {
  fileOptions(
    rangeOptions(command.command('show').description('clicks per ad and totals over a range')),
    "the range's views and clicks per ad, banner, shortcut and day",
  ).action(run(showAnalytics));
  rangeOptions(
    command
      .command('clear')
      .description(
        "clear the range's counts of every ad, or of the given ids (a range is required)",
      )
      .argument('[ids...]'),
  )
    .option(...yesFlag)
    .action(run(clearAnalytics));
};

export const commands = { analytics };
