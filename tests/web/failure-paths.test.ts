// What the screens say when a call fails (spec sections 8 of both parts): every fallback text
// where the spec puts it, the failures that lead to /Error, and the profile's edit, save and
// cancel. The server is made to fail for real (support/server-faults.ts): a refusal without
// words, an answer no client can read, or no answer at all.
import { endpoints, type ApiClient } from '@dealdesk/core';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pngUpload } from '../support/catalogue.js';
import { answerCaptcha, chooseFile, pick, png, toast } from '../support/screens.js';
import { failCalls, healServer, type FaultKind } from '../support/server-faults.js';
import { openSignedInScreen, screenshotOnFailure } from '../support/signed-in-screen.js';

let page: Page;
let api: ApiClient;
beforeAll(async () => {
  const signedIn = await openSignedInScreen('/profile', {
    ready: (opened) => opened.getByRole('button', { name: 'Edit' }).waitFor(),
  });
  ({ page, api } = signedIn);
  const profile = (await api.admin.adminData()).data;
  return async () => {
    // The other files find the profile as they left it.
    if (profile !== undefined) await api.admin.updateProfile(profile);
    await signedIn.close();
  };
});
afterEach(screenshotOnFailure(() => page));
afterEach(healServer);

/** Makes a declared call fail as `kind` says (until the test ends). */
const fail = (call: { method: string; path: string }, kind: FaultKind) =>
  failCalls(call.method, call.path, kind);

/**
 * Loads a screen afresh. A failed save keeps its form's edits (they are the admin's), so going
 * through the router would ask "Leave without saving?" first.
 */
async function show(path: string, title: string) {
  await page.goto(path);
  await page.waitForFunction((expected) => document.title === expected, `${title} · Dealdesk`);
}

/** Waits for the error page the spec's thrown errors lead to. */
async function onErrorPage() {
  await page.getByRole('heading', { name: 'Oops! Something went wrong' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/Error');
}

describe('the profile', () => {
  it('is read-only until Edit; Cancel puts back what was there; Save keeps the change', async () => {
    await show('/profile', 'Profile');
    const city = page.getByLabel('City');
    const before = await city.inputValue();
    expect(await city.getAttribute('readonly')).not.toBeNull();
    await page.getByRole('button', { name: 'Edit' }).click();
    await city.fill('Not kept');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await city.inputValue()).toBe(before);
    expect(await city.getAttribute('readonly')).not.toBeNull();

    await page.getByRole('button', { name: 'Edit' }).click();
    await city.fill('Mysuru');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Profile updated successfully');
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect((await api.admin.adminData()).data?.a_city).toBe('Mysuru');
  });

  it("takes the spec's 9 to 11 characters of phone, no more", async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    const phone = page.getByLabel('Phone');
    await phone.fill('98765432');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Phone number must be 9 to 11 characters').waitFor();
    // The input stops at 11 characters, as the spec's limit.
    await phone.fill('');
    await phone.pressSequentially('+91 98765 43210');
    expect(await phone.inputValue()).toBe('+91 98765 4');
    await phone.fill('98765-43210');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    expect((await api.admin.adminData()).data?.a_phone).toBe('98765-43210');
  });

  it('sends a save that gets no answer to /Error', async () => {
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('City').fill('Hubballi');
    await fail(endpoints.admin.updateProfile, 'unanswered');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Internet Server Error');
    await onErrorPage();
  });
});

describe("part 1's fallback texts", () => {
  it("a shortcut upload the server refuses without words says 'Something went wrong!'", async () => {
    await show('/add/story', 'Shortcut stories');
    await page.getByLabel('Title', { exact: false }).first().fill('Failing shortcut');
    await page.getByLabel(/^URL/).first().fill('https://shop.example/failing');
    await chooseFile(page, page.getByLabel('Logo image'), png(), 'accepted');
    await fail(endpoints.shortcuts.add, 'wordless');
    await page.getByRole('button', { name: 'Add shortcut' }).click();
    await toast(page, 'Something went wrong!');
  });

  it("a story that cannot be added says 'An error occurred while submitting the story.'", async () => {
    await show('/add/story/video', 'Story videos and images');
    await pick(page, 'Story type', 'Image');
    await chooseFile(page, page.getByLabel('Image file'), png('story.png'), 'accepted');
    await fail(endpoints.stories.add, 'wordless');
    await page.getByRole('button', { name: 'Add story' }).click();
    await toast(page, 'An error occurred while submitting the story.');
  });

  it("a story video's status change says 'Failed to update story video'", async () => {
    const added = await api.stories.add({
      insertData: {
        storyTime: 5,
        btnName: '',
        btnUrl: '',
        NTV_ID: '',
        maxviewLimit: 0,
        maxclickLimit: 0,
      },
      image: pngUpload('failing-story.png'),
    });
    expect(added.status, added.message).toBe(true);
    await page.reload();
    await fail(endpoints.stories.setStatus, 'wordless');
    await page
      .getByRole('switch', { name: /^Image story from/ })
      .first()
      .click({ force: true });
    await toast(page, 'Failed to update story video');
  });

  it("a story edit says 'Failed to update story.'", async () => {
    const [story] = (await api.stories.list({ page: 1, limit: 200 })).data ?? [];
    await show(`/update/story/video/${story?._id ?? ''}`, 'Edit story');
    await page.getByLabel('Story time (seconds)').fill('12');
    await fail(endpoints.stories.edit, 'wordless');
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Failed to update story.');
    await api.stories.remove({ id: [story?._id ?? ''] });
  });

  it("a controller switch says 'Failed to update', a position 'Failed to update Ads Position'", async () => {
    await show('/controller', 'Controller');
    await fail(endpoints.controller.setSwitch, 'wordless');
    await page.getByRole('switch', { name: /^Trending/ }).click({ force: true });
    await answerCaptcha(page, true);
    await toast(page, 'Failed to update');

    await fail(endpoints.controller.setPosition, 'wordless');
    await page.getByLabel('Story ad position', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Save Story ad position' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Failed to update Ads Position');
  });

  it("the banner upload says 'Internal Server Error' where other calls say 'Internet Server Error'", async () => {
    await show('/add/story/banner', 'Banners');
    await page.getByLabel('Banner name').fill('Failing banner');
    await chooseFile(page, page.getByLabel('Banner image'), png('banner.png'), 'accepted');
    await fail(endpoints.banners.add, 'unreadable');
    await page.getByRole('button', { name: 'Add Banner' }).click();
    await toast(page, 'Internal Server Error');
    // The banner's other calls keep the common wording.
    await fail(endpoints.banners.list, 'unreadable');
    await page.reload();
    await toast(page, 'Internet Server Error');
  });
});
