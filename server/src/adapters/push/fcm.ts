// Firebase Cloud Messaging HTTP v1: one message to a topic per notification. Rate limits,
// server errors and network trouble are retried with exponential backoff (honouring
// Retry-After); a refused message (UNREGISTERED, INVALID_ARGUMENT...) is reported at once.
import { z } from 'zod';
import {
  accessTokens,
  FcmAttemptError,
  googleTokenUrl,
  isRetryableStatus,
  request,
  retryAfterMs,
  type HttpOptions,
  type ServiceAccount,
} from './fcm-auth.js';
import { fcmMessageBody, type PushMessage, type PushProvider, type PushResult } from './message.js';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 5,
  baseDelayMs: 500,
  maxDelayMs: 10_000,
};

export interface FcmOptions {
  account: ServiceAccount;
  topic: string;
  /** Overrides of Google's endpoints (tests, proxies); null for Google's own. */
  tokenUrl: string | null;
  sendUrl: string | null;
  retry?: RetryPolicy;
  fetch?: typeof fetch;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  requestTimeoutMs?: number;
}

const sentSchema = z.object({ name: z.string() });
const fcmErrorSchema = z.object({
  error: z.object({
    message: z.string().default(''),
    status: z.string().optional(),
    details: z.array(z.object({ errorCode: z.string().optional() })).optional(),
  }),
});

/** FCM's own error code (UNREGISTERED, QUOTA_EXCEEDED...), else the Google status, with its text. */
function describeRefusal(status: number, answer: unknown): string {
  const parsed = fcmErrorSchema.safeParse(answer);
  if (!parsed.success) return `HTTP ${status}`;
  const { message, status: googleStatus, details = [] } = parsed.data.error;
  const code =
    details.find((detail) => detail.errorCode !== undefined)?.errorCode ??
    googleStatus ??
    `HTTP ${status}`;
  return message === '' ? code : `${code}: ${message}`;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createFcmPushProvider(options: FcmOptions): PushProvider {
  const http: HttpOptions = {
    fetch: options.fetch ?? globalThis.fetch,
    now: options.now ?? Date.now,
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
  };
  const retry = options.retry ?? defaultRetryPolicy;
  const sleep = options.sleep ?? wait;
  const { account } = options;
  const tokens = accessTokens(
    account,
    options.tokenUrl ?? account.token_uri ?? googleTokenUrl,
    http,
  );
  const sendUrl =
    options.sendUrl ??
    `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;

  async function attempt(message: PushMessage): Promise<string> {
    const token = await tokens.get();
    const response = await request(
      http,
      sendUrl,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(fcmMessageBody(options.topic, message)),
      },
      'send',
    );
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const sent = sentSchema.safeParse(answer);
      if (!sent.success) throw new FcmAttemptError('send: unexpected answer', false);
      return sent.data.name;
    }
    // A token revoked or expired early: the next try exchanges a new one.
    if (response.status === 401) tokens.invalidate();
    throw new FcmAttemptError(
      describeRefusal(response.status, answer),
      response.status === 401 || isRetryableStatus(response.status),
      retryAfterMs(response, http.now()),
    );
  }

  const backoff = (tries: number, asked: number | null) =>
    Math.min(retry.maxDelayMs, Math.max(retry.baseDelayMs * 2 ** (tries - 1), asked ?? 0));

  return {
    name: 'fcm',
    async send(message): Promise<PushResult> {
      for (let tries = 1; ; tries += 1) {
        try {
          return { delivered: true, reference: await attempt(message) };
        } catch (error) {
          if (!(error instanceof FcmAttemptError)) throw error;
          if (!error.retryable) return { delivered: false, reason: error.message };
          if (tries >= retry.attempts) {
            return { delivered: false, reason: `${error.message} (gave up after ${tries} tries)` };
          }
          await sleep(backoff(tries, error.retryAfterMs));
        }
      }
    },
  };
}
