// Formatting, lint, type checks and unused code: the same gate `npm test` runs first.
import { pathToFileURL } from 'node:url';
import { ensureInstalled, run } from './bootstrap.mjs';

/**
 * The checks beside the type check, as [tool, arguments]. knip: no unused files, exports or
 * dependencies (knip.json: entries per workspace; core's entry is named there although knip
 * calls it redundant: without it, core's unused exports go unreported).
 */
export const checks = [
  ['prettier', ['--check', '--log-level', 'warn', '.']],
  ['eslint', ['--max-warnings=0', '.']],
  ['knip', ['--no-progress', '--no-config-hints']],
];

export function lint() {
  run('tsc', ['-b']);
  for (const [bin, args] of checks) run(bin, args);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureInstalled();
  lint();
}
