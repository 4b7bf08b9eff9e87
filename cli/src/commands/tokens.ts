import { apiTokenCreateSchema, byIdSchema, formatDisplayTime } from '@dealdesk/core';
import { connect } from '../connection.js';
import type { Handler } from '../program.js';
import { renderTable } from '../terminal/table.js';
import { validate } from '../validate.js';

export const createToken: Handler<{ days?: number }> = async ([name], options, context) => {
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
};

export const listTokens: Handler<object> = async (_args, _options, context) => {
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
};

export const revokeToken: Handler<object> = async ([token], _options, context) => {
  const { id } = validate(byIdSchema, { id: token });
  const { api, check } = await connect(context);
  const answer = check(await api.admin.revokeToken({ id }));
  context.result({ status: true, message: answer.message, id }, () =>
    context.say(`${context.paint('green', '✔')} ${answer.message}`),
  );
};
