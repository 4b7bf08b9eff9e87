// Refusals stay where the problem is (beside the field, or at the top of the form), never only
// in a toast that fades, and are cleared when the input changes.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { wrongAnswerMessages } from '@dealdesk/core';
import { apiClient, e2e, screenshot, sessionToken, wide } from '../support/browser.js';
import { addInHouseAd } from '../support/content.js';
import { fileBrowser } from '../support/file-browser.js';
import { invitedAdmin } from '../support/invitations.js';
import { answerCaptcha } from '../support/screens.js';
import { failCalls, healServer } from '../support/server-faults.js';

const browser = fileBrowser();

/** The toasts' stack (Mantine notifications), where a refusal must not be said. */
const toasts = (page: Page) => page.locator('.mantine-Notifications-root');

/** `text` is shown in `place`, and not as a toast. */
async function saidIn(place: Locator, text: string): Promise<void> {
  await place.getByText(text).waitFor();
  expect(await toasts(place.page()).getByText(text).count()).toBe(0);
}

/** Waits until `text` is gone from `place` (the input changed). */
const clearedFrom = (place: Locator, text: string) =>
  place.getByText(text).waitFor({ state: 'detached' });

describe('refusals stay beside the field or at the top of the form', () => {
  it('a wrong password: at the top of the login form until the password changes', async () => {
    const tab = await browser.open(wide);
    const { page } = tab;
    try {
      await page.goto('/admin/panel/login');
      await page.getByLabel('Admin ID').fill(e2e().admin.a_id);
      await page.getByLabel(/^Password/).fill('not the password');
      await page.getByRole('button', { name: 'Login' }).click();
      const form = page.locator('form');
      await saidIn(form.getByRole('alert'), 'Invalid admin ID or password');
      await page.getByLabel(/^Password/).fill('not the password either');
      await clearedFrom(form, 'Invalid admin ID or password');
      expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    } finally {
      await tab.close();
    }
  });

  describe('signed in', () => {
    const signedIn = browser.suitePage(wide, () => sessionToken());

    it('an empty product form: at its top until a field changes', async () => {
      const page = signedIn();
      await page.goto('/add/Product');
      const form = page.getByRole('form', { name: 'Add Product' });
      await form.getByRole('button', { name: 'Add Product' }).click();
      await saidIn(form.getByRole('alert'), 'All required fields must be filled');
      await form.getByLabel(/^Title/).fill('Linen shirt');
      await clearedFrom(form, 'All required fields must be filled');
    });

    it('"Please select an event": beside the event until one is chosen', async () => {
      const page = signedIn();
      await page.goto('/show/Prodcut/event');
      const assign = page.getByRole('group', { name: 'Assign an event' });
      await assign.getByRole('button', { name: 'Update event' }).click();
      await saidIn(assign, 'Please select an event');
      const event = assign.getByRole('textbox', { name: /^Event for/ });
      expect(await event.getAttribute('aria-invalid')).toBe('true');
      await event.click();
      await page.getByRole('option', { name: 'Trending' }).click();
      await clearedFrom(assign, 'Please select an event');
    });

    it("a delete's wrong captcha answer: beside the answer until it changes", async () => {
      const token = await sessionToken();
      const api = apiClient(() => token);
      const mainTitle = 'Refusal check';
      await addInHouseAd(api, { mainTitle, subTitle: 'Kept', description: 'Kept', ad_type: 'FS' });
      try {
        const page = signedIn();
        await page.goto('/manage/ads/inHouseAds/add');
        await page.getByRole('button', { name: `Actions for ${mainTitle}` }).click();
        await page.getByRole('menuitem', { name: 'Delete' }).click();
        const dialog = page.getByRole('dialog');
        const answer = dialog.getByRole('textbox', { name: /^What is/ });
        await answer.fill('-1');
        await dialog.getByRole('button', { name: 'Delete' }).click();
        await saidIn(dialog, wrongAnswerMessages.inHouse);
        expect(await answer.getAttribute('aria-invalid')).toBe('true');
        await answer.fill('1');
        await clearedFrom(dialog, wrongAnswerMessages.inHouse);
        expect(await toasts(page).getByText(wrongAnswerMessages.inHouse).count()).toBe(0);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      } finally {
        const listed = (await api.inHouseAds.list({ q: mainTitle })).data ?? [];
        await api.inHouseAds.remove({ id: listed.map((ad) => ad._id) });
      }
    });
  });

  describe('saves the server refuses', () => {
    const signedIn = browser.suitePage(wide, () => sessionToken());

    it('a story ad deleted meanwhile: at the top of its form until a field changes', async () => {
      const token = await sessionToken();
      const api = apiClient(() => token);
      const NTV_ID = 'refusal-check-native';
      const added = await api.storyAds.add({
        insertData: {
          storyTime: 5,
          adsStory: true,
          btnName: '',
          btnUrl: '',
          NTV: true,
          NTV_ID,
          maxviewLimit: 0,
          maxviewStatus: false,
          maxclickLimit: 0,
          maxclickStatus: false,
        },
      });
      const id = added.data?._id ?? '';
      expect(added.status, added.message).toBe(true);
      try {
        const page = signedIn();
        await page.goto(`/update/story/ads/${id}`);
        const nativeId = page.getByLabel(/^Native ad ID/);
        await nativeId.waitFor();
        // Another administrator deletes it while this one edits.
        await api.storyAds.remove({ id: [id] });
        await page.getByRole('button', { name: 'Update' }).click();
        const form = page.locator('main form');
        await saidIn(form.getByRole('alert'), 'Story not found');
        await screenshot(page, 'refusal-story-ad');
        await nativeId.fill(`${NTV_ID}-2`);
        await clearedFrom(form, 'Story not found');
      } finally {
        await api.storyAds.remove({ id: [id] });
      }
    });

    it('an in-house ad deleted meanwhile: at the top of its form until a field changes', async () => {
      const token = await sessionToken();
      const api = apiClient(() => token);
      const mainTitle = 'Refused save check';
      await addInHouseAd(api, { mainTitle, subTitle: 'Kept', description: 'Kept', ad_type: 'FS' });
      const ids = async () =>
        ((await api.inHouseAds.list({ q: mainTitle })).data ?? []).map((ad) => ad._id);
      const [id = ''] = await ids();
      try {
        const page = signedIn();
        await page.goto(`/manage/ads/inHouseAds/edit/${id}`);
        const form = page.getByRole('form', { name: 'Edit In House Ad' });
        await form.getByLabel(/^Title/).waitFor();
        await api.inHouseAds.remove({ id: [id] });
        await form.getByRole('button', { name: 'Save' }).click();
        await saidIn(form.getByRole('alert'), 'In House ad not found');
        await screenshot(page, 'refusal-in-house-ad');
        await form.getByLabel(/^Title/).fill(`${mainTitle} again`);
        await clearedFrom(form, 'In House ad not found');
      } finally {
        const left = await ids();
        if (left.length > 0) await api.inHouseAds.remove({ id: left });
      }
    });

    it("a refused ad position: above the field until it changes, in the screen's words", async () => {
      await failCalls('PUT', '/api/App/controller/admin/position/change', 'wordless');
      try {
        const page = signedIn();
        await page.goto('/controller');
        const position = page.getByLabel('Story ad position', { exact: true });
        const form = page.locator('form', { has: position });
        const before = await position.inputValue();
        await position.fill(before === '2' ? '3' : '2');
        await page.getByRole('button', { name: 'Save Story ad position' }).click();
        await answerCaptcha(page, true);
        await saidIn(form.getByRole('alert'), 'Failed to update Ads Position');
        await screenshot(page, 'refusal-ad-position');
        await position.fill(before);
        await clearedFrom(form, 'Failed to update Ads Position');
      } finally {
        await healServer();
      }
    });
  });

  describe('an admin setting up the authenticator app', () => {
    const setUp = browser.suitePage(wide, async () => sessionToken(await invitedAdmin('errors')));

    it('a wrong code: beside the code field until the code changes', async () => {
      const page = setUp();
      await page.goto('/profile/security');
      const section = page.getByRole('region', { name: 'Authenticator app' });
      await section.getByRole('button', { name: 'Set up authenticator app' }).click();
      const code = section.getByLabel(/^Code from the app/);
      await code.fill('000000');
      await section.getByRole('button', { name: 'Turn on' }).click();
      await saidIn(section, 'The code is not correct');
      expect(await code.getAttribute('aria-invalid')).toBe('true');
      await code.fill('00000');
      await clearedFrom(section, 'The code is not correct');
    });
  });
});
