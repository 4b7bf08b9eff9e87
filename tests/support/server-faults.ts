// Calls the e2e server is made to fail for real, so the browser tests see the app's failure
// paths as an administrator would: a refusal without words, an answer no client can read, or
// no answer at all. Set through a route only this harness adds (buildApp has none), and
// answered before the app's own routes see the request.
import { encryptResponse } from '@dealdesk/core';
import type { TestServer } from '@dealdesk/server/testing';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { e2e } from './browser.js';

const faultsPath = '/test-harness/faults';

/**
 * - `wordless`: status false and an empty message, sealed as every answer is (a screen then
 *   shows its own fallback text);
 * - `unreadable`: a proxy's 502 page instead of an answer;
 * - `unanswered`: the connection is closed without a byte.
 */
const faultKinds = ['wordless', 'unreadable', 'unanswered'] as const;
export type FaultKind = (typeof faultKinds)[number];

interface Fault {
  method: string;
  path: string;
  kind: FaultKind;
}

const isFaultKind = (kind: unknown): kind is FaultKind => faultKinds.some((each) => each === kind);

type RequestListener = (request: IncomingMessage, response: ServerResponse) => void;

function answerWith(fault: Fault, secret: string, response: ServerResponse): void {
  if (fault.kind === 'unanswered') {
    response.socket?.destroy();
    return;
  }
  const [status, type, body] =
    fault.kind === 'wordless'
      ? [
          400,
          'application/json',
          JSON.stringify(encryptResponse({ status: false, message: '' }, secret)),
        ]
      : [502, 'text/html', '<html><body><h1>502 Bad Gateway</h1></body></html>'];
  response.writeHead(status, { 'content-type': type, connection: 'close' });
  response.end(body);
}

/**
 * The global setup's `extend`: PUT `?method&path&kind` makes every later call of that method to
 * that path (query aside) fail so, until DELETE clears them all. Every call, not the next one
 * only: Chromium sends a request again when its connection closes before an answer.
 */
export function serveFaults(server: Pick<TestServer, 'app'>, apiKey: string, secret: string): void {
  let faults: Fault[] = [];
  const http = server.app.server;
  const listeners = http.listeners('request') as RequestListener[];
  http.removeAllListeners('request');
  http.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '').split('?', 1)[0];
    const fault = faults.find((each) => each.method === request.method && each.path === path);
    if (fault !== undefined) answerWith(fault, secret, response);
    else for (const listener of listeners) listener(request, response);
  });
  server.app.route<{ Querystring: Partial<Fault> }>({
    method: ['PUT', 'DELETE'],
    url: faultsPath,
    handler: async (request, reply) => {
      reply.type('text/plain');
      if (request.headers['x-api-key'] !== apiKey) return reply.code(403).send('Invalid API key');
      if (request.method === 'DELETE') faults = [];
      else {
        const { method, path, kind } = request.query;
        if (method === undefined || path === undefined || !isFaultKind(kind))
          return reply
            .code(400)
            .send(`method, path and kind (${faultKinds.join(', ')}) are needed`);
        faults.push({ method, path, kind });
      }
      return reply.send(`${String(faults.length)} failing`);
    },
  });
}

async function faultsCall(method: 'PUT' | 'DELETE', query = ''): Promise<void> {
  const { baseUrl, apiKey } = e2e();
  const answer = await fetch(new URL(`${faultsPath}${query}`, baseUrl), {
    method,
    headers: { 'x-api-key': apiKey },
  });
  if (!answer.ok)
    throw new Error(`${method} ${faultsPath}: ${String(answer.status)} ${await answer.text()}`);
}

/** Makes every call of `method` to `path` fail as `kind` says, until `healServer`. */
export const failCalls = (method: string, path: string, kind: FaultKind): Promise<void> =>
  faultsCall('PUT', `?${new URLSearchParams({ method, path, kind }).toString()}`);

/** Every call answers as the app's routes say again. */
export const healServer = (): Promise<void> => faultsCall('DELETE');
