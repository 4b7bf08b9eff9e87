// events set: the event screen's bulk assignment for any number of products. Products are
// chosen by id or found with the list call's search and filters, then updated in calls of at
// most maxIdsPerCall ids; --dry-run prints the changes instead of making them.
import {
  endpoints,
  eventScreenLabel,
  maxPageSize,
  productEventUpdateSchema,
  productMessages,
  type ProductEvent,
} from '@dealdesk/core';
import { mapConcurrent } from '../concurrency.js';
import { connect, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { exitCodes, usageError } from '../exit.js';
import { idBatches } from '../ids.js';
import { idsWithStdin } from '../lines.js';
import { interruptedLine, interruptible } from '../interrupt.js';
import type { Declare } from '../command.js';
import { progressOf } from '../terminal/progress.js';
import { renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

interface EventOptions {
  ids?: string[];
  search?: string;
  category?: string[];
  subcategory?: string[];
  dryRun?: boolean;
}

/** A product the command would touch; `from` is null when its current event is unknown. */
interface EventChange {
  id: string;
  title: string | null;
  from: ProductEvent | null;
}

/** Rows of a dry run shown on a terminal; --json lists them all. */
const dryRunRows = 20;
/** Calls kept open at once when looking products up (list pages, or products by id). */
const lookupConcurrency = 8;

/** Every product the search and filters find, page by page (largest pages the server allows). */
async function foundProducts(
  connection: Connection,
  options: EventOptions,
): Promise<EventChange[]> {
  const page = async (number: number) => {
    const answer = connection.check(
      await connection.api.products.list({
        page: number,
        limit: maxPageSize,
        q: options.search ?? '',
        categories: options.category ?? [],
        subCategories: options.subcategory ?? [],
      }),
    );
    const products = (answer.data ?? []).map((product) => ({
      id: product._id,
      title: product.title,
      from: product.events,
    }));
    return { products, total: answer.totalRecord ?? products.length };
  };
  // The first page tells how many there are; the others are fetched a few at a time.
  const first = await page(1);
  const pages = Math.ceil(first.total / maxPageSize);
  const rest = Array.from({ length: Math.max(0, pages - 1) }, (_, index) => index + 2);
  const others = await mapConcurrent(rest, lookupConcurrency, page);
  return [first, ...others].flatMap(({ products }) => products);
}

/** For a dry run by id: each product's title and current event (null when it is not found). */
async function lookedUp(connection: Connection, ids: string[]): Promise<EventChange[]> {
  return mapConcurrent(ids, lookupConcurrency, async (id) => {
    const answer = await connection.api.products.get({ id });
    if (answer.status && answer.data !== undefined)
      return { id, title: answer.data.title, from: answer.data.events };
    if (answer.httpStatus !== 404) connection.check(answer);
    return { id, title: null, from: null };
  });
}

function showDryRun(
  changes: EventChange[],
  event: ProductEvent,
  unchanged: number,
  context: Context,
) {
  const label = (value: ProductEvent | null) => (value === null ? '?' : eventScreenLabel(value));
  context.say(
    renderTable(
      ['id', 'title', 'event now', 'would be'],
      changes
        .slice(0, dryRunRows)
        .map((change) => [
          change.id,
          change.title ?? context.paint('red', 'not found'),
          label(change.from),
          context.paint('green', eventScreenLabel(event)),
        ]),
      context,
    ),
  );
  if (changes.length > dryRunRows) context.footer(`… and ${changes.length - dryRunRows} more`);
  context.footer(
    `Dry run: ${changes.length} product(s) would be set to ${eventScreenLabel(event)}${unchanged > 0 ? `, ${unchanged} already are` : ''}. Nothing was changed.`,
  );
}

async function setEvents(context: Context, eventArg: string, options: EventOptions) {
  const byIds = options.ids !== undefined;
  const byFilters =
    options.search !== undefined ||
    options.category !== undefined ||
    options.subcategory !== undefined;
  if (byIds && byFilters)
    throw usageError('Give --ids or --search/--category/--subcategory, not both');
  if (!byIds && !byFilters)
    throw usageError(
      `${productMessages.selectProducts}: give --ids, or --search / --category / --subcategory`,
    );
  // The event (either spelling of New Launch) is checked before anything is fetched.
  const event = validate(productEventUpdateSchema.shape.event, eventArg);

  const connection = await connect(context);
  let candidates: EventChange[];
  if (byIds) {
    const ids = idBatches(
      // `--ids -` reads the ids from standard input, one a line.
      await idsWithStdin(options.ids ?? [], context.streams.stdin),
      productEventUpdateSchema.pick({ id: true }),
    ).flat();
    candidates =
      options.dryRun === true
        ? await lookedUp(connection, ids)
        : ids.map((id) => ({ id, title: null, from: null }));
  } else candidates = await foundProducts(connection, options);
  const changes = candidates.filter((candidate) => candidate.from !== event);
  const unchanged = candidates.length - changes.length;

  if (options.dryRun === true) {
    const ids = changes.map((change) => change.id);
    // The shape of a real run's answer, with the changes it would make.
    const answer = { status: true, dryRun: true, event, changed: changes.length, unchanged };
    context.result({ ...answer, calls: 0, ids, changes }, () =>
      showDryRun(changes, event, unchanged, context),
    );
    return;
  }
  // Calls of maxIdsPerCall ids: short transactions never hold up the app's tracking writes.
  const calls = changes.length === 0 ? [] : idBatches(changes.map((change) => change.id));
  const progress = progressOf(context, calls.length, calls.length > 1);
  // Ctrl-C lets the call under way finish, then reports the products set (exit 130).
  const interruption = interruptible(context.note);
  const done: string[] = [];
  try {
    for (const batch of calls) {
      if (interruption.interrupted) break;
      connection.check(await connection.api.products.updateEvents({ id: batch, event }));
      done.push(...batch);
      progress.tick();
    }
  } finally {
    progress.done();
    interruption.end();
  }
  const interrupted = interruption.interrupted && done.length < changes.length;
  context.result(
    {
      status: !interrupted,
      dryRun: false,
      event,
      changed: done.length,
      unchanged,
      calls: calls.length,
      ids: done,
      ...(interrupted ? { interrupted: true, notSent: changes.length - done.length } : {}),
    },
    () =>
      context.say(
        interrupted
          ? interruptedLine(
              done.length,
              changes.length,
              `products set to ${eventScreenLabel(event)}`,
              done,
            )
          : `${context.paint('green', '✔')} ${endpoints.products.updateEvents.message}: ${changes.length} product(s) set to ${eventScreenLabel(event)}${unchanged > 0 ? `, ${unchanged} already were` : ''}`,
      ),
  );
  if (interrupted) context.exitWith(exitCodes.interrupted);
}

const events: Declare = (command, run) =>
  command
    .command('set')
    .description('set one event on the chosen products, in batches')
    .argument('<event>', 'Best Deals, Trending, New Launch (Now Launch) or None')
    .option('--ids <id...>', 'these products (- reads ids from standard input)')
    .option('-s, --search <q>', 'every product the search finds')
    .option('--category <id...>', 'every product of these categories')
    .option('--subcategory <id...>', 'every product of these subcategories')
    .option('--dry-run', 'only print what would change')
    .action(run(setEvents));

export const commands = { events };
