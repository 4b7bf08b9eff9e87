// What the terminal shows once the server listens: where, with what storage and mail, the
// development keys and the first admin's password when they were generated, and warnings (mail
// that cannot arrive, a server key several instances do not share).
import { canReceiveMail } from '@dealdesk/core';
import { join } from 'node:path';
import { serverKeyFile, type ServerConfig } from './config.js';
import { isLoopback } from './http/client-address.js';

/** What the terminal shows once the server listens. */
export function describe(
  config: ServerConfig,
  url: string,
  generatedPassword: string | null,
): string {
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
  if (config.smtpUrl !== null && !canReceiveMail(config.firstAdmin.email))
    lines.push(
      `  warning: mail to the first admin's address ${config.firstAdmin.email} cannot be delivered,`,
      '           so sign-in codes and password resets will not arrive: set DEALDESK_ADMIN_EMAIL',
      '           to a real address before the first start.',
    );
  if (config.databaseUrl !== null && config.generatedKeys.serverKey)
    lines.push(
      `  warning: the server key was made in ${join(config.dataDir, serverKeyFile)}; every instance`,
      '           on this database needs the same key: set DEALDESK_SERVER_KEY on each of them',
      '           (see docs/operations.md), or authenticator sign-ins fail on the others.',
    );
  if (generatedPassword !== null) {
    lines.push(
      `  first admin created: ID "${config.firstAdmin.id}", email ${config.firstAdmin.email}`,
      `  password (shown once, keep it): ${generatedPassword}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** What a deployment should set and has not: one log line each at start. */
export function edgeWarnings(config: ServerConfig): string[] {
  const warnings: string[] = [];
  if (config.production === true && !config.publicUrl)
    warnings.push(
      'NODE_ENV=production without DEALDESK_PUBLIC_URL: links are built from the Host asked (DEALDESK_ALLOWED_HOSTS); set DEALDESK_PUBLIC_URL',
    );
  if (!isLoopback(config.host) && config.host !== 'localhost' && !config.metricsToken)
    warnings.push(
      `listening on ${config.host} without DEALDESK_METRICS_TOKEN: /metrics answers only on this machine; set DEALDESK_METRICS_TOKEN to read it from elsewhere`,
    );
  return warnings;
}
