import { apiTokenCreateSchema, apiTokenMaxDays, type ClientResult } from '@dealdesk/core';
import { connect, type Connection } from '../connection.js';
import { wholeNumber, type Declare } from '../command.js';
import type { Context } from '../context.js';
import { CliError, exitCodes } from '../exit.js';
import { environmentNames } from '../settings/resolve.js';
import { formatDisplayTime } from '../terminal/time.js';
import { renderTable } from '../terminal/table.js';
import { givenId } from '../ids.js';
import { validate } from '../validate.js';

/**
 * Tokens are managed from a signed-in session only. The server answers an API token on these
 * calls as it answers a bad one (401), so a 401 is told apart by asking whether the token is
 * good for other calls: then it is an API token, and the way out is `dealdesk login`.
 */
async function sessionOnly<Answer extends object>(
  connection: Connection,
  command: string,
  result: ClientResult<Answer>,
): Promise<ClientResult<Answer>> {
  if (result.status || result.httpStatus !== 401 || connection.settings.token === null)
    return connection.check(result);
  if (!(await connection.api.admin.authorization()).status) return connection.check(result);
  const fromEnvironment = connection.settings.token.source === 'environment';
  throw new CliError(
    `${command} needs a signed-in session: run \`dealdesk login\` (API tokens cannot manage tokens)${fromEnvironment ? `; ${environmentNames.token} is used before a saved session, so leave it unset for this command` : ''}`,
    exitCodes.authentication,
  );
}

async function createToken(context: Context, name: string, options: { days?: number }) {
  const input = validate(apiTokenCreateSchema, { name, expiresInDays: options.days });
  const connection = await connect(context);
  const answer = await sessionOnly(
    connection,
    'token create',
    await connection.api.admin.createToken(input),
  );
  context.result(
    { status: true, id: answer.data?._id ?? null, token: answer.token, data: answer.data },
    () => {
      // Piped (`T=$(dealdesk token create nightly)`), stdout is the token alone.
      context.footer(
        `${context.paint('green', '✔')} Token ${answer.data?.name ?? name} created. Copy it now: it is not shown again.`,
      );
      context.say(context.paint('bold', answer.token ?? ''));
      context.footer(
        context.paint('dim', 'Shown this once: give it to the cron job as DEALDESK_TOKEN.'),
      );
    },
  );
}

async function listTokens(context: Context) {
  const connection = await connect(context);
  const tokens =
    (await sessionOnly(connection, 'token list', await connection.api.admin.listTokens())).data ??
    [];
  context.result({ status: true, data: tokens }, () =>
    context.say(
      renderTable(
        ['id', 'name', 'created', 'last used', 'expires'],
        tokens.map((token) => [
          token._id,
          token.name,
          formatDisplayTime(token.createdAt),
          token.lastUsedAt === null ? 'never' : formatDisplayTime(token.lastUsedAt),
          token.expiresAt === null ? 'never' : formatDisplayTime(token.expiresAt),
        ]),
        context,
      ),
    ),
  );
}

async function revokeToken(context: Context, token: string, options: { ignoreMissing?: boolean }) {
  const id = givenId(token);
  const connection = await connect(context);
  const revoked = await connection.api.admin.revokeToken({ id });
  // A token already gone is named; with --ignore-missing it does not fail the run.
  if (!revoked.status && revoked.httpStatus === 404) {
    const missing = `Not found: ${id} (${revoked.message})`;
    if (options.ignoreMissing !== true) throw new CliError(missing);
    context.result({ status: true, id, missing: [id] }, () => undefined);
    context.note(missing);
    return;
  }
  const answer = await sessionOnly(connection, 'token revoke', revoked);
  context.result({ status: true, message: answer.message, id }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message}`),
  );
}

const token: Declare = (command, run) => {
  command
    .command('create')
    .description('create a token (shown once) from a signed-in session')
    .argument('<name>')
    .option(
      '--days <n>',
      `days until it expires, at most ${apiTokenMaxDays} (default: never)`,
      wholeNumber(1, apiTokenMaxDays),
    )
    .action(run(createToken));
  command.command('list').description('tokens with their last use').action(run(listTokens));
  command
    .command('revoke')
    .description('revoke a token at once')
    .argument('<id>')
    .option('--ignore-missing', 'a token not found is named on stderr but does not fail the run')
    .action(run(revokeToken));
};

export const commands = { token };
