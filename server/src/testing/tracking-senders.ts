// The app reporting views and clicks while a built server process is stopped or killed, and
// what its storage kept of them afterwards (modules/tracking/durability.test.ts and
// operations/crash.test.ts).
import type { ApiClient, TrackEvent } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../adapters/storage/schema.js';
import { trackingRepository } from '../modules/tracking/repository.js';
import type { TestTrackedKind } from '../modules/tracking/testing.js';

const viewsPerBatch = 15;
const clicksPerBatch = 5;
const senders = 12;

/** What the senders sent: every batch's item, and those the server acknowledged. */
export interface SentBatches {
  sent: string[];
  acknowledged: Set<string>;
}

/**
 * Sends batches, each for an item of its own taken from `items` (existing items of `kind`: only
 * those are counted), from several senders at once until the server goes away.
 */
export function sendTrackingBatches(api: ApiClient, kind: TestTrackedKind, items: string[]) {
  const batches: SentBatches = { sent: [], acknowledged: new Set() };
  const waiting: { count: number; resolve: () => void }[] = [];
  const sender = async () => {
    for (;;) {
      const id = items.pop();
      if (id === undefined) throw new Error('more batches acknowledged than items were made');
      const events: TrackEvent[] = [
        ...Array.from({ length: viewsPerBatch }, () => ({ kind, id, event: 'view' as const })),
        ...Array.from({ length: clicksPerBatch }, () => ({ kind, id, event: 'click' as const })),
      ];
      batches.sent.push(id);
      const answer = await api.tracking.track({ events });
      if (!answer.status) return;
      if ((answer.rejected?.length ?? 0) > 0) throw new Error(`${kind} ${id} was not counted`);
      batches.acknowledged.add(id);
      for (const wait of waiting.filter((one) => batches.acknowledged.size >= one.count))
        wait.resolve();
    }
  };
  const finished = Promise.all(Array.from({ length: senders }, sender)).then(() => batches);
  return {
    /** Resolves once `count` batches were acknowledged (the senders go on). */
    acknowledged: (count: number) =>
      Promise.race([
        new Promise<void>((resolve) => {
          if (batches.acknowledged.size >= count) resolve();
          else waiting.push({ count, resolve });
        }),
        finished.then(() => {
          throw new Error(`the server went away before ${count} batches were acknowledged`);
        }),
      ]),
    /** Resolves once every sender met the server gone, with what was sent. */
    finished,
  };
}

/**
 * What a restart would find, read from the storage once the server is gone: every acknowledged
 * batch counted whole, and a batch the server never answered whole or not at all.
 */
export async function expectBatchesKept(db: Kysely<Database>, { sent, acknowledged }: SentBatches) {
  const whole = { views: viewsPerBatch, clicks: clicksPerBatch };
  const none = { views: 0, clicks: 0 };
  const counted = await trackingRepository(db).totalsOf(sent);
  for (const id of acknowledged) expect(counted.get(id)).toEqual(whole);
  for (const id of sent.filter((sentId) => !acknowledged.has(sentId)))
    expect([whole, none]).toContainEqual(counted.get(id));
}
