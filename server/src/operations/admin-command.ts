// `npm run admin -- reset-password | reset-authenticator <admin id>` on the server machine: the
// way back in when the only administrator is locked out, has lost their password and mailbox,
// or their authenticator app and its recovery codes. It opens the configured database itself
// (no running server, no network beyond the database, no mail) and writes an audit entry.
// reset-password sets a generated password printed once (or one typed at a hidden prompt, or
// read from stdin), ends the admin's sessions and enables them again if disabled;
// reset-authenticator turns their authenticator app off, so that sign-in mails a code again.
import { newPasswordSchema } from '@dealdesk/core';
import { createInterface } from 'node:readline';
import { migrateToLatest, openStorage } from '../adapters/storage/database.js';
import type { ServerConfig } from '../config.js';
import { generatePassword } from '../modules/auth/credentials.js';
import {
  resetAuthenticatorFromConsole,
  resetPasswordFromConsole,
  UnknownAdminError,
} from '../modules/auth/service.js';

export class AdminCommandError extends Error {}

const adminUsage = [
  'Usage: npm run admin -- reset-password <admin id> [--ask | --stdin]',
  '  (no option)  set a generated password, printed once',
  '  --ask        type the new password at a hidden prompt',
  '  --stdin      read the new password from the first line of standard input',
  '       npm run admin -- reset-authenticator <admin id>',
  '  turn off the authenticator app (lost phone and recovery codes): sign-in mails a code again',
].join('\n');

/** Standard input, or what a test types instead (the command runs in its process there). */
type ConsoleInput = NodeJS.ReadableStream & { isTTY?: boolean };

/** The first line of standard input (a password piped in: `printf %s "$PW" | npm run ...`). */
async function firstLine(input: ConsoleInput): Promise<string> {
  const lines = createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/**
 * Asks at the terminal with nothing shown as it is typed, with the prompt library the CLI's
 * sign-in uses; drawn on stderr, so the command's output stays only what it did.
 */
async function hiddenPrompt(input: ConsoleInput, message: string): Promise<string> {
  if (input.isTTY !== true)
    throw new AdminCommandError('--ask needs a terminal: use --stdin instead');
  // Loaded here: only --ask needs the prompt library.
  const { password: passwordPrompt } = await import('@inquirer/prompts');
  try {
    return await passwordPrompt({ message }, { input, output: process.stderr });
  } catch (error) {
    // Ctrl-C at the prompt.
    if (error instanceof Error && error.name === 'ExitPromptError')
      throw new AdminCommandError('cancelled');
    throw error;
  }
}

async function chosenPassword(
  input: ConsoleInput,
  option: string | undefined,
): Promise<string | null> {
  if (option === undefined) return null;
  const password =
    option === '--stdin'
      ? await firstLine(input)
      : option === '--ask'
        ? await hiddenPrompt(input, 'New password')
        : null;
  if (password === null) throw new AdminCommandError(`Unknown option ${option}\n${adminUsage}`);
  if (option === '--ask' && (await hiddenPrompt(input, 'Again')) !== password)
    throw new AdminCommandError('The passwords do not match: nothing changed');
  const checked = newPasswordSchema.safeParse({ password });
  if (!checked.success)
    throw new AdminCommandError(`${checked.error.issues[0]?.message ?? 'Invalid password'}`);
  return password;
}

type ConsoleContext = Parameters<typeof resetPasswordFromConsole>[0];

async function resetPassword(context: ConsoleContext, loginId: string, typed: string | null) {
  const password = typed ?? generatePassword();
  const reset = await resetPasswordFromConsole(context, loginId, password);
  return [
    `[dealdesk] new password set for "${loginId}"; written to the audit log (client: console).`,
    ...(typed === null ? [`  password: ${password}   (shown once: note it now)`] : []),
    `  sessions ended: ${reset.endedSessions} (every device signs in again)`,
    ...(reset.reEnabled ? ['  the administrator was disabled and is active again'] : []),
    `  API tokens kept: ${reset.apiTokens} (revoke them under Profile > Security if need be)`,
    '  no email was sent: sign in, then review Profile > Security.',
  ];
}

async function resetAuthenticator(context: ConsoleContext, loginId: string) {
  const reset = await resetAuthenticatorFromConsole(context, loginId);
  if (!reset.wasOn)
    return [`[dealdesk] "${loginId}" has no authenticator app turned on: nothing changed.`];
  return [
    `[dealdesk] authenticator app turned off for "${loginId}"; written to the audit log (client: console).`,
    `  recovery codes removed: ${reset.recoveryCodes}`,
    `  sign-in now mails its code to ${reset.email}; sessions and password are unchanged`,
    '  no email was sent: sign in, then turn the app on again under Profile > Security.',
  ];
}

/** Runs `admin <subcommand> ...`; answers what to print. */
export async function adminCommand(
  config: ServerConfig,
  args: string[],
  input: ConsoleInput = process.stdin,
): Promise<string> {
  const [subcommand, loginId, option, ...rest] = args;
  const known = subcommand === 'reset-password' || subcommand === 'reset-authenticator';
  if (!known || loginId === undefined || loginId.startsWith('--') || rest.length > 0)
    throw new AdminCommandError(adminUsage);
  if (subcommand === 'reset-authenticator' && option !== undefined)
    throw new AdminCommandError(`Unknown option ${option}\n${adminUsage}`);
  // The password is asked for before the database is opened (a typo costs no connection).
  const typed = subcommand === 'reset-password' ? await chosenPassword(input, option) : null;
  const storage = openStorage(config, () => undefined);
  try {
    await migrateToLatest(storage.db);
    const context = { db: storage.db, clock: () => new Date(), config };
    const lines =
      subcommand === 'reset-password'
        ? await resetPassword(context, loginId, typed)
        : await resetAuthenticator(context, loginId);
    return [...lines, ''].join('\n');
  } catch (error) {
    if (error instanceof UnknownAdminError)
      throw new AdminCommandError(
        `${error.message}. Administrators: ${error.known.join(', ') || '(none)'}`,
      );
    throw error;
  } finally {
    await storage.close();
  }
}
