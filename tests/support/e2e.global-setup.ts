// Vitest global setup of the end-to-end project: one production build of the web app, one
// server on a throw-away SQLite data dir serving it (on a test clock the files read and move
// through server-clock.ts, calls made to fail through server-faults.ts), and one Chromium,
// shared by every file.
import { loadConfig } from '@dealdesk/server';
import { startTestServer, testAuthSettings, testClock } from '@dealdesk/server/testing';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './chromium.js';
import type { E2eAdmin } from './e2e-context.js';
import { serveClock } from './server-clock.js';
import { serveFaults } from './server-faults.js';
import { buildWebApp } from './web-build.js';

const admin: E2eAdmin = {
  a_id: 'admin',
  a_email: 'admin@dealdesk.test',
  password: 'first-admin-password',
};
const resetAdmin: E2eAdmin = {
  a_id: 'reset-admin',
  a_email: 'reset@dealdesk.test',
  password: 'reset-admin-password',
};

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const [webDistDir, browser] = await Promise.all([buildWebApp(), launchBrowserServer()]);
  const dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-e2e-'));
  const loaded = loadConfig({
    HOST: '127.0.0.1',
    PORT: '0',
    DEALDESK_DATA_DIR: dataDir,
    DEALDESK_API_KEY: `e2e-${randomBytes(8).toString('hex')}`,
    DEALDESK_SECRET: randomBytes(32).toString('hex'),
    DEALDESK_ADMIN_ID: admin.a_id,
    DEALDESK_ADMIN_PASSWORD: admin.password,
    DEALDESK_ADMIN_EMAIL: admin.a_email,
    DEALDESK_WEB_DIR: webDistDir,
    // The scraping walk reads a saved product page from a local fixture server.
    DEALDESK_SCRAPE_ALLOW_HOSTS: '127.0.0.1',
    LOG_LEVEL: 'silent',
  });
  // Every file signs in from 127.0.0.1 with the same admin: the sign-in limits are the
  // server's own tests' business, not these (nor is the password hashes' cost).
  const unlimited = { max: 100_000, windowMs: 60_000 };
  const config = {
    ...loaded,
    auth: {
      ...testAuthSettings,
      loginPerAdminId: unlimited,
      loginPerAdminIdAndAddress: unlimited,
      loginPerAddress: unlimited,
    },
  };
  // Real time plus what the files move it on by (a standing clock would stop sessions, rate
  // windows and "running" badges that other files rely on moving).
  const clock = testClock();
  const server = await startTestServer(
    config,
    (app) => {
      serveClock({ app, clock }, config.apiKey);
      serveFaults({ app }, config.apiKey, config.secret);
    },
    clock,
  );
  await server.app.dealdesk.auth.ensureFirstAdmin();
  await server.app.dealdesk.auth.createAdmin(resetAdmin);
  const { baseUrl } = server;

  project.provide('e2e', {
    baseUrl,
    apiKey: config.apiKey,
    secret: config.secret,
    dataDir,
    browserEndpoint: browser.wsEndpoint(),
    admin,
    resetAdmin,
  });

  return async () => {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(dirname(webDistDir), { recursive: true, force: true });
  };
}
