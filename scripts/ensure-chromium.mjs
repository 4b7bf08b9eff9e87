// Makes sure Debian's Chromium is at /usr/bin/chromium, because the browser end-to-end tests
// (tests/) drive it through playwright-core, which downloads no browser of its own here.
// Installs Debian's `chromium` package when it is missing and we are root; quick when it is there.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.mjs';

export const chromiumPath = '/usr/bin/chromium';

/** Returns the path of Chromium, installing Debian's package first if needed. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (aptInstall('chromium') && existsSync(chromiumPath)) return chromiumPath;
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
