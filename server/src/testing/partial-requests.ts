// Requests written by hand on a socket that send less body than they announce: what such a
// client sees of the answer, and whether the server hangs up instead of waiting for the rest.
import { decryptResponse, isResponseEnvelope } from '@dealdesk/core';
import { connect } from 'node:net';
import type { TestServer } from './harness.js';

export interface PartialAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The answer's fields, out of the envelope. */
  body: { status: boolean; message: string };
}

/**
 * Sends the head of a request announcing `contentLength` body bytes, then `sent` alone (or a
 * byte now and then after it), and
 * waits for the server to answer and close the connection (a server that waits for the rest
 * never settles it: the test times out).
 */
export function sendPartly(
  server: TestServer,
  request: {
    method: string;
    path: string;
    headers: Record<string, string>;
    contentLength: number;
    sent: Buffer;
    /** Then one more byte every this many milliseconds (a body that trickles). */
    trickleMs?: number;
  },
): Promise<PartialAnswer> {
  const { hostname, port } = new URL(server.baseUrl);
  const head = [
    `${request.method} ${request.path} HTTP/1.1`,
    `host: ${hostname}:${port}`,
    `content-length: ${request.contentLength}`,
    ...Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`),
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', reject);
    const trickle =
      request.trickleMs === undefined
        ? undefined
        : setInterval(() => socket.write('x'), request.trickleMs);
    socket.on('close', () => {
      clearInterval(trickle);
      try {
        resolve(parseAnswer(server, Buffer.concat(received).toString()));
      } catch (error) {
        reject(error as Error);
      }
    });
    socket.write(head);
    socket.write(request.sent);
  });
}

function parseAnswer(server: TestServer, text: string): PartialAnswer {
  const split = text.indexOf('\r\n\r\n');
  if (split < 0)
    throw new Error(`the connection closed without an answer: ${JSON.stringify(text)}`);
  const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  const sealed: unknown = JSON.parse(text.slice(split + 4));
  if (!isResponseEnvelope(sealed)) throw new Error(`not an envelope: ${text}`);
  const body = decryptResponse(sealed, server.config.secret) as PartialAnswer['body'];
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}
