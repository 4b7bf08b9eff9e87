// Test servers on real HTTP (127.0.0.1, a free port) over a fresh database of either dialect.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { defaultAuthSettings, type ServerConfig } from '../config.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's throw-away PostgreSQL cluster (see postgres.global-setup.ts). */
    postgresUrl: string;
  }
}

export const dialects = ['sqlite', 'postgres'] as const;
export type DialectUnderTest = (typeof dialects)[number];

export interface TestDatabase {
  dataDir: string;
  databaseUrl: string | null;
  drop(): Promise<void>;
}

/** A database of its own for one test file: a temporary SQLite folder or a new PostgreSQL database. */
export async function freshDatabase(dialect: DialectUnderTest): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'dealdesk-test-'));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  if (dialect === 'sqlite') return { dataDir, databaseUrl: null, drop: removeDir };

  const clusterUrl = inject('postgresUrl');
  const name = `dealdesk_${randomBytes(6).toString('hex')}`;
  const maintenance = async (statement: string) => {
    const client = new pg.Client({ connectionString: clusterUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await maintenance(`CREATE DATABASE ${name}`);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await maintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await removeDir();
    },
  };
}

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
    generatedKeys: { apiKey: false, secret: false },
    firstAdmin: { id: 'admin', password: 'first-admin-password', email: 'admin@example.test' },
    smtpUrl: null,
    mailFrom: 'Dealdesk <no-reply@example.test>',
    timeZone: 'Asia/Kolkata',
    scrapeAllowHosts: [],
    webDistDir: join(database.dataDir, 'no-web-app'),
    trustProxy: false,
    logLevel: 'silent',
    auth: defaultAuthSettings,
    ...overrides,
  };
}

/** Real time plus an offset the test moves forward. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
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

export async function startTestServer(config: ServerConfig): Promise<TestServer> {
  const clock = testClock();
  const printed: string[] = [];
  const app = await buildApp(config, { clock: clock.now, print: (text) => printed.push(text) });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, baseUrl: address, config, clock, printed, close: () => app.close() };
}
