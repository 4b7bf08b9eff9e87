// A small closed-loop load generator over keep-alive HTTP/1.1: `connections` clients each send
// their next request as soon as the previous answer has been read, for `seconds`.
import { Agent, request } from 'node:http';

/** Sends GET requests for `paths` in turn; answers the count of 2xx answers per second. */
export async function sustainedLoad({ baseUrl, headers, paths, connections, seconds }) {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const origin = new URL(baseUrl);
  const until = performance.now() + seconds * 1000;
  let next = 0;
  let ok = 0;
  let failed = 0;

  const once = (path) =>
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

  const client = async () => {
    while (performance.now() < until) {
      const status = await once(paths[next++ % paths.length]);
      if (status >= 200 && status < 300) ok += 1;
      else failed += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  return { requests: ok + failed, failed, perSecond: ok / elapsed };
}
