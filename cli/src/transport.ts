// Node's own fetch for every call: the npm undici it is built from took 0.15 s to load, a fifth
// of a short command's run (cron jobs run many). Each call runs under its deadline
// (connection.ts), whose signal ends the call, connecting, sending or reading the answer.
// Every call names the CLI in its user-agent, so the server's audit log says client 'cli'.
import { AsyncLocalStorage } from 'node:async_hooks';
import { userAgent } from './version.js';

/** The call being made: its deadline (aborted when its time is up), and whether it never left. */
export interface CallState {
  deadline: AbortSignal;
  /** No byte of the request reached the server (refused, no such host): nothing was done. */
  notSent: boolean;
}

export const currentCall = new AsyncLocalStorage<CallState>();

/** Failures that happen before a connection exists, so before any byte is sent. */
const beforeConnecting = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

const causeCode = (error: unknown): unknown =>
  error instanceof Error && error.cause instanceof Error && 'code' in error.cause
    ? error.cause.code
    : undefined;

export const transport: typeof fetch = async (input, init = {}) => {
  const headers = new Headers(init.headers);
  headers.set('user-agent', userAgent);
  const call = currentCall.getStore();
  try {
    return await fetch(input, {
      ...init,
      headers,
      signal: call?.deadline ?? init.signal ?? null,
    });
  } catch (error) {
    if (call !== undefined && beforeConnecting.has(causeCode(error) as string)) call.notSent = true;
    throw error;
  }
};
