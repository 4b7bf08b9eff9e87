// Bearer tokens: issued with only their hash stored, checked on every call, ended. Sessions,
// API tokens and the temporary tokens of the sign-in and reset steps all live here.
import type { ApiToken, OwnedApiToken, TokenScope } from '@dealdesk/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../adapters/storage/schema.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { Access, AccessGuard, AdminCaller } from '../../http/route.js';
import { newId } from '../../ids.js';
import { auditTrail } from '../audit/service.js';
import { hashCode, hashToken, newToken } from './credentials.js';
import type { RequestOrigin } from './devices.js';
import { adminNotices } from './notices.js';
import { messages } from './messages.js';
import { authRepository, type TokenRow } from './repository.js';
import type { TokenKind } from './tables.js';

const accessKinds: Record<Exclude<Access, 'public'>, readonly TokenKind[]> = {
  'login-code': ['login-code'],
  'reset-code': ['reset-code'],
  'reset-password': ['reset-password'],
  session: ['session'],
  admin: ['session', 'api'],
};

/** API tokens say what they are, so secret scanners and people can recognise them. */
const apiTokenPrefix = 'ddk_';
/** Last use of a session or an API token is recorded at most once a minute. */
const touchEveryMs = 60_000;
const dayMs = 24 * 60 * 60 * 1000;

function bearerToken(authorization: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match?.[1] ?? null;
}

function toApiToken(row: TokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name ?? '',
    scope: row.scope,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

export function bearerTokens(context: AppContext) {
  const { db, clock } = context;
  const repo = authRepository(db);
  const audit = auditTrail(context);
  const notices = adminNotices(context);
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /** Stores a new bearer token (only its hash) and answers the token itself, shown once. */
  async function issue(
    kind: TokenKind,
    adminId: string | null,
    expiresAt: string | null,
    extra: {
      name?: string;
      /** API tokens: 'read' makes GETs only. */
      scope?: TokenScope;
      code?: string;
      prefix?: string;
      /** Where a session is started from (the sessions list shows it). */
      origin?: RequestOrigin;
      /** The transaction of the change that makes the token (a sign-in and its audit entry). */
      trx?: Kysely<Database>;
    } = {},
  ): Promise<{ token: string; row: TokenRow }> {
    const id = newId(clock());
    const { token, hash } = newToken(extra.prefix);
    const row: TokenRow = {
      id,
      admin_id: adminId,
      kind,
      token_hash: hash,
      name: extra.name ?? null,
      code_hash: extra.code === undefined ? null : hashCode(id, extra.code),
      code_tries: 0,
      expires_at: expiresAt,
      last_used_at: null,
      user_agent: extra.origin?.userAgent ?? null,
      address: extra.origin?.address ?? null,
      scope: extra.scope ?? 'write',
      created_at: clock().toISOString(),
    };
    await repo.insertToken(row, extra.trx);
    return { token, row };
  }

  const guard: AccessGuard = async (request, access) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw new HttpError(401, messages.tokenMissing);
    const row = await repo.findTokenByHash(hashToken(token));
    // A disabled admin's tokens stop at once: the status comes with the token, in one query.
    if (
      row === undefined ||
      !accessKinds[access].includes(row.kind) ||
      row.admin_status === 'disabled'
    ) {
      throw new HttpError(401, messages.tokenInvalid);
    }
    const now = clock();
    const signedIn = row.kind === 'session' || row.kind === 'api';
    if (row.expires_at !== null && row.expires_at <= now.toISOString()) {
      await repo.deleteToken(row.id);
      throw new HttpError(401, signedIn ? messages.sessionExpired : messages.codeExpired);
    }
    if (!signedIn) return { adminId: row.admin_id, tokenId: row.id };
    if (row.admin_id === null || row.admin_role === null)
      throw new HttpError(401, messages.tokenInvalid);
    const lastUse = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
    if (lastUse + touchEveryMs <= now.getTime()) {
      await repo.touchToken(row.id, now.toISOString());
    }
    return {
      adminId: row.admin_id,
      tokenId: row.id,
      via: row.kind,
      role: row.admin_role,
      scope: row.scope,
    };
  };

  return {
    issue,
    guard,

    async logout(caller: AdminCaller): Promise<void> {
      if (caller.via === 'api') throw new HttpError(400, messages.logoutApiToken);
      await db.transaction().execute(async (trx) => {
        // Recorded first: the entry checks that the caller is still signed in (audit/service.ts).
        await audit.record(trx, { action: 'sign-out', kind: 'session', itemId: caller.tokenId });
        await authRepository(trx).deleteToken(caller.tokenId);
      });
    },

    async listApiTokens(caller: AdminCaller): Promise<ApiToken[]> {
      return (await repo.listApiTokens(caller.adminId)).map(toApiToken);
    },

    /** Every administrator's tokens (the route asks for an owner). */
    async listAllApiTokens(): Promise<OwnedApiToken[]> {
      return (await repo.listAllApiTokens()).map((row) => ({
        ...toApiToken(row),
        admin: { _id: row.owner_id, a_id: row.a_id, a_email: row.a_email },
      }));
    },

    /** Mails the admin a notice: a token can act as them, so one they did not make is seen. */
    async createApiToken(
      caller: AdminCaller,
      request: { name: string; expiresInDays?: number | undefined; scope: TokenScope },
      origin?: RequestOrigin,
    ): Promise<{ data: ApiToken; token: string }> {
      const expiresAt =
        request.expiresInDays === undefined ? null : later(request.expiresInDays * dayMs);
      const { token, row, admin } = await db.transaction().execute(async (trx) => {
        const made = await issue('api', caller.adminId, expiresAt, {
          name: request.name,
          scope: request.scope,
          prefix: apiTokenPrefix,
          trx,
        });
        const data = toApiToken(made.row);
        await audit.record(trx, {
          action: 'create',
          kind: 'token',
          itemId: made.row.id,
          label: data.name,
          after: { name: data.name, scope: data.scope, expiresAt: data.expiresAt },
        });
        const owner = await trx
          .selectFrom('admins')
          .select(['a_id', 'a_email'])
          .where('id', '=', caller.adminId)
          .executeTakeFirstOrThrow();
        return { ...made, admin: owner };
      });
      await notices.apiTokenCreated(admin, request.name, origin);
      return { data: toApiToken(row), token };
    },

    async revokeApiToken(caller: AdminCaller, id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const writer = authRepository(trx);
        // An owner revokes anyone's token; anyone else only their own (another's is not found).
        const revoked = await writer.findApiToken(
          id,
          caller.role === 'owner' ? undefined : caller.adminId,
        );
        if (revoked === undefined) throw new HttpError(404, messages.tokenNotFound);
        // Recorded before it goes: a token revoking itself is still signed in when checked.
        await audit.record(trx, {
          action: 'revoke',
          kind: 'token',
          itemId: id,
          label: revoked.name ?? '',
          // Whose it was: the entry's administrator is who revoked it.
          before: { name: revoked.name, expiresAt: revoked.expires_at, admin: revoked.a_id },
        });
        await writer.deleteApiToken(revoked.owner_id, id);
      });
    },
  };
}
