// The product list's memory of the pages and products it answered, kept while the catalogue's
// change counter (migration 0008) stays where it was when they were read. Each request reads
// the counter first, so an instance never answers from memory what another instance (or the
// CLI through it) has changed since. View and click counts are never kept: they change with
// every tracked view, and each answer reads them fresh.
import { LRUCache } from 'lru-cache';

/** Pages and products kept at most; the least recently used go first. */
const keptPages = 2_000;
const keptProducts = 20_000;

interface ListPage {
  ids: string[];
  total: number;
}

export function productListCache() {
  let version: number | null = null;
  const pages = new LRUCache<string, ListPage>({ max: keptPages });
  /** Each product's listed fields as JSON text (toListedProduct), by id. */
  const products = new LRUCache<string, string>({ max: keptProducts });
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
    keep(
      readAt: number,
      page: { key: string; value: ListPage } | null,
      read: ReadonlyMap<string, string>,
    ) {
      if (readAt !== version) return;
      if (page !== null) pages.set(page.key, page.value);
      for (const [id, text] of read) products.set(id, text);
    },
  };
}
