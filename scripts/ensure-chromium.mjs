// Makes sure Debian's Chromium headless shell is installed, because the browser end-to-end
// tests (tests/) drive it through playwright-core, which downloads no browser of its own here.
// The headless shell is Chromium's engine without the desktop browser around it (what
// Playwright itself runs headless): the browser tests take a fifth less time than with the full
// `chromium`. Installs Debian's `chromium-headless-shell` package when it is missing and we are
// root; quick when it is there.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall } from './apt.mjs';

export const chromiumPath = '/usr/lib/chromium/chromium-headless-shell';
const chromiumPackage = 'chromium-headless-shell';

/** Returns the path of Chromium's headless shell, installing Debian's package first if needed. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return chromiumPath;
  if (aptInstall(chromiumPackage) && existsSync(chromiumPath)) return chromiumPath;
  throw new Error(
    `Chromium's headless shell is needed by the browser tests: install it (Debian: apt-get install ${chromiumPackage}) or run this script as root.`,
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
