// OAuth2 access tokens for FCM HTTP v1 from a service account: a JWT signed RS256 with the
// account's private key (node:crypto), exchanged through the JWT-bearer grant, and cached
// until shortly before it expires. Parallel sends share one exchange.
import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';

export const fcmScope = 'https://www.googleapis.com/auth/firebase.messaging';
export const googleTokenUrl = 'https://oauth2.googleapis.com/token';
export const jwtBearerGrant = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** A token is renewed this long before Google says it expires. */
const renewMarginMs = 60_000;
const assertionLifetimeSeconds = 3600;

const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().min(1),
  private_key_id: z.string().optional(),
  token_uri: z.string().optional(),
});
export type ServiceAccount = z.output<typeof serviceAccountSchema>;

/** Reads the service-account JSON file downloaded from the Firebase console. */
export function readServiceAccount(file: string): ServiceAccount {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`DEALDESK_FCM_SERVICE_ACCOUNT: cannot read ${file} as JSON (${String(error)})`);
  }
  const account = serviceAccountSchema.safeParse(parsed);
  if (!account.success) {
    throw new Error(
      `DEALDESK_FCM_SERVICE_ACCOUNT: ${file} is not a service-account file (it needs project_id, client_email and private_key)`,
    );
  }
  return account.data;
}

/** A failed step of a send; `retryable` for rate limits, server errors and network trouble. */
export class FcmAttemptError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'FcmAttemptError';
  }
}

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The signed assertion of the JWT-bearer grant (RFC 7523), as Google expects it. */
export function signAssertion(
  account: ServiceAccount,
  key: KeyObject,
  audience: string,
  nowMs: number,
): string {
  const issuedAt = Math.floor(nowMs / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(account.private_key_id === undefined ? {} : { kid: account.private_key_id }),
  };
  const claims = {
    iss: account.client_email,
    scope: fcmScope,
    aud: audience,
    iat: issuedAt,
    exp: issuedAt + assertionLifetimeSeconds,
  };
  const signingInput = `${base64url(header)}.${base64url(claims)}`;
  const signature = sign('RSA-SHA256', Buffer.from(signingInput), key).toString('base64url');
  return `${signingInput}.${signature}`;
}

export interface HttpOptions {
  fetch: typeof fetch;
  /** Milliseconds since the epoch (tests move it). */
  now: () => number;
  requestTimeoutMs: number;
}

/** Seconds (or an HTTP date) of a Retry-After header, as milliseconds. */
export function retryAfterMs(response: Response, nowMs: number): number | null {
  const header = response.headers.get('retry-after');
  if (header === null) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}

export const isRetryableStatus = (status: number) => status === 429 || status >= 500;

/** fetch that turns a refused connection or a timeout into a retryable failure. */
export async function request(
  http: HttpOptions,
  url: string,
  init: RequestInit,
  what: string,
): Promise<Response> {
  try {
    return await http.fetch(url, { ...init, signal: AbortSignal.timeout(http.requestTimeoutMs) });
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new FcmAttemptError(`${what}: network error (${cause})`, true);
  }
}

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});
const tokenErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});

export interface AccessTokens {
  get(): Promise<string>;
  /** Forgets the cached token (FCM answered 401 with it). */
  invalidate(): void;
}

export function accessTokens(
  account: ServiceAccount,
  tokenUrl: string,
  http: HttpOptions,
): AccessTokens {
  const key = createPrivateKey(account.private_key);
  let cached: { token: string; renewAt: number } | null = null;
  let inFlight: Promise<string> | null = null;

  async function exchange(): Promise<string> {
    const assertion = signAssertion(account, key, tokenUrl, http.now());
    const response = await request(
      http,
      tokenUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: jwtBearerGrant, assertion }).toString(),
      },
      'token exchange',
    );
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const refusal = tokenErrorSchema.safeParse(answer);
      const detail = refusal.success
        ? [refusal.data.error, refusal.data.error_description].filter(Boolean).join(': ')
        : `HTTP ${response.status}`;
      throw new FcmAttemptError(
        `token exchange refused: ${detail}`,
        isRetryableStatus(response.status),
        retryAfterMs(response, http.now()),
      );
    }
    const granted = tokenAnswerSchema.safeParse(answer);
    if (!granted.success) throw new FcmAttemptError('token exchange: unexpected answer', true);
    cached = {
      token: granted.data.access_token,
      renewAt: http.now() + granted.data.expires_in * 1000 - renewMarginMs,
    };
    return granted.data.access_token;
  }

  return {
    get() {
      if (cached !== null && http.now() < cached.renewAt) return Promise.resolve(cached.token);
      inFlight ??= exchange().finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
    invalidate() {
      cached = null;
    },
  };
}
