// The Python recipe of docs/app-api.md, taken from the doc word for word and run against a live
// server on each dialect: it opens home, gets 304 for its kept ETag, reads the product list,
// seals a tracking body, and opens a refusal. A recipe that drifts from the server fails here.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dialects,
  freshDatabase,
  startTestServer,
  testConfig,
  type TestDatabase,
  type TestServer,
} from '../../testing/harness.js';
import {
  addCategory,
  addProduct,
  addSubcategory,
  signedInClient,
} from '../products/catalogue-fixtures.js';
import { docRecipe } from './doc-recipes.js';

const recipeFile = 'dealdesk_client.py';

/** What a phone does with the recipe; it prints what it saw as JSON. */
const driver = `
import json, sys
from dealdesk_client import Dealdesk, Refused

base_url, api_key, secret, product_id = sys.argv[1:5]
api = Dealdesk(base_url, api_key, secret)
home, _ = api.get("/api/v1/app/home")
again, changed = api.get("/api/v1/app/home")
products, _ = api.get("/api/v1/app/products?limit=5")
tracked = api.track([{"kind": "product", "id": product_id, "event": "view"}])
try:
    api.get("/api/v1/app/products/" + "0" * 24)
    missing = None
except Refused as refused:
    missing = {"status": refused.status, "message": refused.message}
print(json.dumps({"home": home, "again": again, "changed": changed, "products": products,
                  "tracked": tracked, "missing": missing}))
`;

const pythonReady =
  spawnSync('python3', ['-c', 'import cryptography'], { stdio: 'ignore' }).status === 0;
const described = pythonReady
  ? 'the Python recipe of docs/app-api.md on %s'
  : 'the Python recipe of docs/app-api.md on %s (skipped: python3 cannot import cryptography; run node scripts/ensure-recipe-tools.mjs as root)';

describe.skipIf(!pythonReady).each(dialects)(described, (dialect) => {
  let database: TestDatabase;
  let server: TestServer;
  const folder = mkdtempSync(join(tmpdir(), 'dealdesk-python-'));
  beforeAll(async () => {
    database = await freshDatabase(dialect);
    server = await startTestServer(testConfig(database));
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('opens home, keeps it on 304, lists products, tracks a view and opens a refusal', async () => {
    writeFileSync(join(folder, recipeFile), docRecipe('python', recipeFile));
    writeFileSync(join(folder, 'driver.py'), driver);
    const admin = await signedInClient(server);
    const shelf = await addSubcategory(admin, await addCategory(admin, 'Kitchen'), 'Kettles');
    const productId = await addProduct(admin, shelf, { title: 'Steel kettle' });
    const { stdout } = await promisify(execFile)(
      'python3',
      ['driver.py', server.baseUrl, server.config.apiKey, server.config.secret, productId],
      { cwd: folder, timeout: 10_000 },
    );
    const seen = JSON.parse(stdout) as Record<string, unknown>;
    expect(seen.home).toMatchObject({ status: true, message: 'Home' });
    expect(seen.changed).toBe(false);
    expect(seen.again).toEqual(seen.home);
    expect(seen.products).toMatchObject({
      status: true,
      data: [{ _id: productId, title: 'Steel kettle' }],
    });
    expect(seen.tracked).toMatchObject({ status: true });
    expect(seen.missing).toMatchObject({ status: 404, message: expect.any(String) });
  });
});
