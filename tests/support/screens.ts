// Steps the browser tests take on many screens: toasts, the captcha, choosing files.
import { fileCheckDelayMs, searchDebounceMs } from '@dealdesk/core';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { skipAhead } from './browser.js';

/** Waits for a toast holding the text. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Types into a list's search box that waits for typing to stop (products, in-house ads), and
 * runs out that pause at once where the page is on Playwright's clock.
 */
export async function typeSearch(box: Locator, text: string): Promise<void> {
  await box.fill(text);
  await skipAhead(box.page(), searchDebounceMs);
}

/** Fills in the open captcha, the right sum or one off, and answers its confirm button. */
export async function fillCaptcha(page: Page, right: boolean): Promise<Locator> {
  const dialog = page.getByRole('dialog');
  const questionText = dialog.getByText(/^What is \d+ \+ \d+\?/).first();
  const question = await questionText.textContent();
  const [left, plus] = (question?.match(/\d+/g) ?? []).map(Number);
  if (left === undefined || plus === undefined) throw new Error(`no captcha question: ${question}`);
  await dialog
    .getByRole('textbox', { name: /^What is/ })
    .fill(String(left + plus + (right ? 0 : 1)));
  // The riskiest actions also ask for the typed word.
  const word = dialog.getByLabel(/^Type admin to confirm/);
  if (right && (await word.count()) > 0) await word.fill('admin');
  return dialog.getByRole('button', { name: /Confirm|Delete/ });
}

/**
 * Answers the open captcha: the right sum, or one off, when `wrongAnswer` is the screen's
 * wording of a wrong answer (said beside the answer, inside the dialog).
 */
export async function answerCaptcha(page: Page, right: true): Promise<void>;
export async function answerCaptcha(page: Page, right: false, wrongAnswer: string): Promise<void>;
export async function answerCaptcha(
  page: Page,
  right: boolean,
  wrongAnswer?: string,
): Promise<void> {
  const dialog = page.getByRole('dialog');
  const input = dialog.getByRole('textbox', { name: /^What is/ });
  await (await fillCaptcha(page, right)).click();
  if (wrongAnswer !== undefined) {
    // A wrong answer keeps the dialog open with a new question and the field's message;
    // the walk goes on as an admin who gives up would.
    await dialog.getByText(wrongAnswer).waitFor();
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await input.inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }
  await dialog.waitFor({ state: 'detached' });
}

/** A real 1x1 PNG (the server checks the bytes). */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export const png = (name = 'logo.png') => ({ name, mimeType: 'image/png', buffer: pngBytes });

/** A PNG just over the 2 MB image limit. */
export const oversizePng = () => ({
  name: 'huge.png',
  mimeType: 'image/png',
  buffer: Buffer.concat([pngBytes, Buffer.alloc(2 * 1024 * 1024 + 1 - pngBytes.length)]),
});

export const jpeg = (name = 'photo.jpg') => ({
  name,
  mimeType: 'image/jpeg',
  buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
});

/** Chooses a file in a file slot, then waits for its check mark (spinner first). */
export async function chooseFile(
  page: Page,
  slot: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  expected: 'accepted' | 'refused',
): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await slot.click();
  await (await chooser).setFiles(file);
  await page.getByLabel('Checking the file').first().waitFor();
  await skipAhead(page, fileCheckDelayMs);
  await page
    .getByRole('img', { name: expected === 'accepted' ? 'File accepted' : 'File refused' })
    .first()
    .waitFor();
}

/** Picks an option of a segmented control (its radios are visually hidden). */
export async function pick(page: Page, group: string, option: string): Promise<void> {
  await page.getByRole('radiogroup', { name: group }).getByText(option, { exact: true }).click();
}
