// Vitest global setup: one throw-away PostgreSQL cluster per test run and the migrated
// templates test databases copy (migrated-templates.ts), handed to the test files through
// `inject('postgresUrl')` and `inject('migratedTemplates')` (typed in harness.ts). Each test
// file creates its own databases from them.
import type { TestProject } from 'vitest/node';
import { makeMigratedTemplates } from './migrated-templates.js';
import { startPostgresCluster } from './postgres-cluster.js';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cluster = await startPostgresCluster();
  try {
    const { remove, ...templates } = await makeMigratedTemplates(cluster.url);
    project.provide('postgresUrl', cluster.url);
    project.provide('migratedTemplates', templates);
    return async () => {
      cluster.stop();
      await remove();
    };
  } catch (error) {
    cluster.stop();
    throw error;
  }
}
