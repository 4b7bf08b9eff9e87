import type { Kysely } from 'kysely';

// A story ad's views and clicks may be edited (its edit form sends them): as for shortcut and
// banner clicks, the story keeps the difference from the tracked counts (items/counters.ts).
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['view_adjust', 'click_adjust'])
    await db.schema
      .alterTable('stories')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
}
