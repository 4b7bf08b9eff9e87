import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Tests import workspace packages from source, so no build is needed before `vitest run`.
export const workspaceAliases = {
  '@dealdesk/core': fileURLToPath(new URL('./core/src/index.ts', import.meta.url)),
};

export default defineConfig({
  resolve: { alias: workspaceAliases },
  test: {
    include: ['{core,server,cli,tests}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One throw-away PostgreSQL per run: the server's tests run on it as well as on SQLite.
    globalSetup: ['server/src/testing/postgres.global-setup.ts'],
  },
});
