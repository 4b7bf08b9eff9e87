import type { ApiResult } from '../entities/common.js';
import { networkErrorMessage } from '../constants.js';
import { envelopeJson, isResponseEnvelope, openResponse, sealRequest } from '../envelope/index.js';
import type { Command, CommandBody, MultipartFields, Query, UploadFile } from './command.js';

export interface ClientOptions {
  baseUrl: string;
  apiKey: string;
  /** The envelope key: 64 hex characters. */
  secret: string;
  /** Bearer token, or a function read at every call (so a sign-in can swap it). */
  token?: string | null | (() => string | null | undefined);
  /** Transport: the browser's fetch, undici's in the CLI; default globalThis.fetch. */
  fetch?: typeof fetch;
  /**
   * The `Idempotency-Key` of every write (any method but GET): one submission's key, kept while
   * it is retried (see withIdempotencyKey in index.ts). Unset, each write gets a fresh key.
   */
  idempotencyKey?: string;
}

/** A random key for one submission: 128 bits as hex (getRandomValues works over plain HTTP too). */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What every call resolves to. `httpStatus` is the answer's HTTP status (0 when no answer
 * could be read), so callers can tell a 401 from other failures.
 */
export type ClientResult<Answer extends object> = ApiResult<Answer> & { httpStatus: number };

export type Execute = <Answer extends object>(
  command: Command<Answer>,
) => Promise<ClientResult<Answer>>;

function queryString(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === null || value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** Bytes over a plain ArrayBuffer go into a Blob as they are; others (shared memory) are copied. */
function isArrayBufferView(bytes: Uint8Array): bytes is Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer;
}

function filePart(file: UploadFile): Blob {
  const data =
    file.data instanceof Blob || isArrayBufferView(file.data)
      ? file.data
      : new Uint8Array(file.data);
  // Wrapping a Blob too gives the part the declared type whatever the Blob carried.
  return new Blob([data], { type: file.type });
}

function formData(fields: MultipartFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null || value === undefined) continue;
    if (typeof value !== 'object') form.append(name, String(value));
    else
      for (const file of 'data' in value ? [value] : value)
        form.append(name, filePart(file), file.name);
  }
  return form;
}

async function requestBody(
  body: CommandBody | undefined,
  secret: string,
): Promise<{ body?: string | FormData; contentType?: string }> {
  switch (body?.kind) {
    case undefined:
      return {};
    case 'envelope':
      return {
        body: envelopeJson(await sealRequest(body.value, secret)),
        contentType: 'application/json',
      };
    case 'json':
      return { body: JSON.stringify(body.value), contentType: 'application/json' };
    case 'multipart':
      // fetch writes the multipart content type itself, boundary included.
      return { body: formData(body.fields) };
  }
}

function isAnswer(value: unknown): value is ApiResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof value.status === 'boolean' &&
    'message' in value &&
    typeof value.message === 'string'
  );
}

/** The decrypted answer, or null when the body is not our envelope of an answer. */
async function readAnswer(response: Response, secret: string): Promise<ApiResult | null> {
  try {
    const parsed: unknown = JSON.parse(await response.text());
    const answer = isResponseEnvelope(parsed) ? await openResponse(parsed, secret) : null;
    return isAnswer(answer) ? answer : null;
  } catch {
    return null;
  }
}

/**
 * Refused connections, answers that are not our envelope, a wrong key: one message for all.
 * The answer's own fields are all optional; TypeScript cannot see {} fits Partial<Answer>.
 */
const failure = <Answer extends object>(httpStatus: number) =>
  ({ status: false, message: networkErrorMessage, httpStatus }) as ClientResult<Answer>;

/** Runs commands against one server; never throws (see ClientResult). */
export function createExecutor(options: ClientOptions): Execute {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const currentToken = () =>
    typeof options.token === 'function' ? options.token() : options.token;

  return async <Answer extends object>(command: Command<Answer>) => {
    let response: Response;
    try {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'x-api-key': options.apiKey,
      };
      const token = command.auth === 'bearer' ? currentToken() : null;
      if (token) headers['authorization'] = `Bearer ${token}`;
      // The server answers a repeated write with the first result instead of creating or sending
      // again (Stripe's convention); it honours the key on the calls that create or send, and
      // the others are idempotent by what they do (set, delete).
      if (command.method !== 'GET') {
        headers['idempotency-key'] = options.idempotencyKey ?? newIdempotencyKey();
      }
      const { body, contentType } = await requestBody(command.body, options.secret);
      if (contentType !== undefined) headers['content-type'] = contentType;

      const transport = options.fetch ?? globalThis.fetch;
      response = await transport(`${baseUrl}${command.path}${queryString(command.query)}`, {
        method: command.method,
        headers,
        ...(body === undefined ? {} : { body }),
      });
    } catch {
      return failure<Answer>(0);
    }
    // A streamed file goes to the caller unread; only refusals are envelopes.
    if (command.streamed !== undefined && response.ok)
      return {
        status: true,
        message: command.streamed.message,
        httpStatus: response.status,
        response,
      } as unknown as ClientResult<Answer>;
    const answer = await readAnswer(response, options.secret);
    // The server's answer is trusted to carry the fields its call promises.
    return answer === null
      ? failure<Answer>(response.status)
      : { ...(answer as ApiResult<Answer>), httpStatus: response.status };
  };
}
