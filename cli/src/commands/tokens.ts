import {
  apiTokenCreateSchema,
  apiTokenMaxDays,
  type ApiToken,
  type ClientResult,
  type OwnedApiToken,
} from '@dealdesk/core';
import { connect, type Connection } from '../connection.js';
import { wholeNumber, type Declare } from '../command.js';
import type { Context } from '../context.js';
import { CliError } from '../exit.js';
import { sessionOnly } from '../session-only.js';
import { formatDisplayTime } from '../terminal/time.js';
import { renderTable } from '../terminal/table.js';
import { givenId } from '../ids.js';
import { validate } from '../validate.js';

/** Tokens are managed from a signed-in session only. */
const tokensSession = <Answer extends object>(
  connection: Connection,
  command: string,
  result: ClientResult<Answer>,
) => sessionOnly(connection, command, result, 'manage tokens');

async function createToken(
  context: Context,
  name: string,
  options: { days?: number; readOnly?: boolean },
) {
  const input = validate(apiTokenCreateSchema, {
    name,
    expiresInDays: options.days,
    scope: options.readOnly === true ? 'read' : 'write',
  });
  const connection = await connect(context);
  const answer = await tokensSession(
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

/** `--all` (owners): every administrator's tokens, with an administrator column. */
async function listTokens(context: Context, options: { all?: boolean }) {
  const connection = await connect(context);
  const all = options.all === true;
  const listed = all
    ? await connection.api.admin.listAllTokens()
    : await connection.api.admin.listTokens();
  const tokens: (ApiToken & Partial<Pick<OwnedApiToken, 'admin'>>)[] =
    (await tokensSession(connection, 'token list', listed)).data ?? [];
  context.result({ status: true, data: tokens }, () =>
    context.say(
      renderTable(
        [
          'id',
          ...(all ? ['administrator'] : []),
          'name',
          'scope',
          'created',
          'last used',
          'expires',
        ],
        tokens.map((token) => [
          token._id,
          ...(token.admin === undefined ? [] : [token.admin.a_id]),
          token.name,
          token.scope,
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
  const answer = await tokensSession(connection, 'token revoke', revoked);
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
    .option('--read-only', 'the token only reads (GET calls): for cron jobs that only report')
    .action(run(createToken));
  command
    .command('list')
    .description('tokens with their last use')
    .option('--all', "every administrator's tokens, with whose each is (owners)")
    .action(run(listTokens));
  command
    .command('revoke')
    .description("revoke a token at once (an owner: anyone's)")
    .argument('<id>')
    .option('--ignore-missing', 'a token not found is named on stderr but does not fail the run')
    .action(run(revokeToken));
};

export const commands = { token };
