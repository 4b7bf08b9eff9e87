import type { Kysely } from 'kysely';
import { createChangeCounter } from '../change-counters.js';

// The product list keeps the products it answered in memory while nothing in the catalogue
// changed (products, categories and subcategories: the names a product shows).
export async function up(db: Kysely<unknown>): Promise<void> {
  await createChangeCounter(db, 'catalogue', ['products', 'categories', 'subcategories']);
}
