// Who is making the current call, and from where: a scope the API router opens around every
// call (route.ts), read by the audit log when a write records its entry (modules/audit), so no
// handler has to pass its caller down to its storage.
import type { AdminRole, AuditClient } from '@dealdesk/core';
import type { FastifyRequest } from 'fastify';
import { AsyncLocalStorage } from 'node:async_hooks';
import { clientAddress } from './client-address.js';

export interface Actor {
  /** The administrator; for a sign-in or reset step, the one its temporary token is for. */
  adminId: string | null;
  tokenId: string | null;
  /** How a signed-in caller came: a session, an API token; null before sign-in. */
  via: 'session' | 'api' | null;
  client: AuditClient;
  address: string;
  /**
   * The least role the call needs (its declaration's): checked again when a write commits, so
   * a role lowered while the write was under way fails it.
   */
  needs: AdminRole | null;
  /** Audit entries the call wrote (the router fails a write that wrote none: route.ts). */
  recorded: number;
  /** The caller in words, found once per call by the first entry (audit/service.ts). */
  described?: { actor: string; tokenName: string | null };
}

const actors = new AsyncLocalStorage<Actor>();

/** The client a request came from, by its user agent (a token caller is 'token' anyway). */
function clientOf(userAgent: string | undefined): AuditClient {
  if (userAgent === undefined) return 'other';
  if (userAgent.startsWith('dealdesk-cli/')) return 'cli';
  if (userAgent.startsWith('Mozilla/')) return 'web';
  return 'other';
}

/** A call's actor before its caller is known (the guard fills the caller in: actAs). */
export const requestActor = (request: FastifyRequest): Actor => ({
  adminId: null,
  tokenId: null,
  via: null,
  client: clientOf(request.headers['user-agent']),
  address: clientAddress(request),
  needs: null,
  recorded: 0,
});

/** The server machine's admin command, acting as `adminId` (no request behind it). */
export const consoleActor = (adminId: string | null): Actor => ({
  adminId,
  tokenId: null,
  via: null,
  client: 'console',
  address: 'localhost',
  needs: null,
  recorded: 0,
});

/** Runs `work` with `actor` as the current call's actor. */
export const withActor = <T>(actor: Actor, work: () => Promise<T>): Promise<T> =>
  actors.run(actor, work);

/** The current call's actor; undefined outside a call (background work). */
export const currentActor = (): Actor | undefined => actors.getStore();

/** Sets who the current actor is, once the guard has found the caller. */
export function actAs(
  actor: Actor,
  caller: { adminId: string | null; tokenId: string; via?: 'session' | 'api' },
): void {
  actor.adminId = caller.adminId;
  actor.tokenId = caller.tokenId;
  actor.via = caller.via ?? null;
  if (caller.via === 'api') actor.client = 'token';
}
