// What both benchmarks share: a throw-away data dir, the built server as a child process,
// and percentiles.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall } from '../scripts/apt.mjs';

export const builtServer = fileURLToPath(new URL('../server/dist/main.js', import.meta.url));

/** A data dir removed at exit, and the environment of a server using it. */
export function benchEnvironment(name) {
  const dataDir = mkdtempSync(join(tmpdir(), `dealdesk-bench-${name}-`));
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    DEALDESK_DATA_DIR: dataDir,
    DEALDESK_API_KEY: `bench-${randomBytes(8).toString('hex')}`,
    DEALDESK_SECRET: randomBytes(32).toString('hex'),
    DEALDESK_ADMIN_PASSWORD: randomBytes(12).toString('hex'),
    DEALDESK_WEB_DIR: join(dataDir, 'no-web-app'),
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
}

/** Starts `node server/dist/main.js`; resolves once it prints where it listens. */
export function startServerProcess(env) {
  // e.g. BENCH_SERVER_NODE_ARGS=--cpu-prof to profile the server under load.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, builtServer], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let printed = '';
    const onData = (chunk) => {
      printed += chunk.toString();
      const url = /running at (http:\/\/\S+)/.exec(printed)?.[1];
      if (url === undefined) return;
      child.stdout.off('data', onData);
      child.stdout.resume(); // keep draining whatever it logs
      resolve({
        url,
        pid: child.pid,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}):\n${printed}`)));
  });
}

/**
 * Resolves once the process and its children use under a tenth of a core for half a second:
 * the server has finished what it does on starting (loading its catalogue into memory).
 */
export async function waitUntilIdle(pid) {
  for (let before = processCpuSeconds(pid); ;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = processCpuSeconds(pid);
    if (now - before < 0.05) return;
    before = now;
  }
}

/** The value below which `fraction` of the sorted samples fall. */
export function percentile(sorted, fraction) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

export const machine = () =>
  `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}`;

export const round = (value, digits = 1) => Number(value.toFixed(digits));

/**
 * CPU seconds of a process and its children (a server's cluster workers), from Linux /proc
 * (null elsewhere). On a shared machine this tells what the server needs per request or
 * event, whatever the other processes take meanwhile.
 */
export function processCpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks of 1/100 s.
    const own = (Number(fields[11]) + Number(fields[12])) / 100;
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
    );
    return children.reduce((total, child) => total + (processCpuSeconds(child) ?? 0), own);
  } catch {
    return null;
  }
}

/**
 * Starts counting the CPU time of `pid` (and its children): the function returned gives the
 * seconds it has spent since, whatever the load generator on the same cores takes.
 */
export function cpuMeter(pid) {
  const before = processCpuSeconds(pid);
  return () => processCpuSeconds(pid) - before;
}

/** Resident memory of a process and its children (cluster workers), in bytes (Linux /proc). */
export function rssBytes(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
    );
    return children.reduce((total, child) => total + rssBytes(child), kb * 1024);
  } catch {
    return 0;
  }
}

/** Prints a run's measurements and keeps them in bench/results/<name>.json. */
export function report(name, result) {
  const text = `${JSON.stringify(result, null, 2)}\n`;
  process.stdout.write(text);
  const dir = fileURLToPath(new URL('results/', import.meta.url));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${name}.json`), text);
}

/** wrk, the load generator written in C, installing Debian's package first if needed. */
export function ensureWrk() {
  const found = () => spawnSync('wrk', ['--version']).error === undefined;
  if (found() || (aptInstall('wrk') && found())) return 'wrk';
  throw new Error('the load benchmarks need wrk: install it (Debian: apt-get install wrk).');
}

const bareServer = fileURLToPath(new URL('bare-server.mjs', import.meta.url));

/**
 * The floor of a load benchmark: bench/bare-server.mjs answering `answer` ({status, headers,
 * body}) from a process of its own, started like the real server.
 */
export function startBareServer(answer) {
  const dir = mkdtempSync(join(tmpdir(), 'dealdesk-bare-'));
  const file = join(dir, 'answer.json');
  writeFileSync(file, JSON.stringify(answer));
  const child = spawn(process.execPath, [bareServer, file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => {
      const url = /running at (http:\/\/\S+)/.exec(String(chunk))?.[1];
      if (url === undefined) return reject(new Error(`the bare server said: ${chunk}`));
      resolve({
        url,
        pid: child.pid,
        stop: async () => {
          child.kill('SIGTERM');
          await exited;
          rmSync(dir, { recursive: true, force: true });
        },
      });
    });
  });
}
