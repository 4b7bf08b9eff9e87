// Several administrators (issue 21): an owner invites another by email (a one-time link and
// code, and the role they get), and disables or enables one. A disabled admin's sessions and
// tokens end at once, and the access guard refuses any still in flight (tokens.ts). Roles
// change in roles.ts; both keep one enabled owner.
import {
  adminIdKey,
  adminIdMessages,
  adminIdSkeleton,
  type AdminRole,
  type Administrator,
  type Invitation,
} from '@dealdesk/core';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../adapters/storage/dialect.js';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { AdminCaller } from '../../http/route.js';
import { newId } from '../../ids.js';
import { auditTrail } from '../audit/service.js';
import { hashCode, hashPassword, hashToken, newCode, newToken, sameHash } from './credentials.js';
import { keepAnOwner } from './roles.js';

/** How long an invitation's link and code work. */
const invitationTtlMs = 7 * 24 * 60 * 60 * 1000;

export const administratorMessages = {
  notFound: 'Administrator not found',
  invitationNotFound: 'Invitation not found',
  emailTaken: 'An administrator with this email already exists',
  adminIdTaken: 'This admin ID is taken: choose another',
  notYourself: 'You cannot disable yourself: ask another administrator',
  lastOwnerDisabled:
    'The last enabled owner cannot be disabled: make another administrator owner first',
  lastOwnerDemoted:
    'The last enabled owner keeps the owner role: make another administrator owner first',
  sameRole: 'This administrator already has this role',
  alreadyDisabled: 'This administrator is already disabled',
  alreadyActive: 'This administrator is already active',
  invitationInvalid: 'This invitation is no longer valid: ask an administrator for a new one',
  wrongCode: 'The code is not correct',
  noTriesLeft:
    'The code is not correct and no tries are left: ask an administrator for a new invitation',
  mailFailed:
    'The invitation was saved but its email could not be sent: send it again from the list',
} as const;

interface InvitationAnswer {
  token: string;
  code: string;
  a_id: string;
  password: string;
}

/** An admin's row with its inviter's admin ID, as the list and the answers show it. */
function adminQuery(db: Kysely<Database>) {
  return db
    .selectFrom('admins')
    .leftJoin('admins as inviter', 'inviter.id', 'admins.invited_by')
    .select([
      'admins.id',
      'admins.a_id',
      'admins.a_email',
      'admins.a_name',
      'admins.status',
      'admins.role',
      'admins.disabled_at',
      'admins.created_at',
      'inviter.a_id as invited_by',
    ]);
}

type AdminListRow = Awaited<ReturnType<ReturnType<typeof adminQuery>['execute']>>[number];

const toAdministrator = (row: AdminListRow, callerId: string): Administrator => ({
  _id: row.id,
  a_id: row.a_id,
  a_email: row.a_email,
  a_name: row.a_name,
  status: row.status,
  role: row.role,
  disabledAt: row.disabled_at,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  you: row.id === callerId,
});

/** One administrator as the list shows them to `callerId`; 404 for an unknown id. */
export async function findAdmin(executor: Kysely<Database>, id: string, callerId: string) {
  const row = await adminQuery(executor).where('admins.id', '=', id).executeTakeFirst();
  if (row === undefined) throw new HttpError(404, administratorMessages.notFound);
  return toAdministrator(row, callerId);
}

export function administrators(context: AppContext) {
  const { db, clock, mail, config } = context;
  const audit = auditTrail(context);

  async function listInvitations(): Promise<Invitation[]> {
    const now = clock().toISOString();
    const rows = await db
      .selectFrom('admin_invitations')
      .leftJoin('admins', 'admins.id', 'admin_invitations.invited_by')
      .select([
        'admin_invitations.id',
        'admin_invitations.email',
        'admin_invitations.role',
        'admin_invitations.created_at',
        'admin_invitations.expires_at',
        'admins.a_id as invited_by',
      ])
      .where('admin_invitations.used_at', 'is', null)
      .orderBy('admin_invitations.id')
      .execute();
    return rows.map((row) => ({
      _id: row.id,
      email: row.email,
      role: row.role,
      invitedBy: row.invited_by,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      expired: row.expires_at <= now,
    }));
  }

  /**
   * The stored skeleton of a new admin ID: refused when it is an existing one in another case or
   * form, or looks like one (core's admin-ids.ts). The unique skeleton settles two answers at once.
   */
  async function newAdminIdSkeleton(trx: Kysely<Database>, id: string): Promise<string> {
    const key = adminIdSkeleton(id);
    const alike = await trx
      .selectFrom('admins')
      .select('a_id')
      .where('a_id_skeleton', '=', key)
      .executeTakeFirst();
    if (alike === undefined) return key;
    context.metrics.adminRefused('admin-id');
    const same = adminIdKey(alike.a_id) === adminIdKey(id);
    throw new HttpError(
      409,
      same ? administratorMessages.adminIdTaken : adminIdMessages.confusable,
      'a_id',
    );
  }

  /** Ends `id`'s bearer tokens and pending invitations; answers how many invitations went. */
  async function offBoard(trx: Kysely<Database>, id: string): Promise<number> {
    await trx.deleteFrom('auth_tokens').where('admin_id', '=', id).execute();
    const invitations = await trx
      .deleteFrom('admin_invitations')
      .where('invited_by', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(invitations.numDeletedRows);
  }

  /** Disables or enables `id` in one transaction with its audit entry. */
  async function setStatus(caller: AdminCaller, id: string, disable: boolean) {
    return db.transaction().execute(async (trx) => {
      if (disable) {
        if (id === caller.adminId) throw new HttpError(409, administratorMessages.notYourself);
        await keepAnOwner(context, trx, id, administratorMessages.lastOwnerDisabled);
      }
      const before = await findAdmin(trx, id, caller.adminId);
      if (disable) {
        if (before.status === 'disabled')
          throw new HttpError(409, administratorMessages.alreadyDisabled);
      } else if (before.status === 'active') {
        throw new HttpError(409, administratorMessages.alreadyActive);
      }
      const now = clock().toISOString();
      await trx
        .updateTable('admins')
        .set({
          status: disable ? 'disabled' : 'active',
          disabled_at: disable ? now : null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      // Every bearer token ends, API tokens too: enabling again does not bring them back. The
      // invitations they sent go too: one accepted later would let their choice in after them.
      const cancelled = disable ? await offBoard(trx, id) : 0;
      const after = await findAdmin(trx, id, caller.adminId);
      await audit.record(trx, {
        action: disable ? 'disable' : 'enable',
        kind: 'admin',
        itemId: id,
        label: after.a_id,
        before: { status: before.status },
        after: { status: after.status, ...(disable ? { invitationsCancelled: cancelled } : {}) },
      });
      return after;
    });
  }

  return {
    async list(caller: AdminCaller) {
      const rows = await adminQuery(db).orderBy('admins.id').execute();
      return {
        data: rows.map((row) => toAdministrator(row, caller.adminId)),
        invitations: await listInvitations(),
      };
    },

    /**
     * Records the invitation (replacing an earlier one of the same email), then mails the link
     * to the web's invitation page and the code. A mail that fails leaves the invitation to be
     * sent again.
     */
    async invite(
      caller: AdminCaller,
      { email, role }: { email: string; role: AdminRole },
      webBase: string,
    ): Promise<Invitation> {
      const address = email.toLowerCase();
      const id = newId(clock());
      const { token, hash } = newToken();
      const code = newCode();
      const now = clock();
      const expiresAt = new Date(now.getTime() + invitationTtlMs).toISOString();
      await db.transaction().execute(async (trx) => {
        const taken = await trx
          .selectFrom('admins')
          .select('id')
          .where('a_email', '=', address)
          .executeTakeFirst();
        if (taken !== undefined) throw new HttpError(409, administratorMessages.emailTaken);
        await trx
          .deleteFrom('admin_invitations')
          .where('email', '=', address)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('admin_invitations')
          .values({
            id,
            email: address,
            token_hash: hash,
            code_hash: hashCode(id, code),
            role,
            invited_by: caller.adminId,
            expires_at: expiresAt,
            used_at: null,
            created_at: now.toISOString(),
          })
          .execute();
        await audit.record(trx, {
          action: 'invite',
          kind: 'admin',
          itemId: id,
          label: address,
          after: { email: address, role, expiresAt },
        });
      });
      const inviter = await findAdmin(db, caller.adminId, caller.adminId);
      const link = new URL(`/admin/panel/invite?token=${token}`, webBase).href;
      const days = Math.round(invitationTtlMs / (24 * 60 * 60 * 1000));
      try {
        await mail.send({
          to: address,
          subject: 'You are invited to administer Dealdesk',
          text:
            `${inviter.a_id} (${inviter.a_email}) invites you to become a Dealdesk administrator.\n\n` +
            `Open this link and choose your admin ID and password:\n${link}\n\n` +
            `Your invitation code is ${code}.\nThe link and the code work once, for ${days} ` +
            `days. If you did not expect this, ignore this email.\n`,
        });
      } catch (error) {
        context.log.error({ err: error }, 'invitation mail failed');
        throw new HttpError(502, administratorMessages.mailFailed);
      }
      return {
        _id: id,
        email: address,
        role,
        invitedBy: inviter.a_id,
        createdAt: now.toISOString(),
        expiresAt,
        expired: false,
      };
    },

    async cancelInvitation(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('admin_invitations')
          .select(['id', 'email', 'expires_at'])
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (row === undefined) throw new HttpError(404, administratorMessages.invitationNotFound);
        await trx.deleteFrom('admin_invitations').where('id', '=', id).execute();
        await audit.record(trx, {
          action: 'delete',
          kind: 'admin',
          itemId: id,
          label: row.email,
          before: { email: row.email, expiresAt: row.expires_at },
        });
      });
    },

    /**
     * The invitee's answer: the link's token and the mailed code make the administrator, with
     * the invitation's email. Wrong codes count, as at sign-in; the last allowed try spends it.
     */
    async accept(answer: InvitationAnswer): Promise<{ a_id: string }> {
      const now = clock().toISOString();
      const invitation = await db
        .selectFrom('admin_invitations')
        .selectAll()
        .where('token_hash', '=', hashToken(answer.token))
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (invitation === undefined || invitation.expires_at <= now)
        throw new HttpError(400, administratorMessages.invitationInvalid);
      if (!sameHash(hashCode(invitation.id, answer.code), invitation.code_hash)) {
        const counted = await db
          .updateTable('admin_invitations')
          .set((eb) => ({ code_tries: eb('code_tries', '+', 1) }))
          .where('id', '=', invitation.id)
          .returning('code_tries')
          .executeTakeFirst();
        if (counted === undefined || counted.code_tries >= config.auth.codeMaxTries) {
          await db.deleteFrom('admin_invitations').where('id', '=', invitation.id).execute();
          throw new HttpError(400, administratorMessages.noTriesLeft);
        }
        throw new HttpError(400, administratorMessages.wrongCode);
      }
      const adminId = newId(clock());
      const passwordHash = await hashPassword(answer.password, config.auth.passwordCost);
      try {
        await db.transaction().execute(async (trx) => {
          // Of two answers racing with the same link, one wins.
          const spent = await trx
            .updateTable('admin_invitations')
            .set({ used_at: now })
            .where('id', '=', invitation.id)
            .where('used_at', 'is', null)
            .executeTakeFirst();
          if (spent.numUpdatedRows === 0n)
            throw new HttpError(400, administratorMessages.invitationInvalid);
          // An inviter disabled meanwhile: their invitations went with them (offBoard). The row
          // is shared-locked on PostgreSQL, so a disable running now waits for this answer.
          const inviter = await trx
            .selectFrom('admins')
            .select('status')
            .where('id', '=', invitation.invited_by ?? '')
            .$if(context.dialect === 'postgres', (query) => query.forShare())
            .executeTakeFirst();
          if (invitation.invited_by !== null && inviter?.status !== 'active')
            throw new HttpError(400, administratorMessages.invitationInvalid);
          const emailTaken = await trx
            .selectFrom('admins')
            .select('id')
            .where('a_email', '=', invitation.email)
            .executeTakeFirst();
          if (emailTaken !== undefined) throw new HttpError(409, administratorMessages.emailTaken);
          await trx
            .insertInto('admins')
            .values({
              id: adminId,
              a_id: answer.a_id,
              a_id_skeleton: await newAdminIdSkeleton(trx, answer.a_id),
              a_email: invitation.email,
              role: invitation.role,
              password_hash: passwordHash,
              a_name: '',
              a_state: '',
              a_city: '',
              a_address: '',
              a_phone: '',
              invited_by: invitation.invited_by,
              disabled_at: null,
              created_at: now,
              updated_at: now,
            })
            .execute();
          await audit.record(trx, {
            action: 'accept',
            kind: 'admin',
            itemId: adminId,
            label: answer.a_id,
            adminId,
            after: { a_id: answer.a_id, a_email: invitation.email, role: invitation.role },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, administratorMessages.adminIdTaken);
        throw error;
      }
      return { a_id: answer.a_id };
    },

    disable: (caller: AdminCaller, id: string) => setStatus(caller, id, true),
    enable: (caller: AdminCaller, id: string) => setStatus(caller, id, false),
  };
}
