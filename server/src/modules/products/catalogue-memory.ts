// The catalogue as the product list needs it, held in this process's memory: the search index
// (catalogue-index.ts) and each product's answer but for its counts, as JSON text. It follows
// the catalogue's change log (migration 0010) as followed-memory.ts tells; a category renamed
// has it loaded again.
import type { FastifyBaseLogger } from 'fastify';
import { followedMemory } from '../../adapters/storage/followed-memory.js';
import { catalogueIndex, type CatalogueIndex, type IndexedProduct } from './catalogue-index.js';
import type { productsRepository } from './repository.js';
import { listedJson } from './rows.js';

/** Products read per query while loading: each read holds SQLite's one connection. */
const loadedPerRead = 2_000;

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

/** Catalogues of more than `limit` products are searched by the database. */
export function catalogueMemory(repo: Repository, log: FastifyBaseLogger, limit: number) {
  return followedMemory<CatalogueIndex, IndexedProduct[]>(
    {
      what: 'catalogue',
      version: repo.version,
      count: repo.count,
      limit,
      async load(closed) {
        const started = performance.now();
        const all = [];
        let after = '';
        for (;;) {
          if (closed()) return null;
          const rows = await repo.searched({ after, limit: loadedPerRead });
          for (const row of rows) all.push(indexed(row));
          const last = rows.at(-1);
          if (last === undefined || rows.length < loadedPerRead) break;
          after = last.id;
        }
        const index = catalogueIndex();
        index.load(all);
        log.info(
          { products: all.length, ms: Math.round(performance.now() - started) },
          'catalogue loaded into memory',
        );
        return index;
      },
      changesSince: repo.changesSince,
      async read(items) {
        const changed: IndexedProduct[] = [];
        for (let at = 0; at < items.length; at += readPerQuery) {
          const ids = items.slice(at, at + readPerQuery);
          for (const row of await repo.searched({ ids })) changed.push(indexed(row));
        }
        return changed;
      },
      apply(index, items, changed) {
        const found = new Set(changed.map((product) => product.id));
        index.apply(
          changed,
          items.filter((id) => !found.has(id)),
        );
      },
      prune: repo.pruneChanges,
    },
    log,
  );
}
