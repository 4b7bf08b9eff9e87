// Runs pnpm without a global install: npx fetches the pinned version from the registry once.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { onSupportedNode } from './node.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const { packageManager } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url)));

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['-y', packageManager, ...args], {
    cwd: root,
    stdio: 'inherit',
    ...options,
  });
  return result.status ?? 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await onSupportedNode();
  process.exit(pnpm(process.argv.slice(2)));
}
