// The CLI's writes, made so that a script is never told something false. Before the first
// write of a run, a harmless signed-in read checks the API key, the token and the envelope
// secret (once per run): wrong settings fail before anything is sent. Every write carries an
// Idempotency-Key; a write whose answer never arrived, or could not be read, after it was sent
// has an unknown outcome (exit 4). One the server recognises by its key (calls that create or
// send) is asked once more with the same key: the server answers the first result, or does it
// once if the first never arrived.
import {
  endpoints,
  networkErrorMessage,
  newIdempotencyKey,
  type ApiClient,
  type ClientResult,
} from '@dealdesk/core';

/** What a failed call's result says of where it got: never sent, or sent without an answer. */
export interface CallTrace {
  /** No byte reached the server: nothing was done. */
  notSent?: boolean;
  /** Sent as a write, and no readable answer came back: it may have been applied. */
  outcomeUnknown?: boolean;
}

export const outcomeUnknown = (result: object): boolean =>
  'outcomeUnknown' in result && result.outcomeUnknown === true;

type Declaration = { method: string; access: string; idempotent?: true; audited?: false };

/**
 * Calls that change something for a signed-in caller (a scrape, declared as changing nothing, is
 * none). Logout is left out: ending a session twice is harmless, and it must work with a session
 * the server already ended.
 */
function isWrite(area: string, name: string, declaration: Declaration): boolean {
  if ((area === 'admin' && name === 'logout') || declaration.audited === false) return false;
  return declaration.method !== 'GET' && ['admin', 'session'].includes(declaration.access);
}

/** A sent write's failure that leaves its outcome open: no answer, or none that could be read. */
function leftOpen(result: ClientResult<object> & CallTrace): boolean {
  if (result.status || result.notSent === true) return false;
  if (result.httpStatus === 0) return true;
  // A refusal the server could not seal (a proxy's 4xx page) did nothing; a 2xx or 5xx may have.
  const refused = result.httpStatus >= 400 && result.httpStatus < 500;
  return result.message === networkErrorMessage && !refused;
}

type AnyCall = (input?: object) => Promise<ClientResult<object> & CallTrace>;
type Calls = Record<string, Record<string, AnyCall>>;

/**
 * The client with every write guarded: `verified()` first (cached by the caller), then the call
 * under a key of its own, marked `outcomeUnknown` when its answer never came.
 */
export function guardWrites(
  api: ApiClient,
  keyed: (key: string) => ApiClient,
  verified: () => Promise<void>,
): ApiClient {
  const groups = endpoints as unknown as Record<string, Record<string, Declaration>>;
  const calls = api as unknown as Calls;
  const guarded = Object.fromEntries(
    Object.entries(groups).map(([area, declarations]) => [
      area,
      Object.fromEntries(
        Object.entries(declarations).map(([name, declaration]) => {
          const plain = calls[area]?.[name] as AnyCall;
          if (!isWrite(area, name, declaration)) return [name, plain];
          const write = async (input?: object) => {
            await verified();
            const withKey = (keyed(newIdempotencyKey()) as unknown as Calls)[area]?.[
              name
            ] as AnyCall;
            let result = await withKey(input);
            // Asked again with its key: the server answers the first result, never twice.
            if (leftOpen(result) && declaration.idempotent === true) result = await withKey(input);
            return leftOpen(result) ? { ...result, outcomeUnknown: true } : result;
          };
          return [name, write];
        }),
      ),
    ]),
  );
  return { ...guarded, withIdempotencyKey: api.withIdempotencyKey } as unknown as ApiClient;
}
