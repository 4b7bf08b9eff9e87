// Several administrators, walked through the screens: the first invites a second from
// /site/admins, the second accepts through the mailed link and signs in, the first disables them
// (their session and API token stop at once); then the security screen at 375 px revokes a
// session and makes and revokes an API token.
import { describe, expect, it } from 'vitest';
import { apiClient, e2e, narrow, screenshot, sessionToken, wide } from '../support/browser.js';
import type { E2eAdmin } from '../support/e2e-context.js';
import { fileBrowser } from '../support/file-browser.js';
import { invitationMail, invitedAdmin, newAdmin } from '../support/invitations.js';
import { toast } from '../support/screens.js';

const browser = fileBrowser();

describe('administrators', () => {
  const ownerPage = browser.suitePage(wide, () => sessionToken());
  const invitee = newAdmin('second');

  it('invites by email; the invitee accepts through the mailed link and signs in', async () => {
    const page = ownerPage();
    await page.goto('/site/admins');
    await page.getByRole('heading', { name: 'Administrators', level: 1 }).waitFor();
    await page
      .getByRole('textbox', { name: /^Email of the administrator to invite/ })
      .fill('not an email');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText('Enter a valid email address').waitFor();
    await page
      .getByRole('textbox', { name: /^Email of the administrator to invite/ })
      .fill(invitee.a_email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await toast(page, 'Invitation sent');
    await page.getByText(invitee.a_email).first().waitFor();
    await screenshot(page, 'administrators');

    const { link, code } = await invitationMail(invitee.a_email);
    const guest = await browser.open(wide);
    try {
      await guest.page.goto(link);
      await guest.page.getByRole('heading', { name: 'Join Dealdesk' }).waitFor();
      await guest.page.getByLabel(/^Invitation code/).fill(code);
      await guest.page.getByLabel(/^Admin ID/).fill(invitee.a_id);
      await guest.page.getByLabel(/^Password/).fill(invitee.password);
      await guest.page.getByLabel(/^Confirm password/).fill('something else');
      await guest.page.getByRole('button', { name: 'Create my account' }).click();
      await guest.page.getByText('Passwords do not match').waitFor();
      await guest.page.getByLabel(/^Confirm password/).fill(invitee.password);
      await screenshot(guest.page, 'invitation');
      await guest.page.getByRole('button', { name: 'Create my account' }).click();
      await toast(guest.page, 'Your account is ready');
      await guest.page.waitForURL((url) => url.pathname === '/admin/panel/login');
      expect(guest.errors, guest.errors.join('\n')).toEqual([]);
    } finally {
      await guest.close();
    }
    expect((await sessionToken(invitee)).length).toBeGreaterThan(0);
  });

  it('disables them after a confirmation: their session and API token stop at once', async () => {
    const session = await sessionToken(invitee);
    const created = await apiClient(() => session).admin.createToken({ name: 'their script' });
    const apiToken = created.token ?? '';
    expect((await apiClient(() => apiToken).admin.adminData()).status).toBe(true);

    const page = ownerPage();
    await page.goto('/site/admins');
    await page.getByRole('button', { name: `Disable ${invitee.a_id}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('signed out everywhere at once').waitFor();
    await dialog.getByRole('button', { name: 'Disable' }).click();
    await toast(page, 'Administrator disabled');
    await page.getByRole('button', { name: `Enable ${invitee.a_id}` }).waitFor();

    expect((await apiClient(() => session).admin.adminData()).httpStatus).toBe(401);
    expect((await apiClient(() => apiToken).admin.adminData()).httpStatus).toBe(401);
    const refused = await apiClient().admin.login({
      a_id: invitee.a_id,
      a_password: invitee.password,
    });
    expect(refused).toMatchObject({ httpStatus: 401, message: 'Invalid admin ID or password' });

    await page.getByRole('button', { name: `Enable ${invitee.a_id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
    await toast(page, 'Administrator enabled');
    expect((await sessionToken(invitee)).length).toBeGreaterThan(0);
  });

  it('does not offer disabling yourself', async () => {
    const page = ownerPage();
    await page.goto('/site/admins');
    await page.getByRole('button', { name: `Disable ${invitee.a_id}` }).waitFor();
    expect(await page.getByRole('button', { name: `Disable ${e2e().admin.a_id}` }).count()).toBe(0);
  });
});

describe('the security screen at 375 px', () => {
  let admin: E2eAdmin;
  const tabPage = browser.suitePage(narrow, async () => {
    admin = await invitedAdmin('security');
    return sessionToken(admin);
  });

  it('lists the sessions and revokes another one', async () => {
    const other = await sessionToken(admin);
    const page = tabPage();
    await page.goto('/profile/security');
    await page.getByText('This session').waitFor();
    const revoke = page.getByRole('button', { name: /^Revoke the session of/ });
    expect(await revoke.count()).toBe(1);
    await screenshot(page, 'security');
    await revoke.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'Session ended');
    await expect.poll(() => revoke.count()).toBe(0);
    expect((await apiClient(() => other).admin.adminData()).httpStatus).toBe(401);
    // The page is as wide as the phone: nothing sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
  });

  it('creates an API token, shows its secret once, and revokes it', async () => {
    const page = tabPage();
    await page.goto('/profile/security');
    await page.getByLabel(/^New API token/).fill('deploy script');
    await page.getByRole('button', { name: 'Create token' }).click();
    await toast(page, 'API token created');
    const secret = await page.getByLabel('The new API token').innerText();
    expect(secret).toMatch(/^ddk_/);
    expect((await apiClient(() => secret).admin.adminData()).status).toBe(true);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByLabel('The new API token').count()).toBe(0);

    await page.getByRole('button', { name: 'Revoke the API token deploy script' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'API token revoked');
    expect((await apiClient(() => secret).admin.adminData()).httpStatus).toBe(401);
  });
});
