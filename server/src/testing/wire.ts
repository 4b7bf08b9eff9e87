// What the content API's tests read off the wire: an answer's status, headers and bytes as sent
// (node:http never decompresses), and /metrics' samples.
import { request, type IncomingHttpHeaders } from 'node:http';
import type { TestServer } from './harness.js';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request with the API key and any headers, its body as the bytes sent. */
export function ask(
  server: TestServer,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body?: string,
) {
  return new Promise<Answer>((resolve, reject) => {
    const url = new URL(path, server.baseUrl);
    const sent = { 'x-api-key': server.config.apiKey, ...headers };
    request(url, { method, headers: sent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
    })
      .once('error', reject)
      .end(body);
  });
}

/** One number of /metrics, the sample named with its labels; `absent` when it has none yet. */
export async function metric(server: TestServer, sample: string, absent?: number): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split('\n').find((row) => row.startsWith(`${sample} `));
  if (line === undefined && absent !== undefined) return absent;
  if (line === undefined) throw new Error(`/metrics has no ${sample}`);
  return Number(line.slice(sample.length + 1));
}

/** Answers of a route Fastify built or sent (the front cache's are counted, not timed). */
export const answeredByFastify = (server: TestServer, route: string) =>
  metric(
    server,
    `dealdesk_http_request_duration_seconds_count{method="GET",route="${route}",status="200"}`,
    0,
  );
