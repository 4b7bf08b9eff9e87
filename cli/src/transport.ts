// Node's own fetch for every call: the npm undici it is built from took 0.15 s to load, a fifth
// of a short command's run (cron jobs run many). Each call runs under its deadline
// (connection.ts), whose signal ends the call, connecting, sending or reading the answer.
// Every call names the CLI in its user-agent, so the server's audit log says client 'cli'.
import { AsyncLocalStorage } from 'node:async_hooks';
import { userAgent } from './version.js';

/** The deadline of the call being made: aborted when its time is up. */
export const callDeadline = new AsyncLocalStorage<AbortSignal>();

export const transport: typeof fetch = (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('user-agent', userAgent);
  return fetch(input, {
    ...init,
    headers,
    signal: callDeadline.getStore() ?? init.signal ?? null,
  });
};
