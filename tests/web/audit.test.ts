// The audit log screen: changes made through the API listed newest first, filtered (kept in
// the address, so Back undoes a filter), paged, an entry's before/after, the Export CSV of what
// the filters keep, and an edit screen's History link to its item's entries.
import {
  adMessages,
  auditPageSize,
  endpoints,
  readCsvRecords,
  rowColumns,
  type ApiClient,
} from '@dealdesk/core';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { download, openedBody, openInApp, screenshot } from '../support/browser.js';
import { pngBytes } from '../support/screens.js';
import {
  openSignedInScreen,
  screenshotOnFailure,
  type SignedInScreen,
} from '../support/signed-in-screen.js';

let signedIn: SignedInScreen;
let page: Page;
let api: ApiClient;
let bannerId = '';
/** Enough sends for a second page of them. */
const sends = auditPageSize + 1;

beforeAll(async () => {
  signedIn = await openSignedInScreen('/');
  ({ page, api } = signedIn);
  const added = await api.banners.add({
    insertData: { name: 'Audit banner', url: 'https://deals.example/audit' },
    image: { name: 'audit.png', type: 'image/png', data: new Uint8Array(pngBytes) },
  });
  expect(added.status, added.message).toBe(true);
  bannerId = added.data?._id ?? '';
  const edited = await api.banners.edit({
    _id: bannerId,
    insertData: { name: 'Audit banner renamed', url: 'https://deals.example/audit', clickCount: 0 },
  });
  expect(edited.status, edited.message).toBe(true);
  for (let sent = 0; sent < sends; sent += 1)
    expect(
      (await api.notifications.send({ title: `Audit page ${sent}`, message: 'M', url: '' })).status,
    ).toBe(true);
});
afterAll(async () => {
  // The browser files share one server: leave its items as found (the log keeps its entries).
  try {
    await api.banners.remove({ id: [bannerId] });
    const sent = (await api.notifications.history({ q: 'Audit page', limit: 1000 })).data ?? [];
    await api.notifications.remove({ id: sent.map((notification) => notification._id) });
  } finally {
    await signedIn.close();
  }
});
afterEach(screenshotOnFailure(() => page));

const changes = () => page.getByRole('table', { name: 'Changes' });
const rows = () =>
  changes()
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
const choose = async (filter: string, option: string) => {
  await page.getByRole('textbox', { name: filter, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
};
const query = () => new URL(page.url()).searchParams;
/** The total the list shows under its table ("N items"). */
const shownTotal = async () =>
  Number.parseInt(
    (await page
      .getByText(/^\d+ items?$/)
      .first()
      .textContent()) ?? '',
    10,
  );
/**
 * The total of the list's next answer for these filters. Other files share the server and
 * write meanwhile, so a count read from the server a moment later can differ from the screen's.
 */
const answeredTotal = async (kind: string, action: string | null) => {
  const response = await page.waitForResponse((answer) => {
    const url = new URL(answer.url());
    return (
      url.pathname.endsWith('/api/App/audit/admin/entries') &&
      url.searchParams.get('kind') === kind &&
      url.searchParams.get('action') === action
    );
  });
  return ((await openedBody(response)) as { totalRecord: number }).totalRecord;
};

describe('audit log', () => {
  it('filters by kind and action, kept in the address, and shows what an update changed', async () => {
    await openInApp(page, '/site/audit', 'Audit log');
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    await rows().first().waitFor();

    const bannersAnswered = answeredTotal('banner', null);
    await choose('Kind', 'Banner');
    const banners = await bannersAnswered;
    await changes().getByText('Audit banner renamed').first().waitFor();
    await choose('Action', 'Updated');
    await expect.poll(() => query().get('action')).toBe('update');
    expect(query().get('kind')).toBe('banner');
    // Every row an update of a banner (other files' banners too), ours among them.
    const updated = rows().filter({ hasText: 'Audit banner renamed' });
    await updated.waitFor();
    const others = () =>
      rows()
        .filter({ hasNotText: /Updated\s*Banner/ })
        .count();
    await expect.poll(others).toBe(0);
    // Back undoes the last filter: creates and updates of banners again, as the list first
    // counted them or (once its answer is stale) as the server counts them now.
    await page.goBack();
    await expect.poll(() => query().get('action')).toBe(null);
    await expect.poll(shownTotal).toBeGreaterThanOrEqual(banners);
    expect(await shownTotal()).toBeLessThanOrEqual(
      (await api.audit.list({ kind: 'banner', limit: 1 })).totalRecord ?? 0,
    );
    await page.goForward();
    await expect.poll(others).toBe(0);

    // The detail, opened with the keyboard: each changed field, before and after.
    await updated.getByRole('link', { name: /^View the change/ }).focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Updated: Banner' });
    const diff = drawer.getByRole('table', { name: 'What changed' });
    await diff.waitFor();
    const name = diff.getByRole('row').filter({ hasText: /^name/ });
    expect(await name.getByRole('cell').allTextContents()).toEqual([
      'name',
      'Audit banner',
      'Audit banner renamed',
    ]);
    expect(query().get('entry')).not.toBe(null);
    await screenshot(page, 'audit-entry');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(query().get('entry')).toBe(null);
  });

  it('pages what the filters keep and exports it as CSV', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await choose('Kind', 'Notification');
    const sentAnswered = answeredTotal('notification', 'send');
    await choose('Action', 'Sent');
    const total = await sentAnswered;
    expect(total).toBeGreaterThanOrEqual(sends);
    await page.getByText(`${total} items`, { exact: true }).waitFor();
    expect(await rows().count()).toBe(auditPageSize);
    await page.getByRole('button', { name: 'next page' }).click();
    await expect.poll(() => query().get('page')).toBe('2');
    // Page 2 may be full: sends since the count push older ones onto it.
    await expect
      .poll(() => rows().count())
      .toBeGreaterThanOrEqual(Math.min(auditPageSize, total - auditPageSize));
    expect(await rows().count()).toBeLessThanOrEqual(auditPageSize);

    const { name, text } = await download(
      page.getByRole('button', { name: 'Export CSV of the audit log' }),
    );
    expect(name).toMatch(/\.csv$/);
    const [header, ...records] = readCsvRecords(text).map((record) => record.fields);
    expect(header).toEqual(rowColumns(endpoints.audit.export));
    const kind = header?.indexOf('kind') ?? -1;
    const action = header?.indexOf('action') ?? -1;
    expect(records.length).toBeGreaterThanOrEqual(total);
    expect(records.length).toBeLessThanOrEqual(
      (await api.audit.list({ kind: 'notification', action: 'send', limit: 1 })).totalRecord ?? 0,
    );
    expect(new Set(records.map((record) => `${record[kind]} ${record[action]}`))).toEqual(
      new Set(['notification send']),
    );

    // Days out of order: the schema's message, and no call.
    await page.getByLabel('From', { exact: true }).fill('22/11/2026');
    await page.getByLabel('To', { exact: true }).fill('21/11/2026');
    // The calendar under the input closes as a person leaves it.
    await page.keyboard.press('Escape');
    await page.getByText(adMessages.dateOrder).first().waitFor();
    expect(await rows().count()).toBe(0);
  });

  // The router applies an address change in a transition; an answer of the list landing before
  // it renders the screen with the address before it. Typed around such an answer, From was
  // lost (useAddressQuery.ts). The answer is held, then let go as From is typed, the page
  // slowed so that the transition is still under way.
  it('keeps both dates typed around an answer of the list', async () => {
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => query().size).toBe(0);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const isList = (url: URL) => url.pathname.endsWith('/api/App/audit/admin/entries');
    await page.route(
      isList,
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    const listed = page.waitForRequest((request) => isList(new URL(request.url())));
    await choose('Kind', 'Shortcut');
    await listed;
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 });
    try {
      const answered = page.waitForResponse((response) => isList(new URL(response.url())));
      await page.getByLabel('From', { exact: true }).fill('22/11/2026');
      release();
      await answered;
      await page.getByLabel('To', { exact: true }).fill('21/11/2026');
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    await page.getByText(adMessages.dateOrder).first().waitFor();
    expect(query().get('from')).toBe('2026-11-22');
  });

  it("opens an item's history from its edit screen", async () => {
    await openInApp(page, `/update/story/banner/${bannerId}`, 'Edit banner');
    await page.getByRole('link', { name: 'History', exact: true }).click();
    await page.getByRole('heading', { name: 'Audit log', level: 1 }).waitFor();
    expect(Object.fromEntries(query())).toEqual({ kind: 'banner', item: bannerId });
    await page.getByText('History of Audit banner renamed').waitFor();
    await expect.poll(() => rows().count()).toBe(2);
    expect(await rows().nth(0).textContent()).toContain('Updated');
    expect(await rows().nth(1).textContent()).toContain('Created');
  });

  it('works at 375 px', async () => {
    await signedIn.narrowScreenshot(`/site/audit?kind=banner&item=${bannerId}`, 'audit', (small) =>
      small.getByText('Audit banner renamed').first().waitFor(),
    );
  });
});
