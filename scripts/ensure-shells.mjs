// Makes sure zsh and fish are installed, because the CLI's completion tests run its zsh and fish
// scripts in the real shells. Installs Debian's packages when one is missing and we are root;
// quick when they are there.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.mjs';

const shells = ['zsh', 'fish'];

const installed = (shell) => spawnSync(shell, ['-c', 'exit 0']).status === 0;

/** Installs the shells missing; throws when one cannot be installed. */
export function ensureShells() {
  const missing = shells.filter((shell) => !installed(shell));
  if (missing.length === 0 || (aptInstall(...missing) && missing.every(installed))) return;
  throw new Error(
    `The CLI's completion tests need ${missing.join(' and ')}: install them (Debian: apt-get install ${missing.join(' ')}) or run this script as root.`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    ensureShells();
    console.log(`[dealdesk] shells: ${shells.join(', ')}`);
  } catch (error) {
    console.error(`[dealdesk] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
