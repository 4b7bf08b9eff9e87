// Deleting any number of items by id (`products delete`, `notify delete`): ids from arguments and
// standard input (`-`), checked before anything is sent, in calls of maxIdsPerCall; a call is
// all-or-nothing on the server, so a call naming an unknown id (404) is halved until the ids
// already gone are found: they are named ("Not found: <id>"), the others deleted.
import type { ClientResult } from '@dealdesk/core';
import type { Command, OptionValues } from '@commander-js/extra-typings';
import { yesFlag } from './command.js';
import { confirmDestructive } from './confirm.js';
import { connect, type Connection } from './connection.js';
import type { Context } from './context.js';
import { exitCodes } from './exit.js';
import { idBatches } from './ids.js';
import { interruptedLine, interruptible } from './interrupt.js';
import { idsWithStdin } from './lines.js';
import { progressOf } from './terminal/progress.js';

export interface DeleteOptions {
  yes?: boolean;
  ignoreMissing?: boolean;
}

/** What is deleted: its name (`product`), the web's wrong-answer message, and the call. */
export interface Deletable {
  noun: string;
  wrongAnswerMessage: string;
  remove(connection: Connection, batch: string[]): Promise<ClientResult<object>>;
}

/** `<ids...>`, `--yes` and `--ignore-missing` on a delete command. */
export const deleteArguments = <
  Args extends unknown[],
  Opts extends OptionValues,
  Globals extends OptionValues,
>(
  command: Command<Args, Opts, Globals>,
  noun: string,
) =>
  command
    .argument('<ids...>', `${noun} ids (- reads ids from standard input, one a line)`)
    .option(...yesFlag)
    .option('--ignore-missing', 'ids not found are named on stderr but do not fail the run');

export async function deleteByIds(
  context: Context,
  ids: string[],
  options: DeleteOptions,
  deletable: Deletable,
) {
  const { noun } = deletable;
  const calls = idBatches(await idsWithStdin(ids, context.streams.stdin));
  const connection = await connect(context);
  const count = calls.flat().length;
  await confirmDestructive(
    context,
    options.yes,
    `Delete ${count} ${noun}(s)`,
    deletable.wrongAnswerMessage,
  );
  const deleted: string[] = [];
  const missing: string[] = [];
  /** Deletes `batch`; on a 404, each half on its own, down to the single ids not found. */
  const remove = async (batch: string[]): Promise<void> => {
    const answer = await deletable.remove(connection, batch);
    if (answer.status) {
      deleted.push(...batch);
      return;
    }
    if (answer.httpStatus !== 404) connection.check(answer);
    if (batch.length === 1) {
      missing.push(...batch);
      return;
    }
    const half = Math.ceil(batch.length / 2);
    await remove(batch.slice(0, half));
    await remove(batch.slice(half));
  };
  // Ctrl-C lets the call under way finish, then reports the items deleted (exit 130).
  const interruption = interruptible(context.note);
  const progress = progressOf(context, count, calls.length > 1);
  try {
    for (const batch of calls) {
      if (interruption.interrupted) break;
      await remove(batch);
      progress.add(batch.length);
    }
  } finally {
    progress.done();
    interruption.end();
  }
  const notSent = count - deleted.length - missing.length;
  const interrupted = interruption.interrupted && notSent > 0;
  const failed = missing.length > 0 && options.ignoreMissing !== true;
  context.result(
    {
      status: !interrupted && !failed,
      deleted: deleted.length,
      ids: deleted,
      missing,
      ...(interrupted ? { interrupted: true, notSent } : {}),
    },
    () => {
      if (interrupted)
        context.say(interruptedLine(deleted.length, count, `${noun}s deleted`, deleted, notSent));
      else context.say(`${context.paint('green', '✔')} Deleted ${deleted.length} ${noun}(s)`);
    },
  );
  if (missing.length > 0) context.note(`Not found: ${missing.join(', ')}`);
  if (interrupted) context.exitWith(exitCodes.interrupted);
  else if (failed) context.exitWith(exitCodes.failed);
}
