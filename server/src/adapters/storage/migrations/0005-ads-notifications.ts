import type { Kysely } from 'kysely';

// Ad units (the five network types and web ads), in-house ads and push notifications.
// Their view and click counts live in the tracking tables (0002), keyed by the item's id.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ad_units')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    // native, fullScreen, banner, open, reward, or web (a_id is then the ad's URL).
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('a_name', 'text', (col) => col.notNull())
    .addColumn('a_id', 'text', (col) => col.notNull())
    .addColumn('a_description', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  // Every list is one type, in creation order.
  await db.schema.createIndex('ad_units_type').on('ad_units').columns(['type', 'id']).execute();

  await db.schema
    .createTable('inhouse_ads')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('ad_type', 'text', (col) => col.notNull())
    .addColumn('mainTitle', 'text', (col) => col.notNull())
    .addColumn('subTitle', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('medType', 'text', (col) => col.notNull())
    .addColumn('medView', 'text', (col) => col.notNull())
    .addColumn('icon', 'text', (col) => col.notNull())
    .addColumn('callToAction', 'text', (col) => col.notNull())
    .addColumn('btnName', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('maxviewLimit', 'integer', (col) => col.notNull())
    .addColumn('maxviewStatus', 'integer', (col) => col.notNull())
    .addColumn('maxclickLimit', 'integer', (col) => col.notNull())
    .addColumn('maxclickStatus', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('n_title', 'text', (col) => col.notNull())
    .addColumn('n_message', 'text', (col) => col.notNull())
    .addColumn('n_url', 'text', (col) => col.notNull())
    .addColumn('n_icon', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('send_at', 'text')
    // scheduled -> sending (claimed by one server) -> sent | failed.
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('detail', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('delivered_at', 'text')
    .execute();
  // The poller looks for due scheduled rows and for sends interrupted by a crash.
  await db.schema
    .createIndex('notifications_state_send_at')
    .on('notifications')
    .columns(['state', 'send_at'])
    .execute();
}
