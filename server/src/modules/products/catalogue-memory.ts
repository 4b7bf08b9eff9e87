// The catalogue as the product list needs it, held in this process's memory: the search index
// (catalogue-index.ts) and each product's answer but for its counts, as JSON text. Loaded in
// the background when the server starts, then brought up to date from the catalogue's change
// log (migration 0010) before a list is answered from it: a request reads the change counter
// first, so no instance answers from memory what another one (or the CLI through it) changed
// before. Until it is loaded, and while a change the log cannot follow row by row (a category
// renamed) has it loaded again, the database answers the list instead.
import type { FastifyBaseLogger } from 'fastify';
import { catalogueIndex, type CatalogueIndex, type IndexedProduct } from './catalogue-index.js';
import type { productsRepository } from './repository.js';
import { listedJson } from './rows.js';

/** Catalogues larger than this are searched by the database: memory grows with the catalogue. */
const memoryProductLimit = 250_000;

/** Products read per query while loading: each read holds SQLite's one connection. */
const loadedPerRead = 2_000;

/** Change log entries kept behind the newest, for instances that are behind. */
const keptChanges = 100_000;

/**
 * Products asked for per query when following the log: bound parameters are limited, and
 * each read and its JSON hold the event loop (about 30 ms per 1,000 products).
 */
const readPerQuery = 1_000;

type Repository = ReturnType<typeof productsRepository>;

/** What the index keeps of a product row (not the whole row). */
const indexed = (row: Awaited<ReturnType<Repository['searched']>>[number]): IndexedProduct => ({
  id: row.id,
  category_id: row.category_id,
  subcategory_id: row.subcategory_id,
  events: row.events,
  search_text: row.search_text,
  listed: listedJson(row),
});

export function catalogueMemory(repo: Repository, log: FastifyBaseLogger) {
  /** The memory and the counter value it reflects; null until loaded or while out of step. */
  let held: { index: CatalogueIndex; version: number } | null = null;
  let loading: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  let closed = false;

  /** Reads every product into a fresh snapshot; follows the log from the counter read first. */
  async function load(): Promise<void> {
    const started = performance.now();
    const count = await repo.count();
    if (count > memoryProductLimit) {
      log.warn(
        { products: count, limit: memoryProductLimit },
        'catalogue too large to keep in memory: the database lists it',
      );
      return;
    }
    const version = await repo.version();
    const index = catalogueIndex();
    const all = [];
    let after = '';
    for (;;) {
      if (closed) return;
      const rows = await repo.searched({ after, limit: loadedPerRead });
      for (const row of rows) all.push(indexed(row));
      const last = rows.at(-1);
      if (last === undefined || rows.length < loadedPerRead) break;
      after = last.id;
    }
    index.load(all);
    held = { index, version };
    log.info(
      { products: all.length, ms: Math.round(performance.now() - started) },
      'catalogue loaded into memory',
    );
  }

  /** Loads in the background unless a load is under way; failures leave the database answering. */
  function reload(): void {
    held = null;
    if (loading !== null || closed) return;
    loading = load()
      .catch((error: unknown) =>
        log.error({ err: error }, 'loading the catalogue into memory failed'),
      )
      .finally(() => {
        loading = null;
      });
  }

  /** Applies the changes the log holds since the memory's version. */
  async function follow(
    memory: { index: CatalogueIndex; version: number },
    current: number,
  ): Promise<void> {
    const changes = await repo.changesSince(memory.version);
    // Short of `current`: the counter moved without a log entry (it did before migration 0010).
    if (changes === null || changes.version < current) {
      reload();
      return;
    }
    const changed: IndexedProduct[] = [];
    for (let at = 0; at < changes.items.length; at += readPerQuery) {
      const ids = changes.items.slice(at, at + readPerQuery);
      for (const row of await repo.searched({ ids })) changed.push(indexed(row));
    }
    if (held !== memory) return;
    const found = new Set(changed.map((product) => product.id));
    const gone = changes.items.filter((id) => !found.has(id));
    memory.index.apply(changed, gone);
    memory.version = changes.version;
    if (changes.items.length > 0) await repo.pruneChanges(keptChanges);
  }

  return {
    start: reload,

    /**
     * The memory brought up to counter value `current` (read by the caller), or null when the
     * database must answer.
     */
    async at(current: number): Promise<CatalogueIndex | null> {
      const memory = held;
      if (memory === null) return null;
      if (memory.version < current) {
        following ??= follow(memory, current).finally(() => {
          following = null;
        });
        await following;
      }
      return held !== null && held.version >= current ? held.index : null;
    },

    /** Waits for a load under way and starts no other. */
    async stop(): Promise<void> {
      closed = true;
      await loading;
      await following;
    },
  };
}
