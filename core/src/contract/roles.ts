// Who may make a call (issue 39), from its declaration: the server refuses a lesser role or a
// read-only token before reading the body, and the web app disables what the signed-in role
// cannot do with the same words.
import { adminRoles, type AdminRole, type TokenScope } from '../entities/administrators.js';
import type { AnyEndpoint, CallRole } from './endpoint.js';

const rank: Record<AdminRole, number> = { viewer: 0, editor: 1, owner: 2 };

/** Whether `held` is at least the role a call needs. */
export const roleAllows = (held: AdminRole, needed: CallRole): boolean =>
  needed === 'anyone' || rank[held] >= rank[needed];

/** Whether a call changes something: a read-only token makes GETs only. */
export const callWrites = (call: Pick<AnyEndpoint, 'method'>): boolean => call.method !== 'GET';

export const roleMessages = {
  needs: (role: AdminRole) => `This needs the ${role} role`,
  readToken: 'This API token can only read: use a token made with write scope',
} as const;

/** Whether a 403's message is a role's or a token scope's refusal (not the API key's). */
export const refusedForRole = (message: string): boolean =>
  message === roleMessages.readToken ||
  adminRoles.some((role) => message === roleMessages.needs(role));

/**
 * Why a caller of `role` (through a token of `scope`, if one) may not make `call`; null when
 * they may. The server answers it with 403; the web app shows it on a disabled control.
 */
export function refusalOf(
  call: Pick<AnyEndpoint, 'method' | 'role'>,
  role: AdminRole,
  scope: TokenScope | null = null,
): string | null {
  if (call.role === 'anyone') return null;
  if (!roleAllows(role, call.role)) return roleMessages.needs(call.role);
  if (scope === 'read' && callWrites(call)) return roleMessages.readToken;
  return null;
}
