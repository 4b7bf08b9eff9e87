// Server configuration: every environment variable of docs/configuration.md, with its default.
// `buildApp` takes a plain ServerConfig (tests build one directly); `loadConfig` reads the
// environment for `main.ts`.
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { adminEmailPattern, defaultBusinessTimeZone } from '@dealdesk/core';
import type { S3Settings } from './adapters/media/s3.js';
import { parseAllowedHosts } from './http/allowed-hosts.js';
import { parseTrustProxy, type TrustProxy } from './http/client-address.js';
import { defaultBodyDeadlines, type BodyDeadlines } from './http/body-deadlines.js';
import {
  defaultMaxImagePixels,
  defaultUploadsPerCaller,
  maxUploadsInFlight,
} from './http/upload-places.js';
// The guard only, not the scraper (cheerio, undici): every start reads the configuration.
import { parseAllowHosts } from './modules/products/scraping/guard.js';
import { defaultWebVitalsMaxBytes } from './operations/web-vitals.js';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

export interface AuthSettings {
  /** How long a mailed one-time code (and its temporary token) stays valid. */
  codeTtlMs: number;
  /** Wrong tries allowed per code before the temporary token is spent. */
  codeMaxTries: number;
  /** How long the reset token stays valid after its code was accepted. */
  resetTtlMs: number;
  sessionTtlMs: number;
  /**
   * The ceiling of sign-in attempts on one admin ID from anywhere (OWASP ASVS 2.2.1: at most
   * 100 failures an hour); the admin is mailed when it is reached.
   */
  loginPerAdminId: RateLimitRule;
  /** Attempts on one admin ID from one address: a stranger elsewhere cannot lock the admin out. */
  loginPerAdminIdAndAddress: RateLimitRule;
  /** Every step before a session, from one address. */
  loginPerAddress: RateLimitRule;
  /**
   * Authenticator codes one administrator may try (set-up, confirming, turning off, new
   * recovery codes), from anywhere: a stolen session on many addresses still has few tries.
   */
  authenticatorTriesPerAdmin: RateLimitRule;
  /**
   * scrypt's cost N for new password hashes (each hash keeps its own, so it can grow). Only
   * tests lower it: the environment cannot, so a deployment always hashes at the default.
   */
  passwordCost: number;
}

/** Push notifications (notifications module): FCM when a service account is given, else logged. */
export interface PushSettings {
  /** Path of the Firebase service-account JSON file; null records pushes with the log provider. */
  fcmServiceAccountFile: string | null;
  /** Every notification goes to this FCM topic. */
  fcmTopic: string;
  /** Overrides of Google's token and send endpoints (tests, proxies); null for Google's own. */
  fcmTokenUrl: string | null;
  fcmSendUrl: string | null;
  /** How often each instance looks for scheduled notifications that are due. */
  pollMs: number;
}

export const defaultPushSettings: PushSettings = {
  fcmServiceAccountFile: null,
  fcmTopic: 'all',
  fcmTokenUrl: null,
  fcmSendUrl: null,
  pollMs: 15_000,
};

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  /** `postgres://...` switches storage to PostgreSQL; null keeps SQLite in the data dir. */
  databaseUrl: string | null;
  apiKey: string;
  /** Envelope key: 64 hex characters (32 bytes). */
  secret: string;
  /** The envelope key before `secret`, honoured for apps that name it during a rotation. */
  previousSecret?: string | null;
  /**
   * Server-only key, 64 hex characters: seals what must stay secret even from someone holding
   * a database copy and everything /config.js serves (the authenticator keys).
   */
  serverKey: string;
  /**
   * Which keys were generated into the data dir: the development keys (printed at start), and
   * the server key (kept in `serverKeyFile`, never printed).
   */
  generatedKeys: { apiKey: boolean; secret: boolean; serverKey: boolean };
  firstAdmin: { id: string; password: string | null; email: string };
  smtpUrl: string | null;
  mailFrom: string;
  timeZone: string;
  scrapeAllowHosts: string[];
  /** The built web app, served on the same port when it exists. */
  webDistDir: string;
  /** The proxies whose X-Forwarded-* headers count (http/client-address.ts). */
  trustProxy: TrustProxy;
  /**
   * Host names requests may name (http/allowed-hosts.ts; a leading dot: with subdomains);
   * absent: defaultAllowedHosts(). The public URL's host is allowed as well.
   */
  allowedHosts?: string[];
  /** NODE_ENV=production: the start warns of settings a deployment should make. */
  production?: boolean;
  logLevel: string;
  /**
   * Every answer is checked against its declaration in core before it is sent (a mismatch is a
   * 500 naming the field). On unless NODE_ENV=production; DEALDESK_CHECK_ANSWERS decides.
   */
  checkAnswers: boolean;
  /** Processes serving the port (node:cluster); 1 serves from the started process itself. */
  workers: number;
  auth: AuthSettings;
  /** Absent: defaultPushSettings. */
  push?: PushSettings;
  /**
   * Where phones and mails reach this server: the base of every absolute link. Absent or null:
   * pushes leave icons out, other links use the allowed Host asked (http/public-url.ts).
   */
  publicUrl?: string | null;
  /** Cache-Control of the content API's answers (absent: defaultContentCacheControl). */
  contentCacheControl?: string;
  /** Bytes the content API's kept answers may take (absent: defaultContentCacheBytes). */
  contentCacheBytes?: number;
  /** DEALDESK_APP_ENVELOPE: false answers the app's calls as plain JSON (absent: sealed). */
  appEnvelope?: boolean;
  /** How often each instance reads the content's change counters (absent: the default). */
  contentPollMs?: number;
  /** Products the catalogue memory holds at most (absent: the default; 0: the database answers). */
  catalogueMemoryProducts?: number;
  /** Bytes a POST /web-vitals report may take (absent: defaultWebVitalsMaxBytes). */
  webVitalsMaxBytes?: number;
  /** Bearer token GET /metrics asks for; absent or null: /metrics is open. */
  metricsToken?: string | null;
  /** Tracked events one address may send per second (absent: the default; 0: no limit). */
  trackEventsPerAddress?: number;
  /** Media in an S3-compatible object store; absent or null: the data folder's media/. */
  s3?: S3Settings | null;
  /** Base of media links (a CDN, a public bucket); absent or null: this server's /media/. */
  mediaPublicUrl?: string | null;
  /** Pixels an uploaded image may have (absent: defaultMaxImagePixels); variants decode no more. */
  mediaMaxPixels?: number;
  /** Days the audit log keeps an entry (absent: defaultAuditDays). */
  auditDays?: number;
  /** How long a request's body may be silent, and take in all (absent: the defaults). */
  bodyDeadlines?: BodyDeadlines;
  /** Uploads one token or session may have in flight (absent: defaultUploadsPerCaller). */
  uploadsPerCaller?: number;
}

/**
 * Tracked events per address and second: far above one phone (a few per second), and room for
 * the many phones a carrier puts behind one address.
 */
export const defaultTrackEventsPerAddress = 10_000;

/** Days the audit log keeps an entry (DEALDESK_AUDIT_DAYS). */
export const defaultAuditDays = 365;

/** A change shows in the content API on every instance within this (and the rebuild). */
export const defaultContentPollMs = 250;

/** Phones and a CDN may keep an answer 30 s, and use it 5 minutes more while they refresh it. */
export const defaultContentCacheControl = 'public, max-age=30, stale-while-revalidate=300';

/**
 * What the content API's kept answers may take (DEALDESK_CONTENT_CACHE_BYTES): a home, the
 * categories and hundreds of product pages, while ever new queries grow nothing past it.
 */
export const defaultContentCacheBytes = 64 * 1024 * 1024;

/**
 * Products the catalogue memory holds at most (DEALDESK_CATALOGUE_MEMORY_PRODUCTS), at start and
 * as products arrive: about 200 bytes each (the search index only, measured at 1,000,000), so a
 * larger catalogue is searched by the database.
 */
export const defaultCatalogueMemoryProducts = 2_000_000;

const minute = 60_000;

export const defaultAuthSettings: AuthSettings = {
  codeTtlMs: 5 * minute,
  codeMaxTries: 5,
  resetTtlMs: 15 * minute,
  sessionTtlMs: 24 * 60 * minute,
  loginPerAdminId: { max: 100, windowMs: 60 * minute },
  loginPerAdminIdAndAddress: { max: 5, windowMs: 15 * minute },
  loginPerAddress: { max: 20, windowMs: 15 * minute },
  authenticatorTriesPerAdmin: { max: 10, windowMs: 15 * minute },
  // 2^15 with r=8: 32 MiB and about 0.1 s per hash.
  passwordCost: 2 ** 15,
};

const optionalWebUrl = (name: string) =>
  z.preprocess(
    blankToUndefined,
    z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` }).optional(),
  );

/** A number of seconds, more than 0, with its default. */
const seconds = (name: string, defaultMs: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `${name} must be a number of seconds` })
      .positive(`${name} must be a number of seconds, more than 0`)
      .default(defaultMs / 1000),
  );

const maxPixelsMessage =
  'DEALDESK_MEDIA_MAX_PIXELS must be a whole number of pixels (width × height), at least 1,000,000';
const webVitalsMaxBytesMessage =
  'DEALDESK_WEB_VITALS_MAX_BYTES must be a whole number of bytes from 256 to 65536';
const uploadsPerCallerMessage = `DEALDESK_UPLOADS_PER_CALLER must be a whole number from 1 to ${maxUploadsInFlight}`;

const secretPattern = /^[0-9a-fA-F]{64}$/;
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(blankToUndefined, z.string().optional());

const environmentSchema = z.object({
  PORT: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(blankToUndefined, z.string().default('127.0.0.1')),
  DEALDESK_DATA_DIR: z.preprocess(blankToUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
      .optional(),
  ),
  DEALDESK_API_KEY: optionalText,
  DEALDESK_SECRET: z.preprocess(
    blankToUndefined,
    z.string().regex(secretPattern, 'DEALDESK_SECRET must be 64 hex characters').optional(),
  ),
  DEALDESK_PREVIOUS_SECRET: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(secretPattern, 'DEALDESK_PREVIOUS_SECRET must be 64 hex characters')
      .optional(),
  ),
  DEALDESK_SERVER_KEY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(
        secretPattern,
        'DEALDESK_SERVER_KEY must be 64 hex characters (e.g. from openssl rand -hex 32)',
      )
      .optional(),
  ),
  DEALDESK_ADMIN_ID: z.preprocess(blankToUndefined, z.string().default('admin')),
  DEALDESK_ADMIN_PASSWORD: z.preprocess(
    blankToUndefined,
    z.string().min(6, 'DEALDESK_ADMIN_PASSWORD must be at least 6 characters').optional(),
  ),
  DEALDESK_ADMIN_EMAIL: z.preprocess(
    blankToUndefined,
    z.email({ pattern: adminEmailPattern }).default('admin@localhost'),
  ),
  SMTP_URL: optionalText,
  DEALDESK_MAIL_FROM: z.preprocess(
    blankToUndefined,
    z.string().default('Dealdesk <no-reply@localhost>'),
  ),
  DEALDESK_TZ: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine(isTimeZone, 'DEALDESK_TZ must be an IANA time zone such as Asia/Kolkata')
      .default(defaultBusinessTimeZone),
  ),
  DEALDESK_SCRAPE_ALLOW_HOSTS: z.preprocess(blankToUndefined, z.string().default('')),
  DEALDESK_WEB_DIR: optionalText,
  DEALDESK_SESSION_HOURS: z.preprocess(blankToUndefined, z.coerce.number().positive().default(24)),
  DEALDESK_TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z
      .string()
      .default('false')
      .transform((text, context) => {
        const trusted = parseTrustProxy(text);
        if (trusted !== null) return trusted;
        context.addIssue({
          code: 'custom',
          message:
            'DEALDESK_TRUST_PROXY must be true, false, a number of proxies, or proxy addresses and CIDR ranges separated by commas',
        });
        return z.NEVER;
      }),
  ),
  DEALDESK_ALLOWED_HOSTS: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((text, context) => {
        const hosts = parseAllowedHosts(text);
        if (hosts !== null) return hosts;
        context.addIssue({
          code: 'custom',
          message:
            'DEALDESK_ALLOWED_HOSTS must be host names separated by commas (a leading dot also allows subdomains; no *)',
        });
        return z.NEVER;
      })
      .optional(),
  ),
  DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN must be a whole number, 1 or more' })
      .int('DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN must be a whole number, 1 or more')
      .min(1, 'DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN must be a whole number, 1 or more')
      .default(defaultAuthSettings.authenticatorTriesPerAdmin.max),
  ),
  DEALDESK_FCM_SERVICE_ACCOUNT: optionalText,
  DEALDESK_FCM_TOPIC: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[\w.~%-]+$/, 'DEALDESK_FCM_TOPIC must be an FCM topic name ([A-Za-z0-9-_.~%])')
      .default(defaultPushSettings.fcmTopic),
  ),
  DEALDESK_FCM_TOKEN_URL: optionalWebUrl('DEALDESK_FCM_TOKEN_URL'),
  DEALDESK_FCM_SEND_URL: optionalWebUrl('DEALDESK_FCM_SEND_URL'),
  DEALDESK_PUBLIC_URL: optionalWebUrl('DEALDESK_PUBLIC_URL'),
  DEALDESK_CONTENT_CACHE_CONTROL: z.preprocess(
    blankToUndefined,
    z.string().default(defaultContentCacheControl),
  ),
  DEALDESK_CONTENT_CACHE_BYTES: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_CONTENT_CACHE_BYTES must be a whole number of bytes' })
      .int('DEALDESK_CONTENT_CACHE_BYTES must be a whole number of bytes')
      .min(0, 'DEALDESK_CONTENT_CACHE_BYTES must be a whole number of bytes')
      .default(defaultContentCacheBytes),
  ),
  DEALDESK_APP_ENVELOPE: z.preprocess(
    blankToUndefined,
    z.enum(['on', 'off'], { error: 'DEALDESK_APP_ENVELOPE must be on or off' }).default('on'),
  ),
  DEALDESK_CATALOGUE_MEMORY_PRODUCTS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_CATALOGUE_MEMORY_PRODUCTS must be a whole number of products' })
      .int('DEALDESK_CATALOGUE_MEMORY_PRODUCTS must be a whole number of products')
      .min(0, 'DEALDESK_CATALOGUE_MEMORY_PRODUCTS must be a whole number of products')
      .default(defaultCatalogueMemoryProducts),
  ),
  DEALDESK_PUSH_POLL_SECONDS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_PUSH_POLL_SECONDS must be a number of seconds' })
      .positive('DEALDESK_PUSH_POLL_SECONDS must be a number of seconds')
      .default(defaultPushSettings.pollMs / 1000),
  ),
  DEALDESK_WORKERS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_WORKERS must be a whole number from 1 to 64' })
      .int('DEALDESK_WORKERS must be a whole number from 1 to 64')
      .min(1, 'DEALDESK_WORKERS must be a whole number from 1 to 64')
      .max(64, 'DEALDESK_WORKERS must be a whole number from 1 to 64')
      .default(1),
  ),
  DEALDESK_METRICS_TOKEN: optionalText,
  DEALDESK_TRACK_EVENTS_PER_ADDRESS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_TRACK_EVENTS_PER_ADDRESS must be a whole number, 0 for no limit' })
      .int('DEALDESK_TRACK_EVENTS_PER_ADDRESS must be a whole number, 0 for no limit')
      .min(0, 'DEALDESK_TRACK_EVENTS_PER_ADDRESS must be a whole number, 0 for no limit')
      .default(defaultTrackEventsPerAddress),
  ),
  DEALDESK_S3_BUCKET: optionalText,
  DEALDESK_S3_ENDPOINT: optionalWebUrl('DEALDESK_S3_ENDPOINT'),
  DEALDESK_S3_REGION: z.preprocess(blankToUndefined, z.string().default('us-east-1')),
  DEALDESK_S3_FORCE_PATH_STYLE: z.preprocess(
    blankToUndefined,
    z
      .enum(['true', 'false'], { error: 'DEALDESK_S3_FORCE_PATH_STYLE must be true or false' })
      .default('false'),
  ),
  DEALDESK_MEDIA_PUBLIC_URL: optionalWebUrl('DEALDESK_MEDIA_PUBLIC_URL'),
  DEALDESK_AUDIT_DAYS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: 'DEALDESK_AUDIT_DAYS must be a whole number of days, 1 or more' })
      .int('DEALDESK_AUDIT_DAYS must be a whole number of days, 1 or more')
      .min(1, 'DEALDESK_AUDIT_DAYS must be a whole number of days, 1 or more')
      .default(defaultAuditDays),
  ),
  DEALDESK_BODY_IDLE_SECONDS: seconds('DEALDESK_BODY_IDLE_SECONDS', defaultBodyDeadlines.idleMs),
  DEALDESK_REQUEST_SECONDS: seconds('DEALDESK_REQUEST_SECONDS', defaultBodyDeadlines.requestMs),
  DEALDESK_UPLOAD_SECONDS: seconds('DEALDESK_UPLOAD_SECONDS', defaultBodyDeadlines.uploadMs),
  DEALDESK_WEB_VITALS_MAX_BYTES: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: webVitalsMaxBytesMessage })
      .int(webVitalsMaxBytesMessage)
      .min(256, webVitalsMaxBytesMessage)
      .max(65_536, webVitalsMaxBytesMessage)
      .default(defaultWebVitalsMaxBytes),
  ),
  DEALDESK_UPLOADS_PER_CALLER: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: uploadsPerCallerMessage })
      .int(uploadsPerCallerMessage)
      .min(1, uploadsPerCallerMessage)
      .max(maxUploadsInFlight, uploadsPerCallerMessage)
      .default(defaultUploadsPerCaller),
  ),
  DEALDESK_MEDIA_MAX_PIXELS: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: maxPixelsMessage })
      .int(maxPixelsMessage)
      .min(1_000_000, maxPixelsMessage)
      .default(defaultMaxImagePixels),
  ),
  DEALDESK_CHECK_ANSWERS: z.preprocess(blankToUndefined, z.enum(['true', 'false']).optional()),
  NODE_ENV: optionalText,
  LOG_LEVEL: z.preprocess(
    blankToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Default place of the built web app: web/dist of this checkout. */
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

interface DevelopmentKeys {
  apiKey: string;
  secret: string;
}

/**
 * Without DEALDESK_API_KEY / DEALDESK_SECRET the server makes development keys once and keeps
 * them in the data dir, so the web app and the CLI keep working across restarts.
 */
function developmentKeys(dataDir: string): DevelopmentKeys {
  const file = join(dataDir, 'dev-keys.json');
  try {
    const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
    const parsed = z
      .object({ apiKey: z.string().min(1), secret: z.string().regex(secretPattern) })
      .safeParse(stored);
    if (parsed.success) return parsed.data;
  } catch {
    // Missing or unreadable: make new ones below.
  }
  const keys = {
    apiKey: `dev_${randomBytes(18).toString('base64url')}`,
    secret: randomBytes(32).toString('hex'),
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}

export class ConfigError extends Error {}

/** Where the server key is kept when DEALDESK_SERVER_KEY is unset (and what backups carry). */
export const serverKeyFile = 'server-key';

/**
 * Without DEALDESK_SERVER_KEY the server makes its key once, always (also when the API key and
 * secret are set), and keeps it in the data dir, readable by its owner only. Written aside and
 * linked into place: of processes starting at once on one folder, one key wins, read whole.
 */
function storedServerKey(dataDir: string): string {
  const file = join(dataDir, serverKeyFile);
  const read = () => readFileSync(file, 'utf8').trim();
  try {
    return z.string().regex(secretPattern).parse(read());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ConfigError(
        `${file} does not hold a server key (64 hex characters): restore it from a backup, or set DEALDESK_SERVER_KEY`,
      );
  }
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}`;
  writeFileSync(aside, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return read();
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  const vars = parsed.data;
  if (
    vars.DEALDESK_PREVIOUS_SECRET !== undefined &&
    vars.DEALDESK_PREVIOUS_SECRET.toLowerCase() === vars.DEALDESK_SECRET?.toLowerCase()
  )
    throw new ConfigError('DEALDESK_PREVIOUS_SECRET must differ from DEALDESK_SECRET');
  const dataDir = resolve(vars.DEALDESK_DATA_DIR);
  const generatedKeys = {
    apiKey: vars.DEALDESK_API_KEY === undefined,
    secret: vars.DEALDESK_SECRET === undefined,
    serverKey: vars.DEALDESK_SERVER_KEY === undefined,
  };
  const development =
    generatedKeys.apiKey || generatedKeys.secret ? developmentKeys(dataDir) : null;
  return {
    host: vars.HOST,
    port: vars.PORT,
    dataDir,
    databaseUrl: vars.DATABASE_URL ?? null,
    apiKey: vars.DEALDESK_API_KEY ?? development?.apiKey ?? '',
    secret: vars.DEALDESK_SECRET ?? development?.secret ?? '',
    previousSecret: vars.DEALDESK_PREVIOUS_SECRET ?? null,
    serverKey: vars.DEALDESK_SERVER_KEY ?? storedServerKey(dataDir),
    generatedKeys,
    firstAdmin: {
      id: vars.DEALDESK_ADMIN_ID,
      password: vars.DEALDESK_ADMIN_PASSWORD ?? null,
      email: vars.DEALDESK_ADMIN_EMAIL,
    },
    smtpUrl: vars.SMTP_URL ?? null,
    mailFrom: vars.DEALDESK_MAIL_FROM,
    timeZone: vars.DEALDESK_TZ,
    scrapeAllowHosts: parseAllowHosts(vars.DEALDESK_SCRAPE_ALLOW_HOSTS),
    webDistDir: vars.DEALDESK_WEB_DIR ? resolve(vars.DEALDESK_WEB_DIR) : defaultWebDistDir,
    trustProxy: vars.DEALDESK_TRUST_PROXY,
    ...(vars.DEALDESK_ALLOWED_HOSTS === undefined
      ? {}
      : { allowedHosts: vars.DEALDESK_ALLOWED_HOSTS }),
    production: vars.NODE_ENV === 'production',
    logLevel: vars.LOG_LEVEL,
    checkAnswers:
      (vars.DEALDESK_CHECK_ANSWERS ?? String(vars.NODE_ENV !== 'production')) === 'true',
    workers: vars.DEALDESK_WORKERS,
    auth: {
      ...defaultAuthSettings,
      sessionTtlMs: vars.DEALDESK_SESSION_HOURS * 60 * minute,
      authenticatorTriesPerAdmin: {
        ...defaultAuthSettings.authenticatorTriesPerAdmin,
        max: vars.DEALDESK_AUTHENTICATOR_TRIES_PER_ADMIN,
      },
    },
    publicUrl: vars.DEALDESK_PUBLIC_URL ?? null,
    contentCacheControl: vars.DEALDESK_CONTENT_CACHE_CONTROL,
    contentCacheBytes: vars.DEALDESK_CONTENT_CACHE_BYTES,
    appEnvelope: vars.DEALDESK_APP_ENVELOPE === 'on',
    catalogueMemoryProducts: vars.DEALDESK_CATALOGUE_MEMORY_PRODUCTS,
    metricsToken: vars.DEALDESK_METRICS_TOKEN ?? null,
    trackEventsPerAddress: vars.DEALDESK_TRACK_EVENTS_PER_ADDRESS,
    s3:
      vars.DEALDESK_S3_BUCKET === undefined
        ? null
        : {
            bucket: vars.DEALDESK_S3_BUCKET,
            endpoint: vars.DEALDESK_S3_ENDPOINT ?? null,
            region: vars.DEALDESK_S3_REGION,
            forcePathStyle: vars.DEALDESK_S3_FORCE_PATH_STYLE === 'true',
          },
    mediaPublicUrl: vars.DEALDESK_MEDIA_PUBLIC_URL ?? null,
    mediaMaxPixels: vars.DEALDESK_MEDIA_MAX_PIXELS,
    auditDays: vars.DEALDESK_AUDIT_DAYS,
    uploadsPerCaller: vars.DEALDESK_UPLOADS_PER_CALLER,
    webVitalsMaxBytes: vars.DEALDESK_WEB_VITALS_MAX_BYTES,
    bodyDeadlines: {
      idleMs: vars.DEALDESK_BODY_IDLE_SECONDS * 1000,
      requestMs: vars.DEALDESK_REQUEST_SECONDS * 1000,
      uploadMs: vars.DEALDESK_UPLOAD_SECONDS * 1000,
    },
    push: {
      fcmServiceAccountFile:
        vars.DEALDESK_FCM_SERVICE_ACCOUNT === undefined
          ? null
          : resolve(vars.DEALDESK_FCM_SERVICE_ACCOUNT),
      fcmTopic: vars.DEALDESK_FCM_TOPIC,
      fcmTokenUrl: vars.DEALDESK_FCM_TOKEN_URL ?? null,
      fcmSendUrl: vars.DEALDESK_FCM_SEND_URL ?? null,
      pollMs: vars.DEALDESK_PUSH_POLL_SECONDS * 1000,
    },
  };
}
