// Shared helpers of the browser tests: a page of a given width on the shared Chromium, a
// signed-in session without walking the screens, screenshots, and a check that the page
// logged no errors.
import {
  createApiClient,
  openResponse,
  type ApiClient,
  type ResponseEnvelope,
} from '@dealdesk/core';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Locator, type Page, type Response } from 'playwright-core';
import { inject } from 'vitest';
import type { E2eAdmin, E2eContext } from './e2e-context.js';
import { watchMailbox } from './mailbox.js';

export const wide = { width: 1280, height: 860 } as const;
export const narrow = { width: 375, height: 780 } as const;
export type Viewport = typeof wide | typeof narrow;

const screenshotDir = fileURLToPath(new URL('../screenshots/', import.meta.url));

export function e2e(): E2eContext {
  return inject('e2e');
}

export function connectBrowser(): Promise<Browser> {
  return chromium.connect(e2e().browserEndpoint);
}

export interface TestPage {
  page: Page;
  /** Errors the page logged or threw so far (a working screen logs none). */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A fresh browser context (its own storage) with one page at the given size. With `token`, the
 * context starts with that session stored, as a sign-in leaves it: the first page load is then
 * the app signed in (no sign-in screen to load first).
 */
export async function openPage(
  browser: Browser,
  viewport: Viewport = wide,
  token?: string,
  /** The browser's own time zone (an IANA name), for screens that must not depend on it. */
  timezoneId?: string,
): Promise<TestPage> {
  const { baseUrl } = e2e();
  // Without motion (the app honours it): a drawer or menu is still, and clickable, once shown,
  // however busy the machine is.
  const context = await browser.newContext({
    viewport,
    baseURL: baseUrl,
    reducedMotion: 'reduce',
    ...(timezoneId === undefined ? {} : { timezoneId }),
    ...(token === undefined
      ? {}
      : {
          storageState: {
            cookies: [],
            origins: [
              { origin: new URL(baseUrl).origin, localStorage: [{ name: 'token', value: token }] },
            ],
          },
        }),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    // Chromium reports every 4xx answer as a console error; the tests provoke those on purpose.
    // It also reports each event-handler attribute the Content-Security-Policy refuses, even in
    // the inert document a stored policy text is parsed into to be rebuilt (nothing runs there):
    // the stored-XSS tests provoke those on purpose too.
    const text = message.text();
    if (
      message.type() === 'error' &&
      !text.startsWith('Failed to load resource') &&
      !text.startsWith('Executing inline event handler violates the following Content Security')
    ) {
      errors.push(text);
    }
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

/** The core's API client in Node, as the CLI would use it. */
export function apiClient(token: () => string | null = () => null): ApiClient {
  const { baseUrl, apiKey, secret } = e2e();
  return createApiClient({ baseUrl, apiKey, secret, token });
}

/** The body of an answer the page received, opened with the server's key. */
export async function openedBody(response: Response): Promise<unknown> {
  return openResponse((await response.json()) as ResponseEnvelope, e2e().secret);
}

/** Both sign-in steps through the API, reading the code from the outbox: a session token. */
export async function sessionToken(admin: E2eAdmin = e2e().admin): Promise<string> {
  let token: string | null = null;
  const api = apiClient(() => token);
  const mailbox = await watchMailbox(e2e().dataDir);
  const login = await api.admin.login({ a_id: admin.a_id, a_password: admin.password });
  if (!login.status || login.token === undefined) throw new Error(login.message);
  token = login.token;
  const confirmed = await api.admin.loginOtp({ otp: await mailbox.nextCode(admin.a_email) });
  if (!confirmed.status || confirmed.token === undefined) throw new Error(confirmed.message);
  return confirmed.token;
}

/** Pages whose timers run on Playwright's clock (installPageClock). */
const onPageClock = new WeakSet<Page>();

/**
 * Runs the page's timers (setTimeout, Date and the rest) on Playwright's clock, from the e2e
 * server's time on: it flows as real time does, and `skipAhead` moves it on at once. Call it
 * before the page's first load, so the app's every timer is on it.
 */
export async function installPageClock(page: Page, time: Date): Promise<void> {
  await page.clock.install({ time });
  onPageClock.add(page);
}

/**
 * Runs out a fixed wait the app has just started (a file's 1 s check, a search's 500 ms
 * pause, a redirect's second): on a page on Playwright's clock, at once; elsewhere the caller's
 * next wait for the outcome takes that long.
 */
export async function skipAhead(page: Page, ms: number): Promise<void> {
  if (onPageClock.has(page)) await page.clock.fastForward(ms);
}

/**
 * Hands `path` to the router of the app the page runs, as Back or Forward would (the router
 * follows popstate): no page load, which costs Chromium 1-1.6 s of CPU each. The old screen
 * stays up while the new one's code loads: the caller waits for the new one.
 */
export async function routerPush(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    // An entry as the router makes them (its index included), so Back and the
    // unsaved-changes guard count it as the router's own.
    const state = history.state as { idx?: number } | null;
    const key = Math.random().toString(36).slice(2, 10);
    history.pushState({ usr: null, key, idx: (state?.idx ?? 0) + 1 }, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
  }, path);
}

/**
 * Shows `path` in the app the page already runs, through its router (routerPush). Resolves once
 * the router has shown the screen: the app sets the tab's `title` then. Where the tab already
 * has that title, the change could not be seen: the page is loaded instead.
 */
export async function openInApp(page: Page, path: string, title: string): Promise<void> {
  const fullTitle = `${title} · Dealdesk`;
  if ((await page.title()) === fullTitle) await page.goto(path);
  else await routerPush(page, path);
  await page.waitForFunction((expected) => document.title === expected, fullTitle);
}

/**
 * Resolves once the page has handled a new viewport size: media-query listeners (React
 * renders what they set at once) and layout, two frames later.
 */
export async function resize(page: Page, viewport: Viewport): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction((width) => window.innerWidth === width, viewport.width);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
}

/** The height a screenshot stops at: about five screens, enough to see a list's layout. */
const screenshotMaxHeight = 4000;

/**
 * Screenshots for a person to look at are taken when asked (`DEALDESK_SCREENSHOTS=1`): each is
 * a full-page render in Chromium's software rasteriser (0.1-4 s of CPU), and no test checks it.
 */
const screenshotsAsked = process.env.DEALDESK_SCREENSHOTS === '1';

/**
 * Saves tests/screenshots/<name>-<width>.png (gitignored) for a person to look at: the whole
 * page, or its top 4,000 px. A list of 200 cards at 375 px is over 20,000 px tall: Chromium's
 * software rendering of all of it costs four times the top's CPU, and showed no more layout.
 * Taken when asked (above), or with `always` (what a failed test left).
 */
export async function screenshot(
  page: Page,
  name: string,
  { always = false }: { always?: boolean } = {},
): Promise<void> {
  if (!screenshotsAsked && !always) return;
  await mkdir(screenshotDir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.screenshot({
    path: `${screenshotDir}${name}-${String(width)}.png`,
    fullPage: true,
    ...(height > screenshotMaxHeight
      ? { clip: { x: 0, y: 0, width, height: screenshotMaxHeight } }
      : {}),
    // Still a large image on a loaded machine: longer than the page's 10 s.
    timeout: 60_000,
  });
}

/** Clicks the button and answers the file the browser downloads: its name and its text. */
export async function download(button: Locator): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([button.page().waitForEvent('download'), button.click()]);
  const chunks: Buffer[] = [];
  for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
  return { name: file.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}
