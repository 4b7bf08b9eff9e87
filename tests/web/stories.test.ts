// The story section: shortcut stories, story videos and images, story ads and banners, each
// added, edited, switched and deleted through the screens, with the captcha both ways.
import { postUpdateRedirectMs, type ApiClient } from '@dealdesk/core';
import type { Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, skipAhead } from '../support/browser.js';
import {
  answerCaptcha,
  chooseFile,
  jpeg,
  oversizePng,
  pick,
  png,
  toast,
} from '../support/screens.js';
import { openSignedInScreen, screenshotOnFailure } from '../support/signed-in-screen.js';

let page: Page;
let api: ApiClient;
beforeAll(async () => {
  const signedIn = await openSignedInScreen('/add/story', { pageClock: true });
  ({ page, api } = signedIn);
  return signedIn.close;
});

/** A real two-colour mp4 of a second and a half, recorded by the page's own MediaRecorder. */
async function recordedMp4(): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 64;
    const context = canvas.getContext('2d');
    const recorder = new MediaRecorder(canvas.captureStream(10), {
      mimeType: 'video/mp4;codecs=avc1',
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    recorder.start();
    for (let frame = 0; frame < 15; frame += 1) {
      if (context !== null) {
        context.fillStyle = frame % 2 === 0 ? '#1971c2' : '#e03131';
        context.fillRect(0, 0, 64, 64);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    recorder.stop();
    await stopped;
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}
afterEach(screenshotOnFailure(() => page));

const table = (caption: string) => page.getByRole('table', { name: caption });

describe('shortcut stories', () => {
  it('shows the empty list, then refuses bad files and missing fields', async () => {
    await page.getByRole('tab', { name: 'Shortcut', selected: true }).waitFor();
    await page.getByText('No shortcut stories yet').waitFor();
    await expect(page.getByLabel('Number').getAttribute('readonly')).resolves.not.toBeNull();
    expect(await page.getByLabel('Number').inputValue()).toBe('1');
    await screenshot(page, 'shortcuts-empty');

    await page.getByRole('button', { name: 'Add shortcut' }).click();
    await page.getByText('Enter a title').waitFor();
    await page.getByText('Enter a valid URL').waitFor();
    await page.getByText('Please select a valid image to upload.').waitFor();

    const slot = page.getByLabel('Logo image');
    await chooseFile(page, slot, jpeg(), 'refused');
    await page
      .getByText('Only GIF and PNG files are allowed. Please select an image with a valid format.')
      .waitFor();
    await chooseFile(page, slot, oversizePng(), 'refused');
    await page.getByText('The image file size should not exceed 2 MB.').waitFor();
  });

  it('adds a shortcut with the suggested number', async () => {
    await page.getByLabel('Title', { exact: false }).first().fill('Flipkart');
    await page.getByLabel(/^URL/).first().fill('https://www.flipkart.com');
    await chooseFile(page, page.getByLabel('Logo image'), png(), 'accepted');
    await page.getByRole('button', { name: 'Add shortcut' }).click();
    await toast(page, /added/i);
    const row = table('Shortcut List').getByRole('row', { name: /Flipkart/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('1');
    expect(await page.getByLabel('Number').inputValue()).toBe('2');
    await screenshot(page, 'shortcuts');
  });

  it('edits a row in place and refuses negative numbers', async () => {
    await page.getByRole('button', { name: 'Edit Flipkart' }).click();
    const row = table('Shortcut List').getByRole('row').nth(1);
    await row.getByLabel('Clicks').fill('-4');
    await row.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Enter only positive numbers').waitFor();
    await row.getByLabel('Clicks').fill('1500');
    await row.getByLabel('Title').fill('Flipkart deals');
    await row.getByRole('button', { name: 'Save' }).click();
    await toast(page, /updated/i);
    const saved = table('Shortcut List').getByRole('row', { name: /Flipkart deals/ });
    await saved.getByRole('link', { name: /1\.5k clicks/ }).waitFor();
    // Cancel leaves edit mode without saving.
    await page.getByRole('button', { name: 'Edit Flipkart deals' }).click();
    await table('Shortcut List').getByRole('row').nth(1).getByLabel('Title').fill('Not saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await table('Shortcut List')
      .getByRole('row', { name: /Flipkart deals/ })
      .waitFor();
  });

  it('switches the status between Active and De Active', async () => {
    const status = page.getByRole('switch', { name: 'Flipkart deals status' });
    expect(await status.isChecked()).toBe(true);
    await status.click({ force: true });
    await toast(page, /status|updated/i);
    await table('Shortcut List').getByText('De Active').waitFor();
  });

  it('deletes only after the right captcha answer', async () => {
    await page.getByRole('button', { name: 'Delete Flipkart deals' }).click();
    await answerCaptcha(page, false, 'Ans is not correct');
    await table('Shortcut List')
      .getByRole('row', { name: /Flipkart deals/ })
      .waitFor();
    await page.getByRole('button', { name: 'Delete Flipkart deals' }).click();
    await answerCaptcha(page, true);
    await toast(page, /deleted/i);
    await page.getByText('No shortcut stories yet').waitFor();
  });
});

describe('story videos and images', () => {
  it('adds an image story with a view limit; the running badge shows', async () => {
    await page.getByRole('tab', { name: 'Story', exact: true }).click();
    await page.waitForURL('**/add/story/video');
    await page.getByText(/^(Running|Not Running)$/).waitFor();
    await page.getByText('No stories yet').waitFor();
    await pick(page, 'Story type', 'Image');
    await chooseFile(page, page.getByLabel('Image file'), png('story.png'), 'accepted');
    await page.getByLabel('Button URL').fill('not a link');
    await page.getByRole('button', { name: 'Add story' }).click();
    await page.getByText('Enter a valid button URL').waitFor();
    await page.getByLabel('Button text').fill('Shop now');
    await page.getByLabel('Button URL').fill('https://shop.example/sale');
    await pick(page, 'Limit', 'View');
    await page.getByLabel('Maximum views').fill('500');
    await page.getByRole('button', { name: 'Add story' }).click();
    await toast(page, /added|success/i);
    await table('Story List')
      .getByRole('row', { name: /Image story/ })
      .waitFor();
    expect(await table('Story List').getByText('500 views').count()).toBe(1);
    await screenshot(page, 'story-videos');
  });

  it('edits the story and returns to the list about a second later', async () => {
    await page.getByRole('link', { name: /^Edit Image story/ }).click();
    await page.waitForURL('**/update/story/video/*');
    // The edit screen, not the add form of the list it replaces, holding the stored time.
    await page.getByRole('heading', { name: 'Edit story', exact: true }).waitFor();
    const time = page.getByLabel('Story time (seconds)');
    await expect.poll(() => time.inputValue()).toBe('10');
    // Full-page screenshots resize the window: take them before typing.
    await screenshot(page, 'story-video-edit');
    await time.fill('15');
    await pick(page, 'Limit', 'Click');
    await page.getByLabel('Maximum clicks').fill('40');
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Story updated successfully!');
    await skipAhead(page, postUpdateRedirectMs);
    await page.waitForURL('**/add/story/video');
    await table('Story List').getByText('40 clicks').waitFor();
    await table('Story List').getByText('15 s').waitFor();
  });

  it("deletes after the captcha, with this screen's wrong-answer wording", async () => {
    await page.getByRole('button', { name: /^Delete Image story/ }).click();
    await answerCaptcha(page, false, 'Ans in not currect');
    await page.getByRole('button', { name: /^Delete Image story/ }).click();
    await answerCaptcha(page, true);
    await page.getByText('No stories yet').waitFor();
  });
});

describe('video thumbnails', () => {
  it('takes a frame of a chosen video and stores it as the story’s thumbnail', async () => {
    await page.goto('/add/story/video');
    await page.getByRole('tab', { name: 'Story', selected: true }).waitFor();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Video file').click();
    const video = { name: 'clip.mp4', mimeType: 'video/mp4', buffer: await recordedMp4() };
    await (await chooser).setFiles(video);
    await page.getByAltText('Thumbnail taken from the video').waitFor();
    await page.getByRole('button', { name: 'Add story', exact: true }).click();
    await toast(page, /added/i);
    const stories = (await api.stories.list({ page: 1, limit: 200 })).data ?? [];
    const added = stories.find((story) => story.video !== '');
    expect(added?.thembnal).toMatch(/^\/media\/.+\.jpg$/);
    // The list shows the thumbnail, not the video.
    await page
      .locator(`img[src="${added?.thembnal ?? ''}"]`)
      .first()
      .waitFor();
    const thumbnail = await page.request.get(added?.thembnal ?? '');
    expect(thumbnail.headers()['content-type']).toBe('image/jpeg');
    await api.stories.remove({ id: [added?._id ?? ''] });
  });
});

describe('story ads', () => {
  it('adds a native (NTV) story ad with no file', async () => {
    await page.getByRole('tab', { name: 'Story Ads' }).click();
    await page.waitForURL('**/add/story/Ad');
    await pick(page, 'Story ad type', 'NTV');
    await page.getByRole('button', { name: 'Add story ad' }).click();
    await page.getByText('Enter the native ad ID').waitFor();
    await page.getByLabel('Native ad ID').fill('ca-app-pub-1/native');
    await page.getByRole('button', { name: 'Add story ad' }).click();
    await toast(page, /added|success/i);
    await table('Story Ads List').getByText('Ad unit ca-app-pub-1/native').waitFor();
    await screenshot(page, 'story-ads');
  });

  it('keeps a native story ad native on its edit screen', async () => {
    await page.getByRole('link', { name: /^Edit NTV story/ }).click();
    await page.waitForURL('**/update/story/ads/*');
    await page.getByRole('heading', { name: 'Edit story ad' }).waitFor();
    const types = page.getByRole('radiogroup', { name: 'Story ad type' }).locator('label');
    // The form fills in once the story ad is read, which may come after the heading.
    await expect.poll(() => types.allTextContents()).toEqual(['Native']);
    await screenshot(page, 'story-ad-edit');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL('**/add/story/Ad');
  });
});

describe('banners', () => {
  it('refuses a JPEG, adds a PNG banner and shows it in the Uploaded Banner list', async () => {
    await page.getByRole('tab', { name: 'Banner' }).click();
    await page.waitForURL('**/add/story/banner');
    await page.getByText('No banners yet').waitFor();
    await chooseFile(page, page.getByLabel('Banner image'), jpeg(), 'refused');
    await page
      .getByText('Only PNG files are allowed. Please select an image with a valid format.')
      .waitFor();
    await page.getByLabel('Banner name').fill('Diwali mega sale on every gadget');
    await chooseFile(page, page.getByLabel('Banner image'), png('banner.png'), 'accepted');
    await page.getByRole('button', { name: 'Add Banner' }).click();
    await toast(page, /added|success/i);
    // Names longer than 20 characters are cut with an ellipsis.
    await table('Uploaded Banner').getByText('Diwali mega sale on ...').waitFor();
    await screenshot(page, 'banners');
    // The notice leads to the banner made.
    await page.getByRole('alert').getByRole('link', { name: 'Open the banner' }).click();
    await page.getByRole('heading', { name: 'Edit banner', exact: true }).waitFor();
    await page.goBack();
    await table('Uploaded Banner').getByText('Diwali mega sale on ...').waitFor();
  });

  it('edits the banner and returns to the banner list', async () => {
    await page.getByRole('link', { name: 'Edit Diwali mega sale on every gadget' }).click();
    await page.waitForURL('**/update/story/banner/*');
    // The edit screen, not the add form of the list it replaces, holding the stored name.
    await page.getByRole('heading', { name: 'Edit banner', exact: true }).waitFor();
    const name = page.getByLabel('Banner name');
    await expect.poll(() => name.inputValue()).toBe('Diwali mega sale on every gadget');
    await screenshot(page, 'banner-edit');
    await name.fill('Diwali sale');
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, /updated/i);
    await skipAhead(page, postUpdateRedirectMs);
    await page.waitForURL('**/add/story/banner/');
    await table('Uploaded Banner').getByText('Diwali sale').waitFor();
  });

  it('switches the banner off and deletes it after the captcha', async () => {
    await page.getByRole('switch', { name: 'Diwali sale status' }).click({ force: true });
    await table('Uploaded Banner').getByText('De Active').waitFor();
    await page.getByRole('button', { name: 'Delete Diwali sale' }).click();
    await answerCaptcha(page, false, 'Ans is not correct');
    await page.getByRole('button', { name: 'Delete Diwali sale' }).click();
    await answerCaptcha(page, true);
    await page.getByText('No banners yet').waitFor();
  });
});
