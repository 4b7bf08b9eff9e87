// Ctrl-C during a bulk command (import, scrape --create, events set, products delete): the calls
// under way finish, no further call is sent, and the command reports what was done before
// exiting 130. A second Ctrl-C exits at once.
import { exitCodes } from './exit.js';

/** Ids named in the line; --json lists them all. */
const idsShown = 20;

export interface Interruption {
  /** True once Ctrl-C was pressed: send no further call. */
  readonly interrupted: boolean;
  /** Aborted at the first Ctrl-C: stops what waits on input (an import spooling stdin). */
  readonly signal: AbortSignal;
  /** Stops listening for Ctrl-C (call it in a `finally`). */
  end(): void;
}

/** Said on stderr at the first Ctrl-C, so a person (or a script) knows it was heard. */
export const stoppingNote =
  'Stopping once the calls under way are answered (Ctrl-C again to stop now)';

/**
 * Listens for Ctrl-C until `end()`: the first one is noted (and `note` says so), the second
 * exits 130 at once.
 */
export function interruptible(note: (text: string) => void): Interruption {
  let interrupted = false;
  const aborter = new AbortController();
  const onSignal = () => {
    if (interrupted) process.exit(exitCodes.interrupted);
    interrupted = true;
    note(stoppingNote);
    aborter.abort();
  };
  process.on('SIGINT', onSignal);
  return {
    get interrupted() {
      return interrupted;
    },
    signal: aborter.signal,
    end: () => {
      process.off('SIGINT', onSignal);
    },
  };
}

/**
 * The line a bulk command prints when it was interrupted, e.g. "Interrupted: 3 of 10 products
 * deleted (ids a, b, c); 7 not sent", then exit 130 (the caller prints its result first).
 */
export function interruptedLine(
  done: number,
  total: number,
  what: string,
  ids: readonly string[] = [],
  notSent = total - done,
): string {
  const shown = ids.slice(0, idsShown).join(', ');
  const more = ids.length > idsShown ? `, … ${ids.length - idsShown} more` : '';
  const named = ids.length === 0 ? '' : ` (ids ${shown}${more})`;
  return `Interrupted: ${done} of ${total} ${what}${named}; ${notSent} not sent`;
}
