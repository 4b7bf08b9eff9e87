// Change counters read every few hundred milliseconds instead of once per request: answers
// built from their tables (the content API's) are then checked against the counters without a
// database read, and a change made anywhere (another instance, the CLI) shows on this one
// within one interval.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { readChangeCounters } from './change-counters.js';
import type { Database } from './schema.js';

export interface ChangeWatch<Name extends string> {
  /** The counters as last read; the first call waits for the first read. */
  versions(): Promise<Readonly<Record<Name, number>>>;
  /** The counters as last read, at once (null before the first read). */
  peek(): Readonly<Record<Name, number>> | null;
  /** Reads them now (a change this process has just written). */
  refresh(): Promise<Readonly<Record<Name, number>>>;
  /** Stops reading; resolves once a read under way has ended (the database may then close). */
  stop(): Promise<void>;
}

export function watchChangeCounters<Name extends string>(
  db: Kysely<Database>,
  names: readonly Name[],
  everyMs: number,
  log: FastifyBaseLogger,
): ChangeWatch<Name> {
  let current: Readonly<Record<Name, number>> | null = null;
  let reading: Promise<Readonly<Record<Name, number>>> | null = null;

  const refresh = () =>
    (reading ??= readChangeCounters(db, names)
      .then((versions) => (current = versions))
      .finally(() => {
        reading = null;
      }));
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => log.warn({ err: error }, 'reading change counters failed'));
  }, everyMs).unref();

  return {
    // A failed read keeps the last good versions: the answers built from them stay.
    versions: async () => current ?? refresh(),
    peek: () => current,
    refresh,
    stop: async () => {
      clearInterval(timer);
      await reading?.catch(() => undefined);
    },
  };
}
