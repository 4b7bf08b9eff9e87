// A multi-row insert without kysely's query tree: a bulk import's 5,000 products are 90,000
// values, and building and compiling their tree cost a tenth of the whole import. The statement
// text depends only on the table, the columns and the number of rows, so it is made once.
import { CompiledQuery, type Kysely } from 'kysely';
import { dialectOf } from './dialect.js';

const statements = new Map<string, string>();

/**
 * Inserts `rows` (every row with the same columns, in the same order, as the first) into
 * `table` with one statement; values go as bound parameters, as kysely would bind them.
 */
export async function insertRows<DB>(
  db: Kysely<DB>,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const [first] = rows;
  if (first === undefined) return;
  const columns = Object.keys(first);
  const dialect = dialectOf(db);
  const key = `${dialect} ${table} ${columns.join(',')} ${rows.length}`;
  let text = statements.get(key);
  if (text === undefined) {
    let bound = 0;
    const placeholder = dialect === 'postgres' ? () => `$${(bound += 1)}` : () => '?';
    const tuple = () => `(${columns.map(placeholder).join(', ')})`;
    const values = Array.from({ length: rows.length }, tuple).join(', ');
    const names = columns.map((column) => `"${column.replace(/"/g, '""')}"`).join(', ');
    text = `insert into "${table.replace(/"/g, '""')}" (${names}) values ${values}`;
    // Imports send calls of a few sizes: a handful of texts, kept apart per table and columns.
    if (statements.size > 64) statements.clear();
    statements.set(key, text);
  }
  const parameters: unknown[] = [];
  for (const row of rows) for (const column of columns) parameters.push(row[column]);
  await db.executeQuery(CompiledQuery.raw(text, parameters));
}
