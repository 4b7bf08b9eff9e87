// buildApp(config): the whole API as a Fastify instance, ready to listen. Tests build it in
// process; main.ts adds the environment, the first admin and signal handling.
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { maxFilesInList } from '@dealdesk/core';
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { countedMail, createMailer } from './adapters/mail/index.js';
import { createDiskMediaStore, type MediaStore } from './adapters/media/index.js';
import { notingSaves } from './adapters/media/pending.js';
import { mediaVariants } from './adapters/media/variants.js';
import { mediaReferenced } from './items/media-references.js';
import { migrateToLatest, openStorage } from './adapters/storage/database.js';
import { attemptStore } from './http/attempt-store.js';
import {
  ConfigError,
  defaultContentCacheBytes,
  defaultContentCacheControl,
  defaultContentPollMs,
  type ServerConfig,
} from './config.js';
import { watchChangeCounters } from './adapters/storage/change-watch.js';
import type { AppContext } from './context.js';
import { requireApiKey } from './http/api-key.js';
import { serveApiDocument } from './http/api-document.js';
import { bodyChecker } from './http/body-check.js';
import { bodyWatch, defaultBodyDeadlines } from './http/body-deadlines.js';
import { useEnvelope } from './http/envelope.js';
import { envelopeKeys } from './http/envelope-keys.js';
import { useCompression } from './http/compression.js';
import { registerErrorAnswers } from './http/errors.js';
import { contentKeys } from './http/content-key.js';
import { contentMemory } from './http/content-memory.js';
import { frontCache } from './http/front-cache.js';
import { refuseMisdirected } from './http/allowed-hosts.js';
import { fastifyTrustProxy } from './http/client-address.js';
import { createReadiness, serveOperations } from './operations/health.js';
import { createMetrics } from './operations/metrics.js';
import { defaultWebVitalsMaxBytes, serveWebVitals } from './operations/web-vitals.js';
import { idempotency } from './http/idempotency.js';
import { createApiRouter } from './http/route.js';
import { useSecurityHeaders } from './http/security-headers.js';
import { takingTurns } from './http/taking-turns.js';
import { serveFiles } from './http/static.js';
import { defaultMaxImagePixels, defaultUploadsPerCaller } from './http/upload-places.js';
import { uploadSpool } from './http/uploads.js';
import { resealUnderServerKey } from './modules/auth/reseal.js';
import { authService, type AuthService } from './modules/auth/service.js';
import { allModules } from './modules/index.js';

export type { ServerConfig } from './config.js';
export { loadConfig } from './config.js';

export interface AppOptions {
  /** The current time; tests move it forward instead of waiting. */
  clock?: () => Date;
  /** Where console mail goes (the terminal by default). */
  print?: (text: string) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The services main.ts and the tests need beside HTTP (the first admin, test admins). */
    dealdesk: { context: AppContext; auth: AuthService };
  }
}

/** The version the API document names: the server package's (src/ and dist/ sit beside it). */
const serverVersion = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Body limit of JSON calls; files go through multipart with their own limits. */
const jsonBodyLimit = 1024 * 1024;

/**
 * The media store the settings name. An object store is checked at start: wrong credentials or
 * a missing bucket stop the start with the setting to look at, not the first upload.
 */
async function openMediaStore(config: ServerConfig): Promise<MediaStore> {
  const publicUrl = config.mediaPublicUrl ?? null;
  if (config.s3 === undefined || config.s3 === null)
    return createDiskMediaStore(join(config.dataDir, 'media'), publicUrl);
  // The AWS SDK is large: loaded only when an object store is configured.
  const { createS3MediaStore } = await import('./adapters/media/s3.js');
  const store = createS3MediaStore(config.s3, publicUrl);
  try {
    await store.checkWritable();
  } catch (error) {
    throw new ConfigError(
      `DEALDESK_S3_BUCKET: ${(error as Error).message}: check the bucket, DEALDESK_S3_ENDPOINT and the AWS credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)`,
    );
  }
  return store;
}

export async function buildApp(
  config: ServerConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  mkdirSync(config.dataDir, { recursive: true });
  const cacheControl = config.contentCacheControl ?? defaultContentCacheControl;
  const metrics = createMetrics();
  // One byte budget for every kept answer of the content API, in front of Fastify or behind it.
  const memory = contentMemory(config.contentCacheBytes ?? defaultContentCacheBytes, metrics);
  const appEnvelope = config.appEnvelope ?? true;
  const sealing = envelopeKeys(config.secret, config.previousSecret ?? null);
  const front = frontCache(config.apiKey, cacheControl, {
    metrics,
    memory,
    keys: contentKeys(config),
    envelopeKeys: sealing,
    appEnvelope,
  });
  const misdirected = refuseMisdirected(config, metrics);
  const watchBody = bodyWatch(config.bodyDeadlines ?? defaultBodyDeadlines, metrics.edgeRefused);
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: jsonBodyLimit,
    // A Host off the list is refused, and the content API's current answers leave, before
    // Fastify (http/allowed-hosts.ts, http/front-cache.ts).
    serverFactory: (handler, options) => {
      // Requests are answered in turns, so new connections are accepted meanwhile.
      const inTurn = takingTurns((request: IncomingMessage, response: ServerResponse) => {
        if (misdirected(request, response) || front.serve(request, response)) return 'answered';
        // In its turn: a small body has arrived whole by then, and needs no watching.
        watchBody(request, response);
        handler(request, response);
        return 'continues';
      });
      const server = createServer(inTurn);
      // What Fastify sets on the servers it makes (connections kept alive past a proxy's idle).
      const number = (value: unknown, otherwise: number) =>
        typeof value === 'number' ? value : otherwise;
      server.keepAliveTimeout = number(options.keepAliveTimeout, server.keepAliveTimeout);
      server.requestTimeout = number(options.requestTimeout, server.requestTimeout);
      server.setTimeout(number(options.connectionTimeout, 0));
      return server;
    },
  });
  const storage = openStorage(config, (error) =>
    app.log.warn({ err: error }, 'database background work failed'),
  );
  const mail = countedMail(
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      print: options.print ?? ((text) => process.stdout.write(`${text}\n`)),
    }),
    metrics,
  );
  const release = async () => {
    mail.close();
    await storage.close();
  };
  // Graceful shutdown: requests in flight finish (answered with `Connection: close` so their
  // keep-alive sockets do not hold the server open), then storage and mail close.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    front.stop();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onClose', release);
  try {
    // One set of migrations for both dialects, run before the first request is served.
    await migrateToLatest(storage.db);
    const resealed = await resealUnderServerKey(storage.db, config);
    if (resealed.keys + resealed.recoveryCodes > 0)
      app.log.info(resealed, 'authenticator keys and recovery codes sealed under the server key');
    if (resealed.unopened > 0)
      app.log.warn(
        resealed,
        'authenticator keys the envelope secret no longer opens: turn those apps off with npm run admin -- reset-authenticator',
      );
    const clock = options.clock ?? (() => new Date());
    // Each save is noted until its rows are written; a killed process's leftovers go here.
    const { media, settleLeftovers } = await notingSaves(await openMediaStore(config), storage.db, {
      dataDir: config.dataDir,
      clock,
      referenced: (name) => mediaReferenced(storage.db, name),
    });
    const leftovers = await settleLeftovers();
    if (leftovers > 0)
      app.log.warn({ files: leftovers }, 'removed media files a stopped process stored for no row');
    const context: AppContext = {
      config,
      db: storage.db,
      dialect: storage.dialect,
      media,
      mail,
      clock,
      log: app.log,
      readiness: createReadiness(),
      metrics,
      changes: watchChangeCounters(
        storage.db,
        ['content', 'catalogue', 'totals'],
        config.contentPollMs ?? defaultContentPollMs,
        app.log,
      ),
      contentMemory: memory,
      onClose: (release) => {
        app.addHook('onClose', release);
      },
    };
    app.addHook('preClose', async () => context.changes.stop());

    app.addHook('onResponse', async (request, reply) => {
      metrics.answered(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
    // A caller refused before its body was read (route.ts): its connection closes (errors.ts).
    app.addHook('onSend', async (request, reply) => {
      const refused = reply.statusCode === 401 || reply.statusCode === 403;
      if (refused && !request.raw.complete) metrics.edgeRefused('unauthenticated_body');
    });
    registerErrorAnswers(app);
    useSecurityHeaders(app);
    useEnvelope(app, sealing, appEnvelope, metrics.envelopeKeyNamed);
    useCompression(app);
    requireApiKey(app, config.apiKey);
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      // Slots admit their own counts (http/uploads.ts); these bound the parser itself.
      limits: { files: 2 * maxFilesInList, fields: 50, fieldSize: jsonBodyLimit },
    });
    await app.register(fastifyRateLimit, {
      global: false,
      store: attemptStore(context.db, context.clock),
    });

    // Uploads are spooled here while a call reads them (the same disk as media/).
    const uploads = uploadSpool(join(config.dataDir, 'incoming'), {
      perCaller: config.uploadsPerCaller ?? defaultUploadsPerCaller,
      onCallerRefused: () => metrics.edgeRefused('upload_slots_caller'),
      maxPixels: config.mediaMaxPixels ?? defaultMaxImagePixels,
      onPixelsRefused: () => metrics.mediaRefused('pixels'),
    });
    await uploads.sweep();
    // Large JSON bodies are opened and checked on a thread of their own (http/body-check.ts).
    const bodies = bodyChecker(metrics.largeBody);
    // Once listening, so that starting it does not slow the server's own start.
    app.addHook('onListen', async () => bodies.start());
    context.onClose(bodies.close);
    const auth = authService(context);
    app.decorate('dealdesk', { context, auth });
    const api = createApiRouter(app, auth.tokens.guard, idempotency(context.db, context.clock), {
      checkAnswers: config.checkAnswers,
      envelopeKeys: sealing,
      front,
      uploads,
      bodies,
      clock: context.clock,
      onRefused: metrics.adminRefused,
    });
    for (const register of allModules(auth)) register(api, context);
    serveApiDocument(app, serverVersion, config.publicUrl ?? null);
    serveOperations(app, context, metrics, config.metricsToken ?? null);
    await serveWebVitals(app, metrics, config.webVitalsMaxBytes ?? defaultWebVitalsMaxBytes);
    const variants = mediaVariants(media.variants, {
      maxPixels: config.mediaMaxPixels ?? defaultMaxImagePixels,
      onMade: metrics.variantMade,
    });
    await serveFiles(app, { media: media.served, variants, webDistDir: config.webDistDir }, config);
    return app;
  } catch (error) {
    await release();
    throw error;
  }
}
