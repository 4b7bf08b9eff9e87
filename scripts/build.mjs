// Builds every package: TypeScript project references (core, server, cli), then the web app.
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { ensureInstalled, run, root } from './bootstrap.mjs';

export function build() {
  run('tsc', ['-b']);
  if (existsSync(`${root}web/package.json`)) run('vite', ['build'], { cwd: `${root}web` });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  ensureInstalled();
  build();
}
