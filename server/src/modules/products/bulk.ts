// The bulk import (POST /api/App/product/bulk): up to 5,000 products a call, in one
// transaction. Rows are matched to the stored products by og_url, and to each other: the
// first row of an og_url creates (or meets) the product, the later ones meet it too. Every
// look-up reads a few hundred values a query and every write is a multi-row statement, so a
// call costs a few dozen statements whatever its size.
import { bulkRefusal, type RefusedRow } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import { lockChangeCounter } from '../../adapters/storage/change-counters.js';
import type { DialectName } from '../../adapters/storage/dialect.js';
import type { Database } from '../../adapters/storage/schema.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { countProducts, type Placement } from '../categories/service.js';
import { categoryRefusals } from '../categories/messages.js';
import { productsRepository } from './repository.js';
import type { StoredBulk, StoredRow } from './rows.js';

export type BulkStatus = 'created' | 'updated' | 'skipped';

export interface BulkAnswer {
  created: number;
  updated: number;
  skipped: number;
  /** One per row sent, in their order. */
  results: { _id: string; status: BulkStatus }[];
}

/** A row refused, and the status create answers for it. */
interface Refusal extends RefusedRow {
  statusCode: number;
}

/** What one row stores as product `id`, written at `at`. */
const columnsOf = (row: StoredRow, id: string, at: string) => ({
  id,
  ...row,
  created_at: at,
  updated_at: at,
});
type RowColumns = ReturnType<typeof columnsOf>;

const placementOf = (row: { category_id: string; subcategory_id: string }): Placement => ({
  categoryId: row.category_id,
  subcategoryId: row.subcategory_id,
});

const distinct = (values: Iterable<string>) => [...new Set(values)];

/**
 * The rows whose category or subcategory does not exist, or whose subcategory is another
 * category's (the checks and messages of create, which answers 404 and 400 for them).
 */
async function placementRefusals(
  repo: ReturnType<typeof productsRepository>,
  rows: readonly StoredRow[],
): Promise<Refusal[]> {
  const [categories, subcategories] = await Promise.all([
    repo.existingCategories(distinct(rows.map((row) => row.category_id))),
    repo.subcategoryParents(distinct(rows.map((row) => row.subcategory_id))),
  ]);
  const known = new Set(categories);
  const parents = new Map(subcategories.map((sub) => [sub.id, sub.category_id]));
  return rows.flatMap((row, at): Refusal[] => {
    const refuse = (message: string, statusCode: number) => [{ row: at + 1, message, statusCode }];
    if (!known.has(row.category_id)) return refuse(categoryRefusals.categoryNotFound, 404);
    const parent = parents.get(row.subcategory_id);
    if (parent === undefined) return refuse(categoryRefusals.subcategoryNotFound, 404);
    if (parent !== row.category_id) return refuse(categoryRefusals.subcategoryOutsideCategory, 400);
    return [];
  });
}

/** Where an og_url leads: a stored product, or one this call creates. */
interface Target {
  id: string;
  createdHere: boolean;
}

/**
 * Writes the rows in `db`, a transaction: all of them, or (a row refused) none. Answers what
 * became of each row, in their order.
 */
export async function importProducts(
  db: Kysely<Database>,
  dialect: DialectName,
  { rows, onExisting }: StoredBulk,
  now: Date,
): Promise<BulkAnswer> {
  const repo = productsRepository(db, dialect);
  // Several statements on the catalogue's logged table (change-counters.ts): the counter's
  // lock first. It also orders concurrent imports, so each sees the products the other made.
  await lockChangeCounter(db, 'catalogue');
  const refused = await placementRefusals(repo, rows);
  const [first] = refused;
  if (first !== undefined) throw new HttpError(first.statusCode, bulkRefusal(refused));

  const targets = new Map<string, Target>();
  // The oldest product of an og_url is the one a row meets (nothing kept them unique before).
  const stored = await repo.withOgUrls(distinct(rows.map((row) => row.og_url)));
  /** Where each stored product met was filed before the call. */
  const placements = new Map<string, Placement>();
  for (const product of stored.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (targets.has(product.og_url)) continue;
    targets.set(product.og_url, { id: product.id, createdHere: false });
    placements.set(product.id, placementOf(product));
  }

  const at = now.toISOString();
  const created = new Map<string, RowColumns>();
  const updated = new Map<string, RowColumns>();
  const results = rows.map((row): BulkAnswer['results'][number] => {
    const target = targets.get(row.og_url);
    if (target === undefined) {
      const id = newId(now);
      targets.set(row.og_url, { id, createdHere: true });
      created.set(id, columnsOf(row, id, at));
      return { _id: id, status: 'created' };
    }
    if (onExisting === 'skip') return { _id: target.id, status: 'skipped' };
    // A later row of the call replaces what an earlier one gave (created or stored).
    (target.createdHere ? created : updated).set(target.id, columnsOf(row, target.id, at));
    return { _id: target.id, status: 'updated' };
  });

  await repo.insertMany([...created.values()]);
  // created_at is kept: a replaced product keeps its place among the newest.
  await repo.replaceMany([...updated.values()]);
  await countProducts(db, [
    ...[...created.values()].map((columns) => ({ placement: placementOf(columns), delta: 1 })),
    ...[...updated].flatMap(([id, columns]) => {
      const before = placements.get(id);
      return before === undefined
        ? []
        : [
            { placement: before, delta: -1 },
            { placement: placementOf(columns), delta: 1 },
          ];
    }),
  ]);

  const count = (status: BulkStatus) => results.filter((result) => result.status === status).length;
  return {
    created: count('created'),
    updated: count('updated'),
    skipped: count('skipped'),
    results,
  };
}
