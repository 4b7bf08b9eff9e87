// Vitest global setup: one throw-away PostgreSQL cluster per test run, its URL handed to the
// test files through `inject('postgresUrl')` (typed in harness.ts). Each test file creates
// its own database in it.
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
