import pLimit from 'p-limit';

/**
 * Runs `work` on every item with at most `limit` running at once and answers the results in
 * the items' order. The first rejection rejects the whole run and starts no further items.
 */
export async function mapConcurrent<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const queue = pLimit(limit);
  return queue.map(items, async (item, index) => {
    try {
      return await work(item, index);
    } catch (error) {
      // The waiting items are dropped before the queue hands this slot to the next one; their
      // promises never settle, and the run rejects with this error.
      queue.clearQueue();
      throw error;
    }
  });
}

/** Consecutive slices of at most `size` items. */
export function batches<Item>(items: readonly Item[], size: number): Item[][] {
  const slices: Item[][] = [];
  for (let start = 0; start < items.length; start += size)
    slices.push(items.slice(start, start + size));
  return slices;
}
