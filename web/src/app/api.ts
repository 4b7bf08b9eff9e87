import { createApiClient, type ApiClient } from '@dealdesk/core';
import { runtimeConfig } from './runtime-config.js';
import { session } from './session.js';

/** Listeners told when a signed-in call answers 401 (the session ended on the server). */
const sessionEndedListeners = new Set<() => void>();

export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

const watchForExpiredSession: typeof fetch = async (input, init) => {
  const response = await fetch(input, init);
  if (response.status === 401 && session.token() !== null) {
    for (const listener of sessionEndedListeners) listener();
  }
  return response;
};

function client(token: () => string | null, fetchWith?: typeof fetch): ApiClient {
  const { apiKey, secret } = runtimeConfig();
  return createApiClient({
    baseUrl: window.location.origin,
    apiKey,
    secret,
    token,
    ...(fetchWith === undefined ? {} : { fetch: fetchWith }),
  });
}

/** Sign-in and every signed-in screen: carries the token in local storage. */
export const api = client(session.token, watchForExpiredSession);

/** The password reset steps carry the temporary reset token instead. */
export const resetApi = client(session.resetToken);
