// Migrations that change a database already holding data, run as an upgrade would run them.
import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, freshDatabase, type TestDatabase } from '../../../testing/harness.js';
import { newId } from '../../../ids.js';
import { productsRepository } from '../../../modules/products/repository.js';
import { detailColumns } from '../../../modules/products/rows.js';
import { openStorage, type Storage } from '../database.js';
import type { Database } from '../schema.js';
import { migrations } from './index.js';

const migrator = (db: Kysely<Database>) =>
  new Migrator({ db, provider: { getMigrations: async () => migrations } });

/** A category and its subcategory, stored as any migration's products need them. */
async function shelf(db: Kysely<Database>, now: string, products: number) {
  const stamps = { created_at: now, updated_at: now };
  const category = { id: newId(), name: 'Home', name_key: 'home', main_image: '', bg_image: '' };
  await db
    .insertInto('categories')
    .values({ ...category, total_sub: 1, total_products: products, ...stamps })
    .execute();
  const subcategory = { id: newId(), category_id: category.id, name: 'Lamps', name_key: 'lamps' };
  await db
    .insertInto('subcategories')
    .values({ ...subcategory, main_image: '', total_products: products, ...stamps })
    .execute();
  return { category, subcategory };
}

/** A product on the shelf given, stored as the app writes it (search text included). */
function shelfProduct(
  { category, subcategory }: Awaited<ReturnType<typeof shelf>>,
  title: string,
  events: 'Trending' | 'None',
  now: string,
) {
  return {
    id: newId(),
    ...detailColumns({
      productDetails: {
        title,
        price: 499,
        og_price: 999,
        og_url: 'https://shop.example.com/p/1',
        category: category.id,
        subcategory: subcategory.id,
        rating: '4.1',
        ratingsAndReviews: '0 Ratings, 0 Reviews',
        deliveryInfo: '',
        availableSizes: [],
        specifications: { Material: 'brass' },
      },
      events,
      btn_url: 'https://shop.example.com/p/1',
    }),
    images: '[]',
    created_at: now,
    updated_at: now,
  };
}

/** Storage over a fresh, unmigrated database for the tests of a describe, closed after them. */
function unmigratedStorage(dialect: (typeof dialects)[number]): () => Storage {
  let database: TestDatabase;
  let storage: Storage;
  beforeAll(async () => {
    database = await freshDatabase(dialect, { migrated: false });
    storage = openStorage(database, (error) => {
      throw error;
    });
  });
  afterAll(async () => {
    await storage.close();
    await database.drop();
  });
  return () => storage;
}

describe.each(dialects)('upgrading a %s database', (dialect) => {
  const storage = unmigratedStorage(dialect);

  it('0007 keeps the products already searchable, event filters included', async () => {
    const { db } = storage();
    const before = await migrator(db).migrateTo('0006-catalogue-candidates');
    expect(before.error).toBeUndefined();
    const now = new Date().toISOString();
    const place = await shelf(db, now, 2);
    const product = (title: string, events: 'Trending' | 'None') =>
      shelfProduct(place, title, events, now);
    const trending = product('Brass desk lantern', 'Trending');
    await db
      .insertInto('products')
      .values([trending, product('Brass floor lantern', 'None')])
      .execute();

    const after = await migrator(db).migrateToLatest();
    expect(after.error).toBeUndefined();
    const products = productsRepository(db, dialect);
    const titles = async (filters: Partial<Parameters<typeof products.list>[0]>) => {
      const all = { q: '', categories: [], subCategories: [], events: [], ...filters };
      const { ids } = await products.list(all, 1, 100);
      return (await products.records(ids)).map((row) => row.title).sort();
    };
    expect(await titles({ q: 'lantern' })).toEqual(['Brass desk lantern', 'Brass floor lantern']);
    expect(await titles({ q: 'lant', events: ['Trending'] })).toEqual(['Brass desk lantern']);
    expect(await titles({ q: 'brass', subCategories: [place.subcategory.id] })).toHaveLength(2);
    // The triggers made again keep following the products' changes.
    await products.setEvent([trending.id], 'None', now);
    expect(await titles({ q: 'lantern', events: ['Trending'] })).toEqual([]);
    await db.deleteFrom('products').where('id', '=', trending.id).execute();
    expect(await titles({ q: 'lantern' })).toEqual(['Brass floor lantern']);
  });
});

describe.each(dialects)('0024 on a %s database holding look-alike admin IDs', (dialect) => {
  const storage = unmigratedStorage(dialect);

  it('keys the oldest of each look-alike group; the others keep their IDs, unkeyed', async () => {
    const { db } = storage();
    expect((await migrator(db).migrateTo('0023-authenticator-codes')).error).toBeUndefined();
    const now = new Date().toISOString();
    const admin = (a_id: string) => ({
      id: newId(),
      a_id,
      a_email: `${newId()}@example.test`,
      password_hash: 'x',
      a_name: '',
      a_state: '',
      a_city: '',
      a_address: '',
      a_phone: '',
      created_at: now,
      updated_at: now,
    });
    // Each insert on its own, so the ids (time-ordered) follow the list's order.
    for (const a_id of ['admin', 'Admin', '\u0430dmin', 'ops'])
      await db.insertInto('admins').values(admin(a_id)).execute();

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    const rows = await db
      .selectFrom('admins')
      .select(['a_id', 'a_id_skeleton'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { a_id: 'admin', a_id_skeleton: 'admin' },
      { a_id: 'Admin', a_id_skeleton: null },
      { a_id: '\u0430dmin', a_id_skeleton: null },
      { a_id: 'ops', a_id_skeleton: 'ops' },
    ]);
  });
});

describe.each(dialects)('0025 on a %s database holding accented products', (dialect) => {
  const storage = unmigratedStorage(dialect);

  it('folds the stored search words, past the first batch too, other scripts kept', async () => {
    const { db } = storage();
    expect((await migrator(db).migrateTo('0024-admin-id-skeletons')).error).toBeUndefined();
    const now = new Date().toISOString();
    const stamps = { created_at: now, updated_at: now };
    const { category, subcategory } = await shelf(db, now, 0);
    // Search texts as the old fold stored them: lowercase, accents kept.
    const product = (at: number, search_text: string) => ({
      id: newId(new Date(Date.parse(now) + at * 1000)),
      title: search_text,
      price: 1,
      og_price: 2,
      rating: '0',
      ratings_and_reviews: '',
      delivery_info: '',
      available_sizes: '[]',
      specifications: '{}',
      og_url: 'https://shop.example.com/p/1',
      btn_url: 'https://shop.example.com/p/1',
      category_id: category.id,
      subcategory_id: subcategory.id,
      events: 'None' as const,
      images: '[]',
      search_text,
      ...stamps,
    });
    // The accented ones first, in the middle and past the migration's first batch of 1,000.
    const texts = Array.from({ length: 1_002 }, (_, at) => `plain mug ${at}`);
    texts[0] = 'café crème mug';
    texts[500] = 'खादी कुर्ता set';
    texts[1_001] = 'crème brûlée bowl';
    const rows = texts.map((text, at) => product(at, text));
    for (let at = 0; at < rows.length; at += 250)
      await db
        .insertInto('products')
        .values(rows.slice(at, at + 250))
        .execute();

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    const products = productsRepository(db, dialect);
    const found = async (q: string) => {
      const all = { q, categories: [], subCategories: [], events: [] };
      const { ids } = await products.list(all, 1, 100);
      return (await products.records(ids)).map((row) => row.title).sort();
    };
    expect(await found('cafe creme')).toEqual(['café crème mug']);
    expect(await found('CAFÉ')).toEqual(['café crème mug']);
    expect(await found('creme')).toEqual(['café crème mug', 'crème brûlée bowl']);
    expect(await found('brulee')).toEqual(['crème brûlée bowl']);
    expect(await found('कुर्ता')).toEqual(['खादी कुर्ता set']);
    expect(await found('mug 999')).toEqual(['plain mug 999']);
  });
});

describe.each(dialects)('0026 on a %s database holding products', (dialect) => {
  const storage = unmigratedStorage(dialect);

  it('leaves events out of the candidate index, searches by category and event finding the same', async () => {
    const { db } = storage();
    expect((await migrator(db).migrateTo('0025-folded-search-words')).error).toBeUndefined();
    const now = new Date().toISOString();
    const place = await shelf(db, now, 3);
    await db
      .insertInto('products')
      .values([
        shelfProduct(place, 'Brass desk lamp', 'Trending', now),
        shelfProduct(place, 'Brass floor lamp', 'None', now),
        shelfProduct(place, 'Copper mug', 'Trending', now),
      ])
      .execute();

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ name: string }>`SELECT name
        FROM pragma_index_info('products_candidates') ORDER BY seqno`.execute(db);
      expect(rows.map((row) => row.name)).toEqual([
        'category_id',
        'id',
        'subcategory_id',
        'search_text',
      ]);
    }
    const products = productsRepository(db, dialect);
    const found = async (q: string, events: ('Trending' | 'None')[]) => {
      const query = { q, categories: [place.category.id], subCategories: [], events };
      const { ids } = await products.list(query, 1, 100);
      return (await products.records(ids)).map((row) => row.title).sort();
    };
    expect(await found('lamp', [])).toEqual(['Brass desk lamp', 'Brass floor lamp']);
    expect(await found('lamp', ['Trending'])).toEqual(['Brass desk lamp']);
    expect(await found('', ['Trending'])).toEqual(['Brass desk lamp', 'Copper mug']);
  });
});

describe.each(dialects)('0027 on a %s database holding administrators', (dialect) => {
  const storage = unmigratedStorage(dialect);

  it('makes every administrator and waiting invitation an owner, every token a write one', async () => {
    const { db } = storage();
    expect((await migrator(db).migrateTo('0026-candidates-without-events')).error).toBeUndefined();
    const now = new Date().toISOString();
    const [first, second] = [newId(), newId()];
    for (const [id, status] of [
      [first, 'active'],
      [second, 'disabled'],
    ] as const)
      await db
        .insertInto('admins')
        .values({
          id,
          a_id: id,
          a_email: `${id}@example.test`,
          password_hash: 'x',
          a_name: '',
          a_state: '',
          a_city: '',
          a_address: '',
          a_phone: '',
          status,
          invited_by: status === 'active' ? null : first,
          created_at: now,
          updated_at: now,
        })
        .execute();
    await sql`INSERT INTO admin_invitations (id, email, token_hash, code_hash, invited_by,
      expires_at, created_at) VALUES (${newId()}, 'next@example.test', 'h', 'x', ${first}, ${now},
      ${now})`.execute(db);
    await sql`INSERT INTO auth_tokens (id, admin_id, kind, token_hash, code_tries, created_at)
      VALUES (${newId()}, ${first}, 'api', 't', 0, ${now})`.execute(db);

    expect((await migrator(db).migrateToLatest()).error).toBeUndefined();
    const roles = await db.selectFrom('admins').select('role').orderBy('id').execute();
    expect(roles).toEqual([{ role: 'owner' }, { role: 'owner' }]);
    const invitation = await db.selectFrom('admin_invitations').select('role').execute();
    expect(invitation).toEqual([{ role: 'owner' }]);
    expect(await db.selectFrom('auth_tokens').select('scope').execute()).toEqual([
      { scope: 'write' },
    ]);
  });
});
