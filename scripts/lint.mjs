// Formatting, lint, type checks and unused code: the same gate `npm test` runs first.
import { pathToFileURL } from 'node:url';
import { ensureInstalled, run } from './bootstrap.mjs';

export function lint() {
  run('prettier', ['--check', '--log-level', 'warn', '.']);
  run('eslint', ['--max-warnings=0', '.']);
  run('tsc', ['-b']);
  // No unused files, exports or dependencies (knip.json: entries per workspace).
  // core's entry is named in knip.json although knip calls it redundant: without it, core's
  // unused exports go unreported.
  run('knip', ['--no-progress', '--no-config-hints']);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureInstalled();
  lint();
}
