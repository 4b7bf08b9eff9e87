// How streamed exports read their tables: a page of rows a query, each page read only once
// the caller has taken the one before, so memory holds a page whatever the table's size.

/** Rows a streamed list reads per query. */
export const exportPageSize = 1_000;

/**
 * Every row of a newest-first list, a page at a time: `read` answers the next rows after id
 * `after` (from the newest for null), newest first. Ids are time-ordered and unique, so the
 * last id of a page is where the next starts.
 */
export async function* pagesById<Row extends { id: string }>(
  read: (after: string | null, limit: number) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after, exportPageSize);
    if (rows.length > 0) yield rows;
    after = rows.at(-1)?.id ?? null;
    if (after === null || rows.length < exportPageSize) return;
  }
}
