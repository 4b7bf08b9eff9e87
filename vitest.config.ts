import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Tests import workspace packages from source, so no build is needed before `vitest run`.
// The testing entries come before their packages: an alias also matches what starts with its name.
export const workspaceAliases = {
  '@dealdesk/server/testing': fileURLToPath(
    new URL('./server/src/testing/index.ts', import.meta.url),
  ),
  '@dealdesk/core/testing': fileURLToPath(
    new URL('./core/src/client/test-server.ts', import.meta.url),
  ),
  // The CLI run in process (tests/cli); not in the CLI's dist either.
  '@dealdesk/cli/testing': fileURLToPath(
    new URL('./cli/src/testing/in-process.ts', import.meta.url),
  ),
  '@dealdesk/core': fileURLToPath(new URL('./core/src/index.ts', import.meta.url)),
  '@dealdesk/server': fileURLToPath(new URL('./server/src/app.ts', import.meta.url)),
};

const browserTests = 'tests/web/**/*.test.ts';

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two files at a time (vitest's default is one fewer than the cores: one, here). The
    // browser files go one at a time (their project says so); `npm test` runs the two projects
    // in processes of their own at once (scripts/test.mjs).
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'packages',
          include: ['{core,server,cli,tests}/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/dist/**', browserTests],
          // One throw-away PostgreSQL per run (the server's tests run on it as well as on
          // SQLite), and a migrated database of each dialect that test databases copy.
          globalSetup: ['server/src/testing/databases.global-setup.ts'],
          // Files of a worker share loaded modules: each makes its own servers and databases,
          // and importing the server afresh for each of 129 files cost 2 minutes of a run.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [browserTests],
          // One web build, one server and one Chromium for every browser test file
          // (set up only when a browser test runs).
          globalSetup: ['tests/support/e2e.global-setup.ts'],
          // The files share the browser and the server: one file at a time on 2 cores. They
          // also share loaded modules (each file's page and state are its own): loading
          // Playwright and the helpers again for each of 14 files cost 2 to 4 s a file.
          fileParallelism: false,
          isolate: false,
          testTimeout: 90_000,
        },
      },
    ],
  },
});
