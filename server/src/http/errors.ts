import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * A failure the caller should see: `{status: false, message}` with this HTTP status, and
 * `field` when one input field is the reason (a form then shows the message on it).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** 429: the caller may try again after `retryAfterSeconds` (sent as `Retry-After`). */
export class RateLimited extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
    this.name = 'RateLimited';
  }
}

export const serverFailureMessage = 'Something went wrong on the server. Please try again.';

export const nulTextMessage = 'Text cannot contain the NUL character (U+0000)';
export const numberTooLargeMessage = 'A number in the request is too large to store';

/**
 * What PostgreSQL refuses to store, by SQLSTATE: only the caller's input carries it, so the
 * call is refused whole (400) and nothing is stored. A NUL character in text (22021, "invalid
 * byte sequence for encoding UTF8: 0x00"), a number past an integer column's 2^31 - 1 (22003).
 */
const unstorable: Readonly<Record<string, string>> = {
  '22021': nulTextMessage,
  '22003': numberTooLargeMessage,
};

const unstorableMessage = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? unstorable[error.code]
    : undefined;

function isFastifyClientError(error: unknown): error is FastifyError {
  return (
    error instanceof Error &&
    'statusCode' in error &&
    typeof error.statusCode === 'number' &&
    error.statusCode >= 400 &&
    error.statusCode < 500
  );
}

/** A refused request's unread body up to this many bytes is read and dropped, keeping its connection. */
const drainedBodyBytes = 64 * 1024;

/**
 * Every failure answers `{status: false, message}`: validation errors give the schema's first
 * message (the spec's wording), client errors keep their status, and anything unexpected is
 * logged and answered 500 without a stack trace.
 */
export function registerErrorAnswers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // Answered before the whole request arrived (an upload stopped at its size limit): close
    // the connection, so the rest is never read and shutdown does not wait for it. A small body
    // announced whole is read and dropped instead (node does so after the answer): a client still
    // sending it to a closed connection met a reset before it could read the refusal.
    if (!request.raw.complete && !(Number(request.headers['content-length']) <= drainedBodyBytes))
      reply.header('connection', 'close');
    if (error instanceof RateLimited)
      void reply.header('retry-after', String(error.retryAfterSeconds));
    if (error instanceof HttpError) {
      const field = error.field === undefined ? {} : { field: error.field };
      return reply.code(error.statusCode).send({ status: false, message: error.message, ...field });
    }
    if (error instanceof z.ZodError) {
      const message = error.issues[0]?.message ?? 'Invalid request';
      return reply.code(400).send({ status: false, message });
    }
    const refused = unstorableMessage(error);
    if (refused !== undefined) return reply.code(400).send({ status: false, message: refused });
    if (isFastifyClientError(error)) {
      return reply.code(error.statusCode ?? 400).send({ status: false, message: error.message });
    }
    request.log.error({ err: error }, 'unexpected failure');
    return reply.code(500).send({ status: false, message: serverFailureMessage });
  });
}
