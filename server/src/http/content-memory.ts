// The memory the content API's kept answers share (DEALDESK_CONTENT_CACHE_BYTES): the front
// cache's and each module's published answers are shelves of one budget in bytes, so ever new
// hosts or queries cost at most the budget, whoever keeps them. The least recently used answer
// goes first, on any shelf.
import type { Metrics } from '../operations/metrics.js';

/**
 * Bytes an entry costs beyond its key and body: the maps' slots, the entry's object, its
 * closures. Counted so that many tiny answers cannot outgrow the budget either.
 */
export const entryOverheadBytes = 1024;

/** One cache's answers: kept under its own keys, counted against the shared budget. */
export interface Shelf<Value> {
  /** The value kept under the key, now the most recently used; undefined when none. */
  get(key: string): Value | undefined;
  /** Keeps the value, costing `bytes` (its body) beyond its key; one larger than the budget is not kept. */
  set(key: string, value: Value, bytes: number): void;
}

export function contentMemory(budget: number, metrics: Metrics) {
  /** Every shelf's entries, least recently used first (a Map keeps insertion order). */
  const used = new Map<string, { bytes: number; forget: () => void }>();
  let total = 0;

  const drop = (id: string) => {
    const entry = used.get(id);
    if (entry === undefined) return;
    used.delete(id);
    total -= entry.bytes;
    entry.forget();
  };

  metrics.gauge(
    'dealdesk_content_cache_bytes',
    "Bytes the content API's kept answers take (keys, bodies and a fixed cost each)",
    () => total,
  );
  metrics.gauge(
    'dealdesk_content_cache_entries',
    "Answers the content API keeps (the front cache's and the modules')",
    () => used.size,
  );

  return {
    shelf<Value>(name: string): Shelf<Value> {
      const values = new Map<string, Value>();
      return {
        get(key) {
          const value = values.get(key);
          if (value === undefined) return undefined;
          const id = `${name} ${key}`;
          const entry = used.get(id);
          if (entry !== undefined) {
            used.delete(id);
            used.set(id, entry);
          }
          return value;
        },
        set(key, value, bytes) {
          const id = `${name} ${key}`;
          drop(id);
          // The key is held twice: by the shelf and by the order of use.
          const cost = Buffer.byteLength(key) + Buffer.byteLength(id) + bytes + entryOverheadBytes;
          if (cost > budget) {
            metrics.contentCacheEvicted();
            return;
          }
          while (total + cost > budget) {
            const oldest = used.keys().next();
            if (oldest.done === true) break;
            drop(oldest.value);
            metrics.contentCacheEvicted();
          }
          values.set(key, value);
          used.set(id, { bytes: cost, forget: () => values.delete(key) });
          total += cost;
        },
      };
    },
  };
}

export type ContentMemory = ReturnType<typeof contentMemory>;
