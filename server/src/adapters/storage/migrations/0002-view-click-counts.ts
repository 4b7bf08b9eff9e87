import type { Kysely } from 'kysely';

// View and click counters of every tracked item (stories, story ads, shortcuts, banners, web
// ads, in-house ads, products), kept per business day and in total so that dashboards,
// analytics and limit checks read a handful of rows and never scan raw events.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_daily_counts')
    .addColumn('item_id', 'varchar(24)', (col) => col.notNull())
    .addColumn('day', 'varchar(10)', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('item_daily_counts_pk', ['item_id', 'day'])
    .execute();
  // Analytics lists every item of a kind over a range of days.
  await db.schema
    .createIndex('item_daily_counts_kind_day')
    .on('item_daily_counts')
    .columns(['kind', 'day'])
    .execute();

  await db.schema
    .createTable('item_totals')
    .addColumn('item_id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('views', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}
