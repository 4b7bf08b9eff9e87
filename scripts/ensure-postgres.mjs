// Makes sure PostgreSQL's server binaries (initdb, pg_ctl) are on this machine, because the
// server's tests run every scenario on a throw-away PostgreSQL as well as on SQLite.
// Installs Debian's `postgresql` package when they are missing and we are root; quick when
// they are already there. `--print-bin` prints the folder holding them (for the test setup).
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.mjs';

const debianRoot = '/usr/lib/postgresql';

/** The folder holding initdb: Debian's newest version folder first, then the PATH. */
export function findPostgresBin() {
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => existsSync(join(debianRoot, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return join(debianRoot, versions[0], 'bin');
  }
  const onPath = (process.env.PATH ?? '')
    .split(delimiter)
    .find((dir) => dir !== '' && existsSync(join(dir, 'initdb')));
  return onPath ?? null;
}

/** Returns the folder holding initdb and pg_ctl, installing PostgreSQL first if needed. */
export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) return found;
  if (aptInstall('postgresql')) {
    const installed = findPostgresBin();
    if (installed) return installed;
  }
  throw new Error(
    'PostgreSQL is needed by the server tests: install it (Debian: apt-get install postgresql) or run this script as root.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const bin = ensurePostgres();
    console.log(process.argv.includes('--print-bin') ? bin : `[dealdesk] PostgreSQL: ${bin}`);
  } catch (error) {
    console.error(`[dealdesk] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
