// Every item's view and click totals, held in this process's memory for the lists that answer
// them: the product list's page of up to 100 products would otherwise cost as many index
// lookups per request (half its time on a catalogue whose products are all seen). It follows
// item_totals' change log (migration 0011) as followed-memory.ts tells.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { followedMemory } from '../../adapters/storage/followed-memory.js';
import type { Database } from '../../adapters/storage/schema.js';
import { trackingRepository, type ViewClickCounts } from './repository.js';

/** Beyond this many items with totals, the database answers them: memory grows with them. */
const memoryItemLimit = 2_000_000;

/** Totals read per query while loading. */
const loadedPerRead = 10_000;

export function totalsMemory(db: Kysely<Database>, log: FastifyBaseLogger) {
  const repo = trackingRepository(db);
  return followedMemory<Map<string, ViewClickCounts>, Map<string, ViewClickCounts>>(
    {
      what: 'view and click totals',
      version: repo.totalsVersion,
      count: repo.totalsCount,
      limit: memoryItemLimit,
      size: (totals) => totals.size,
      async load(closed) {
        const started = performance.now();
        const totals = new Map<string, ViewClickCounts>();
        for (let after = ''; ;) {
          if (closed()) return null;
          const rows = await repo.totalsAfter(after, loadedPerRead);
          for (const [id, counts] of rows) totals.set(id, counts);
          const last = rows.at(-1);
          if (last === undefined || rows.length < loadedPerRead) break;
          [after] = last;
        }
        log.info(
          { items: totals.size, ms: Math.round(performance.now() - started) },
          'view and click totals loaded into memory',
        );
        return totals;
      },
      changesSince: repo.totalsChangedSince,
      read: repo.totalsOf,
      apply(totals, _items, read) {
        for (const [id, counts] of read) {
          if (counts.views === 0 && counts.clicks === 0) totals.delete(id);
          else totals.set(id, counts);
        }
      },
      prune: repo.pruneTotalsChanges,
    },
    log,
  );
}
