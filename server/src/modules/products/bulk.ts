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
import { wholeRows } from './bulk-update.js';
import {
  storedColumns,
  StoredRows,
  storedValues,
  type StoredBulk,
  type StoredRow,
} from './rows.js';

export type BulkStatus = 'created' | 'updated' | 'skipped';

export interface BulkAnswer {
  created: number;
  updated: number;
  skipped: number;
  /** One per row sent, in their order. */
  results: { _id: string; status: BulkStatus }[];
}

/** A stored product an import replaced or updated: as it was, and the row that replaced it. */
export interface Replaced {
  before: Awaited<ReturnType<ReturnType<typeof productsRepository>['stored']>>[number];
  after: StoredRow;
}

/** A row refused, and the status create answers for it. */
interface Refusal extends RefusedRow {
  statusCode: number;
}

/** What one row stores as product `id`, written at `at` (an update's object). */
const columnsOf = (row: StoredRow, id: string, at: string) => ({
  id,
  ...row,
  created_at: at,
  updated_at: at,
});

/** The columns a created product's values fill, in order: its id, its row's, its times. */
const createdColumns = ['id', ...storedColumns, 'created_at', 'updated_at'] as const;

const placementOf = (row: { category_id: string; subcategory_id: string }): Placement => ({
  categoryId: row.category_id,
  subcategoryId: row.subcategory_id,
});

/** Where row `index` of `rows` is filed. */
const placementAt = (rows: StoredRows, index: number): Placement => ({
  categoryId: rows.get(index, 'category_id'),
  subcategoryId: rows.get(index, 'subcategory_id'),
});

/** Each row's value of `column`, in their order. */
const columnOf = (rows: StoredRows, column: 'og_url' | 'category_id' | 'subcategory_id') =>
  Array.from({ length: rows.length }, (_, index) => rows.get(index, column));

const distinct = (values: Iterable<string>) => [...new Set(values)];

/**
 * The rows whose category or subcategory does not exist, or whose subcategory is another
 * category's (the checks and messages of create, which answers 404 and 400 for them).
 */
async function placementRefusals(
  repo: ReturnType<typeof productsRepository>,
  rows: StoredRows,
): Promise<Refusal[]> {
  const [categories, subcategories] = await Promise.all([
    repo.existingCategories(distinct(columnOf(rows, 'category_id'))),
    repo.subcategoryParents(distinct(columnOf(rows, 'subcategory_id'))),
  ]);
  const known = new Set(categories);
  const parents = new Map(subcategories.map((sub) => [sub.id, sub.category_id]));
  const refusals: Refusal[] = [];
  for (let index = 0; index < rows.length; index += 1) {
    const refuse = (message: string, statusCode: number) =>
      refusals.push({ row: index + 1, message, statusCode });
    const { categoryId, subcategoryId } = placementAt(rows, index);
    const parent = parents.get(subcategoryId);
    if (!known.has(categoryId)) refuse(categoryRefusals.categoryNotFound, 404);
    else if (parent === undefined) refuse(categoryRefusals.subcategoryNotFound, 404);
    else if (parent !== categoryId) refuse(categoryRefusals.subcategoryOutsideCategory, 400);
  }
  return refusals;
}

/** Where an og_url leads: a stored product, or one this call creates. */
interface Target {
  id: string;
  createdHere: boolean;
}

/**
 * Writes the rows in `db`, a transaction: all of them, or (a row refused) none. Answers what
 * became of each row, in their order, and the stored products replaced (for their audit
 * entries' before and after).
 */
export async function importProducts(
  db: Kysely<Database>,
  dialect: DialectName,
  bulk: StoredBulk,
  now: Date,
): Promise<{ answer: BulkAnswer; replaced: Replaced[] }> {
  const { onExisting } = bulk;
  const repo = productsRepository(db, dialect);
  // Several statements on the catalogue's logged table (change-counters.ts): the counter's
  // lock first. It also orders concurrent imports, so each sees the products the other made.
  await lockChangeCounter(db, 'catalogue');
  // An update's rows become whole rows (its products' other fields kept), then replace them.
  const rows = new StoredRows(
    bulk.onExisting === 'update' ? storedValues(await wholeRows(repo, bulk.patches)) : bulk.values,
  );
  const refused = await placementRefusals(repo, rows);
  const [first] = refused;
  if (first !== undefined) throw new HttpError(first.statusCode, bulkRefusal(refused));

  const targets = new Map<string, Target>();
  const ogUrls = columnOf(rows, 'og_url');
  // The oldest product of an og_url is the one a row meets (nothing kept them unique before).
  const stored = await repo.withOgUrls(distinct(ogUrls));
  /** Where each stored product met was filed before the call. */
  const placements = new Map<string, Placement>();
  for (const product of stored.sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (targets.has(product.og_url)) continue;
    targets.set(product.og_url, { id: product.id, createdHere: false });
    placements.set(product.id, placementOf(product));
  }

  // The row each product written takes its columns from.
  const created = new Map<string, number>();
  const updated = new Map<string, number>();
  const results = ogUrls.map((ogUrl, index): BulkAnswer['results'][number] => {
    const target = targets.get(ogUrl);
    if (target === undefined) {
      const id = newId(now);
      targets.set(ogUrl, { id, createdHere: true });
      created.set(id, index);
      return { _id: id, status: 'created' };
    }
    if (onExisting === 'skip') return { _id: target.id, status: 'skipped' };
    // A later row of the call replaces what an earlier one gave (created or stored).
    (target.createdHere ? created : updated).set(target.id, index);
    return { _id: target.id, status: 'updated' };
  });

  const at = now.toISOString();
  const createdValues: unknown[] = [];
  for (const [id, index] of created) {
    createdValues.push(id);
    rows.appendTo(index, createdValues);
    createdValues.push(at, at);
  }
  await repo.insertMany(createdColumns, createdValues);
  const replaced = (updated.size === 0 ? [] : await repo.stored([...updated.keys()])).map(
    (before) => ({ before, after: rows.row(updated.get(before.id) ?? 0) }),
  );
  // created_at is kept: a replaced product keeps its place among the newest.
  await repo.replaceMany([...updated].map(([id, index]) => columnsOf(rows.row(index), id, at)));
  await countProducts(db, [
    ...[...created.values()].map((index) => ({ placement: placementAt(rows, index), delta: 1 })),
    ...[...updated].flatMap(([id, index]) => {
      const before = placements.get(id);
      return before === undefined
        ? []
        : [
            { placement: before, delta: -1 },
            { placement: placementAt(rows, index), delta: 1 },
          ];
    }),
  ]);

  const count = (status: BulkStatus) => results.filter((result) => result.status === status).length;
  return {
    answer: {
      created: count('created'),
      updated: count('updated'),
      skipped: count('skipped'),
      results,
    },
    replaced,
  };
}
