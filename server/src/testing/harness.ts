// Test servers on real HTTP (127.0.0.1, a free port) over a fresh database of either dialect.
import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApiClient, type AdminRole } from '@dealdesk/core';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { defaultAuthSettings, type AuthSettings, type ServerConfig } from '../config.js';
import { databaseUrlOf, onCluster, type MigratedTemplates } from './migrated-templates.js';
import { codeIn } from './smtp-capture.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throw-away PostgreSQL cluster (see databases.global-setup.ts). */
    postgresUrl: string;
    migratedTemplates: MigratedTemplates;
  }
}

export const dialects = ['sqlite', 'postgres'] as const;
export type DialectUnderTest = (typeof dialects)[number];

/**
 * How often the kill tests go through their kill points: once in `npm test`, 3 times with
 * `DEALDESK_LONG_TESTS=1`, for more timings of the kill (server/README.md, Tests).
 */
export const killRounds = process.env['DEALDESK_LONG_TESTS'] === '1' ? 3 : 1;

export interface TestDatabase {
  dataDir: string;
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: a temporary SQLite folder or a new PostgreSQL
 * database, a copy of the run's migrated template unless `migrated` is false (then empty).
 */
export async function freshDatabase(
  dialect: DialectUnderTest,
  { migrated = true } = {},
): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-test-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const templates = inject('migratedTemplates');
  if (dialect === 'sqlite') {
    if (migrated) await copyFile(templates.sqliteFile, join(dataDir, 'dealdesk.sqlite'));
    return { dataDir, databaseUrl: null, drop: removeDir };
  }

  const clusterUrl = inject('postgresUrl');
  const name = `dealdesk_${randomBytes(6).toString('hex')}`;
  const maintenance = (statement: string) => onCluster(clusterUrl, statement);
  await maintenance(
    `CREATE DATABASE ${name}${migrated ? ` TEMPLATE ${templates.postgresDatabase}` : ''}`,
  );
  return {
    dataDir,
    databaseUrl: databaseUrlOf(clusterUrl, name),
    drop: async () => {
      // A closed pool hangs up without waiting for its connections to go: let them go before
      // the drop, or FORCE terminates them mid-goodbye and pg reports that as an error.
      for (let wait = 0; wait < 50; wait += 1) {
        const connected = await maintenance(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`,
        );
        if (connected.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}

/**
 * Every test signs in from 127.0.0.1: the per-address limit has its own test. Passwords hash
 * at scrypt's N=2^10 (a millisecond, not a tenth of a second): a run signs in over a thousand
 * times; the default cost has its own test.
 */
export const testAuthSettings: AuthSettings = {
  ...defaultAuthSettings,
  loginPerAddress: { max: 10_000, windowMs: 60_000 },
  passwordCost: 2 ** 10,
};

export function testConfig(
  database: TestDatabase,
  overrides: Partial<ServerConfig> = {},
): ServerConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    apiKey: 'test-api-key',
    secret: randomBytes(32).toString('hex'),
    serverKey: randomBytes(32).toString('hex'),
    generatedKeys: { apiKey: false, secret: false, serverKey: false },
    firstAdmin: { id: 'admin', password: 'first-admin-password', email: 'admin@example.test' },
    smtpUrl: null,
    mailFrom: 'Dealdesk <no-reply@example.test>',
    timeZone: 'Asia/Kolkata',
    scrapeAllowHosts: [],
    webDistDir: join(database.dataDir, 'no-web-app'),
    trustProxy: false,
    logLevel: 'silent',
    // Every answer of every test is checked against its declaration in core.
    checkAnswers: true,
    workers: 1,
    auth: testAuthSettings,
    ...overrides,
  };
}

/** Time the test moves forward: real time plus an offset, or from `start` only when moved. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/**
 * Real time plus an offset; with `start`, time stands still there until the test moves it
 * (what a test that reads a remaining time must use: a busy machine moves real time on).
 */
export function testClock(start?: Date): TestClock {
  let offset = 0;
  return {
    now: () => new Date((start?.getTime() ?? Date.now()) + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: ServerConfig;
  clock: TestClock;
  /** What the console mailer printed (when no SMTP_URL is set). */
  printed: string[];
  close(): Promise<void>;
}

/**
 * `extend` adds test-only routes before the server starts listening; `clock` is the server's
 * time (instances of one test may share one).
 */
export async function startTestServer(
  config: ServerConfig,
  extend: (app: FastifyInstance) => void = () => {},
  clock: TestClock = testClock(),
): Promise<TestServer> {
  const printed: string[] = [];
  const app = await buildApp(config, { clock: clock.now, print: (text) => printed.push(text) });
  extend(app);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: address, config, clock, printed, close: () => app.close() };
}

/** The core's API client pointed at a test server, with a bearer token the test can change. */
export function clientFor(server: TestServer, token: () => string | null = () => null) {
  return createApiClient({
    baseUrl: server.baseUrl,
    apiKey: server.config.apiKey,
    secret: server.config.secret,
    token,
  });
}

let adminCount = 0;

/**
 * A new admin of its own for one test, so tests sharing a database never meet; an owner unless
 * the test needs another role.
 */
export async function createTestAdmin(server: TestServer, role: AdminRole = 'owner') {
  adminCount += 1;
  const admin = {
    a_id: `admin-${adminCount}-${randomBytes(3).toString('hex')}`,
    a_email: `admin${adminCount}.${randomBytes(3).toString('hex')}@example.test`,
    password: `password-${adminCount}`,
  };
  await server.app.dealdesk.auth.createAdmin(admin, role);
  return admin;
}

/** Reads the code of the last sign-in or reset mail the console mailer printed for this email. */
export function printedCode(server: TestServer): (email: string) => Promise<string> {
  return async (email) => {
    const mail = server.printed.findLast((text) =>
      text.toLowerCase().includes(`to: ${email.toLowerCase()}`),
    );
    if (mail === undefined) throw new Error(`no mail printed for ${email}`);
    return codeIn(mail);
  };
}

/** Both sign-in steps; answers the session token. */
export async function signIn(
  server: TestServer,
  admin: { a_id: string; a_email: string; password: string },
  codeFor: (email: string) => Promise<string> = printedCode(server),
): Promise<string> {
  let token: string | null = null;
  const api = clientFor(server, () => token);
  const login = await api.admin.login({ a_id: admin.a_id, a_password: admin.password });
  token = login.token ?? null;
  const confirmed = await api.admin.loginOtp({ otp: await codeFor(admin.a_email) });
  if (!confirmed.status || confirmed.token === undefined)
    throw new Error(`sign-in failed: ${confirmed.message}`);
  return confirmed.token;
}
