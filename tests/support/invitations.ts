// Administrators of a test file's own, invited as the server's mail says: a file that changes
// an admin's sign-in (disables them, turns the authenticator app on) never touches the shared
// admin's.
import type { AdminRole } from '@dealdesk/core';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiClient, e2e, sessionToken } from './browser.js';
import type { E2eAdmin } from './e2e-context.js';

/** Admin ID, email and password that no other test uses, starting with `prefix`. */
export const newAdmin = (prefix: string): E2eAdmin => {
  const suffix = randomBytes(3).toString('hex');
  return {
    a_id: `${prefix}-${suffix}`,
    a_email: `${prefix}-${suffix}@dealdesk.test`,
    password: `${prefix}-password-${suffix}`,
  };
};

/** The newest invitation mailed to `email`: its link (path and query), the link's token, the code. */
export async function invitationMail(
  email: string,
): Promise<{ link: string; token: string; code: string }> {
  const outbox = join(e2e().dataDir, 'outbox');
  for (let wait = 0; wait < 100; wait += 1) {
    for (const name of (await readdir(outbox)).sort().reverse()) {
      // Quoted-printable: soft line breaks and escaped '=' undone.
      const mail = (await readFile(join(outbox, name), 'utf8'))
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      if (!mail.toLowerCase().includes(`to: ${email}`)) continue;
      const link = /https?:\/\/[^/\s]+(\/admin\/panel\/invite\?token=\S+)/.exec(mail)?.[1];
      const code = /invitation code is (\d{6})\./.exec(mail)?.[1];
      if (link !== undefined && code !== undefined) {
        const token = new URLSearchParams(link.split('?')[1]).get('token') ?? '';
        return { link, token, code };
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

/**
 * A new administrator: invited by the shared admin, accepted through the API; an owner, as
 * every administrator was before roles, unless the test needs another role.
 */
export async function invitedAdmin(prefix: string, role: AdminRole = 'owner'): Promise<E2eAdmin> {
  const admin = newAdmin(prefix);
  const owner = await sessionToken();
  const invited = await apiClient(() => owner).admin.inviteAdministrator({
    a_email: admin.a_email,
    role,
  });
  if (!invited.status) throw new Error(invited.message);
  const { token, code } = await invitationMail(admin.a_email);
  const accepted = await apiClient().admin.acceptInvitation({
    token,
    code,
    a_id: admin.a_id,
    password: admin.password,
  });
  if (!accepted.status) throw new Error(accepted.message);
  return admin;
}
