// The catalogue in memory finds exactly what the database's search finds, and keeps doing so
// as the catalogue changes under it (through the change log, or by loading it again).
import { pino } from 'pino';
import type { ProductEvent, ProductListQuery } from '@dealdesk/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStorage, migrateToLatest, type Storage } from '../../adapters/storage/database.js';
import { dialects, freshDatabase, type TestDatabase } from '../../testing/harness.js';
import { newId } from '../../ids.js';
import { upToDate } from '../../testing/followed-memory.js';
import { defaultCatalogueMemoryProducts } from '../../config.js';
import { catalogueMemory } from './catalogue-memory.js';
import { productsRepository } from './repository.js';
import { detailColumns } from './rows.js';

const words = ['cotton', 'copper', 'कुर्ता', 'café', 'lamp', 'lampshade', 'desk', 'deskmate', 'x1'];
const events: ProductEvent[] = ['Best Deals', 'Trending', 'New Launch', 'None'];

/** A repeatable random source, so that a failure shows the same way again. */
function seeded(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T,
  };
}

describe.each(dialects)('the catalogue in memory on %s', (dialect) => {
  const random = seeded(dialect === 'sqlite' ? 7 : 11);
  let database: TestDatabase;
  let storage: Storage;
  let repo: ReturnType<typeof productsRepository>;
  let memory: ReturnType<typeof catalogueMemory>;
  const places: { category: string; subcategory: string }[] = [];
  const categoryIds: string[] = [];
  const ids: string[] = [];

  const productRow = (id: string, created: Date) => {
    const place = random.pick(places);
    const title = Array.from({ length: 1 + Math.floor(random.next() * 3) }, () =>
      random.pick(words),
    ).join(' ');
    return {
      id,
      ...detailColumns({
        productDetails: {
          title: title.toUpperCase(),
          price: 100,
          og_price: 200,
          og_url: 'https://shop.example.com/p/1',
          category: place.category,
          subcategory: place.subcategory,
          rating: '4.0',
          ratingsAndReviews: '',
          deliveryInfo: '',
          availableSizes: [],
          specifications: { Colour: random.pick(words) },
        },
        events: random.pick(events),
        btn_url: 'https://shop.example.com/p/1',
      }),
      images: '[]',
      created_at: created.toISOString(),
      updated_at: created.toISOString(),
    };
  };

  /** A list query of random words, prefixes and filters, some of them unknown values. */
  const randomQuery = (): ProductListQuery => {
    const some = <T>(list: readonly T[]) =>
      random.next() < 0.5
        ? []
        : Array.from({ length: 1 + Math.floor(random.next() * 2) }, () => random.pick(list));
    const q = some(words)
      .map((word) => word.slice(0, 1 + Math.floor(random.next() * word.length)))
      .join(' ');
    return {
      q: random.next() < 0.2 ? q.toUpperCase() : q,
      categories: some([...categoryIds, newId()]),
      subCategories: random.next() < 0.3 ? some(places.map((place) => place.subcategory)) : [],
      events: some(events),
      page: 1 + Math.floor(random.next() * 3),
      limit: random.pick([5, 20, 100]),
      sort: 'date',
      order: 'desc',
    };
  };

  /** The memory, brought up to date, finds what the database finds. */
  const expectSameAnswers = async (queries: number) => {
    const snapshot = await memory.at(await repo.version());
    if (snapshot === null) throw new Error('the memory is not up to date');
    for (let n = 0; n < queries; n += 1) {
      const query = randomQuery();
      const fromDatabase = await repo.list(query, query.page, query.limit);
      const found = snapshot.find(query, (query.page - 1) * query.limit, query.limit);
      expect(found, JSON.stringify(query)).toEqual(fromDatabase);
    }
  };

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    storage = openStorage(database, (error) => {
      throw error;
    });
    await migrateToLatest(storage.db);
    repo = productsRepository(storage.db, storage.dialect);
    const now = new Date().toISOString();
    for (let c = 0; c < 3; c += 1) {
      const category = newId();
      categoryIds.push(category);
      await storage.db
        .insertInto('categories')
        .values({
          id: category,
          name: `Category ${c}`,
          name_key: `category ${c}`,
          main_image: '',
          bg_image: '',
          total_sub: 2,
          total_products: 0,
          created_at: now,
          updated_at: now,
        })
        .execute();
      for (let s = 0; s < 2; s += 1) {
        const subcategory = newId();
        places.push({ category, subcategory });
        await storage.db
          .insertInto('subcategories')
          .values({
            id: subcategory,
            category_id: category,
            name: `Shelf ${c}.${s}`,
            name_key: `shelf ${c}.${s}`,
            main_image: '',
            total_products: 0,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
    }
    const start = Date.now() - 86_400_000;
    const rows = Array.from({ length: 600 }, (_, at) => {
      const created = new Date(start + at * 60_000);
      const id = newId(created);
      ids.push(id);
      return productRow(id, created);
    });
    for (let at = 0; at < rows.length; at += 100)
      await storage.db
        .insertInto('products')
        .values(rows.slice(at, at + 100))
        .execute();
    memory = catalogueMemory(repo, pino({ level: 'silent' }), defaultCatalogueMemoryProducts);
    memory.start();
    await upToDate(memory, repo.version);
  });
  afterAll(async () => {
    await memory.stop();
    await storage.close();
    await database.drop();
  });

  it('finds what the database finds: words as prefixes, several values per filter, pages', async () => {
    await expectSameAnswers(300);
  });

  it('follows edits, event changes, deletions and new products made since it loaded', async () => {
    const version = await repo.version();
    // A few products reworded are moved in place; many have the index laid out anew.
    for (const id of ids.slice(500, 505))
      await repo.update(id, { ...productRow(id, new Date()), id });
    await expectSameAnswers(50);
    for (const id of ids.slice(0, 40)) {
      await repo.update(id, { ...productRow(id, new Date()), id });
    }
    await repo.setEvent(ids.slice(100, 300), 'Trending', new Date().toISOString());
    await repo.delete(ids.splice(400, 30));
    const created = new Date();
    const added = Array.from({ length: 20 }, (_, at) => newId(new Date(created.getTime() + at)));
    await storage.db
      .insertInto('products')
      .values(added.map((id) => productRow(id, created)))
      .execute();
    ids.push(...added);
    // Followed through the log: no load of the whole catalogue was needed.
    expect(await memory.at(version)).not.toBeNull();
    await expectSameAnswers(200);
  });

  it('places a product whose id is older than the newest one (a clock behind) in id order', async () => {
    const behind = new Date(Date.now() - 3_600_000);
    const id = newId(behind);
    await storage.db.insertInto('products').values(productRow(id, behind)).execute();
    ids.push(id);
    await expectSameAnswers(200);
  });

  it('follows a category renamed in place: it holds no name, nothing to load again', async () => {
    await storage.db
      .updateTable('categories')
      .set({ name: 'Renamed' })
      .where('id', '=', categoryIds[0] ?? '')
      .execute();
    expect(await memory.at(await repo.version())).not.toBeNull();
    await expectSameAnswers(100);
  });

  it('reads the log a part at a time, each part whole values', async () => {
    const known = await repo.version();
    const now = new Date().toISOString();
    // Three statements: PostgreSQL logs one value each, SQLite one per product.
    for (const [from, to] of [
      [0, 40],
      [40, 80],
      [80, 140],
    ] as const)
      await repo.setEvent(ids.slice(from, to), 'None', now);
    const parts: number[] = [];
    for (let at = known; ;) {
      const part = await repo.changesSince(at, 50);
      if (part === null) throw new Error('the log did not reach back');
      if (part.version === at) break;
      parts.push(part.items.length);
      at = part.version;
    }
    // A value logged with more entries than a part (60) comes whole, alone.
    expect(parts).toEqual(dialect === 'postgres' ? [40, 40, 60] : [50, 50, 40]);
    await expectSameAnswers(100);
  });
});
