import { createInterface } from 'node:readline';
import { input, password } from '@inquirer/prompts';
import {
  loginSchema,
  otpSchema,
  signInCodeSchema,
  type ClientResult,
  type SecondFactor,
} from '@dealdesk/core';
import { connect, failureOf, unauthorised, type Connection } from '../connection.js';
import type { Context } from '../context.js';
import { CliError, exitCodes, usageError } from '../exit.js';
import type { Declare } from '../command.js';
import { environmentNames } from '../settings/resolve.js';
import { updateProfile } from '../settings/store.js';
import { validate } from '../validate.js';

/** The sign-in answers: asked at a terminal, read line by line from stdin for scripts. */
interface Answers {
  password(): Promise<string>;
  /**
   * Asked only after step 1 answered (the code mailed, or the authenticator app's wanted), so a
   * script can read the mail first.
   */
  code(secondFactor: SecondFactor): Promise<string>;
  close(): void;
}

/** The mailed code is 6 digits; with the authenticator app, a recovery code will do too. */
const codeSchemaFor = (secondFactor: SecondFactor) =>
  secondFactor === 'totp' ? signInCodeSchema : otpSchema;

const codeCheck = (secondFactor: SecondFactor) => (value: string) => {
  const parsed = codeSchemaFor(secondFactor).safeParse({ otp: value });
  return parsed.success || (parsed.error.issues[0]?.message ?? false);
};

/**
 * Prompts on the terminal: read from stdin, drawn on stderr, so `dealdesk login | tee log` still
 * asks with the password hidden and nothing typed lands in the piped output.
 */
export function promptStreams(streams: Context['streams']) {
  return { input: streams.stdin as NodeJS.ReadStream, output: streams.stderr };
}

/** Asked at a terminal when the keyboard is there (stdin is a TTY), whatever stdout is. */
export const canPrompt = (context: Context) =>
  !context.json && context.streams.stdin.isTTY === true;

function terminalAnswers(context: Context): Answers {
  const streams = promptStreams(context.streams);
  return {
    password: () => password({ message: 'Password', mask: '*' }, streams),
    code: (secondFactor) =>
      input(
        {
          message:
            secondFactor === 'totp'
              ? 'Code from your authenticator app (or a recovery code)'
              : 'Code from the email',
          validate: codeCheck(secondFactor),
        },
        streams,
      ),
    close: () => {},
  };
}

function stdinAnswers(stdin: Context['streams']['stdin']): Answers {
  const lines = createInterface({ input: stdin, terminal: false })[Symbol.asyncIterator]();
  const next = async (what: string) => {
    const line = await lines.next();
    if (line.done === true)
      throw usageError(`Standard input ended before the ${what} (one a line: password, then code)`);
    return String(line.value);
  };
  return {
    password: () => next('password'),
    code: () => next('code'),
    // A piped stdin left open would keep the process alive.
    close: () => stdin.destroy?.(),
  };
}

/** A refused sign-in step is an authentication failure with the server's own message. */
function signInStep<Answer extends object>(
  connection: Connection,
  answer: ClientResult<Answer>,
): ClientResult<Answer> {
  if (answer.status) return answer;
  if (answer.httpStatus === 400 || answer.httpStatus === 401)
    throw new CliError(answer.message, exitCodes.authentication);
  throw failureOf(answer, connection.settings);
}

async function adminIdFor(options: { id?: string }, context: Context): Promise<string> {
  const fromFlags = options.id ?? context.env['DEALDESK_ADMIN_ID'];
  if (fromFlags !== undefined) return fromFlags;
  if (!canPrompt(context)) throw usageError('Give the admin ID with --id (or DEALDESK_ADMIN_ID)');
  return input({ message: 'Admin ID', required: true }, promptStreams(context.streams));
}

async function signIn(context: Context, options: { id?: string }): Promise<void> {
  const connection = await connect(context);
  const { api, settings } = connection;
  const adminId = await adminIdFor(options, context);
  const answers = canPrompt(context)
    ? terminalAnswers(context)
    : stdinAnswers(context.streams.stdin);
  try {
    const credentials = validate(loginSchema, {
      a_id: adminId,
      a_password: await answers.password(),
    });
    const first = signInStep(connection, await api.admin.login(credentials));
    context.note(context.paintErr('dim', first.message));
    connection.useToken(first.token ?? null);
    const secondFactor = first.secondFactor ?? 'email';
    const { otp } = validate(codeSchemaFor(secondFactor), {
      otp: await answers.code(secondFactor),
    });
    const second = signInStep(connection, await api.admin.loginOtp({ otp }));
    await updateProfile(context.env, settings.profileName, (profile) => ({
      ...profile,
      token: second.token,
      tokenUrl: settings.url.value,
      adminId: credentials.a_id,
    }));
    if (settings.token?.source === 'environment')
      context.note(`Note: ${environmentNames.token} is set and is used instead of this session.`);
    context.result(
      {
        status: true,
        message: second.message,
        adminId: credentials.a_id,
        profile: settings.profileName,
      },
      () =>
        context.say(
          `${context.paint('green', '✔')} Signed in as ${credentials.a_id} (profile ${settings.profileName})`,
        ),
    );
  } finally {
    answers.close();
  }
}

const login: Declare = (command, run) =>
  command
    .option('--id <adminId>', 'admin ID (default $DEALDESK_ADMIN_ID, or asked)')
    .addHelpText(
      'after',
      "\nAt a terminal everything missing is asked. Scripts pass --id and write the password,\nthen (once it is mailed) the code, one a line, to standard input. With the authenticator\napp on, the code is the app's (or a recovery code) and nothing is mailed.",
    )
    .action(run(signIn));

async function signOut(context: Context): Promise<void> {
  const connection = await connect(context);
  const { settings } = connection;
  if (settings.token?.source === 'environment')
    throw usageError(
      `${environmentNames.token} is set: API tokens are not logged out, revoke them with \`dealdesk token revoke <id>\``,
    );
  if (settings.token !== null) {
    const answer = await connection.api.admin.logout();
    // A session that already expired is as good as ended.
    if (!answer.status && answer.httpStatus !== 401) throw failureOf(answer, settings);
    await updateProfile(
      context.env,
      settings.profileName,
      ({ token: _token, tokenUrl: _tokenUrl, ...rest }) => rest,
    );
  }
  const message = settings.token === null ? 'Not signed in' : 'Signed out';
  context.result({ status: true, message }, () => context.say(message));
}

const logout: Declare = (command, run) => command.action(run(signOut));

async function showIdentity(context: Context): Promise<void> {
  const connection = await connect(context);
  const { settings } = connection;
  if (settings.token === null) throw unauthorised(settings);
  const { data } = connection.check(await connection.api.admin.adminData());
  const credential =
    settings.token.source === 'environment' ? `${environmentNames.token}` : 'saved session';
  context.result(
    {
      status: true,
      adminId: data?.a_id ?? null,
      admin: data,
      server: settings.url.value,
      profile: settings.profileName,
      credential,
    },
    () =>
      context.say(
        [
          `${context.paint('bold', data?.a_id ?? '?')} ${data?.a_name ? `(${data.a_name}) ` : ''}<${data?.a_email ?? '?'}>`,
          `server  ${settings.url.value}`,
          `profile ${settings.profileName}, signed in with the ${credential}`,
        ].join('\n'),
      ),
  );
}

const whoami: Declare = (command, run) => command.action(run(showIdentity));

export const commands = { login, logout, whoami };
