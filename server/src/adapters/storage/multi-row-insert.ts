// A multi-row insert without kysely's query tree: a bulk import's 5,000 products are 90,000
// values, and building and compiling their tree cost a tenth of the whole import. The statement
// text depends only on the table, the columns and the number of rows, so it is made once.
import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';

const statements = new Map<string, string>();

/**
 * Inserts rows of `columns` into `table` with one statement: `values` holds each row's values
 * in the columns' order, one row after another, bound as kysely would bind them.
 */
export async function insertRows<DB>(
  db: Kysely<DB>,
  table: string,
  columns: readonly string[],
  values: unknown[],
): Promise<void> {
  const rows = values.length / columns.length;
  if (rows === 0) return;
  const dialect = dialectOf(db);
  const key = `${dialect} ${table} ${columns.join(',')} ${rows}`;
  let text = statements.get(key);
  if (text === undefined) {
    let bound = 0;
    const placeholder = dialect === 'postgres' ? () => `$${(bound += 1)}` : () => '?';
    const tuple = () => `(${columns.map(placeholder).join(', ')})`;
    const tuples = Array.from({ length: rows }, tuple).join(', ');
    const names = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
    text = `insert into "${table.replace(/"/g, '""')}" (${names}) values ${tuples}`;
    // Imports send calls of a few sizes: a handful of texts, kept apart per table and columns.
    if (statements.size > 64) statements.clear();
    statements.set(key, text);
  }
  await db.executeQuery(CompiledQuery.raw(text, values));
}
