// Installs a Debian package the project's scripts need (the tests' PostgreSQL and Chromium, the
// benchmarks' wrk) when it is missing and we are root. apt's own output goes to stderr, so that
// a script printing an answer keeps stdout for it.
import { spawnSync } from 'node:child_process';

/** True once `name` is installed; false when it cannot be (not root, or apt failed). */
export function aptInstall(name) {
  if (process.getuid?.() !== 0) return false;
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  console.error(`[dealdesk] installing ${name} (apt-get install ${name})...`);
  return apt(['update']) && apt(['install', '-y', '--no-install-recommends', name]);
}
