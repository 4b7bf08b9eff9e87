// The view and click totals in memory hold exactly what item_totals holds, whoever writes it:
// counted events, cleared days, deleted items, a hand-written row; and they load again when
// the log no longer reaches back to them.
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, migrateToLatest, type Storage } from '../../adapters/storage/database.js';
import { dialects, freshDatabase, type TestDatabase } from '../../testing/harness.js';
import { newId } from '../../ids.js';
import { upToDate } from '../../testing/followed-memory.js';
import { trackingRepository, type TotalDelta, type ViewClickCounts } from './repository.js';
import { totalsMemory } from './totals-memory.js';

const days = ['2026-11-01', '2026-11-02', '2026-11-03'];

describe.each(dialects)('the view and click totals in memory on %s', (dialect) => {
  let database: TestDatabase;
  let storage: Storage;
  let repo: ReturnType<typeof trackingRepository>;
  let memory: ReturnType<typeof totalsMemory>;
  const ids = Array.from({ length: 1_500 }, () => newId()).sort();

  /** Counts of the items on the days, in key order as the ingestion writes them. */
  const count = async (items: readonly string[], day: string, views: number, clicks = 0) => {
    const sorted = [...items].sort();
    const deltas: TotalDelta[] = sorted.map((itemId) => ({
      itemId,
      kind: 'product',
      views,
      clicks,
    }));
    await repo.addCounts(
      deltas.map((delta) => ({ ...delta, day })),
      deltas,
    );
  };

  /** Every item with totals in the database, none of them zero. */
  const stored = async (): Promise<Map<string, ViewClickCounts>> => {
    const rows = await storage.db
      .selectFrom('item_totals')
      .select(['item_id', 'views', 'clicks'])
      .execute();
    return new Map(
      rows
        .map(
          (row) => [row.item_id, { views: Number(row.views), clicks: Number(row.clicks) }] as const,
        )
        .filter(([, counts]) => counts.views !== 0 || counts.clicks !== 0),
    );
  };

  const held = () => upToDate(memory, repo.totalsVersion);

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    storage = openStorage(database, (error) => {
      throw error;
    });
    await migrateToLatest(storage.db);
    repo = trackingRepository(storage.db);
    await count(ids.slice(0, 600), days[0] ?? '', 3, 1);
    memory = totalsMemory(storage.db, pino({ level: 'silent' }));
    memory.start();
  });
  afterAll(async () => {
    await memory.stop();
    await storage.close();
    await database.drop();
  });

  it('loads what the database holds', async () => {
    const inMemory = await held();
    expect(inMemory.size).toBe(600);
    expect(new Map(inMemory)).toEqual(await stored());
  });

  it('follows counted events, cleared days, deleted items and rows written by hand', async () => {
    await count(ids.slice(300, 1_500), days[1] ?? '', 2);
    await count(ids.slice(0, 100), days[2] ?? '', 1, 5);
    await repo.clearRange(ids.slice(50, 350), { startDate: days[1] ?? '', endDate: days[1] ?? '' });
    await repo.clearAll(ids.slice(1_000, 1_100));
    const byHand = newId();
    await storage.db
      .insertInto('item_totals')
      .values({ item_id: byHand, kind: 'story', views: 9, clicks: 4 })
      .execute();
    await storage.db
      .updateTable('item_totals')
      .set({ clicks: 11 })
      .where('item_id', '=', ids[700] ?? '')
      .execute();
    await storage.db
      .deleteFrom('item_totals')
      .where('item_id', '=', ids[701] ?? '')
      .execute();

    const inMemory = await held();
    const now = await stored();
    expect(new Map(inMemory)).toEqual(now);
    expect(inMemory.get(byHand)).toEqual({ views: 9, clicks: 4 });
    expect(inMemory.get(ids[700] ?? '')).toEqual({ views: 2, clicks: 11 });
    expect(inMemory.has(ids[701] ?? '')).toBe(false);
    expect(inMemory.has(ids[1_050] ?? '')).toBe(false);
    // Cleared on day 2 only: day 1's counts stay.
    expect(inMemory.get(ids[320] ?? '')).toEqual({ views: 3, clicks: 1 });
  });

  it('loads again when the log no longer reaches back to it, the database answering meanwhile', async () => {
    await held();
    await count(ids.slice(0, 10), days[0] ?? '', 1);
    await repo.pruneTotalsChanges(0);
    // The entries since this memory's value are gone.
    expect(await memory.at(await repo.totalsVersion())).toBeNull();
    expect(new Map(await held())).toEqual(await stored());
  });

  it('lets two writers of the same items run at once without waiting on each other forever', async () => {
    const deltas = (items: readonly string[]): TotalDelta[] =>
      items.map((itemId) => ({ itemId, kind: 'product', views: 1, clicks: 0 }));
    let secondStarted = Promise.resolve();
    // The first writes twice in one transaction; the second writes, between the two, items the
    // first one's second write holds too. On PostgreSQL the second waits for the first's lock
    // on the counter before it locks any row.
    await storage.db.transaction().execute(async (trx) => {
      await trackingRepository(trx).addCounts([], deltas(ids.slice(0, 500)));
      secondStarted = repo.addCounts([], deltas(ids.slice(500, 1_000)));
      await new Promise((resolve) => setTimeout(resolve, 200));
      await trackingRepository(trx).addCounts([], deltas(ids.slice(900, 1_000)));
    });
    await secondStarted;
    expect(new Map(await held())).toEqual(await stored());
  });
});
