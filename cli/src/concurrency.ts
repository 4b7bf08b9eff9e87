/**
 * Runs `work` on every item with at most `limit` running at once and answers the results in
 * the items' order. The first rejection rejects the whole run and starts no further items.
 */
export async function mapConcurrent<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(items[index] as Item, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker);
  await Promise.all(workers);
  return results;
}

/** Consecutive slices of at most `size` items. */
export function batches<Item>(items: readonly Item[], size: number): Item[][] {
  const slices: Item[][] = [];
  for (let start = 0; start < items.length; start += size)
    slices.push(items.slice(start, start + size));
  return slices;
}
