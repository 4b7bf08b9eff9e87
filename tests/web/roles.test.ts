// Roles in the back-office (issue 39): a viewer finds no enabled control that changes something
// on any screen of the navigation, each disabled one saying why on hover; an editor cannot edit
// the controller. The server refuses them anyway (server/src/http/roles.test.ts).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, sessionToken, wide } from '../support/browser.js';
import type { E2eAdmin } from '../support/e2e-context.js';
import { fileBrowser } from '../support/file-browser.js';
import { invitedAdmin } from '../support/invitations.js';

const browser = fileBrowser();

/** What a control that changes something is called, by its text or label. */
const writeNames =
  /^(add|save|send|delete|edit|remove|update|create|clear|disable|enable|invite|roll back|resend|cancel the|upload|import|apply|scrape|publish)\b|status$/i;

/** Every screen of the navigation (the edit screens open from their lists). */
const screens = [
  '/',
  '/add/story',
  '/add/story/banner',
  '/add/story/video',
  '/add/story/Ad',
  '/controller',
  '/site/manage/analytics',
  '/site/policy',
  '/site/policy/terms',
  '/add/Product',
  '/add/Product/category',
  '/show/Product',
  '/show/Prodcut/event',
  ...['nativeAds', 'fullScreenAds', 'bannerAds', 'openAds', 'rewardAds', 'webAds'].map(
    (kind) => `/site/manage/ads/${kind}/add`,
  ),
  '/manage/ads/inHouseAds/add',
  '/site/notification',
  '/site/audit',
  '/site/admins',
];

/** The enabled controls of the screen whose names say they change something. */
const enabledWrites = (page: Page) =>
  page.evaluate((source) => {
    const pattern = new RegExp(source, 'i');
    return Array.from(
      document.querySelectorAll('main button, main input, main select, main textarea'),
    )
      .filter((control) => !control.matches(':disabled') && control.ariaDisabled !== 'true')
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? '')
      .filter((name) => pattern.test(name));
  }, writeNames.source);

describe('roles on the screens', () => {
  let viewer: E2eAdmin;
  let editor: E2eAdmin;
  beforeAll(async () => {
    viewer = await invitedAdmin('viewer', 'viewer');
    editor = await invitedAdmin('editor', 'editor');
    // A row on a list screen, so its own buttons (an ad unit's inline Edit) are looked at too.
    const owner = await sessionToken();
    const added = await apiClient(() => owner).adUnits.add({
      type: 'native',
      a_name: 'RolesNative',
      a_id: 'ca-app-pub-roles/native',
      a_description: 'A row for the viewer to find',
    });
    if (!added.status) throw new Error(added.message);
  });
  const viewerPage = browser.suitePage(wide, () => sessionToken(viewer));
  const editorPage = browser.suitePage(wide, () => sessionToken(editor));

  it('a viewer sees no enabled write control on any screen, and why on hover', async () => {
    const page = viewerPage();
    for (const screen of screens) {
      await page.goto(screen);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // The role arrives with the administrators list: until then nothing is disabled.
      await expect.poll(() => enabledWrites(page), { message: screen }).toEqual([]);
    }
    await page.goto('/site/policy');
    await expect
      .poll(() => page.locator('main fieldset[disabled]').first().getAttribute('title'))
      .toBe('This needs the editor role');
    await page.goto('/profile/security');
    const create = page.getByRole('button', { name: 'Create token' });
    await expect.poll(() => create.getAttribute('title')).toBe('This needs the editor role');
    expect(await create.isDisabled()).toBe(true);
  });

  it('an editor sees no controller edit, may edit the content and makes a read-only token', async () => {
    const page = editorPage();
    await page.goto('/controller');
    await page.getByRole('heading', { name: 'Controller', level: 1 }).waitFor();
    const enabledInputs = () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('main input, main select, main textarea')).filter(
            (control) => !control.matches(':disabled'),
          ).length,
      );
    await expect.poll(enabledInputs).toBe(0);
    await expect.poll(() => enabledWrites(page)).toEqual([]);
    await page.goto('/site/policy');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('main fieldset').first().waitFor();
    expect(await page.locator('main fieldset[disabled]').count()).toBe(0);
    await page.goto('/profile/security');
    await page.getByRole('textbox', { name: /^New API token/ }).fill('weekly report');
    await page.getByRole('checkbox', { name: /^Read only/ }).check();
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByRole('cell', { name: 'Read only' }).waitFor();
  });
});
