// Makes sure python3 can import `cryptography`, because a server test runs the Python recipe of
// docs/app-api.md against a live server. Installs Debian's python3-cryptography when it is
// missing and we are root; quick when it is there. Without it that test is skipped, saying so.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.mjs';

const importable = () =>
  spawnSync('python3', ['-c', 'import cryptography'], { stdio: 'ignore' }).status === 0;

/** True when python3 imports cryptography, installing it first if needed and possible. */
export function ensurePythonCrypto() {
  if (importable() || (aptInstall('python3', 'python3-cryptography') && importable())) return true;
  console.error(
    '[dealdesk] python3 with cryptography is missing and could not be installed (Debian: apt-get install python3-cryptography, as root): the Python recipe test will be skipped.',
  );
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!ensurePythonCrypto()) process.exit(1);
  console.log('[dealdesk] python3 with cryptography');
}
