// The catalogue as the product lists' search needs it, held in this process's memory: the
// search index (catalogue-index.ts), not the rows (a page is read from the database by id).
// It follows the catalogue's change log (migration 0010) as followed-memory.ts tells; a
// category renamed changes nothing it holds (migration 0028: a page's names come with its rows).
import type { FastifyBaseLogger } from 'fastify';
import { namesChanged } from '../../adapters/storage/change-counters.js';
import { followedMemory } from '../../adapters/storage/followed-memory.js';
import { catalogueIndex, type CatalogueIndex, type IndexedProduct } from './catalogue-index.js';
import type { productsRepository } from './repository.js';

/** Products read per query while loading: each read holds SQLite's one connection. */
const loadedPerRead = 5_000;

/** Products asked for per query when following the log: bound parameters are limited. */
const readPerQuery = 1_000;

type Repository = ReturnType<typeof productsRepository>;

/** Catalogues of more than `limit` products are searched by the database. */
export function catalogueMemory(repo: Repository, log: FastifyBaseLogger, limit: number) {
  return followedMemory<CatalogueIndex, IndexedProduct[]>(
    {
      what: 'catalogue',
      version: repo.version,
      count: repo.count,
      limit,
      size: (index) => index.size(),
      async load(closed) {
        const started = performance.now();
        const index = catalogueIndex();
        // In id order: each read is appended to the slots, no product is held twice meanwhile.
        // The next read is asked before this one is applied: PostgreSQL reads and sends it while
        // this process builds (SQLite reads in this thread either way).
        const readAfter = (after: string) => repo.indexed({ after, limit: loadedPerRead });
        for (let reading = readAfter(''); ;) {
          const rows = await reading;
          if (closed()) return null;
          const last = rows.at(-1);
          const more = last !== undefined && rows.length === loadedPerRead;
          if (more) reading = readAfter(last.id);
          index.apply(rows, []);
          if (!more) break;
        }
        index.trim();
        log.info(
          { products: index.size(), ms: Math.round(performance.now() - started) },
          'catalogue loaded into memory',
        );
        return index;
      },
      async changesSince(known, limit) {
        const changes = await repo.changesSince(known, limit);
        return changes && { ...changes, items: changes.items.filter((id) => id !== namesChanged) };
      },
      async read(items) {
        const changed: IndexedProduct[] = [];
        for (let at = 0; at < items.length; at += readPerQuery)
          changed.push(...(await repo.indexed({ ids: items.slice(at, at + readPerQuery) })));
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
