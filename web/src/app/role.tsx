// What the signed-in administrator's role lets them do (issue 39). The server decides; the app
// disables what the role cannot do and says why on hover, in the server's words (core's
// refusalOf). Until the role is known nothing is disabled, so an owner sees every screen as ever.
// Calls are read from the zod-free wire table: the shell and the write controls load no schema.
import { refusalOf, wireTable, type WireCall } from '@dealdesk/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, type ReactNode } from 'react';
import { unwrap } from '../ui/notify.js';
import { api } from './api.js';
import { paths } from './paths.js';

/** Every administrator with their role; `you` marks the signed-in one. */
export const administratorsQuery = queryOptions({
  queryKey: ['administrators'],
  queryFn: async () => unwrap(await api.admin.listAdministrators()),
});

/** Why the signed-in administrator may not make `call`, or null when they may (or unknown yet). */
export function useRefusal(call: Pick<WireCall, 'method' | 'role'>): string | null {
  const { data } = useQuery(administratorsQuery);
  const you = data?.data?.find((admin) => admin.you);
  return you === undefined ? null : refusalOf(call, you.role);
}

/**
 * The call whose role a screen's writes need: the controller's and the administrators' are an
 * owner's, one's own profile and security anyone's, every other screen's the app's content.
 */
function screenWrites(pathname: string): Pick<WireCall, 'method' | 'role'> | null {
  if (pathname.startsWith(paths.profile)) return null;
  if (pathname.startsWith(paths.controller)) return wireTable.controller.setSwitch;
  if (pathname.startsWith(paths.administrators)) return wireTable.admin.inviteAdministrator;
  return wireTable.policy.updatePolicy;
}

const ScreenRefusal = createContext<string | null>(null);

/** Gives the screen at `pathname` why its writes are refused (the shell, around each screen). */
export function ScreenWrites({ pathname, children }: { pathname: string; children: ReactNode }) {
  const call = screenWrites(pathname);
  const refusal = useRefusal(call ?? wireTable.admin.adminData);
  return <ScreenRefusal.Provider value={refusal}>{children}</ScreenRefusal.Provider>;
}

/** Why this screen's writes are refused for the signed-in role, or null. */
export const useScreenRefusal = (): string | null => useContext(ScreenRefusal);
