// Sign-in with a mailed one-time code, password reset and the first admin.
import { adminIdSkeleton, type AdminRole, type SecondFactor } from '@dealdesk/core';
import { isUniqueViolation } from '../../adapters/storage/dialect.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { PendingCaller } from '../../http/route.js';
import { newId } from '../../ids.js';
import { auditTrail } from '../audit/service.js';
import {
  generatePassword,
  hashCode,
  hashPassword,
  newCode,
  sameHash,
  verifyPassword,
} from './credentials.js';
import type { RequestOrigin } from './devices.js';
import { messages } from './messages.js';
import { adminNotices } from './notices.js';
import { authRepository } from './repository.js';
import { secondFactor } from './second-factor.js';
import { signInAudit } from './sign-in-audit.js';
import { bearerTokens } from './tokens.js';

/** Who a change was made by, in words (other modules name the caller through this). */
export { describeCaller } from './who.js';
/** The server machine's password and authenticator resets (operations/admin-command.ts). */
export {
  resetAuthenticatorFromConsole,
  resetPasswordFromConsole,
  UnknownAdminError,
} from './console-reset.js';

export function authService(context: AppContext) {
  const { db, config, mail, clock, log } = context;
  const repo = authRepository(db);
  const tokens = bearerTokens(context);
  const authenticator = secondFactor(context);
  const signIns = signInAudit(context);
  const audit = auditTrail(context);
  const notices = adminNotices(context);
  const settings = config.auth;
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();
  // Unknown admin IDs are checked against this hash so that they take as long as known ones.
  const decoyHash = hashPassword(generatePassword(), settings.passwordCost);

  /** The first administrator is an owner; tests make the other roles too. */
  async function createAdmin(
    admin: { a_id: string; a_email: string; password: string },
    role: AdminRole = 'owner',
  ) {
    const now = clock().toISOString();
    await repo.insertAdmin({
      id: newId(clock()),
      a_id: admin.a_id,
      role,
      // Unique: an ID that looks like an existing one is refused (its unique skeleton, 0024).
      a_id_skeleton: adminIdSkeleton(admin.a_id),
      a_email: admin.a_email.toLowerCase(),
      password_hash: await hashPassword(admin.password, settings.passwordCost),
      a_name: '',
      a_state: '',
      a_city: '',
      a_address: '',
      a_phone: '',
      created_at: now,
      updated_at: now,
    });
  }

  /** A temporary token waiting for a code, which is mailed when there is an admin to mail. */
  async function issueCode(
    kind: 'login-code' | 'reset-code',
    admin: { id: string; a_email: string } | null,
  ) {
    const code = newCode();
    const expiresAt = later(settings.codeTtlMs);
    const { token } = await tokens.issue(kind, admin?.id ?? null, expiresAt, { code });
    const minutes = Math.round(settings.codeTtlMs / 60_000);
    const purpose = kind === 'login-code' ? 'log in to' : 'reset your password for';
    const delivery =
      admin === null
        ? Promise.resolve()
        : mail.send({
            to: admin.a_email,
            subject: 'Your Dealdesk verification code',
            text: `Your code to ${purpose} Dealdesk is ${code}.\nIt expires in ${minutes} minutes and works once.\n`,
          });
    return { token, delivery };
  }

  /**
   * Checks a pending token's code; wrong codes count, and the last allowed try spends it. A
   * sign-in token without a mailed code waits for the admin's authenticator app instead.
   */
  async function checkCode(caller: PendingCaller, code: string): Promise<string> {
    const row = await repo.findToken(caller.tokenId);
    if (row !== undefined && row.admin_id !== null) {
      const right =
        row.code_hash === null
          ? row.kind === 'login-code' && (await authenticator.acceptSignInCode(row.admin_id, code))
          : sameHash(hashCode(row.id, code), row.code_hash);
      if (right) return row.admin_id;
    }
    const tries = await repo.countWrongCode(caller.tokenId);
    const step = row?.kind === 'login-code' ? 'sign-in' : 'reset';
    await signIns.codeFailed(row?.admin_id ?? null, step, tries, settings.codeMaxTries);
    if (tries === null || tries >= settings.codeMaxTries) {
      await repo.deleteToken(caller.tokenId);
      throw new HttpError(401, messages.noTriesLeft);
    }
    throw new HttpError(401, messages.wrongCode);
  }

  return {
    tokens,
    authenticator,
    createAdmin,

    /**
     * First start: creates the admin from the configuration and answers a generated password
     * once. Several instances starting together create it once.
     */
    async ensureFirstAdmin(): Promise<{ created: boolean; generatedPassword: string | null }> {
      const notCreated = { created: false, generatedPassword: null };
      if ((await repo.countAdmins()) > 0) return notCreated;
      const generatedPassword = config.firstAdmin.password === null ? generatePassword() : null;
      try {
        await createAdmin({
          a_id: config.firstAdmin.id,
          a_email: config.firstAdmin.email,
          password: config.firstAdmin.password ?? generatedPassword ?? '',
        });
      } catch (error) {
        if (isUniqueViolation(error)) return notCreated;
        throw error;
      }
      return { created: true, generatedPassword };
    },

    /** Step 1 of sign-in: the same answer whether the ID or the password was wrong. */
    async checkCredentials(
      loginId: string,
      password: string,
    ): Promise<{ token: string; secondFactor: SecondFactor }> {
      await repo.deleteExpiredTokens(clock().toISOString());
      const admin = await repo.findAdminByLoginId(loginId);
      const valid = await verifyPassword(password, admin?.password_hash ?? (await decoyHash));
      if (admin === undefined || !valid) {
        await signIns.failed(loginId);
        throw new HttpError(401, messages.wrongCredentials);
      }
      // With the authenticator app on, nothing is mailed: step 2 takes the app's code.
      if (await authenticator.isOn(admin.id)) {
        const expiresAt = later(settings.codeTtlMs);
        const { token } = await tokens.issue('login-code', admin.id, expiresAt);
        return { token, secondFactor: 'totp' };
      }
      const { token, delivery } = await issueCode('login-code', admin);
      await delivery;
      return { token, secondFactor: 'email' };
    },

    /** Step 2 of sign-in: the code turns the temporary token into a session. */
    async confirmLoginCode(
      caller: PendingCaller,
      code: string,
      origin?: RequestOrigin,
    ): Promise<string> {
      const adminId = await checkCode(caller, code);
      return db.transaction().execute(async (trx) => {
        if (!(await repo.spendToken(caller.tokenId, 'login-code', trx))) {
          throw new HttpError(401, messages.tokenInvalid);
        }
        const expiresAt = later(settings.sessionTtlMs);
        const { token, row } = await tokens.issue('session', adminId, expiresAt, { origin, trx });
        await signIns.succeeded(trx, adminId, row.id, origin);
        return token;
      });
    },

    /**
     * Reset step 1. An unknown email gets a token too (one no code can open), and the mail
     * goes out in the background, so the answer tells nothing about which emails exist.
     */
    async startReset(email: string): Promise<string> {
      const admin = await repo.findAdminByEmail(email.toLowerCase());
      const { token, delivery } = await issueCode('reset-code', admin ?? null);
      delivery.catch((error: unknown) => log.error({ err: error }, 'reset code mail failed'));
      return token;
    },

    /**
     * Mails an admin whose sign-in or reset attempts reached the ceiling (once per window: see
     * the limiter). A failed mail is logged: the refusal stands either way.
     */
    async noticeAttemptCeiling(who: { loginId: string } | { email: string }): Promise<void> {
      const admin =
        'loginId' in who
          ? await repo.findAdminByLoginId(who.loginId)
          : await repo.findAdminByEmail(who.email);
      if (admin === undefined) return;
      const { max, windowMs } = config.auth.loginPerAdminId;
      const minutes = Math.round(windowMs / 60_000);
      await mail
        .send({
          to: admin.a_email,
          subject: 'Dealdesk: sign-in paused after too many attempts',
          text:
            `Someone tried to sign in to Dealdesk as "${admin.a_id}" (or to reset its password) ` +
            `${max} times within ${minutes} minutes.\nFurther attempts are refused until the ` +
            `window ends. If this was not you, your admin ID is known to someone: keep your ` +
            `password strong and unique.\n`,
        })
        .catch((error: unknown) => log.error({ err: error }, 'attempt ceiling mail failed'));
    },

    /** Reset step 2: the code lets this token set a new password, once, for a short while. */
    async confirmResetCode(caller: PendingCaller, code: string): Promise<void> {
      await checkCode(caller, code);
      const advanced = await repo.advanceToken(caller.tokenId, 'reset-code', {
        kind: 'reset-password',
        code_hash: null,
        expires_at: later(settings.resetTtlMs),
      });
      if (!advanced) throw new HttpError(401, messages.tokenInvalid);
    },

    /** Reset step 3: spends the reset token and ends every session of that admin. */
    async setNewPassword(
      caller: PendingCaller,
      password: string,
      origin?: RequestOrigin,
    ): Promise<void> {
      const { adminId } = caller;
      if (adminId === null) throw new HttpError(401, messages.tokenInvalid);
      const passwordHash = await hashPassword(password, settings.passwordCost);
      const admin = await db.transaction().execute(async (trx) => {
        await authRepository(trx).replacePassword(adminId, passwordHash, clock().toISOString());
        await audit.record(trx, { action: 'password-reset', kind: 'admin', itemId: adminId });
        return trx
          .selectFrom('admins')
          .select(['a_id', 'a_email'])
          .where('id', '=', adminId)
          .executeTakeFirstOrThrow();
      });
      await notices.passwordChanged(admin, origin);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
