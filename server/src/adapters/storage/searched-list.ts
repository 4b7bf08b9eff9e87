import type { Kysely, Selectable } from 'kysely';
import { containsText } from './contains-text.js';
import type { Database } from './schema.js';

/**
 * The list of a table whose ids are time-ordered (the primary key's index gives newest first)
 * with a search box over some of its text columns: in pages, and in runs after an id (exports).
 */
export function searchedList<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  searchedColumns: readonly string[],
) {
  type Row = Selectable<Database[T]>;
  // Kysely cannot type a query over a table a type parameter names: the query is typed as one
  // over a table with an id, and its rows as the table's here.
  const tables = db as unknown as Kysely<{ listed: { id: string } }>;
  const matching = (q: string) =>
    tables
      .selectFrom(table as unknown as 'listed')
      .$if(q !== '', (query) =>
        query.where((eb) => eb.or(searchedColumns.map((column) => containsText(column, q)))),
      );

  return {
    /** One page, newest first, and how many rows match in all. */
    async page(q: string, page: number, limit: number): Promise<{ rows: Row[]; total: number }> {
      const [rows, total] = await Promise.all([
        matching(q)
          .selectAll()
          .orderBy('id', 'desc')
          .limit(limit)
          .offset((page - 1) * limit)
          .execute(),
        matching(q)
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as Row[], total: Number(total.count) };
    },

    /** The next `limit` rows after id `after` (from the newest for null), newest first. */
    rowsAfter: async (q: string, after: string | null, limit: number): Promise<Row[]> =>
      (await matching(q)
        .selectAll()
        .$if(after !== null, (query) => query.where('id', '<', after ?? ''))
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()) as Row[],
  };
}
