// A throw-away PostgreSQL cluster for the test run: initdb into a temporary folder, started
// with pg_ctl on a free loopback port, fsync off, trust authentication (nothing but this
// machine can reach it), removed at the end. initdb and postgres refuse to run as root, so
// as root they run as the `postgres` system user, which owns the temporary folder.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PostgresCluster {
  /** Connection URL of the `postgres` maintenance database, as the superuser. */
  url: string;
  stop(): void;
}

const ensureScript = fileURLToPath(
  new URL('../../../scripts/ensure-postgres.mjs', import.meta.url),
);

function postgresBinDir(): string {
  return execFileSync(process.execPath, [ensureScript, '--print-bin'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  }).trim();
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address !== null
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

function systemUserIds(name: string): { uid: number; gid: number } {
  const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }));
  return { uid: id('-u'), gid: id('-g') };
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  const asRoot = process.getuid?.() === 0;
  const folder = mkdtempSync(join(tmpdir(), 'dealdesk-pg-'));
  if (asRoot) {
    const { uid, gid } = systemUserIds('postgres');
    chownSync(folder, uid, gid);
  }
  const dataDir = join(folder, 'data');
  const run = (tool: string, args: string[]): void => {
    const command = asRoot ? 'runuser' : join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    const result = spawnSync(command, fullArgs, { encoding: 'utf8', cwd: folder });
    if (result.status !== 0) {
      throw new Error(`${tool} failed: ${result.stderr || result.stdout || String(result.error)}`);
    }
  };

  const port = await freePort();
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    const serverOptions = `-h 127.0.0.1 -p ${port} -k ${folder} -F -c full_page_writes=off -c synchronous_commit=off`;
    run('pg_ctl', [
      '-D',
      dataDir,
      '-l',
      join(folder, 'server.log'),
      '-o',
      serverOptions,
      '-w',
      'start',
    ]);
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }

  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };
  // Best effort when the test runner dies without running its teardown.
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
