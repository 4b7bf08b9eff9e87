import type { ClientResult } from '@dealdesk/core';
import type { Connection } from './connection.js';
import { CliError, exitCodes } from './exit.js';
import { environmentNames } from './settings/resolve.js';

/**
 * Calls made from a signed-in session only (tokens, administrators). The server answers an API
 * token on these calls as it answers a bad one (401), so a 401 is told apart by asking whether
 * the token is good for other calls: then it is an API token, and the way out is `dealdesk login`.
 */
export async function sessionOnly<Answer extends object>(
  connection: Connection,
  command: string,
  result: ClientResult<Answer>,
  /** What a token cannot do, in the message: "manage tokens". */
  what: string,
): Promise<ClientResult<Answer>> {
  if (result.status || result.httpStatus !== 401 || connection.settings.token === null)
    return connection.check(result);
  if (!(await connection.api.admin.authorization()).status) return connection.check(result);
  const fromEnvironment = connection.settings.token.source === 'environment';
  throw new CliError(
    `${command} needs a signed-in session: run \`dealdesk login\` (API tokens cannot ${what})${fromEnvironment ? `; ${environmentNames.token} is used before a saved session, so leave it unset for this command` : ''}`,
    exitCodes.authentication,
  );
}
