// `node server/dist/main.js` (what `npm start` runs): reads the environment, builds the app
// (migrations run there), creates the first admin, listens and prints where and how to log in.
// SIGINT/SIGTERM finish the requests in flight, close the database and exit.
// `--demo` first fills an empty back-office with demo items and their views and clicks.
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type ServerConfig } from './config.js';
import { seedDemo } from './demo/seed.js';

/** Requests still running after this long on shutdown are cut off. */
const shutdownGraceMs = 10_000;

function describe(config: ServerConfig, url: string, generatedPassword: string | null): string {
  const lines = [
    '',
    `Dealdesk is running at ${url}`,
    `  storage: ${config.databaseUrl === null ? `SQLite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  mail:    ${config.smtpUrl === null ? `console and ${config.dataDir}/outbox/` : 'SMTP (SMTP_URL)'}`,
  ];
  if (config.generatedKeys.apiKey)
    lines.push(`  API key (development, x-api-key): ${config.apiKey}`);
  if (config.generatedKeys.secret)
    lines.push(`  envelope secret (development, DEALDESK_SECRET): ${config.secret}`);
  if (generatedPassword !== null) {
    lines.push(
      `  first admin created: ID "${config.firstAdmin.id}", email ${config.firstAdmin.email}`,
      `  password (shown once, keep it): ${generatedPassword}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function start(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  const { created, generatedPassword } = await app.dealdesk.auth.ensureFirstAdmin();
  if (created) app.log.info({ adminId: config.firstAdmin.id }, 'first admin created');
  if (process.argv.slice(2).includes('--demo')) {
    const seeded = await seedDemo(app.dealdesk.context);
    app.log.info(seeded, 'demo data: items added to empty sections, with their views and clicks');
  }
  await app.listen({ host: config.host, port: config.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  process.stdout.write(describe(config, `http://${host}:${port}`, generatedPassword));

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
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

start().catch((error: unknown) => {
  const message = error instanceof ConfigError ? `configuration: ${error.message}` : error;
  console.error('[dealdesk] could not start:', message);
  process.exit(1);
});
