// Bulk import: 100,000 products from a JSON Lines file into a fresh SQLite server, end to end
// through the built CLI (`dealdesk products import`, calls of 5,000), beside the floor measured
// in the same run: the same rows written straight into a copy of the server's SQLite database
// taken before the import, in one transaction, as the server writes them.
// Build first (`node_modules/.bin/tsc -b`), then `node bench/cli/import.mjs`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchEnvironment, machine, round, startServerProcess } from '../lib.mjs';
import {
  apiToken,
  catalogueRow as row,
  cliEnvironment,
  kurtaSubcategory,
  resultsDir,
  timeCli,
} from './support.mjs';

const products = Number(process.env.BENCH_PRODUCTS ?? 100_000);
// The 10,000 products a second, as a share of the floor's rate at this machine's normal
// speed (21,400-26,200 rows a second; bench/README.md): held at the slowest of those floors.
const goalRatio = 0.47;
// better-sqlite3 is the server's dependency: found from the server's package.
const Database = createRequire(
  fileURLToPath(new URL('../../server/package.json', import.meta.url)),
)('better-sqlite3');

/**
 * Writes the rows straight into `file` (a copy of the server's database taken before the
 * import: its schema, triggers and categories) in one transaction, as the server's bulk call
 * writes them on SQLite: the products' row triggers paused, then the search index and the
 * catalogue's change log written once for all the rows (dialect.ts insertWithTriggersPaused).
 * The floor: the database's own work for the same rows.
 */
function rawInsert(file, rows) {
  const floor = new Database(file);
  // The server's settings (dialect.ts, checkpoints.ts): the same page cache, memory map and
  // foreign-key checks (its checkpoints run on a thread of their own: here a commit may run one).
  floor.pragma('journal_mode = WAL');
  floor.pragma('synchronous = FULL');
  floor.pragma('foreign_keys = ON');
  floor.pragma('mmap_size = 0');
  floor.pragma('cache_size = -65536');
  floor.pragma('wal_autocheckpoint = 16384');
  floor.pragma('temp_store = MEMORY');
  const insert = floor.prepare(`INSERT INTO products (id, title, price, og_price, rating,
    ratings_and_reviews, delivery_info, available_sizes, specifications, og_url, btn_url,
    category_id, subcategory_id, events, images, search_text, created_at, updated_at)
    VALUES (@id, @title, @price, @og_price, @rating, @ratingsAndReviews, @deliveryInfo,
    @sizes, @specs, @og_url, @og_url, @category, @subcategory, @events, @images, @search,
    @now, @now)`);
  // The bound values are made before the clock starts: the floor is the database's work.
  const now = new Date().toISOString();
  const values = rows.map((product, index) => ({
    ...product,
    id: (0x100000000000000000000000n + BigInt(index)).toString(16).slice(1),
    sizes: JSON.stringify(product.availableSizes),
    specs: JSON.stringify(product.specifications),
    images: JSON.stringify(product.images.map((url) => ({ url }))),
    search: `${product.title} ${Object.values(product.specifications).join(' ')}`,
    now,
  }));
  const started = performance.now();
  floor.transaction(() => {
    floor.exec('INSERT INTO row_triggers_paused (paused) VALUES (1)');
    for (const value of values) insert.run(value);
    floor.exec(`DELETE FROM row_triggers_paused;
      INSERT INTO products_search_keys (item) SELECT id FROM products;
      INSERT INTO products_search (rowid, body, tags)
        SELECT keys.rowid, search_text, 'categoryid' || lower(category_id)
          || ' subcategoryid' || lower(subcategory_id)
        FROM products JOIN products_search_keys keys ON keys.item = products.id;
      UPDATE change_counters SET version = version + 1 WHERE name = 'catalogue';
      INSERT INTO catalogue_changes (version, item) SELECT
        (SELECT version FROM change_counters WHERE name = 'catalogue'), id FROM products;`);
  })();
  const ms = performance.now() - started;
  floor.close();
  return ms;
}

// Answer checks off (NODE_ENV=production), as deployed and as the other server benches run.
const env = { ...benchEnvironment('import'), NODE_ENV: 'production' };
const server = await startServerProcess(env);
try {
  const { api, token } = await apiToken(server.url, env);
  const { category, subcategory } = await kurtaSubcategory(api);

  // The floor's database: the server's as it is now (schema, categories), before the import.
  const floorFile = join(env.DEALDESK_DATA_DIR, 'floor.sqlite');
  const copy = new Database(join(env.DEALDESK_DATA_DIR, 'dealdesk.sqlite'), { readonly: true });
  await copy.backup(floorFile);
  copy.close();

  const rows = Array.from({ length: products }, (_, index) =>
    row(index, category._id, subcategory._id),
  );
  const file = join(env.DEALDESK_DATA_DIR, 'catalogue.jsonl');
  writeFileSync(file, `${rows.map((each) => JSON.stringify(each)).join('\n')}\n`);

  const run = await timeCli(
    ['--json', 'products', 'import', file],
    cliEnvironment(server.url, env, token),
  );
  const summary = JSON.parse(run.stdout);
  if (summary.created !== products) throw new Error(`created ${summary.created} of ${products}`);
  const rawMs = rawInsert(floorFile, rows);

  const perSecond = (ms) => Math.round(products / (ms / 1000));
  const results = {
    machine: machine(),
    products,
    importSeconds: round(run.ms / 1000, 2),
    importPerSecond: perSecond(run.ms),
    rawInsertSeconds: round(rawMs / 1000, 2),
    rawInsertPerSecond: perSecond(rawMs),
    // The share of the floor's rate the whole path keeps (file, checks, envelope, HTTP, server).
    ratioToRawInsert: round(rawMs / run.ms, 3),
    goal: `>= ${goalRatio}`,
    met: rawMs / run.ms >= goalRatio,
  };
  console.table(results);
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, 'cli-import.json'), `${JSON.stringify(results, null, 2)}\n`);
} finally {
  await server.stop();
}
