// The controller screen: every change behind the captcha, the spec's validation messages, and
// the version history (who changed what, a version's differences, rolling back to it).
import { formatDisplayTime, type ApiClient, type ControllerVersion } from '@dealdesk/core';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { e2e, narrow, resize, screenshot, wide } from '../support/browser.js';
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
    await answerCaptcha(page, false, 'Captcha answer is not correct');
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

const versions = async () => {
  const answer = await api.controller.versions({ page: 1, limit: 10 });
  if (answer.data === undefined) throw new Error(answer.message);
  return { rows: answer.data, total: answer.totalRecord ?? 0 };
};

/** The newest version, which the last change made. */
const newestVersion = async (): Promise<ControllerVersion> => {
  const [newest] = (await versions()).rows;
  if (newest === undefined) throw new Error('no versions');
  return newest;
};

/** What the screen shows, as an administrator sees it (the viewport, not the whole page). */
async function viewportShot(name: string) {
  const width = page.viewportSize()?.width ?? 0;
  const file = fileURLToPath(
    new URL(`../screenshots/${name}-${String(width)}.png`, import.meta.url),
  );
  await page.screenshot({ path: file, timeout: 60_000 });
}

describe('controller version history', () => {
  it('lists each change with who and what, shows an older version against now and rolls back to it', async () => {
    const before = await settings();
    // Two changes through the screen: the history refreshes after each. (Story videos sits in
    // the left column: the last test's toast, top right, may still cover the right one.)
    await page.getByRole('switch', { name: /^Story videos/ }).click({ force: true });
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    const switchChange = await newestVersion();
    const position = before.storyAdsPosition === 5 ? 7 : 5;
    await savePosition('Story ad position', String(position));
    await answerCaptcha(page, true);
    await toast(page, 'Updated successfully');
    const positionChange = await newestVersion();
    expect(switchChange.changes).toEqual([
      { field: 'storyVideo', from: before.storyVideo, to: !before.storyVideo },
    ]);
    expect(positionChange.version).toBe(switchChange.version + 1);

    await page.getByRole('button', { name: 'Version history' }).click();
    const history = page.getByRole('region', { name: 'Version history' });
    await expect.poll(() => history.evaluate((node) => node === document.activeElement)).toBe(true);
    const table = history.getByRole('table', { name: 'Version history' });
    const row = (version: number) =>
      table.getByRole('row').filter({
        has: page.getByRole('button', { name: `View version ${String(version)}`, exact: true }),
      });
    const onOff = (on: boolean) => (on ? 'On' : 'Off');
    await expect
      .poll(() => row(positionChange.version).textContent())
      .toContain(`Story ad position: ${String(before.storyAdsPosition)} → ${String(position)}`);
    const newestRow = (await row(positionChange.version).textContent()) ?? '';
    expect(newestRow).toContain('Current');
    expect(newestRow).toContain(formatDisplayTime(positionChange.created_at));
    const olderRow = (await row(switchChange.version).textContent()) ?? '';
    expect(olderRow).toContain(
      `Story videos: ${onOff(before.storyVideo)} → ${onOff(!before.storyVideo)}`,
    );
    expect(olderRow).toContain(formatDisplayTime(switchChange.created_at));
    for (const text of [newestRow, olderRow]) expect(text).toContain(e2e().admin.a_email);

    // The older version against the settings now, chosen with the keyboard: the detail takes
    // the focus, and Tab goes on to its Close and Roll back buttons. Only the position differs.
    await row(switchChange.version)
      .getByRole('button', { name: `View version ${String(switchChange.version)}` })
      .focus();
    await page.keyboard.press('Enter');
    const detail = page.getByRole('region', { name: `Version ${String(switchChange.version)}` });
    const differences = detail.getByRole('table', { name: /^Settings that differ/ });
    await differences.waitFor();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focused()).toBe(`Version ${String(switchChange.version)}`);
    await page.keyboard.press('Tab');
    expect(await focused()).toBe(`Close version ${String(switchChange.version)}`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Roll back to this version',
    );
    const cells = await differences.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(cells).toEqual(['Story ad position', String(before.storyAdsPosition), String(position)]);
    expect(await differences.getByRole('row').count()).toBe(2);
    const showHistory = () => page.getByRole('button', { name: 'Version history' }).click();
    await showHistory();
    // The toasts gone first (they close after 2 s): the screenshot shows the screen alone.
    await expect.poll(() => page.getByRole('alert').count(), { timeout: 5_000 }).toBe(0);
    await viewportShot('controller-history');

    // The same at 375 px: the list as cards, the version's detail below it.
    await resize(page, narrow);
    await showHistory();
    await viewportShot('controller-history');
    await detail.evaluate((node) => node.scrollIntoView({ block: 'end' }));
    await viewportShot('controller-version');
    await resize(page, wide);

    // A wrong answer rolls nothing back.
    const rollBack = detail.getByRole('button', { name: 'Roll back to this version' });
    await rollBack.click();
    await page
      .getByRole('dialog')
      .getByText(/Story ad position: \d+ → \d+/)
      .waitFor();
    await answerCaptcha(page, false, 'Captcha answer is not correct');
    expect((await newestVersion()).version).toBe(positionChange.version);

    // A double click asks once, and rolls back once.
    await rollBack.dblclick();
    expect(await page.getByRole('dialog').count()).toBe(1);
    await viewportShot('controller-rollback');
    await answerCaptcha(page, true);
    await toast(
      page,
      `Rolled back to version ${String(switchChange.version)}, saved as version ${String(positionChange.version + 1)}`,
    );
    await detail.getByText('Same as the current settings').waitFor();
    expect(await rollBack.count()).toBe(0);
    const rolledBack = await versions();
    expect(rolledBack.rows[0]).toMatchObject({
      version: positionChange.version + 1,
      rollbackOf: switchChange.version,
    });
    expect(rolledBack.rows[1]?.version).toBe(positionChange.version);

    // The settings, through the API and on the screen, are the older version's.
    const after = await settings();
    expect(after.storyAdsPosition).toBe(before.storyAdsPosition);
    expect(after.storyVideo).toBe(!before.storyVideo);
    await expect
      .poll(() => page.getByLabel('Story ad position', { exact: true }).inputValue())
      .toBe(String(before.storyAdsPosition));
    expect(await page.getByRole('switch', { name: /^Story videos/ }).isChecked()).toBe(
      !before.storyVideo,
    );

    // The history shows the rollback as the current version.
    const rollbackRow = row(positionChange.version + 1);
    await expect
      .poll(() => rollbackRow.textContent())
      .toContain(`Rollback to version ${String(switchChange.version)}`);
    expect(await rollbackRow.textContent()).toContain('Current');
    expect(await rollbackRow.textContent()).toContain(
      `Story ad position: ${String(position)} → ${String(before.storyAdsPosition)}`,
    );
    expect(await row(positionChange.version).textContent()).not.toContain('Current');
  });
});
