// One connection per command: the core's API client over undici, with the settings resolved
// from flags, environment and profile, and every failed answer turned into a CliError.
import {
  createApiClient,
  networkErrorMessage,
  type ApiClient,
  type ClientResult,
} from '@dealdesk/core';
import type { Context } from './context.js';
import { CliError, exitCodes } from './exit.js';
import { environmentNames, loadSettings, requireKeys, type Settings } from './settings/resolve.js';
import { transport } from './transport.js';

export interface Connection {
  api: ApiClient;
  settings: Settings;
  /** Replaces the bearer token (sign-in swaps the temporary token for the session's). */
  useToken(token: string | null): void;
  /** The answer when its status is true; otherwise a CliError saying what to do. */
  check<Answer extends object>(result: ClientResult<Answer>): ClientResult<Answer>;
}

/** No token, or one the server refused: what to do depends on where the token came from. */
export function unauthorised(settings: Settings): CliError {
  const { token } = settings;
  const message =
    token === null
      ? `Not signed in: run \`dealdesk login\` (scripts: set ${environmentNames.token} to an API token)`
      : token.source === 'environment'
        ? `The token in ${environmentNames.token} was refused: it has expired or was revoked`
        : 'Your session has expired or was ended: run `dealdesk login`';
  return new CliError(message, exitCodes.authentication);
}

/** No answer at all: every further call would fail alike, so bulk commands stop at once. */
export class ServerUnreachable extends CliError {}

/** What went wrong with a failed answer, in words that say what to do next. */
export function failureOf(result: ClientResult<object>, settings: Settings): CliError {
  const url = settings.url.value;
  if (result.httpStatus === 0)
    return new ServerUnreachable(
      `Cannot reach the Dealdesk server at ${url}: is it running? (set the address with \`dealdesk config set url <url>\` or ${environmentNames.url})`,
    );
  if (result.httpStatus === 401) return unauthorised(settings);
  if (result.httpStatus === 403)
    return new CliError(
      `The server refused the API key: check \`dealdesk config set api-key <key>\` or ${environmentNames.apiKey}`,
      exitCodes.authentication,
    );
  if (result.message === networkErrorMessage)
    return new CliError(
      `The answer from ${url} could not be read: is it a Dealdesk server, and is the envelope secret right? (\`dealdesk config set secret <hex>\` or ${environmentNames.secret})`,
    );
  return new CliError(result.message);
}

export async function connect(context: Context): Promise<Connection> {
  const settings = await loadSettings(context.profile, context.env);
  const keys = requireKeys(settings);
  let token = settings.token?.value ?? null;
  return {
    api: createApiClient({
      baseUrl: settings.url.value,
      ...keys,
      token: () => token,
      fetch: transport,
    }),
    settings,
    useToken: (next) => {
      token = next;
    },
    check: (result) => {
      if (result.status) return result;
      throw failureOf(result, settings);
    },
  };
}
