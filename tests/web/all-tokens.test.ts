// An owner's view of every administrator's API tokens on /site/admins (issue 39): whose each is,
// its name, scope, when made and last used; revoking another's stops it at once. Editors and
// viewers never see the section, nor ask for the list. Every token made here is revoked.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiClient, screenshot, sessionToken, wide } from '../support/browser.js';
import type { E2eAdmin } from '../support/e2e-context.js';
import { fileBrowser } from '../support/file-browser.js';
import { invitedAdmin } from '../support/invitations.js';
import { toast } from '../support/screens.js';

const browser = fileBrowser();
const caption = "Every administrator's API tokens";

/** The administrators screen once the list (and with it the role) has shown. */
async function openAdministrators(page: Page, a_id: string): Promise<string[]> {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/admin/tokens/all') asked.push(request.url());
  });
  await page.goto('/site/admins');
  await page.getByRole('table', { name: 'Administrators' }).getByText(a_id).first().waitFor();
  return asked;
}

describe("every administrator's API tokens", () => {
  let editor: E2eAdmin;
  let viewer: E2eAdmin;
  let reportToken = '';
  beforeAll(async () => {
    editor = await invitedAdmin('tokens-editor', 'editor');
    viewer = await invitedAdmin('tokens-viewer', 'viewer');
    const session = await sessionToken(editor);
    const made = await apiClient(() => session).admin.createToken({
      name: 'weekly sales report',
      scope: 'read',
    });
    if (!made.status || made.token === undefined) throw new Error(made.message);
    reportToken = made.token;
  });
  const ownerPage = browser.suitePage(wide, () => sessionToken());
  const editorPage = browser.suitePage(wide, () => sessionToken(editor));
  const viewerPage = browser.suitePage(wide, () => sessionToken(viewer));

  it("shows an owner whose each token is and revokes another's; editors and viewers see none", async () => {
    const page = ownerPage();
    await openAdministrators(page, editor.a_id);
    const table = page.getByRole('table', { name: caption });
    const row = table.getByRole('row').filter({ hasText: 'weekly sales report' });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(0, 3)).toEqual([editor.a_id, 'weekly sales report', 'Read only']);
    expect(cells[4]).toBe('Never');
    await screenshot(page, 'all-tokens');

    await row
      .getByRole('button', { name: `Revoke the API token weekly sales report of ${editor.a_id}` })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Revoke the API token "weekly sales report" of ${editor.a_id}?`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await toast(page, 'API token revoked');
    await expect.poll(() => row.count()).toBe(0);
    expect((await apiClient(() => reportToken).admin.adminData()).httpStatus).toBe(401);
    const session = await sessionToken(editor);
    expect((await apiClient(() => session).admin.listTokens()).data).toEqual([]);

    // Editors and viewers: no section, and the list is never asked for.
    for (const [theirs, admin] of [
      [editorPage(), editor],
      [viewerPage(), viewer],
    ] as const) {
      const asked = await openAdministrators(theirs, admin.a_id);
      // Their own tokens stay on Security: nothing of the kind here.
      expect(await theirs.getByRole('table', { name: caption }).count()).toBe(0);
      expect(await theirs.getByText(caption).count()).toBe(0);
      expect(asked).toEqual([]);
    }
  });
});
