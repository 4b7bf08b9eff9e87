// A small real HTTP server for the client's tests and the CLI's: it records every call and
// answers with the encrypted envelope (or whatever raw text a test asks for), like the API server
// does. The CLI's tests import it as `@dealdesk/core/testing` (an alias; it is not in dist).
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptRequest, encryptResponse, isRequestEnvelope } from '../envelope/index.js';
import { createApiClient, type ApiClient } from '../contract/index.js';
import type { ClientOptions } from './executor.js';

export interface ReceivedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Uint8Array<ArrayBuffer>;
}

/** The answer to send: a payload to encrypt, or raw text (for broken answers). */
export type Reply = { httpStatus?: number } & ({ payload: unknown } | { raw: string });

export interface TestServer {
  baseUrl: string;
  apiKey: string;
  secret: string;
  calls: ReceivedCall[];
  /** The last call received (throws when there was none). */
  lastCall(): ReceivedCall;
  /** Sets the answer of every call from now on (default: status true, message 'ok'). */
  replyWith(reply: Reply): void;
  /** Sets the answer of one route from now on (before replyWith's), e.g. 'GET /api/App/product'. */
  replyTo(route: string, reply: Reply): void;
  /** A client of this server; options override the defaults (token 'session-token'). */
  client(options?: Partial<ClientOptions>): ApiClient;
  close(): Promise<void>;
}

export const defaultReply: Reply = { payload: { status: true, message: 'ok' } };

export async function startTestServer(): Promise<TestServer> {
  const apiKey = 'client-test-key';
  const secret = randomBytes(32).toString('hex');
  const calls: ReceivedCall[] = [];
  let reply = defaultReply;
  const routeReplies = new Map<string, Reply>();

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://test.invalid');
      calls.push({
        method: request.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: new Uint8Array(Buffer.concat(chunks)),
      });
      const answer = routeReplies.get(`${request.method} ${url.pathname}`) ?? reply;
      const text =
        'raw' in answer ? answer.raw : JSON.stringify(encryptResponse(answer.payload, secret));
      response.writeHead(answer.httpStatus ?? 200, { 'content-type': 'application/json' });
      response.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;

  return {
    baseUrl,
    apiKey,
    secret,
    calls,
    lastCall: () => {
      const call = calls.at(-1);
      if (call === undefined) throw new Error('the test server received no call');
      return call;
    },
    replyWith: (next) => {
      reply = next;
    },
    replyTo: (route, next) => {
      routeReplies.set(route, next);
    },
    client: (options = {}) =>
      createApiClient({ baseUrl, apiKey, secret, token: 'session-token', ...options }),
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  };
}

/** The body as JSON text, parsed. */
export function jsonBody(call: ReceivedCall): unknown {
  return JSON.parse(new TextDecoder().decode(call.body));
}

/** The envelope body, opened with the server's key; throws when the body is not an envelope. */
export function envelopeBody(call: ReceivedCall, secret: string): unknown {
  const body = jsonBody(call);
  if (!isRequestEnvelope(body)) throw new Error('the body is not an envelope');
  return decryptRequest(body, secret);
}

/** A file part as the server receives it. */
export interface ReceivedFile {
  name: string;
  type: string;
  text: string;
}

/** A multipart body, parsed by the Web Request of Node: each name with its values in order. */
export async function formBody(
  call: ReceivedCall,
): Promise<Record<string, (string | ReceivedFile)[]>> {
  const form = await new Request('http://test.invalid', {
    method: 'POST',
    headers: { 'content-type': call.headers['content-type'] ?? '' },
    body: call.body,
  }).formData();
  // core's DOM lib has no iterable FormData: collect the entries, then read the files.
  const entries: [string, string | File][] = [];
  form.forEach((value, name) => entries.push([name, value]));
  const fields: Record<string, (string | ReceivedFile)[]> = {};
  for (const [name, value] of entries) {
    const received =
      typeof value === 'string'
        ? value
        : { name: value.name, type: value.type, text: await value.text() };
    (fields[name] ??= []).push(received);
  }
  return fields;
}
