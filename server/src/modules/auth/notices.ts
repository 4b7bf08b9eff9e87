// Mails that tell an administrator about a change to their own account's security, so that a
// change they did not make is noticed. A failed mail is logged: the change stands either way.
import type { AppContext } from '../../context.js';
import { describeDevice, type RequestOrigin } from './devices.js';

/** Who gets the notice: the admin whose account changed. */
export interface NoticeRecipient {
  a_id: string;
  a_email: string;
}

// Names the server machine's way back in: the operator may not know the command.
const notYou =
  'If this was not you, reset your password now from the sign-in page ("Forgot password"), ' +
  'then review your sessions and API tokens under Profile > Security and revoke any you do ' +
  'not recognise. If you cannot sign in, ask another administrator or the server operator ' +
  'for help: on the server machine, `npm run admin -- reset-password <admin id>` sets a new ' +
  'password, and `npm run admin -- reset-authenticator <admin id>` turns the authenticator ' +
  'app off (lost phone and recovery codes).';

export function adminNotices({ mail, clock, log }: AppContext) {
  async function send(
    admin: NoticeRecipient,
    subject: string,
    what: string,
    origin: RequestOrigin | undefined,
  ): Promise<void> {
    const from =
      origin === undefined
        ? ''
        : `From: ${describeDevice(origin.userAgent)}, address ${origin.address}\n`;
    const text =
      `${what}\n\nAdmin ID: ${admin.a_id}\nWhen: ${clock().toISOString()} (UTC)\n${from}\n` +
      `If this was you, there is nothing to do.\n${notYou}\n`;
    await mail
      .send({ to: admin.a_email, subject: `Dealdesk: ${subject}`, text })
      .catch((error: unknown) => log.error({ err: error, subject }, 'notice mail failed'));
  }

  return {
    /** The password was changed (reset by email, or on the server machine). */
    passwordChanged: (admin: NoticeRecipient, origin?: RequestOrigin) =>
      send(
        admin,
        'your password was changed',
        'The password of your Dealdesk administrator account was changed. Every session ' +
          'of the account was ended.',
        origin,
      ),

    /** The authenticator app (second sign-in step) was turned on or off. */
    secondFactorChanged: (admin: NoticeRecipient, on: boolean, origin?: RequestOrigin) =>
      send(
        admin,
        on ? 'authenticator app turned on' : 'authenticator app turned off',
        on
          ? 'Signing in to your Dealdesk administrator account now asks for a code from an ' +
              'authenticator app.'
          : 'Signing in to your Dealdesk administrator account no longer asks for a code from ' +
              'an authenticator app: the code is mailed to you again.',
        origin,
      ),

    /** New recovery codes for the authenticator app replaced the earlier ones. */
    recoveryCodesRenewed: (admin: NoticeRecipient, origin?: RequestOrigin) =>
      send(
        admin,
        'new recovery codes',
        'New recovery codes were made for your Dealdesk administrator account; the earlier ' +
          'ones no longer work.',
        origin,
      ),

    /** A new API token, which can act as the admin, was created. */
    apiTokenCreated: (admin: NoticeRecipient, tokenName: string, origin?: RequestOrigin) =>
      send(
        admin,
        'a new API token was created',
        `A new API token named "${tokenName}" was created for your Dealdesk administrator ` +
          'account. It can make changes as you until it expires or is revoked.',
        origin,
      ),
  };
}
