// Formatting, lint and type checks: the same gate `npm test` runs first.
import { pathToFileURL } from 'node:url';
import { ensureInstalled, run } from './bootstrap.mjs';

export function lint() {
  run('prettier', ['--check', '--log-level', 'warn', '.']);
  run('eslint', ['--max-warnings=0', '.']);
  run('tsc', ['-b']);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureInstalled();
  lint();
}
