// The command tree. Only commander is loaded at start: the module of the command being run
// (and with it the core, prompts and tables) is imported when it runs, so `--help` is fast.
import { Command, CommanderError, InvalidArgumentError } from '@commander-js/extra-typings';
import type { Declare, Run } from './command.js';
import { createContext, processStreams, type Context, type Streams } from './context.js';
import { examples, examplesHelp } from './examples.js';
import { CliError, exitCodes } from './exit.js';
import { defaultTimeoutSeconds, parseTimeout } from './timeout.js';
import { cliVersion } from './version.js';

const errorHelp = `
Exit codes: 0 ok, 1 failed, 2 usage or invalid input, 3 authentication (run \`dealdesk login\`),
4 unknown outcome (a write was sent and its answer did not arrive: it may have been applied).
5 above the threshold (load --fail-above).
Settings: DEALDESK_URL, DEALDESK_TOKEN, DEALDESK_API_KEY, DEALDESK_SECRET and DEALDESK_PROFILE
override the config file ($XDG_CONFIG_HOME/dealdesk/config.json); DEALDESK_TIMEOUT is the
seconds each call may take (default ${defaultTimeoutSeconds}, --timeout overrides it).`;

function timeoutOption(value: string): number {
  const seconds = parseTimeout(value);
  if (typeof seconds === 'string') throw new InvalidArgumentError(seconds);
  return seconds;
}

/** `--json` anywhere before `--`: even a command line commander refuses then answers JSON. */
function wantsJson(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--json') return true;
  }
  return false;
}

/** The JSON of a failure: the same on stdout for usage, call and authentication errors. */
const failureJson = (message: string) => `${JSON.stringify({ status: false, message })}\n`;

/** Commander's message without its `error: ` prefix; a bare group asks for its command. */
function parserMessage(error: CommanderError): string {
  if (error.code === 'commander.help') return 'A command is missing (add --help for usage)';
  return error.message.replace(/^error:\s*/, '').replace(/\s*\n\s*/g, ' ');
}

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
  if (context.json) context.streams.stdout.write(failureJson(failure.message));
  else context.note(context.paintErr('red', `✖ ${failure.message}`));
  return failure.exitCode;
}

/** How one run of the CLI meets the world: streams, environment, and its exit code. */
export interface CliIo {
  streams: Streams;
  env: NodeJS.ProcessEnv;
  exitCode: number;
  /** Parse the command line (options, choices, arguments) and run nothing: help examples' test. */
  parseOnly?: boolean;
}

/** A command module: the top-level commands it declares, by name. */
type CommandModule = () => Promise<{ commands: Partial<Record<string, Declare>> }>;
const session: CommandModule = () => import('./commands/session.js');

/**
 * The top-level commands: name, description and the module that declares the rest. `--help`
 * lists this table; only the module of the command being run (or asked about) is imported, so
 * the core, prompts and tables load only when needed.
 */
const contents: readonly [name: string, description: string, module: CommandModule][] = [
  ['login', 'sign in with admin ID, password and the mailed one-time code', session],
  ['logout', 'end the session on the server and forget it', session],
  ['whoami', 'who the saved session or token belongs to, and which server', session],
  [
    'config',
    'server URL, API key, secret and named profiles',
    () => import('./commands/config.js'),
  ],
  ['token', 'long-lived API tokens for cron jobs', () => import('./commands/tokens.js')],
  [
    'admins',
    'administrators: roles, invitations, disable and enable',
    () => import('./commands/admins.js'),
  ],
  ['products', 'the product catalogue', () => import('./commands/products.js')],
  ['events', 'campaign events of products', () => import('./commands/events.js')],
  ['notify', 'push notifications (cron friendly)', () => import('./commands/notify.js')],
  [
    'controller',
    'versions of the controller settings, and rollback',
    () => import('./commands/controller.js'),
  ],
  ['analytics', 'view and click analytics', () => import('./commands/analytics.js')],
  [
    'audit',
    'the audit log: who changed what, when and from where',
    () => import('./commands/audit.js'),
  ],
  [
    'load',
    'server CPU, RAM and storage use, with green/yellow/red bands',
    () => import('./commands/load.js'),
  ],
  [
    'completion',
    'a completion script for bash, zsh or fish',
    () => import('./commands/completion.js'),
  ],
];

/** Other names a command answers to: `tokens`, as issue 39 and the API's path spell it. */
const aliasesOf: Partial<Record<string, readonly string[]>> = { token: ['tokens'] };

/** Adds the "Examples:" block (examples.ts) to every command under `command` that has one. */
function addExamples(command: Command, path: string[]): void {
  const lines = examples[path.join(' ')];
  if (lines !== undefined) command.addHelpText('after', examplesHelp(lines));
  for (const sub of command.commands as Command[]) addExamples(sub, [...path, sub.name()]);
}

/**
 * `help <command> <subcommand>...` as `<command> <subcommand>... --help`: commander's own help
 * command looks one level down only.
 */
function helpAsFlag(argv: string[]): string[] {
  const args = argv.slice(2);
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    if (arg === '--profile' || arg === '--timeout') index += 1;
    else if (arg === '--' || (arg !== undefined && !arg.startsWith('-') && arg !== 'help'))
      return argv;
    else if (arg === 'help') {
      const rest = args.slice(index + 1);
      if (!rest.some((word) => !word.startsWith('-'))) return argv;
      return [...argv.slice(0, 2), ...args.slice(0, index), ...rest, '--help'];
    }
  }
  return argv;
}

/**
 * For help asked about a command that does not exist (`dealdesk help nosuch`, `dealdesk products
 * nosuch --help`): the unknown name; commander would show its parent's help and exit 0.
 */
function unknownHelpTopic(program: Command, args: string[]): string | undefined {
  const end = args.indexOf('--');
  const words = end === -1 ? args : args.slice(0, end);
  if (!words.includes('--help') && !words.includes('-h')) return undefined;
  let command = program;
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] ?? '';
    if (word === '--profile' || word === '--timeout') index += 1;
    if (word.startsWith('-') || word === 'help') continue;
    // A command without subcommands takes the words that follow as its arguments.
    if (command.commands.length === 0) return undefined;
    const sub = command.commands.find(
      (each) => each.name() === word || each.aliases().includes(word),
    );
    if (sub === undefined) return word;
    command = sub as Command;
  }
  return undefined;
}

/** The top-level command a command line names (`dealdesk --json help products list` names products). */
function commandNamed(args: string[]): string | undefined {
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    // The global options that take a value: their value is no command.
    if (arg === '--profile' || arg === '--timeout') index += 1;
    else if (arg === '--') return args[index + 1];
    else if (arg !== undefined && !arg.startsWith('-') && arg !== 'help') return arg;
  }
  return undefined;
}

async function createCli(io: CliIo, argv: string[]): Promise<Command> {
  const json = wantsJson(argv.slice(2));
  const program = new Command('dealdesk')
    .description('The Dealdesk back-office from a terminal and from cron.')
    .version(cliVersion)
    .option('--json', 'machine-readable output: one JSON document on stdout, no prompts')
    .option('--profile <name>', 'named profile of the config file (default: the current one)')
    .option('--no-color', 'no colours even on a terminal')
    .option(
      '--timeout <seconds>',
      `seconds each call to the server may take, connecting and answering (default: $DEALDESK_TIMEOUT or ${defaultTimeoutSeconds})`,
      timeoutOption,
    )
    .configureOutput({
      writeOut: (text) => io.streams.stdout.write(text),
      writeErr: (text) => io.streams.stderr.write(text),
      // With --json the parser's errors are answered as JSON on stdout (see run) instead.
      outputError: (text, write) => {
        if (!json) write(text);
      },
    })
    .showHelpAfterError(json ? false : '(add --help for usage)')
    .addHelpText('after', errorHelp)
    .exitOverride();

  const run: Run =
    (handler) =>
    async (...args) => {
      if (io.parseOnly === true) return;
      const context = createContext(program.opts(), io.env, io.streams, (code) => {
        io.exitCode = code;
      });
      try {
        await handler(context, ...args);
      } catch (error) {
        io.exitCode = report(error, context);
      }
    };

  const named = commandNamed(argv.slice(2));
  // A completion script covers the whole tree: then every module is declared.
  const everything = named === 'completion';
  for (const [name, description, module] of contents) {
    const aliases = aliasesOf[name] ?? [];
    const command = program
      .command(name)
      .aliases([...aliases])
      .description(description);
    if (name !== named && !aliases.includes(named ?? '') && !everything) continue;
    const declare = (await module()).commands[name];
    if (declare === undefined) throw new Error(`${name} is not declared by its module`);
    declare(command, run);
    addExamples(command, [name]);
  }
  return program;
}

/**
 * Parses and runs; answers the exit code (usage errors are 2, not commander's 1). Tests pass
 * their own streams and environment and run commands in process.
 */
export async function run(
  argv: string[],
  {
    streams = processStreams(),
    env = process.env,
    parseOnly = false,
  }: Partial<Omit<CliIo, 'exitCode'>> = {},
): Promise<number> {
  const io: CliIo = { streams, env, exitCode: exitCodes.ok, parseOnly };
  argv = helpAsFlag(argv);
  try {
    const program = await createCli(io, argv);
    const unknown = unknownHelpTopic(program, argv.slice(2));
    if (unknown !== undefined) {
      const message = `unknown command '${unknown}'`;
      if (wantsJson(argv.slice(2))) streams.stdout.write(failureJson(message));
      else streams.stderr.write(`error: ${message}\n(add --help for usage)\n`);
      return exitCodes.usage;
    }
    await program.parseAsync(argv);
    return io.exitCode;
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    if (error.exitCode === 0) return exitCodes.ok;
    if (wantsJson(argv.slice(2))) streams.stdout.write(failureJson(parserMessage(error)));
    return exitCodes.usage;
  }
}
