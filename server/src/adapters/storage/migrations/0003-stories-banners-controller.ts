import type { Kysely } from 'kysely';

// The story section (shortcut stories, story videos and images, story ads, banner b1) and the
// controller's one settings row. Views and clicks live in the tracking counters, not here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('shortcuts')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('s_no', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('logo', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('click_adjust', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // The list is ordered by the order number; next_s_no reads its maximum.
  await db.schema.createIndex('shortcuts_s_no').on('shortcuts').columns(['s_no', 'id']).execute();

  // Story videos or images and story ads: one table, told apart by ads_story.
  await db.schema
    .createTable('stories')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('ads_story', 'integer', (col) => col.notNull())
    .addColumn('ntv', 'integer', (col) => col.notNull())
    .addColumn('ntv_id', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('video', 'text', (col) => col.notNull())
    .addColumn('story_time', 'double precision', (col) => col.notNull())
    .addColumn('btn_name', 'text', (col) => col.notNull())
    .addColumn('btn_url', 'text', (col) => col.notNull())
    .addColumn('max_view_limit', 'integer', (col) => col.notNull())
    .addColumn('max_view_status', 'integer', (col) => col.notNull())
    .addColumn('max_click_limit', 'integer', (col) => col.notNull())
    .addColumn('max_click_status', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  // Each list reads one kind, newest first.
  await db.schema.createIndex('stories_kind').on('stories').columns(['ads_story', 'id']).execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', 'varchar(24)', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('image', 'text', (col) => col.notNull())
    .addColumn('video', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('click_adjust', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  // One row (id 'app'); its columns are the settings' wire names. Written with the defaults
  // on first read, so a later setting adds its column with a default in a new migration.
  let settings = db.schema
    .createTable('controller_settings')
    .addColumn('id', 'varchar(16)', (col) => col.primaryKey());
  for (const flag of [
    'storyVideo',
    'storyBrand',
    'banner',
    'trending',
    'bestDeals',
    'newLaunch',
    'track',
    'inHouseAds',
    'installNew',
  ]) {
    settings = settings.addColumn(flag, 'integer', (col) => col.notNull());
  }
  for (const position of ['storyAdsPosition', 'ntvTiming', 'productNtvPosition']) {
    settings = settings.addColumn(position, 'integer', (col) => col.notNull());
  }
  for (const text of [
    'afterSplaceAds',
    'afterIntroAds',
    'homeToCategory',
    'categoryToSubCategory',
    'subCategoryToProductList',
    'productListToProduct',
    'seeAllToProductList',
    'relatedToProduct',
    'defaultIntent',
    'intentControl',
    'facebook_app_id',
    'facebook_client_token',
    'btn_url',
    'updated_at',
  ]) {
    settings = settings.addColumn(text, 'text', (col) => col.notNull());
  }
  await settings.execute();
}
