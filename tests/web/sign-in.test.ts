// Sign-in, the route gate, logout and the password reset, walked through the screens.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  connectBrowser,
  e2e,
  narrow,
  openPage,
  screenshot,
  wide,
  type TestPage,
} from '../support/browser.js';
import { watchMailbox } from '../support/mailbox.js';

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function toast(page: Page, text: string | RegExp) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** Both sign-in steps from the login screen the page shows (its ?next= rides along). */
async function signInHere(page: Page, admin = e2e().admin) {
  const mailbox = await watchMailbox(e2e().dataDir);
  await page.getByLabel('Admin ID').fill(admin.a_id);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/panel/login/otp');
  await page.getByLabel('Verification code').fill(await mailbox.nextCode(admin.a_email));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
}

async function signInThroughScreens(page: Page, admin = e2e().admin) {
  await page.goto('/admin/panel/login');
  await signInHere(page, admin);
}

describe('sign-in', () => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await openPage(browser, wide);
  });
  afterAll(async () => {
    expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    await tab.close();
  });

  it('shows the fallback page for any other path while signed out', async () => {
    const { page } = tab;
    await page.goto('/add/story');
    await page.getByRole('heading', { name: 'Please log in' }).waitFor();
    await screenshot(page, 'signed-out');
    await page.getByRole('link', { name: 'Go to login' }).click();
    // The page asked for rides along, to land there after sign-in.
    await page.waitForURL('**/admin/panel/login?next=%2Fadd%2Fstory');
  });

  it('refuses a login without credentials and with a wrong password', async () => {
    const { page } = tab;
    await page.goto('/admin/panel/login');
    await screenshot(page, 'login');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Admin ID is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await page.getByLabel('Admin ID').fill(e2e().admin.a_id);
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page, 'Invalid admin ID or password');
    expect(page.url()).toMatch(/\/admin\/panel\/login$/);
  });

  it('keeps the temporary token, then the session token, and opens home after 1 s', async () => {
    const { page } = tab;
    const mailbox = await watchMailbox(e2e().dataDir);
    await page.goto('/admin/panel/login');
    await page.getByLabel('Admin ID').fill(e2e().admin.a_id);
    await page.getByLabel(/^Password/).fill(e2e().admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL('**/admin/panel/login/otp');
    const temporary = await page.evaluate(() => localStorage.getItem('token'));
    expect(temporary).toBeTruthy();
    await screenshot(page, 'login-code');

    const code = await mailbox.nextCode(e2e().admin.a_email);
    const input = page.getByLabel('Verification code');
    await input.fill(`${code}99`);
    expect(await input.inputValue()).toBe(code); // at most 6 characters
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await toast(page, 'Login successful');
    const session = await page.evaluate(() => localStorage.getItem('token'));
    expect(session).toBeTruthy();
    expect(session).not.toBe(temporary);
    // Still on the code screen right after the toast: the redirect waits a second.
    expect(page.url()).toMatch(/\/login\/otp$/);
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('shows the not-found page and /Error inside the shell', async () => {
    const { page } = tab;
    await page.goto('/no/such/screen');
    await page
      .getByRole('heading', { name: 'Oops! The page you are looking for could not be found.' })
      .waitFor();
    await screenshot(page, 'not-found');
    await page.goto('/Error');
    await page.getByRole('heading', { name: 'Oops! Something went wrong' }).waitFor();
    await screenshot(page, 'error');
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('logs out: storage cleared, server session ended, back to login', async () => {
    const { page } = tab;
    const token = await page.evaluate(() => localStorage.getItem('token'));
    await page.evaluate(() => sessionStorage.setItem('draft', 'x'));
    await page.getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL('**/admin/panel/login');
    expect(await page.evaluate(() => localStorage.length + sessionStorage.length)).toBe(0);
    const check = await apiClient(() => token).admin.authorization();
    expect(check.httpStatus).toBe(401);
    // The gate holds again.
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Please log in' }).waitFor();
  });

  it('drops a stored token the server no longer accepts', async () => {
    const { page } = tab;
    await page.evaluate(() => localStorage.setItem('token', 'not-a-session'));
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Please log in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  it('lands on the page first asked for after sign-in, never on another site', async () => {
    const { page } = tab;
    await page.goto('/site/policy/terms');
    await page.getByRole('link', { name: 'Go to login' }).click();
    await expect
      .poll(() => page.url())
      .toMatch(/\/admin\/panel\/login\?next=%2Fsite%2Fpolicy%2Fterms$/);
    await signInHere(page);
    await page.waitForURL((url) => url.pathname === '/site/policy/terms');
    await screenshot(page, 'signed-in-return');
    await page.getByRole('heading', { name: 'Terms & Conditions' }).waitFor();
    // A next that leaves the app is ignored: home instead.
    await page.goto('/Logout');
    await page.waitForURL('**/admin/panel/login');
    await page.goto('/admin/panel/login?next=//evil.example/');
    await signInHere(page);
    await page.waitForURL((url) => url.pathname === '/');
  });
});

describe('password reset', () => {
  let tab: TestPage;
  beforeAll(async () => {
    tab = await openPage(browser, narrow);
  });
  afterAll(async () => {
    expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    await tab.close();
  });

  it('walks email, code and new password, then signs in with the new password', async () => {
    const { page } = tab;
    const admin = e2e().resetAdmin;
    const mailbox = await watchMailbox(e2e().dataDir);
    await page.goto('/admin/panel/login');
    await page.getByRole('link', { name: 'Forget ?' }).click();
    await page.waitForURL('**/admin/panel/forgetpw');
    await expect(page.getByLabel('Email').getAttribute('type')).resolves.toBe('email');
    await screenshot(page, 'forgot-password');
    await page.getByLabel('Email').fill(admin.a_email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL('**/admin/panel/forget/otp');
    expect(await page.evaluate(() => localStorage.getItem('resetToken'))).toBeTruthy();
    await screenshot(page, 'reset-code');

    await page.getByLabel('Verification code').fill(await mailbox.nextCode(admin.a_email));
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.waitForURL('**/admin/panel/new/password');
    await screenshot(page, 'new-password');

    await page.getByLabel(/^New password/).fill('short');
    await page.getByLabel('Confirm new password').fill('other');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Password must be at least 6 characters long').waitFor();
    await page.getByText('Passwords do not match').waitFor();

    const newPassword = 'a-brand-new-password';
    await page.getByLabel(/^New password/).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    // The page's timers run on a clock the test moves: the message stays 2 s, then sign-in.
    await page.clock.install();
    await page.getByRole('button', { name: 'Save new password' }).click();
    await toast(page, 'Password changed successfully');
    expect(await page.evaluate(() => localStorage.getItem('resetToken'))).toBeNull();
    await page.clock.runFor(1_500);
    expect(new URL(page.url()).pathname).toBe('/admin/panel/new/password');
    await page.clock.runFor(1_000);
    await page.waitForURL('**/admin/panel/login');

    await signInThroughScreens(page, { ...admin, password: newPassword });
    await page.waitForURL((url) => url.pathname === '/');
  });
});
