// Makes sure Debian's Chromium is at /usr/bin/chromium, because the browser end-to-end tests
// (tests/) drive it through playwright-core, which downloads no browser of its own here.
// Installs Debian's `chromium` package when it is missing and we are root; quick when it is there.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

export const chromiumPath = '/usr/bin/chromium';

function install() {
  if (process.getuid?.() !== 0) return false;
  const apt = (args) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 2, 2],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0;
  console.error('[dealdesk] installing Chromium (apt-get install chromium)...');
  return apt(['update']) && apt(['install', '-y', '--no-install-recommends', 'chromium']);
}

/** Returns the path of Chromium, installing Debian's package first if needed. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (install() && existsSync(chromiumPath)) return chromiumPath;
  throw new Error(
    'Chromium is needed by the browser tests: install it (Debian: apt-get install chromium) or run this script as root.',
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`[dealdesk] Chromium: ${ensureChromium()}`);
  } catch (error) {
    console.error(`[dealdesk] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
