// `npm run bench`: builds what changed, then runs each benchmark in a process of its own.
// Benchmarks are not tests: `npm test` never runs them. Settings come from the environment
// (see README.md), e.g. `BENCH_SECONDS=30 npm run bench`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from '../scripts/bootstrap.mjs';
import { build } from '../scripts/build.mjs';

// Each is named by its first path segment: `npm run bench -- catalogue` runs one.
const benchmarks = [
  'ingestion.mjs',
  'dashboard.mjs',
  'catalogue/run.mjs',
  'app/run.mjs',
  'app/wire.mjs',
  'app/images.mjs',
  'cli/run.mjs',
  'cli/import.mjs',
  'cli/import-memory.mjs',
  'web-bundle/measure.mjs',
  'flood/run.mjs',
  'edge/run.mjs',
];
const only = process.argv.slice(2);

ensureInstalled();
build();
for (const file of benchmarks.filter(
  (name) => only.length === 0 || only.some((o) => name.startsWith(o)),
)) {
  console.log(`\n[bench] ${file}`);
  const { status } = spawnSync(process.execPath, [fileURLToPath(new URL(file, import.meta.url))], {
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
}
