// The authenticator app as the second sign-in step (issue 21): RFC 6238 codes instead of the
// mailed one, for each admin who turns it on. Keys are kept sealed and recovery codes as HMACs,
// both under the server-only key (sealed-keys.ts): a database copy, even with everything
// /config.js serves, holds no usable key or code.
import {
  isRecoveryCodeInput,
  normalizeRecoveryCode,
  recoveryCodeAlphabet,
  recoveryCodeCount,
  recoveryCodeLength,
  secondFactorMessages,
  type AuthenticatorSetup,
  type AuthenticatorStatus,
} from '@dealdesk/core';
import { randomBytes, randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import QRCode from 'qrcode';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { newId } from '../../ids.js';
import { auditTrail, type AuditEntryInput } from '../audit/service.js';
import type { RequestOrigin } from './devices.js';
import { messages } from './messages.js';
import { adminNotices } from './notices.js';
import { authenticatorSealing } from './sealed-keys.js';
import { secondFactorRepository, type AuthenticatorRow } from './second-factor-repository.js';
import { base32Encode, matchingStep, totpStepSeconds } from './totp.js';

const issuer = 'Dealdesk';
/** RFC 4226 asks for at least 128 bits; 160 is HMAC-SHA1's own size. */
const keyBytes = 20;

export const authenticatorMessages = {
  notStarted: 'Start the set-up first: no authenticator key is waiting for a code',
  notOn: 'The authenticator app is not turned on',
} as const;

/** `abcde-fghij`: ten characters from the readable alphabet, in two groups. */
function newRecoveryCode(): string {
  let code = '';
  for (let index = 0; index < recoveryCodeLength; index += 1)
    code += recoveryCodeAlphabet[randomInt(recoveryCodeAlphabet.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** An admin whose app changes: their id, and their admin ID as the audit entry's label. */
interface AppOwner {
  id: string;
  a_id: string;
}

/** The audit entry of a change to `owner`'s authenticator app. */
const appEntry = (
  owner: AppOwner,
  action: 'second-factor-on' | 'second-factor-off' | 'recovery-codes',
  change: Pick<AuditEntryInput, 'before' | 'after'>,
): AuditEntryInput => ({ action, kind: 'admin', itemId: owner.id, label: owner.a_id, ...change });

/**
 * Turns `owner`'s app off in `trx`: the key, a waiting set-up and the recovery codes go, with
 * the audit entry. The server machine's reset (console-reset.ts) turns it off this way too.
 */
export async function removeAuthenticator(
  trx: Kysely<Database>,
  audit: Pick<ReturnType<typeof auditTrail>, 'record'>,
  owner: AppOwner,
): Promise<void> {
  await secondFactorRepository(trx).remove(trx, owner.id);
  await audit.record(
    trx,
    appEntry(owner, 'second-factor-off', {
      before: { authenticator: 'on' },
      after: { authenticator: 'off' },
    }),
  );
}

export function secondFactor(context: AppContext) {
  const { db, config, clock } = context;
  const repo = secondFactorRepository(db);
  const audit = auditTrail(context);
  const notices = adminNotices(context);
  const sealing = authenticatorSealing(config);
  const { seal, open } = sealing.keys;

  /**
   * Spends `code` (checked by the call's schema in core: 6 digits, or a normalised recovery
   * code) if it is right and unused: an app code's step, or the recovery code. False otherwise.
   */
  async function spend(
    trx: Kysely<Database>,
    adminId: string,
    row: AuthenticatorRow,
    code: string,
  ): Promise<boolean> {
    if (row.secret === null) return false;
    if (isRecoveryCodeInput(code))
      return repo.useRecoveryCode(
        trx,
        adminId,
        sealing.recoveryHashes(adminId, code),
        clock().toISOString(),
      );
    const step = matchingStep(open(adminId, row.secret), code, clock());
    return step !== null && repo.useStep(trx, adminId, step);
  }

  /** Ten new recovery codes replace the admin's earlier ones; answers them, shown once. */
  async function renewRecoveryCodes(trx: Kysely<Database>, adminId: string): Promise<string[]> {
    const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
    const rows = codes.map((code) => ({
      id: newId(clock()),
      code_hash: sealing.recoveryHash(adminId, normalizeRecoveryCode(code)),
    }));
    await repo.replaceRecoveryCodes(trx, adminId, rows, clock().toISOString());
    return codes;
  }

  async function status(adminId: string): Promise<AuthenticatorStatus> {
    const row = await repo.find(adminId);
    const enabled = row?.secret !== null && row?.secret !== undefined;
    return {
      enabled,
      enabledAt: enabled ? (row?.enabled_at ?? null) : null,
      recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(adminId) : 0,
    };
  }

  async function adminOf(adminId: string) {
    const admin = await repo.findAdmin(adminId);
    if (admin === undefined) throw new HttpError(401, messages.tokenInvalid);
    return admin;
  }

  /** The row of an admin whose app is on, read inside the change's transaction. */
  async function enabledRow(trx: Kysely<Database>, adminId: string) {
    const row = await secondFactorRepository(trx).find(adminId);
    if (row?.secret === null || row?.secret === undefined)
      throw new HttpError(409, authenticatorMessages.notOn);
    return row;
  }

  return {
    status,

    /** Whether step 2 of this admin's sign-in wants the app's code instead of a mailed one. */
    isOn: (adminId: string) => repo.isOn(adminId),

    /**
     * Sign-in step 2 for an admin with the app on: its code or a recovery code, each once. The
     * caller counts a false answer against the sign-in's tries.
     */
    async acceptSignInCode(adminId: string, code: string): Promise<boolean> {
      const row = await repo.find(adminId);
      return row !== undefined && spend(db, adminId, row, code);
    },

    /**
     * A new key waiting for its confirming code; answered as text, link and QR code, once.
     * With an app on, `code` (from it, or a recovery code) is spent first: a stolen session
     * alone cannot put its own app in place. Enabling clears the waiting key, so a key waiting
     * from before the app went on cannot replace it either.
     */
    async startSetup(adminId: string, code: string | undefined): Promise<AuthenticatorSetup> {
      const admin = await adminOf(adminId);
      const key = randomBytes(keyBytes);
      await db.transaction().execute(async (trx) => {
        const row = await secondFactorRepository(trx).find(adminId);
        if (row !== undefined && row.secret !== null) {
          if (code === undefined) throw new HttpError(400, secondFactorMessages.moveNeedsCode);
          if (!(await spend(trx, adminId, row, code))) throw new HttpError(400, messages.wrongCode);
        }
        await secondFactorRepository(trx).putPending(
          adminId,
          seal(adminId, key),
          clock().toISOString(),
        );
      });
      const secret = base32Encode(key);
      const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(admin.a_id)}`;
      const parameters = new URLSearchParams({
        secret,
        issuer,
        algorithm: 'SHA1',
        digits: '6',
        period: String(totpStepSeconds),
      });
      const uri = `otpauth://totp/${label}?${parameters.toString()}`;
      const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      const qrCode = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
      return { secret, uri, qrCode };
    },

    /** The waiting key's code turns the app on; answers the new recovery codes, shown once. */
    async confirm(adminId: string, code: string, origin: RequestOrigin) {
      const admin = await adminOf(adminId);
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        const row = await secondFactorRepository(trx).find(adminId);
        if (row?.pending_secret === null || row?.pending_secret === undefined)
          throw new HttpError(409, authenticatorMessages.notStarted);
        const step = matchingStep(open(adminId, row.pending_secret), code, clock());
        if (step === null) throw new HttpError(400, messages.wrongCode);
        const wasOn = row.secret !== null;
        const now = clock().toISOString();
        if (!(await repo.enable(trx, adminId, row.pending_secret, step, now)))
          throw new HttpError(409, authenticatorMessages.notStarted);
        const codes = await renewRecoveryCodes(trx, adminId);
        await audit.record(
          trx,
          appEntry(admin, 'second-factor-on', {
            before: { authenticator: wasOn ? 'on (another key)' : 'off' },
            after: { authenticator: 'on' },
          }),
        );
        return codes;
      });
      await notices.secondFactorChanged(admin, true, origin);
      return { data: await status(adminId), recoveryCodes };
    },

    /** Off with a current code or a recovery code; the key and recovery codes go. */
    async turnOff(adminId: string, code: string, origin: RequestOrigin) {
      const admin = await adminOf(adminId);
      await db.transaction().execute(async (trx) => {
        const row = await enabledRow(trx, adminId);
        if (!(await spend(trx, adminId, row, code))) throw new HttpError(400, messages.wrongCode);
        await removeAuthenticator(trx, audit, admin);
      });
      await notices.secondFactorChanged(admin, false, origin);
      return { data: await status(adminId) };
    },

    /** Ten new recovery codes (with a current code from the app); the earlier ones stop. */
    async newRecoveryCodes(adminId: string, code: string, origin: RequestOrigin) {
      const admin = await adminOf(adminId);
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        const row = await enabledRow(trx, adminId);
        if (!(await spend(trx, adminId, row, code))) throw new HttpError(400, messages.wrongCode);
        const codes = await renewRecoveryCodes(trx, adminId);
        await audit.record(
          trx,
          appEntry(admin, 'recovery-codes', { after: { recoveryCodes: recoveryCodeCount } }),
        );
        return codes;
      });
      await notices.recoveryCodesRenewed(admin, origin);
      return { data: await status(adminId), recoveryCodes };
    },
  };
}

export type SecondFactorService = ReturnType<typeof secondFactor>;
