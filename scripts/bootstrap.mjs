// Installs the workspace when node_modules is missing, older than the lockfile or built for
// another Node, so that `npm start` and `npm test` work on a fresh clone with only Node and npm.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onSupportedNode } from './node.mjs';
import { pnpm } from './pnpm.mjs';

// Every script (npm start, npm test, build, lint, fuzz, bench) imports this module first: on a
// Node older than the pinned one, the script runs again on the pinned Node instead.
await onSupportedNode();

export const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = new URL('../node_modules/.dealdesk-install', import.meta.url);

function lockHash() {
  const hash = createHash('sha256');
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml']) {
    hash.update(readFileSync(new URL(`../${file}`, import.meta.url)));
  }
  return hash.digest('hex');
}

/**
 * The lockfile's hash and the Node that native modules (better-sqlite3) were built for: its
 * version, not only its ABI, since the headers of a patch release can differ (docs/decisions.md).
 */
const builtFor = `node ${process.versions.node} abi ${process.versions.modules}`;
const installStamp = () => `${lockHash()} ${builtFor}`;

export function ensureInstalled() {
  const wanted = installStamp();
  const installed = existsSync(stampFile) ? readFileSync(stampFile, 'utf8') : undefined;
  if (installed === wanted) return;
  console.log('[dealdesk] installing dependencies (pnpm, frozen lockfile)...');
  must(pnpm(['install', '--frozen-lockfile']), 'dependency install');
  // pnpm keeps packages it has installed, built for the Node of that time: build them again.
  if (installed !== undefined && !installed.endsWith(builtFor)) {
    console.log(`[dealdesk] building native modules again for Node ${process.versions.node}...`);
    must(pnpm(['rebuild', '--recursive']), 'native module build');
  }
  writeFileSync(stampFile, wanted);
}

function must(status, what) {
  if (status === 0) return;
  console.error(`[dealdesk] ${what} failed`);
  process.exit(status);
}

/**
 * Runs a binary of the package in `options.cwd` (the root by default) from its own
 * node_modules/.bin (pnpm links a package's tools there only), and exits when it fails.
 */
export function run(bin, args, options = {}) {
  const cwd = options.cwd ?? root;
  const result = spawnSync(join(cwd, 'node_modules', '.bin', bin), args, {
    stdio: 'inherit',
    ...options,
    cwd,
  });
  if (result.error !== undefined) console.error(`[dealdesk] ${bin}: ${result.error.message}`);
  if (result.status !== 0) {
    console.error(`[dealdesk] ${bin} ${args.join(' ')} failed`);
    process.exit(result.status ?? 1);
  }
}
