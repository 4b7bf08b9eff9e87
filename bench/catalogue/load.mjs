// The benchmark's two ways of asking the server. One request at a time over a keep-alive
// connection of Node's own client: the time until the whole answer has arrived (still
// encrypted: what the server spends, not what a client spends opening it). Sustained load from
// wrk, in C: each of its connections sends the next request as soon as an answer is read, and
// it takes a few µs of CPU per request where Node's client took about 0.3 ms, on the same two
// cores as the server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWrk, processCpuSeconds } from '../lib.mjs';

export function keepAliveClient({ baseUrl, headers }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
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

/** wrk's script: these headers on every request, the paths asked in turn. */
const luaScript = (headers, paths) =>
  [
    ...Object.entries(headers).map(
      ([name, value]) => `wrk.headers[${JSON.stringify(name)}] = ${JSON.stringify(value)}`,
    ),
    `local paths = {${paths.map((path) => JSON.stringify(path)).join(',\n')}}`,
    'local at = 0',
    'request = function()',
    '  at = at % #paths + 1',
    '  return wrk.format("GET", paths[at])',
    'end',
  ].join('\n');

/** wrk's latency figure (`1.23ms`, `850.00us`, `1.02s`) in milliseconds. */
const milliseconds = (value, unit) => Number(value) * { us: 0.001, ms: 1, s: 1000 }[unit];

/**
 * Sends `paths` in turn over `connections` keep-alive connections for `seconds`: answers 2xx
 * (and 304) per second, wrk's own CPU time per request, and the 99th percentile latency.
 */
export async function sustainedLoad({ baseUrl, headers, paths, connections, seconds }) {
  const dir = mkdtempSync(join(tmpdir(), 'dealdesk-wrk-'));
  const script = join(dir, 'paths.lua');
  writeFileSync(script, luaScript(headers, paths));
  const wrk = spawn(
    ensureWrk(),
    [
      '-t1',
      `-c${connections}`,
      `-d${Math.max(1, Math.round(seconds))}s`,
      '--latency',
      '-s',
      script,
      baseUrl,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let printed = '';
  wrk.stdout.on('data', (chunk) => (printed += chunk));
  // Read while it runs: once it has exited, /proc no longer has it.
  let cpuSeconds = 0;
  const sampling = setInterval(() => {
    cpuSeconds = processCpuSeconds(wrk.pid) ?? cpuSeconds;
  }, 100);
  const code = await new Promise((resolve) => wrk.once('exit', resolve));
  clearInterval(sampling);
  rmSync(dir, { recursive: true, force: true });
  const number = (pattern) => Number(pattern.exec(printed)?.[1] ?? 0);
  const requests = number(/(\d+) requests in/);
  if (code !== 0 || requests === 0) throw new Error(`wrk failed (${code}):\n${printed}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
    .exec(printed)
    ?.slice(1)
    .reduce((total, count) => total + Number(count), 0);
  const failed = number(/Non-2xx or 3xx responses: (\d+)/) + (socketErrors ?? 0);
  const perSecond = number(/Requests\/sec:\s+([\d.]+)/);
  const p99 = /\s99%\s+([\d.]+)(us|ms|s)\b/.exec(printed);
  return {
    requests,
    failed,
    perSecond: (perSecond * (requests - failed)) / requests,
    loadGeneratorCpuMs: (cpuSeconds * 1000) / requests,
    p99Ms: p99 === null ? null : milliseconds(p99[1], p99[2]),
  };
}
