// controller history / show / rollback: the numbered versions every controller change makes
// (who, when, what changed), and restoring one as a new version.
import {
  controllerVersionParamsSchema,
  wrongAnswerMessages,
  type ControllerDifference,
} from '@dealdesk/core';
import { wholeNumber, yesFlag, type Declare } from '../command.js';
import { confirmDestructive } from '../confirm.js';
import { connect } from '../connection.js';
import type { Context } from '../context.js';
import { renderTable } from '../terminal/table.js';
import { formatDisplayTime } from '../terminal/time.js';
import { validate } from '../validate.js';

/** "banner: true → false", one a difference. */
const describe = (differences: readonly ControllerDifference[]) =>
  differences.map(({ field, from, to }) => `${field}: ${String(from)} → ${String(to)}`);

/** Who made a version; the first one is the state found when versions began to be kept. */
const madeBy = (by: string) => (by === '' ? '(before versions were kept)' : by);

async function history(context: Context, options: { page: number; limit: number }) {
  const { api, check } = await connect(context);
  const answer = check(await api.controller.versions(options));
  const versions = answer.data ?? [];
  context.result({ status: true, data: versions, totalRecord: answer.totalRecord ?? 0 }, () => {
    context.say(
      renderTable(
        ['version', 'when', 'by', 'changes'],
        versions.map((version) => [
          version.version,
          formatDisplayTime(version.created_at),
          madeBy(version.by),
          [
            ...(version.rollbackOf === null ? [] : [`rollback to ${version.rollbackOf}`]),
            ...describe(version.changes),
          ].join('; '),
        ]),
        context,
      ),
    );
    context.footer(`${versions.length} of ${answer.totalRecord ?? 0} version(s)`);
  });
}

async function show(context: Context, version: string) {
  const params = validate(controllerVersionParamsSchema, { version });
  const { api, check } = await connect(context);
  const detail = check(await api.controller.version(params)).data;
  if (detail === undefined) return;
  context.result({ status: true, data: detail }, () => {
    context.footer(
      `Version ${detail.version}, ${formatDisplayTime(detail.created_at)}, by ${madeBy(detail.by)}`,
    );
    context.say(
      renderTable(
        ['setting', 'value'],
        Object.entries(detail.state).map(([field, value]) => [field, String(value)]),
        context,
      ),
    );
    context.footer(
      detail.sinceThen.length === 0
        ? 'The settings are as this version has them.'
        : `Changed since: ${describe(detail.sinceThen).join('; ')}`,
    );
  });
}

async function rollback(context: Context, version: string, options: { yes?: boolean }) {
  const params = validate(controllerVersionParamsSchema, { version });
  const { api, check } = await connect(context);
  // What the rollback would change, shown before the question.
  const detail = check(await api.controller.version(params)).data;
  const changes = detail?.sinceThen ?? [];
  if (context.interactive && changes.length > 0)
    context.note(
      `Rolling back to version ${params.version} changes: ${describe(changes.map(({ field, from, to }) => ({ field, from: to, to: from }))).join('; ')}`,
    );
  await confirmDestructive(
    context,
    options.yes,
    `Roll the controller back to version ${params.version}`,
    wrongAnswerMessages.captchaNotCorrect,
  );
  const answer = check(await api.controller.rollback(params));
  context.result(
    { status: true, version: answer.version, rollbackOf: params.version, data: answer.data },
    () =>
      context.say(
        `${context.paint('green', '✔')} Rolled back to version ${params.version}: now version ${answer.version ?? '?'}`,
      ),
  );
}

const controller: Declare = (command, run) => {
  command
    .command('history')
    .description('the numbered versions of the controller, newest first (300 are kept)')
    .option('--page <n>', 'page', wholeNumber(1), 1)
    .option('--limit <n>', 'versions a page', wholeNumber(1, 100), 20)
    .action(run(history));
  command
    .command('show')
    .description("one version's settings, and what changed since")
    .argument('<version>')
    .action(run(show));
  command
    .command('rollback')
    .description("restore a version's settings (itself a new version)")
    .argument('<version>')
    .option(...yesFlag)
    .action(run(rollback));
};

export const commands = { controller };
