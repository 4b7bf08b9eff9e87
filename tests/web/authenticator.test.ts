// The authenticator app as the second sign-in step, walked through the screens: an invited
// admin of its own sets it up from Profile > Security with the key the page shows, saves the
// recovery codes, signs out, and signs in with the app's code, then with a recovery code.
import { authenticatorCode, totpStepSeconds } from '@dealdesk/server/testing';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiClient, screenshot, sessionToken, wide } from '../support/browser.js';
import type { E2eAdmin } from '../support/e2e-context.js';
import { fileBrowser } from '../support/file-browser.js';
import { invitedAdmin } from '../support/invitations.js';
import { advanceServerClock, serverNow } from '../support/server-clock.js';

const browser = fileBrowser();

/** The code the app shows at the server's time (the server's clock is the app's). */
const appCode = async (key: string) => authenticatorCode(key, await serverNow());

async function signInWith(page: Page, admin: E2eAdmin, code: string) {
  await page.goto('/admin/panel/login');
  await page.getByLabel('Admin ID').fill(admin.a_id);
  await page.getByLabel(/^Password/).fill(admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/panel/login/otp');
  await page.getByText('Enter the code your authenticator app shows').waitFor();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByRole('alert').filter({ hasText: 'Login successful' }).first().waitFor();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('the authenticator app', () => {
  let admin: E2eAdmin;
  let key = '';
  let recoveryCodes: string[] = [];
  const tabPage = browser.suitePage(wide, async () => {
    // An admin of this file's own, so the shared admins' sign-in never needs the app.
    admin = await invitedAdmin('totp');
    return sessionToken(admin);
  });

  it('sets up with the key the page shows, and shows the recovery codes once', async () => {
    const page = tabPage();
    await page.goto('/profile/security');
    const section = page.getByRole('region', { name: 'Authenticator app' });
    await section.getByRole('button', { name: 'Set up authenticator app' }).click();
    await section.getByRole('img', { name: /QR code/ }).waitFor();
    key = (await section.getByTestId('authenticator-key').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'authenticator-setup');

    await section.getByLabel(/^Code from the app/).fill(await appCode(key));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    recoveryCodes = await codes.allInnerTexts();
    expect(recoveryCodes).toHaveLength(10);
    await screenshot(page, 'authenticator-recovery-codes');

    const done = section.getByRole('button', { name: 'Done' });
    expect(await done.isDisabled()).toBe(true);
    await section.getByLabel('I have saved my recovery codes').check();
    await done.click();
    await section.getByText(/On since .*Recovery codes left: 10/).waitFor();
  });

  it('signs out, then signs in with the code from the app', async () => {
    const page = tabPage();
    await page.goto('/Logout');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/panel/login'));
    // The set-up spent the code of now (a code works once): the app shows the next one a step
    // later. One step is all the server's clock moves, for the files after this one.
    await advanceServerClock(totpStepSeconds * 1000);
    await signInWith(page, admin, await appCode(key));
    await screenshot(page, 'authenticator-signed-in');
  });

  it('signs in with a recovery code, which then works no more', async () => {
    const page = tabPage();
    await page.goto('/Logout');
    await page.waitForURL((url) => url.pathname.startsWith('/admin/panel/login'));
    const [first = ''] = recoveryCodes;
    await signInWith(page, admin, first);
    await page.goto('/profile/security');
    await page.getByText(/Recovery codes left: 9/).waitFor();

    let temporary: string | null = null;
    const api = apiClient(() => temporary);
    const login = await api.admin.login({ a_id: admin.a_id, a_password: admin.password });
    expect(login).toMatchObject({ status: true, secondFactor: 'totp' });
    temporary = login.token ?? null;
    expect(await api.admin.loginOtp({ otp: first })).toMatchObject({ status: false });
  });

  it('moves to another phone only with a code from the app in use', async () => {
    const page = tabPage();
    await page.goto('/profile/security');
    const section = page.getByRole('region', { name: 'Authenticator app' });
    await section.getByRole('button', { name: 'Move to another phone' }).click();
    const current = section.getByLabel(/^Code from the app you have now/);
    // A code the app does not show is refused, and the app in use stays.
    await current.fill('000000');
    await section.getByRole('button', { name: 'Continue' }).click();
    // Beside the field, where it stays until the code changes.
    await section.getByText('The code is not correct').waitFor();
    expect(await section.getByRole('img', { name: /QR code/ }).count()).toBe(0);

    const [, second = ''] = recoveryCodes;
    await current.fill(second);
    await section.getByRole('button', { name: 'Continue' }).click();
    await section.getByRole('img', { name: /QR code/ }).waitFor();
    const newKey = (await section.getByTestId('authenticator-key').innerText()).replace(/\s/g, '');
    expect(newKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(newKey).not.toBe(key);
    await screenshot(page, 'authenticator-move');
  });
});
