// The controller screen: every change behind the captcha, and the spec's validation messages.
import type { ApiClient } from '@dealdesk/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../support/browser.js';
import { answerCaptcha, toast } from '../support/screens.js';
import { openSignedInScreen } from '../support/signed-in-screen.js';

let page: Page;
let api: ApiClient;
beforeAll(async () => {
  const signedIn = await openSignedInScreen('/controller', {
    ready: (opened) => opened.getByRole('heading', { name: 'Controller', level: 1 }).waitFor(),
  });
  ({ page, api } = signedIn);
  return signedIn.close;
});

const settings = async () => {
  const answer = await api.controller.get();
  if (answer.data === undefined) throw new Error(answer.message);
  return answer.data;
};

async function savePosition(label: string, value: string) {
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: `Save ${label}` }).click();
}

describe('controller', () => {
  it('shows every section', async () => {
    for (const name of ['Home', 'Section', 'Ads Management', 'Facebook', 'Install New App']) {
      await page.getByRole('region', { name }).waitFor();
    }
    await screenshot(page, 'controller');
  });

  it('changes a switch only after the right captcha answer', async () => {
    const before = (await settings()).trending;
    const trending = page.getByRole('switch', { name: /^Trending/ });
    await trending.click({ force: true });
    await answerCaptcha(page, false);
    await toast(page, 'Captcha answer is not correct');
    expect((await settings()).trending).toBe(before);
    await trending.click({ force: true });
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    expect((await settings()).trending).toBe(!before);
  });

  it('refuses positions outside their ranges with the spec messages', async () => {
    await savePosition('Story ad position', '10');
    await page.getByText('Ending position max 10').waitFor();
    await savePosition('Story ad position', '0');
    await page.getByText('Starting position must be 1 or more').waitFor();
    await savePosition('NTV intent timer (seconds)', '20');
    await page.getByText('Ending NTV Intend Timer max 20').waitFor();
    await savePosition('NTV intent timer (seconds)', '-1');
    await page.getByText('Starting NTV Intend Timer must be 0 or more').waitFor();
    await savePosition('Product NTV position', '4');
    await page.getByText('Position must be an odd number Ex. 1, 3, 5 ...').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    await savePosition('Story ad position', '3');
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    expect((await settings()).storyAdsPosition).toBe(3);
  });

  it('offers every placement mode, but no INHOUSE_FS for the default intent', async () => {
    await page.getByRole('textbox', { name: 'Default intent' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options.some((option) => option.startsWith('INHOUSE_FS'))).toBe(false);
    expect(options).toHaveLength(5);
    await page.keyboard.press('Escape');

    await page.getByRole('textbox', { name: 'Home to category' }).click();
    await page.getByRole('option', { name: /^INHOUSE_FS/ }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    expect((await settings()).homeToCategory).toBe('INHOUSE_FS');

    await page.getByRole('textbox', { name: 'Intent control' }).click();
    await page.getByRole('option', { name: 'FORWORD' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    expect((await settings()).intentControl).toBe('FORWORD');
  });

  it('requires both Facebook values and a valid install link', async () => {
    await page.getByLabel('Facebook app ID').fill('');
    await page.getByLabel('Facebook client token').fill('');
    await page.getByRole('button', { name: 'Save Facebook settings' }).click();
    await page.getByText('Enter the Facebook app ID').waitFor();
    await page.getByText('Enter the Facebook client token').waitFor();
    await page.getByLabel('Facebook app ID').fill('1234567890');
    await page.getByLabel('Facebook client token').fill('client-token');
    await page.getByRole('button', { name: 'Save Facebook settings' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    expect((await settings()).facebook_app_id).toBe('1234567890');

    await page.getByLabel('Install link', { exact: true }).fill('not a link');
    await page.getByRole('button', { name: 'Save install link' }).click();
    await page.getByText('Enter a valid URL').waitFor();
    await page.getByLabel('Install link', { exact: true }).fill('https://play.example/new-app');
    await page.getByRole('button', { name: 'Save install link' }).click();
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
  });
});
