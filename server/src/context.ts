import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Mailer } from './adapters/mail/index.js';
import type { MediaStore } from './adapters/media/index.js';
import type { ChangeWatch } from './adapters/storage/change-watch.js';
import type { DialectName } from './adapters/storage/dialect.js';
import type { Database } from './adapters/storage/schema.js';
import type { ServerConfig } from './config.js';
import type { Readiness } from './operations/health.js';
import type { Metrics } from './operations/metrics.js';
import type { ContentMemory } from './http/content-memory.js';
import type { ApiRouter } from './http/route.js';

/** Counters of the published content (0016), the catalogue (0010) and the totals (0011). */
export type ContentCounter = 'content' | 'catalogue' | 'totals';

/** What a module's services get: configuration, storage and the adapters. */
export interface AppContext {
  config: ServerConfig;
  db: Kysely<Database>;
  dialect: DialectName;
  media: MediaStore;
  mail: Mailer;
  /** The current time; tests move it forward instead of waiting. */
  clock: () => Date;
  log: FastifyBaseLogger;
  /** GET /ready's checks: a module adds what must hold before it can serve. */
  readiness: Readiness;
  /** GET /metrics: a module adds its counters and gauges. */
  metrics: Metrics;
  /** The change counters of what the content API publishes, read every few hundred ms. */
  changes: ChangeWatch<ContentCounter>;
  /** Where the content API's answers are kept, within DEALDESK_CONTENT_CACHE_BYTES. */
  contentMemory: ContentMemory;
  /** Runs `release` when the app closes, after requests in flight (a module's connections). */
  onClose(release: () => Promise<void>): void;
}

/** A module registers its routes; its services and storage stay inside its folder. */
export type Module = (api: ApiRouter, context: AppContext) => void;
