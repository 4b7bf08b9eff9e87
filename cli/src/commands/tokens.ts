import { apiTokenCreateSchema, byIdSchema, formatDisplayTime } from '@dealdesk/core';
import { connect } from '../connection.js';
import { wholeNumber, type Declare } from '../command.js';
import type { Context } from '../context.js';
import { renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

async function createToken(context: Context, name: string, options: { days?: number }) {
  const input = validate(apiTokenCreateSchema, { name, expiresInDays: options.days });
  const { api, check } = await connect(context);
  const answer = check(await api.admin.createToken(input));
  context.result({ status: true, token: answer.token, data: answer.data }, () => {
    context.say(`${context.paint('green', '✔')} ${answer.message}: ${answer.data?.name ?? name}`);
    context.say(context.paint('bold', answer.token ?? ''));
    context.say(
      context.paint('dim', 'Shown this once: give it to the cron job as DEALDESK_TOKEN.'),
    );
  });
}

async function listTokens(context: Context) {
  const { api, check } = await connect(context);
  const tokens = check(await api.admin.listTokens()).data ?? [];
  context.result(tokens, () =>
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
        context.paint,
      ),
    ),
  );
}

async function revokeToken(context: Context, token: string) {
  const { id } = validate(byIdSchema, { id: token });
  const { api, check } = await connect(context);
  const answer = check(await api.admin.revokeToken({ id }));
  context.result({ status: true, message: answer.message, id }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message}`),
  );
}

const token: Declare = (command, run) => {
  command
    .command('create')
    .description('create a token (shown once) from a signed-in session')
    .argument('<name>')
    .option('--days <n>', 'days until it expires (default: never)', wholeNumber(1))
    .action(run(createToken));
  command.command('list').description('tokens with their last use').action(run(listTokens));
  command
    .command('revoke')
    .description('revoke a token at once')
    .argument('<id>')
    .action(run(revokeToken));
};

export const commands = { token };
