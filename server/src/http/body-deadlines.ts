// A body must keep coming: one whose sender goes quiet for the idle time, or that has not
// arrived whole within its call's time (uploads have longer), is answered 408 and its
// connection closed. Otherwise a stalled body holds its buffers and its socket for ever
// (Fastify's requestTimeout and connectionTimeout are 0). Watched on the raw request, so the
// JSON reader, the body thread's large bodies and the multipart stream are all covered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.js';

/** How long a body may take, in milliseconds. */
export interface BodyDeadlines {
  /** Longest silence while a body arrives. */
  idleMs: number;
  /** A whole request other than an upload, from its headers to its last body byte. */
  requestMs: number;
  /** A whole multipart request (an upload). */
  uploadMs: number;
}

export const defaultBodyDeadlines: BodyDeadlines = {
  idleMs: 30_000,
  requestMs: 120_000,
  uploadMs: 600_000,
};

export type BodyRefusal = 'body_idle' | 'request_timeout';

export const bodyIdleMessage = 'The request body stopped arriving. Please send it again.';
export const requestTimeoutMessage = 'The request took too long to arrive. Please send it again.';

const messages: Record<BodyRefusal, string> = {
  body_idle: bodyIdleMessage,
  request_timeout: requestTimeoutMessage,
};

const hasBody = ({ headers }: IncomingMessage) =>
  headers['transfer-encoding'] !== undefined ||
  (headers['content-length'] !== undefined && headers['content-length'] !== '0');

/**
 * Watches each request's body until it has arrived: `watch(request, response)` as the request
 * comes. A refusal goes to the body's reader as an error (the JSON reader and the multipart
 * parser answer its 408 as they answer a broken body, with `Connection: close`); a body left
 * unread after its answer (a GET's) just has its connection closed. `onRefused` counts both.
 */
export function bodyWatch(deadlines: BodyDeadlines, onRefused: (reason: BodyRefusal) => void) {
  // Checked every second (a quarter of a shorter idle time): a silence is seen within that.
  const tickMs = Math.max(10, Math.min(deadlines.idleMs / 4, 1000));
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (request.complete || !hasBody(request)) return;
    const limitMs = request.headers['content-type']?.startsWith('multipart/')
      ? deadlines.uploadMs
      : deadlines.requestMs;
    const started = performance.now();
    let lastActive = started;
    let bytesRead = request.socket.bytesRead;
    const timer = setInterval(() => {
      // Arrived, or its connection gone (a refused caller's: the request itself never closes).
      if (request.complete || request.socket.destroyed) return clearInterval(timer);
      const now = performance.now();
      // Bytes that came, or that wait unread (the server is the slow one), are no silence.
      if (request.socket.bytesRead !== bytesRead || request.readableLength > 0) {
        bytesRead = request.socket.bytesRead;
        lastActive = now;
      }
      const reason: BodyRefusal | null =
        now - started >= limitMs
          ? 'request_timeout'
          : now - lastActive >= deadlines.idleMs
            ? 'body_idle'
            : null;
      if (reason === null) return;
      const answered = response.headersSent;
      // Before a reader takes the body (the caller's look-up) the wait is the server's.
      if (!answered && request.listenerCount('error') === 0) return;
      clearInterval(timer);
      onRefused(reason);
      if (answered) request.socket.destroy();
      else request.emit('error', new HttpError(408, messages[reason]));
    }, tickMs);
    // Idle, the timer does not keep the process alive.
    timer.unref();
    request.once('close', () => clearInterval(timer));
  };
}
