// The session gate (spec section 4): a stored token plus a successful authorization check
// open the signed-in routes; anything else leaves only the sign-in routes.
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { api, onSessionEnded } from './api.js';
import { session } from './session.js';
import { toastError } from '../ui/notify.js';

/** `unreachable`: the session could not be checked (no answer): neither in nor out yet. */
export type AuthStatus = 'checking' | 'signedIn' | 'signedOut' | 'unreachable';

interface Auth {
  status: AuthStatus;
  /** After the sign-in code was accepted: keep the session token and open the app. */
  signedIn(token: string): void;
  /** Forget the session in this browser (the server side is ended by the logout screen). */
  signedOut(): void;
  /** Check the stored session again (after the server could not be reached). */
  retry(): void;
}

const AuthContext = createContext<Auth | null>(null);

export function useAuth(): Auth {
  const auth = useContext(AuthContext);
  if (auth === null) throw new Error('useAuth outside AuthProvider');
  return auth;
}

export function AuthProvider({
  queryClient,
  children,
}: {
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const [status, setStatus] = useState<AuthStatus>(() =>
    session.token() === null ? 'signedOut' : 'checking',
  );

  useEffect(() => {
    if (status !== 'checking') return;
    let current = true;
    void api.admin.authorization().then((answer) => {
      if (!current) return;
      // No answer, or the server failing: the session may be fine. Say so, rather than
      // asking to log in again.
      if (answer.httpStatus === 0 || answer.httpStatus >= 500) return setStatus('unreachable');
      if (!answer.status) {
        // A temporary or expired token is no session: start again from the login screen.
        if (answer.httpStatus === 401) session.clearAll();
        else toastError(answer.message);
      }
      setStatus(answer.status ? 'signedIn' : 'signedOut');
    });
    return () => {
      current = false;
    };
  }, [status]);

  const signedOut = useCallback(() => {
    session.clearAll();
    queryClient.clear();
    setStatus('signedOut');
  }, [queryClient]);

  const signedIn = useCallback((token: string) => {
    session.setToken(token);
    setStatus('signedIn');
  }, []);

  // A signed-in call answering 401 means the session ended on the server (expiry, reset).
  useEffect(
    () =>
      onSessionEnded(() => {
        if (status !== 'signedIn') return;
        toastError('Your session has ended. Please log in again.');
        signedOut();
      }),
    [status, signedOut],
  );

  const retry = useCallback(() => setStatus('checking'), []);
  const auth = useMemo(
    () => ({ status, signedIn, signedOut, retry }),
    [status, signedIn, signedOut, retry],
  );
  return <AuthContext.Provider value={auth}>{children}</AuthContext.Provider>;
}
