// Installs the workspace when node_modules is missing or older than the lockfile, so that
// `npm start` and `npm test` work on a fresh clone with only Node and npm.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
const stampFile = new URL('../node_modules/.dealdesk-install', import.meta.url);

function lockHash() {
  const hash = createHash('sha256');
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml']) {
    hash.update(readFileSync(new URL(`../${file}`, import.meta.url)));
  }
  return hash.digest('hex');
}

export function ensureInstalled() {
  const wanted = lockHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === wanted) return;
  console.log('[dealdesk] installing dependencies (pnpm, frozen lockfile)...');
  const status = pnpm(['install', '--frozen-lockfile']);
  if (status !== 0) {
    console.error('[dealdesk] dependency install failed');
    process.exit(status);
  }
  writeFileSync(stampFile, wanted);
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
