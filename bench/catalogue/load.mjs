// Plain keep-alive HTTP/1.1 requests for the benchmark: the time until the whole answer has
// arrived (still encrypted: what the server spends, not what a client spends opening it), and
// a closed-loop load where each connection sends its next request as soon as an answer is read.
import { Agent, request } from 'node:http';

export function keepAliveClient({ baseUrl, headers, connections }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const origin = new URL(baseUrl);
  /** GET `path`; resolves with the status once the body is read. */
  const get = (path) =>
    new Promise((resolve, reject) => {
      const sent = request(
        { agent, host: origin.hostname, port: origin.port, path, method: 'GET', headers },
        (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
        },
      );
      sent.once('error', reject);
      sent.end();
    });
  return { get, close: () => agent.destroy() };
}

/** Sends `paths` in turn from `connections` loops for `seconds`; answers 2xx per second. */
export async function sustainedLoad(client, { paths, connections, seconds }) {
  const until = performance.now() + seconds * 1000;
  let next = 0;
  let ok = 0;
  let failed = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const status = await client.get(paths[next++ % paths.length]);
      if (status >= 200 && status < 300) ok += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  return { requests: ok + failed, failed, perSecond: ok / elapsed };
}
