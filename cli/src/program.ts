// The command tree. Only commander is loaded at start: each command's module (and with it the
// core, undici, prompts and tables) is imported when that command runs, so `--help` is fast.
// Only core's constants: they import nothing (the rest of core loads zod).
import {
  datePresetNames,
  maxPageSize,
  productPageSize,
  scrapeConcurrency,
} from '@dealdesk/core/constants';
import { Argument, Command, CommanderError, InvalidArgumentError, Option } from 'commander';
import {
  createContext,
  processStreams,
  type Context,
  type GlobalOptions,
  type Streams,
} from './context.js';
import { CliError, exitCodes } from './exit.js';

/** What a command module exports for commander: positional arguments, its options, the context. */
export type Handler<Options> = (
  args: string[],
  options: Options,
  context: Context,
) => Promise<void>;

const errorHelp = `
Exit codes: 0 ok, 1 failed, 2 usage or invalid input, 3 authentication (run \`dealdesk login\`).
Settings: DEALDESK_URL, DEALDESK_TOKEN, DEALDESK_API_KEY, DEALDESK_SECRET and DEALDESK_PROFILE
override the config file ($XDG_CONFIG_HOME/dealdesk/config.json).`;

/** Reports a failure in the form the caller asked for and sets the exit code. */
function report(
  error: unknown,
  context: Pick<Context, 'json' | 'note' | 'paintErr' | 'streams'>,
): number {
  const interrupted = error instanceof Error && error.name === 'ExitPromptError';
  const failure =
    error instanceof CliError
      ? error
      : interrupted
        ? new CliError('Cancelled', exitCodes.interrupted)
        : new CliError(
            `Unexpected error: ${error instanceof Error ? error.message : String(error)}`,
          );
  if (context.json)
    context.streams.stdout.write(
      `${JSON.stringify({ status: false, message: failure.message })}\n`,
    );
  else context.note(context.paintErr('red', `✖ ${failure.message}`));
  return failure.exitCode;
}

/** How one run of the CLI meets the world: streams, environment, and its exit code. */
export interface CliIo {
  streams: Streams;
  env: NodeJS.ProcessEnv;
  exitCode: number;
}

/** A command's action: its module is imported when it runs, with a context over `io`. */
const lazyIn =
  (io: CliIo) =>
  <Options>(load: () => Promise<Handler<Options>>) =>
  async (...parts: unknown[]) => {
    const command = parts.at(-1) as Command;
    const args = parts
      .slice(0, -2)
      .flat()
      .filter((arg): arg is string => typeof arg === 'string');
    const context = createContext(
      command.optsWithGlobals<GlobalOptions>(),
      io.env,
      io.streams,
      (code) => {
        io.exitCode = code;
      },
    );
    try {
      const handler = await load();
      await handler(args, command.opts<Options & Record<string, unknown>>(), context);
    } catch (error) {
      io.exitCode = report(error, context);
    }
  };

function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER) {
  return (value: string) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`);
    return number;
  };
}

function percent(value: string) {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < 0 || number > 100)
    throw new InvalidArgumentError('expected a percentage from 0 to 100');
  return number;
}

const rangeOptions = (command: Command) =>
  command
    .addOption(new Option('--range <preset>', 'quick range').choices(datePresetNames))
    .option('--from <yyyy-mm-dd>', 'first day of a custom range (with --to)')
    .option('--to <yyyy-mm-dd>', 'last day of a custom range (with --from)')
    .option('--tz <zone>', 'business time zone of the days (default $DEALDESK_TZ or Asia/Kolkata)');

const settingKey = () =>
  new Argument('<key>', 'setting').choices(['url', 'api-key', 'secret', 'token']);

const yesOption = (command: Command) =>
  command.option('-y, --yes', 'do it without asking (required when not at a terminal)');

function createCli(io: CliIo): Command {
  const lazy = lazyIn(io);
  const program = new Command('dealdesk')
    .description('The Dealdesk back-office from a terminal and from cron.')
    .version('0.1.0')
    .option('--json', 'machine-readable output: one JSON document on stdout, no prompts')
    .option('--profile <name>', 'named profile of the config file (default: the current one)')
    .option('--no-color', 'no colours even on a terminal')
    .configureOutput({
      writeOut: (text) => io.streams.stdout.write(text),
      writeErr: (text) => io.streams.stderr.write(text),
    })
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', errorHelp)
    .exitOverride();

  program
    .command('login')
    .description('sign in with admin ID, password and the mailed one-time code')
    .option('--id <adminId>', 'admin ID (default $DEALDESK_ADMIN_ID, or asked)')
    .addHelpText(
      'after',
      '\nAt a terminal everything missing is asked. Scripts pass --id and write the password,\nthen (once it is mailed) the code, one a line, to standard input.',
    )
    .action(lazy(async () => (await import('./commands/session.js')).login));
  program
    .command('logout')
    .description('end the session on the server and forget it')
    .action(lazy(async () => (await import('./commands/session.js')).logout));
  program
    .command('whoami')
    .description('who the saved session or token belongs to, and which server')
    .action(lazy(async () => (await import('./commands/session.js')).whoami));

  const config = program
    .command('config')
    .description('server URL, API key, secret and named profiles');
  config
    .command('set')
    .description('save a setting in the profile')
    .addArgument(settingKey())
    .argument('<value>')
    .action(lazy(async () => (await import('./commands/config.js')).setSetting));
  config
    .command('unset')
    .description('remove a setting from the profile')
    .addArgument(settingKey())
    .action(lazy(async () => (await import('./commands/config.js')).unsetSetting));
  config
    .command('show')
    .description('the settings in effect and where each comes from (secrets masked)')
    .action(lazy(async () => (await import('./commands/config.js')).showSettings));
  config
    .command('use')
    .description('make a profile the current one')
    .argument('<profile>')
    .action(lazy(async () => (await import('./commands/config.js')).useProfile));
  config
    .command('list')
    .description('the profiles in the config file')
    .action(lazy(async () => (await import('./commands/config.js')).listProfiles));

  const token = program.command('token').description('long-lived API tokens for cron jobs');
  token
    .command('create')
    .description('create a token (shown once) from a signed-in session')
    .argument('<name>')
    .option('--days <n>', 'days until it expires (default: never)', wholeNumber(1))
    .action(lazy(async () => (await import('./commands/tokens.js')).createToken));
  token
    .command('list')
    .description('tokens with their last use')
    .action(lazy(async () => (await import('./commands/tokens.js')).listTokens));
  token
    .command('revoke')
    .description('revoke a token at once')
    .argument('<id>')
    .action(lazy(async () => (await import('./commands/tokens.js')).revokeToken));

  const products = program.command('products').description('the product catalogue');
  products
    .command('scrape')
    .description('scrape marketplace pages; with --create add them as products')
    .argument('[urls...]', 'page addresses (or --file, or one a line on standard input)')
    .option('-f, --file <path>', 'read the addresses from a file, one a line (- for stdin)')
    .option(
      '-c, --concurrency <n>',
      'pages scraped at once',
      wholeNumber(1, scrapeConcurrency.max),
      scrapeConcurrency.default,
    )
    .option('--create', 'add every scraped page as a product')
    .option('--category <id>', 'category of the created products')
    .option('--subcategory <id>', 'subcategory of the created products')
    .option('--event <event>', 'event of the created products', 'None')
    .action(lazy(async () => (await import('./commands/scrape.js')).scrape));
  products
    .command('list')
    .description("a page of products, with the server's filters and search")
    .option('--page <n>', 'page from 1', wholeNumber(1), 1)
    .option('--limit <n>', 'products a page', wholeNumber(1, maxPageSize), productPageSize)
    .option('-s, --search <q>', 'search text')
    .option('--category <id...>', 'only these categories')
    .option('--subcategory <id...>', 'only these subcategories')
    .option('--event <event...>', 'only these events')
    .action(lazy(async () => (await import('./commands/products.js')).listProducts));
  products
    .command('show')
    .description('one product in full')
    .argument('<id>')
    .action(lazy(async () => (await import('./commands/products.js')).showProduct));
  yesOption(
    products
      .command('delete')
      .description('delete products (and their images)')
      .argument('<ids...>'),
  ).action(lazy(async () => (await import('./commands/products.js')).deleteProducts));

  program
    .command('events')
    .description('campaign events of products')
    .command('set')
    .description('set one event on the chosen products, in batches')
    .argument('<event>', 'Best Deals, Trending, New Launch (Now Launch) or None')
    .option('--ids <id...>', 'these products (- reads ids from standard input)')
    .option('-s, --search <q>', 'every product the search finds')
    .option('--category <id...>', 'every product of these categories')
    .option('--subcategory <id...>', 'every product of these subcategories')
    .option('--dry-run', 'only print what would change')
    .action(lazy(async () => (await import('./commands/events.js')).setEvents));

  const notify = program.command('notify').description('push notifications (cron friendly)');
  notify
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
    .action(lazy(async () => (await import('./commands/notify.js')).sendNotification));
  notify
    .command('history')
    .description('notifications sent and scheduled')
    .action(lazy(async () => (await import('./commands/notify.js')).notificationHistory));
  notify
    .command('resend')
    .description('send a notification of the history again')
    .argument('<id>')
    .action(lazy(async () => (await import('./commands/notify.js')).resendNotification));
  yesOption(
    notify
      .command('delete')
      .description('delete notifications from the history')
      .argument('<ids...>'),
  ).action(lazy(async () => (await import('./commands/notify.js')).deleteNotifications));

  const analytics = program.command('analytics').description('view and click analytics');
  rangeOptions(
    analytics.command('show').description('clicks per ad and totals over a range'),
  ).action(lazy(async () => (await import('./commands/analytics.js')).showAnalytics));
  yesOption(
    rangeOptions(
      analytics
        .command('clear')
        .description("clear the range's counts of every ad, or of the given ids")
        .argument('[ids...]'),
    ),
  ).action(lazy(async () => (await import('./commands/analytics.js')).clearAnalytics));

  program
    .command('load')
    .description('server CPU, RAM and storage use, with green/yellow/red bands')
    .option('-w, --watch', 'refresh every 2 s until interrupted')
    .option('--fail-above <percent>', 'exit 1 when any value is above this', percent)
    .action(lazy(async () => (await import('./commands/load.js')).showLoad));

  return program;
}

/**
 * Parses and runs; answers the exit code (usage errors are 2, not commander's 1). Tests pass
 * their own streams and environment and run commands in process.
 */
export async function run(
  argv: string[],
  { streams = processStreams(), env = process.env }: Partial<Omit<CliIo, 'exitCode'>> = {},
): Promise<number> {
  const io: CliIo = { streams, env, exitCode: exitCodes.ok };
  try {
    await createCli(io).parseAsync(argv);
    return io.exitCode;
  } catch (error) {
    if (error instanceof CommanderError)
      return error.exitCode === 0 ? exitCodes.ok : exitCodes.usage;
    throw error;
  }
}
