// The product list's memory of the pages and products it answered, kept while the catalogue's
// change counter (migration 0008) stays where it was when they were read. Each request reads
// the counter first, so an instance never answers from memory what another instance (or the
// CLI through it) has changed since. View and click counts are never kept: they change with
// every tracked view, and each answer reads them fresh.
import { LRUCache } from 'lru-cache';
import type { ReadProduct } from './rows.js';

/** Pages and products kept at most; the least recently used go first. */
const keptPages = 2_000;
const keptProducts = 20_000;

export interface ListPage {
  ids: string[];
  total: number;
}

export function productListCache() {
  let version: number | null = null;
  const pages = new LRUCache<string, ListPage>({ max: keptPages });
  const products = new LRUCache<string, ReadProduct>({ max: keptProducts });
  return {
    /** Forgets everything kept when the catalogue is at another version than what was kept. */
    at(current: number): void {
      if (current === version) return;
      pages.clear();
      products.clear();
      version = current;
    },
    page: (key: string) => pages.get(key),
    product: (id: string) => products.get(id),
    /** Keeps a page and products read at version `readAt`, unless the catalogue has moved on. */
    keep(readAt: number, page: { key: string; value: ListPage } | null, read: ReadProduct[]) {
      if (readAt !== version) return;
      if (page !== null) pages.set(page.key, page.value);
      for (const product of read) products.set(product.id, product);
    },
  };
}
