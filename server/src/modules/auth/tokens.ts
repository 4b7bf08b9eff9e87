// Bearer tokens: issued with only their hash stored, checked on every call, ended. Sessions,
// API tokens and the temporary tokens of the sign-in and reset steps all live here.
import type { ApiToken } from '@dealdesk/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { Access, AccessGuard, AdminCaller } from '../../http/route.js';
import { newId } from '../../ids.js';
import { hashCode, hashToken, newToken } from './credentials.js';
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
/** Last use of an API token is recorded at most once a minute. */
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
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
  };
}

export function bearerTokens({ db, clock }: AppContext) {
  const repo = authRepository(db);
  const later = (ms: number) => new Date(clock().getTime() + ms).toISOString();

  /** Stores a new bearer token (only its hash) and answers the token itself, shown once. */
  async function issue(
    kind: TokenKind,
    adminId: string | null,
    expiresAt: string | null,
    extra: { name?: string; code?: string; prefix?: string } = {},
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
      created_at: clock().toISOString(),
    };
    await repo.insertToken(row);
    return { token, row };
  }

  const guard: AccessGuard = async (request, access) => {
    const token = bearerToken(request.headers.authorization);
    if (token === null) throw new HttpError(401, messages.tokenMissing);
    const row = await repo.findTokenByHash(hashToken(token));
    if (row === undefined || !accessKinds[access].includes(row.kind)) {
      throw new HttpError(401, messages.tokenInvalid);
    }
    const now = clock();
    const signedIn = row.kind === 'session' || row.kind === 'api';
    if (row.expires_at !== null && row.expires_at <= now.toISOString()) {
      await repo.deleteToken(row.id);
      throw new HttpError(401, signedIn ? messages.sessionExpired : messages.codeExpired);
    }
    if (!signedIn) return { adminId: row.admin_id, tokenId: row.id };
    if (row.admin_id === null) throw new HttpError(401, messages.tokenInvalid);
    const lastUse = row.last_used_at === null ? 0 : Date.parse(row.last_used_at);
    if (row.kind === 'api' && lastUse + touchEveryMs <= now.getTime()) {
      await repo.touchToken(row.id, now.toISOString());
    }
    return { adminId: row.admin_id, tokenId: row.id, via: row.kind };
  };

  return {
    issue,
    guard,

    async logout(caller: AdminCaller): Promise<void> {
      if (caller.via === 'api') throw new HttpError(400, messages.logoutApiToken);
      await repo.deleteToken(caller.tokenId);
    },

    async listApiTokens(caller: AdminCaller): Promise<ApiToken[]> {
      return (await repo.listApiTokens(caller.adminId)).map(toApiToken);
    },

    async createApiToken(
      caller: AdminCaller,
      request: { name: string; expiresInDays?: number | undefined },
    ): Promise<{ data: ApiToken; token: string }> {
      const expiresAt =
        request.expiresInDays === undefined ? null : later(request.expiresInDays * dayMs);
      const { token, row } = await issue('api', caller.adminId, expiresAt, {
        name: request.name,
        prefix: apiTokenPrefix,
      });
      return { data: toApiToken(row), token };
    },

    async revokeApiToken(caller: AdminCaller, id: string): Promise<void> {
      if (!(await repo.deleteApiToken(caller.adminId, id))) {
        throw new HttpError(404, messages.tokenNotFound);
      }
    },
  };
}
