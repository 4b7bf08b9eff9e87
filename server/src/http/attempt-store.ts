// The attempt limits' counters (@fastify/rate-limit's store), kept in the database so that
// every server instance, and every worker of one, counts the same attempts: counters in each
// process's memory would multiply every limit by the processes behind the address.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { type ColumnType, type Kysely, sql } from 'kysely';
import type { Database } from '../adapters/storage/schema.js';

export interface AttemptCountsTable {
  /** The limit's name and what it counts by, e.g. 'login-id:alice'. */
  key: string;
  hits: number;
  /** When the current window ends, in milliseconds since 1970 (bigint: text from pg). */
  window_ends: ColumnType<number | string, number, number>;
}

export interface AttemptTables {
  attempt_counts: AttemptCountsTable;
}

/** Every this many counts, the windows already over are deleted. */
const sweepEvery = 500;

export function attemptStore(db: Kysely<Database>, clock: () => Date): FastifyRateLimitStoreCtor {
  let counted = 0;
  /** One more attempt on `key`, in a new window if the last one is over: one atomic upsert. */
  const count = async (key: string, windowMs: number) => {
    const now = clock().getTime();
    counted += 1;
    if (counted % sweepEvery === 0)
      await db.deleteFrom('attempt_counts').where('window_ends', '<=', now).execute();
    const over = sql<boolean>`attempt_counts.window_ends <= ${now}`;
    const row = await db
      .insertInto('attempt_counts')
      .values({ key, hits: 1, window_ends: now + windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          hits: sql<number>`CASE WHEN ${over} THEN 1 ELSE attempt_counts.hits + 1 END`,
          window_ends: sql<number>`CASE WHEN ${over} THEN ${now + windowMs}
            ELSE attempt_counts.window_ends END`,
        }),
      )
      .returning(['hits', 'window_ends'])
      .executeTakeFirstOrThrow();
    return { current: Number(row.hits), ttl: Number(row.window_ends) - now };
  };
  return class AttemptStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    /** One store for every limit: their keys carry their names (see http/route.ts). */
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}
