// Installs Debian packages the project's scripts need (the tests' PostgreSQL, Chromium and shells,
// the benchmarks' wrk) when they are missing and we are root. apt's own output goes to stderr, so that
// a script printing an answer keeps stdout for it.
import { spawnSync } from 'node:child_process';

/** True once the packages are installed; false when they cannot be (not root, or apt failed). */
export function aptInstall(...names) {
  if (process.getuid?.() !== 0) return false;
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  const list = names.join(' ');
  console.error(`[dealdesk] installing ${list} (apt-get install ${list})...`);
  return apt(['update']) && apt(['install', '-y', '--no-install-recommends', ...names]);
}
