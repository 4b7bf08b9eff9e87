// One connection per command: the core's API client over Node's fetch, with the settings resolved
// from flags, environment and profile, every call bounded by the timeout, and every failed
// answer turned into a CliError.
import {
  createApiClient,
  networkErrorMessage,
  refusedForRole,
  type ApiClient,
  type ClientResult,
} from '@dealdesk/core';
import type { Context } from './context.js';
import { CliError, exitCodes } from './exit.js';
import {
  environmentNames,
  loadSettings,
  requireKeys,
  timeoutSeconds,
  type Settings,
} from './settings/resolve.js';
import { currentCall, transport, type CallState } from './transport.js';
import { guardWrites, outcomeUnknown, type CallTrace } from './writes.js';

export interface Connection {
  api: ApiClient;
  settings: Settings;
  /** Seconds each call may take, connecting and answering. */
  timeout: number;
  /** Replaces the bearer token (sign-in swaps the temporary token for the session's). */
  useToken(token: string | null): void;
  /** The answer when its status is true; otherwise a CliError saying what to do. */
  check<Answer extends object>(result: ClientResult<Answer>): ClientResult<Answer>;
}

/** No token, or one the server refused: what to do depends on where the token came from. */
export function unauthorised(settings: Settings): CliError {
  const { token, sessionElsewhere } = settings;
  const message =
    token === null && sessionElsewhere !== null
      ? `The session saved in profile ${settings.profileName} was made for ${sessionElsewhere}, not ${settings.url.value}, and is not sent to another server: run \`dealdesk login\``
      : token === null
        ? `Not signed in: run \`dealdesk login\` (scripts: set ${environmentNames.token} to an API token)`
        : token.source === 'environment'
          ? `The token in ${environmentNames.token} was refused: it has expired or was revoked`
          : 'Your session has expired or was ended: run `dealdesk login`';
  return new CliError(message, exitCodes.authentication);
}

/** No answer at all: every further call would fail alike, so bulk commands stop at once. */
export class ServerUnreachable extends CliError {}

/**
 * A write sent whose answer did not arrive, or could not be read: it may have been applied
 * (exit 4). No answer, so bulk commands stop as for an unreachable server.
 */
export class OutcomeUnknown extends ServerUnreachable {
  constructor(message: string) {
    super(message, exitCodes.unknown);
  }
}

/** A call that ran out of time: no answer (httpStatus 0) after `timedOutAfter` seconds. */
type TimedOut = ClientResult<object> & { timedOutAfter: number };

const timedOut = (result: ClientResult<object>): result is TimedOut =>
  'timedOutAfter' in result && typeof result.timedOutAfter === 'number';

/**
 * Runs one call under a deadline of `seconds`: the transport aborts it when the time is up,
 * whether it is still connecting, sending or reading the answer, and it then fails as TimedOut.
 */
export async function withDeadline<Answer extends object>(
  seconds: number,
  call: () => Promise<ClientResult<Answer>>,
): Promise<ClientResult<Answer>> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), seconds * 1000);
  try {
    const state: CallState = { deadline: deadline.signal, notSent: false };
    const result: ClientResult<Answer> & CallTrace = await currentCall.run(state, call);
    if (result.status) return result;
    if (state.notSent) return { ...result, notSent: true };
    if (!deadline.signal.aborted) return result;
    return { ...result, httpStatus: 0, timedOutAfter: seconds };
  } finally {
    clearTimeout(timer);
  }
}

type AnyCall = (input?: object) => Promise<ClientResult<object>>;

/** The client with every call under its own deadline (the client is areas of calls). */
function bounded(api: ApiClient, seconds: number): ApiClient {
  const areas = Object.entries(api as unknown as Record<string, unknown>).map(([area, calls]) => [
    area,
    typeof calls === 'function'
      ? calls
      : Object.fromEntries(
          Object.entries(calls as Record<string, AnyCall>).map(([name, call]) => [
            name,
            (input?: object) => withDeadline(seconds, () => call(input)),
          ]),
        ),
  ]);
  return {
    ...Object.fromEntries(areas),
    withIdempotencyKey: (key: string) => bounded(api.withIdempotencyKey(key), seconds),
  } as ApiClient;
}

/** `error` with what to do about an unknown outcome added (other errors as they are). */
export const withAdvice = (error: unknown, advice: string): unknown =>
  error instanceof OutcomeUnknown ? new OutcomeUnknown(`${error.message}: ${advice}`) : error;

/** The server at `url` was silent for `seconds`: the call (or the rest of a file) is given up. */
export const noAnswerIn = (url: string, seconds: number) =>
  `No answer from the Dealdesk server at ${url} in ${seconds} s (a longer wait: --timeout <seconds> or ${environmentNames.timeout})`;

/** What went wrong with a failed answer, in words that say what to do next. */
export function failureOf(result: ClientResult<object>, settings: Settings): CliError {
  const url = settings.url.value;
  if (outcomeUnknown(result)) {
    const what = timedOut(result)
      ? `No answer from the Dealdesk server at ${url} in ${result.timedOutAfter} s`
      : result.httpStatus === 0
        ? `The connection to ${url} broke before the answer arrived`
        : `The answer from ${url} could not be read`;
    return new OutcomeUnknown(`${what} after the request was sent: it may have been applied`);
  }
  if (timedOut(result)) return new ServerUnreachable(noAnswerIn(url, result.timedOutAfter));
  if (result.httpStatus === 0)
    return new ServerUnreachable(
      `Cannot reach the Dealdesk server at ${url}: is it running? (set the address with \`dealdesk config set url <url>\` or ${environmentNames.url})`,
    );
  if (result.httpStatus === 401) return unauthorised(settings);
  // The caller's role or token scope does not reach the call: the server's words say which.
  if (result.httpStatus === 403 && refusedForRole(result.message))
    return new CliError(result.message);
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
  const timeout = timeoutSeconds(context.timeout, context.env);
  let token = settings.token?.value ?? null;
  const api = bounded(
    createApiClient({ baseUrl: settings.url.value, ...keys, token: () => token, fetch: transport }),
    timeout,
  );
  // The key, the token and the secret are checked by a signed-in read before the first write.
  let verifying: Promise<void> | undefined;
  const verified = () =>
    (verifying ??= api.admin.authorization().then((answer) => {
      if (!answer.status) throw failureOf(answer, settings);
    }));
  return {
    api: guardWrites(api, (key) => api.withIdempotencyKey(key), verified),
    settings,
    timeout,
    useToken: (next) => {
      token = next;
    },
    check: (result) => {
      if (result.status) return result;
      throw failureOf(result, settings);
    },
  };
}
