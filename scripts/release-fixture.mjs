// `node scripts/release-fixture.mjs` (after a build): the database of this release, with every
// kind of row, as a fixture the upgrade test opens with later code. Run it once per release and
// commit the file: server/src/adapters/storage/fixtures/<server version>.sqlite.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, loadConfig } from '../server/dist/app.js';
import { seedDemo } from '../server/dist/demo/seed.js';

const server = fileURLToPath(new URL('../server/', import.meta.url));
const { version } = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8'));
/** The admin the upgrade test signs in as (test data, not secrets); its API token is listed. */
const fixtureAdmin = {
  a_id: 'release-admin',
  a_email: 'release-admin@example.test',
  password: 'release-admin-password',
};

const dataDir = mkdtempSync(join(tmpdir(), 'dealdesk-release-'));
try {
  const app = await buildApp(
    loadConfig({
      DEALDESK_DATA_DIR: dataDir,
      DEALDESK_API_KEY: 'release-fixture-key',
      DEALDESK_SECRET: 'ab'.repeat(32),
      DEALDESK_WEB_DIR: join(dataDir, 'no-web-app'),
      LOG_LEVEL: 'warn',
    }),
  );
  const { context, auth } = app.dealdesk;
  await auth.createAdmin(fixtureAdmin);
  const admin = await context.db
    .selectFrom('admins')
    .select('id')
    .where('a_id', '=', fixtureAdmin.a_id)
    .executeTakeFirstOrThrow();
  await auth.tokens.issue('api', admin.id, null, { prefix: 'ddk_', name: 'release cron' });
  await seedDemo(context);
  // Closing checkpoints the write-ahead log into the one file.
  await app.close();
  const fixtures = join(server, 'src/adapters/storage/fixtures');
  mkdirSync(fixtures, { recursive: true });
  copyFileSync(join(dataDir, 'dealdesk.sqlite'), join(fixtures, `${version}.sqlite`));
  console.log(join(fixtures, `${version}.sqlite`));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
