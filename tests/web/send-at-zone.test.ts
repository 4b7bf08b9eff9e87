// "Send at" is read and shown on the business clock (UTC+05:30), whatever the browser's zone;
// a scheduled push can be rescheduled or cancelled from the history until it is sent.
import { describe, expect, it } from 'vitest';
import { apiClient, narrow, resize, sessionToken, wide } from '../support/browser.js';
import { fileBrowser } from '../support/file-browser.js';
import { toast } from '../support/screens.js';

const browser = fileBrowser();

describe('"Send at" on the business clock, from a browser in London', () => {
  const title = 'Breakfast deals from London';
  let token = '';
  const history = () => apiClient(() => token).notifications.history({ q: title });
  const sendAtOf = async () => (await history()).data?.[0]?.sendAt;

  it('schedules 10:00 typed in London at 10:00 business time (UTC+05:30), labelled so', async () => {
    token = await sessionToken();
    const tab = await browser.open(wide, token, 'Europe/London');
    const { page } = tab;
    try {
      await page.goto('/site/notification');
      const form = page.getByRole('form', { name: 'Send a notification' });
      await form.getByLabel(/^Title/).fill(title);
      await form.getByLabel(/^Message/).fill('Fresh offers with your tea.');
      await form.getByLabel('Send at (UTC+05:30)').fill('2099-01-01T10:00');
      await form.getByRole('button', { name: 'Schedule' }).click();
      const confirm = page.getByRole('dialog', {
        name: 'Send this notification to every app user?',
      });
      await confirm.getByText('at 01/01/2099 10:00:00 AM (UTC+05:30)', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Schedule' }).click();
      await toast(page, 'Notification scheduled successfully !');
      await expect.poll(sendAtOf).toBe('2099-01-01T04:30:00.000Z');

      // Rescheduled from the history, on the same clock; then cancelled.
      await page.getByRole('button', { name: `Reschedule ${title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Reschedule '${title}'` });
      const at = dialog.getByLabel('Send at (UTC+05:30)');
      expect(await at.inputValue()).toBe('2099-01-01T10:00');
      await at.fill('2099-01-02T09:15');
      await dialog.getByRole('button', { name: 'Reschedule' }).click();
      await toast(page, 'Notification rescheduled');
      await expect.poll(sendAtOf).toBe('2099-01-02T03:45:00.000Z');

      // On a phone: the toast sits below the top bar, and a click goes through it.
      await resize(page, narrow);
      await page.getByRole('button', { name: `Cancel ${title}` }).click();
      await page
        .getByRole('dialog', { name: `Cancel the notification '${title}'?` })
        .getByRole('button', { name: 'Cancel notification' })
        .click();
      const shown = page.locator('.mantine-Notifications-root').getByText('Notification cancelled');
      await shown.waitFor();
      const header = await page.getByRole('banner').boundingBox();
      const box = await shown.boundingBox();
      expect(box?.y).toBeGreaterThan((header?.y ?? 0) + (header?.height ?? 0));
      expect(await shown.evaluate((text) => getComputedStyle(text).pointerEvents)).toBe('none');
      await resize(page, wide);
      const row = page.getByRole('table', { name: 'Notification history' }).getByRole('row', {
        name: new RegExp(title),
      });
      await row.getByText('Cancelled', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: `Reschedule ${title}` }).count()).toBe(0);
      expect((await history()).data?.[0]?.delivery.state).toBe('cancelled');
      expect(tab.errors, tab.errors.join('\n')).toEqual([]);
    } finally {
      await tab.close();
    }
  });
});
