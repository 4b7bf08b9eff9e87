// `node server/dist/main.js` (what `npm start` runs): reads the environment, builds the app
// (migrations run there), creates the first admin, listens and prints where and how to log in.
// SIGINT/SIGTERM finish the requests in flight, close the database and exit.
// `--demo` first fills an empty back-office with demo items and their views and clicks.
// With DEALDESK_WORKERS above 1 this process does the first steps, then forks that many
// workers (node:cluster) that share the port, and stops them on SIGINT/SIGTERM.
// Each command loads its code when it runs (the server's modules are most of a start's
// time): a backup or an admin command loads no server, a server no console prompt.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { describe, edgeWarnings } from './startup-banner.js';

/** Requests still running after this long on shutdown are cut off. */
const shutdownGraceMs = 10_000;

/** Where `app` listens, as a URL to print. */
function urlOf(config: ServerConfig, port: number): string {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}

/**
 * Ends the process on SIGINT/SIGTERM once the app has finished the requests in flight (or the
 * grace is over). Answers the shutdown, to run it for a signal that came earlier.
 */
function closeOnSignals(app: FastifyInstance): (signal: NodeJS.Signals) => void {
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error('requests still running after the grace period: exiting');
      process.exit(1);
    }, shutdownGraceMs).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // `on`, not `once`: with workers, Ctrl-C reaches a worker twice (from the terminal and from
  // the primary), and a second signal without a listener would end it mid-request.
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  return shutdown;
}

async function listen(app: FastifyInstance, config: ServerConfig): Promise<number> {
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  return typeof address === 'object' && address !== null ? address.port : config.port;
}

/**
 * The cluster's primary: forks the workers, prints once they listen, forks again for a worker
 * that crashes, and on SIGINT/SIGTERM passes the signal on; it exits when every worker has: 0
 * if every one stopped cleanly, 1 otherwise.
 */
function runWorkers(config: ServerConfig, generatedPassword: string | null): void {
  let closing = false;
  let unclean = false;
  const listened = new Set<number>();
  const fork = () => cluster.fork();
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), shutdownGraceMs + 2_000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  // Announced once every worker listens (a worker forked again later is not announced).
  cluster.on('listening', (worker, address) => {
    listened.add(worker.id);
    if (listened.size === config.workers)
      process.stdout.write(describe(config, urlOf(config, address.port), generatedPassword));
  });
  cluster.on('exit', (worker, code, signal) => {
    // Stopped on request: it finished its requests, or a signal came before it had started
    // (nothing in flight). Anything else is a crash: a worker that had served is replaced; one
    // that never listened (the port taken, say) would fail again, so everything stops.
    const asked = code === 0 || signal === 'SIGINT' || signal === 'SIGTERM';
    if (!asked) {
      console.error(`[dealdesk] worker ${String(worker.process.pid)} ended (${signal ?? code})`);
      if (closing || !listened.has(worker.id)) {
        unclean = true;
        shutdown('SIGTERM');
      } else fork();
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(unclean ? 1 : 0);
  });
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  for (let started = 0; started < config.workers; started += 1) fork();
}

async function start(): Promise<void> {
  const config = loadConfig();
  const { buildApp } = await import('./app.js');
  if (cluster.isWorker) {
    // The primary has migrated and created the first admin. A signal while this worker starts
    // (the primary passing on a Ctrl-C) is held, then stops it cleanly once it has started.
    let early: NodeJS.Signals | null = null;
    const hold = (signal: NodeJS.Signals) => {
      early ??= signal;
    };
    process.on('SIGINT', hold);
    process.on('SIGTERM', hold);
    const app = await buildApp(config);
    process.off('SIGINT', hold);
    process.off('SIGTERM', hold);
    const shutdown = closeOnSignals(app);
    if (early !== null) shutdown(early);
    else await listen(app, config);
    return;
  }
  const app = await buildApp(config);
  for (const warning of edgeWarnings(config)) app.log.warn(warning);
  const { created, generatedPassword } = await app.dealdesk.auth.ensureFirstAdmin();
  if (created) app.log.info({ adminId: config.firstAdmin.id }, 'first admin created');
  if (process.argv.slice(2).includes('--demo')) {
    const { seedDemo } = await import('./demo/seed.js');
    const seeded = await seedDemo(app.dealdesk.context);
    app.log.info(seeded, 'demo data: items added to empty sections, with their views and clicks');
  }
  if (config.workers > 1) {
    await app.close();
    runWorkers(config, generatedPassword);
    return;
  }
  const port = await listen(app, config);
  process.stdout.write(describe(config, urlOf(config, port), generatedPassword));
  closeOnSignals(app);
}

/**
 * The configuration of the commands on the server machine (backup, restore, admin): only the
 * data folder and DATABASE_URL matter, so no development or server key is made for them (a
 * restore needs the folder empty).
 */
const operationsConfig = () =>
  loadConfig({
    ...process.env,
    DEALDESK_API_KEY: process.env['DEALDESK_API_KEY'] ?? 'not-needed',
    DEALDESK_SECRET: process.env['DEALDESK_SECRET'] ?? '0'.repeat(64),
    // None of them opens a sealed key; a restore brings the archive's key file back.
    DEALDESK_SERVER_KEY: process.env['DEALDESK_SERVER_KEY'] ?? '0'.repeat(64),
  });

/** `main.js backup <file>` and `main.js restore <file>` (`npm run backup -- <file>`). */
async function backupOrRestore(command: 'backup' | 'restore', file: string | undefined) {
  const { backUp, BackupError, restore } = await import('./operations/backup.js');
  if (file === undefined) throw new BackupError(`Name the archive: npm run ${command} -- <file>`);
  const config = operationsConfig();
  if (command === 'backup') {
    const { mediaFiles, serverKey } = await backUp(config, file);
    const key = serverKey ? ', the server key' : '';
    process.stdout.write(
      `[dealdesk] backed up the database${key} and ${mediaFiles} media files to ${file}\n`,
    );
  } else {
    await restore(config, file);
    process.stdout.write(`[dealdesk] restored ${file} into ${config.dataDir}\n`);
  }
}

/** `main.js admin reset-password|reset-authenticator <admin id>`: operations/admin-command.ts. */
async function admin(args: string[]) {
  const { adminCommand } = await import('./operations/admin-command.js');
  process.stdout.write(await adminCommand(operationsConfig(), args));
}

/** An error class whose message says it all (printed without a stack). */
type Explained = new (...args: never[]) => Error;

const [command, argument] = process.argv.slice(2);
/** The command: what it does (for the error line), its run, and the errors it explains. */
const { what, run, explained } =
  command === 'backup' || command === 'restore'
    ? {
        what: command,
        run: () => backupOrRestore(command, argument),
        explained: async (): Promise<Explained> =>
          (await import('./operations/backup.js')).BackupError,
      }
    : command === 'admin'
      ? {
          what: 'run the admin command',
          run: () => admin(process.argv.slice(3)),
          explained: async (): Promise<Explained> =>
            (await import('./operations/admin-command.js')).AdminCommandError,
        }
      : {
          what: 'start',
          run: start,
          explained: (): Promise<Explained> => Promise.resolve(ConfigError),
        };
run().catch(async (error: unknown) => {
  const isExplained = error instanceof (await explained());
  const message =
    error instanceof ConfigError
      ? `configuration: ${error.message}`
      : isExplained
        ? error.message
        : error;
  console.error(`[dealdesk] could not ${what}:`, message);
  // An explained error may say its own status (a restore's refused archive: 2).
  process.exit(isExplained && 'exitCode' in error ? Number(error.exitCode) : 1);
});
