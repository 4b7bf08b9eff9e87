// Debian's Chromium headless shell (scripts/ensure-chromium.mjs installs it), driven by
// playwright-core.
import { chromium, type BrowserServer } from 'playwright-core';

export const chromiumPath = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** One browser process for the whole run; each test file connects to it. */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: chromiumPath,
    args: chromiumArgs,
    headless: true,
  });
}
