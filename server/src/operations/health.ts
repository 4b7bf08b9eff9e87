// What an operator or a load balancer asks, without the API key and with no secret in the
// answer: GET /health (the process answers), GET /ready (it can serve: database reachable,
// migrations applied, media store writable, memories loaded; 503 naming what is not), and
// GET /metrics (metrics.ts; behind DEALDESK_METRICS_TOKEN when it is set, to this machine's own
// callers only when it is not: its figures tell a lot about the traffic). Plain JSON or text,
// never the envelope.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { pendingMigrations } from '../adapters/storage/database.js';
import type { AppContext } from '../context.js';
import { secretCheck } from '../http/api-key.js';
import { clientAddress, isLoopback } from '../http/client-address.js';
import type { Metrics } from './metrics.js';

/** A readiness check: resolves with what is wrong, or null when all is well. */
export type ReadinessCheck = () => Promise<string | null>;

export function createReadiness() {
  const checks = new Map<string, ReadinessCheck>();
  return {
    add: (name: string, check: ReadinessCheck) => void checks.set(name, check),
    /** Every check, run at once; a check that throws reports its message. */
    async run(): Promise<Record<string, string>> {
      const results = await Promise.all(
        [...checks].map(async ([name, check]) => {
          try {
            return [name, (await check()) ?? 'ok'] as const;
          } catch (error) {
            return [name, error instanceof Error ? error.message : String(error)] as const;
          }
        }),
      );
      return Object.fromEntries(results);
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;

export function serveOperations(
  app: FastifyInstance,
  context: AppContext,
  metrics: Metrics,
  metricsToken: string | null,
): void {
  const { readiness, db, media } = context;
  readiness.add('database', async () => {
    await sql`SELECT 1`.execute(db);
    return null;
  });
  readiness.add('migrations', async () => {
    const pending = await pendingMigrations(db);
    return pending.length === 0 ? null : `not applied: ${pending.join(', ')}`;
  });
  readiness.add('media', async () => {
    await media.checkWritable();
    return null;
  });

  app.get('/health', async (_request, reply) =>
    reply.type('application/json').send('{"status":"ok"}'),
  );
  app.get('/ready', async (_request, reply) => {
    const checks = await readiness.run();
    const ready = Object.values(checks).every((result) => result === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(JSON.stringify({ ready, checks }));
  });

  const isToken = metricsToken === null ? null : secretCheck(metricsToken);
  app.get('/metrics', async (request, reply) => {
    if (isToken === null && !isLoopback(clientAddress(request))) {
      metrics.edgeRefused('metrics');
      return reply
        .code(403)
        .type('application/json')
        .send(
          '{"status":false,"message":"Without DEALDESK_METRICS_TOKEN the metrics answer only on this machine"}',
        );
    }
    if (isToken !== null) {
      const given = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
      if (!isToken(given))
        return reply
          .code(401)
          .type('application/json')
          .send('{"status":false,"message":"The metrics token is missing or wrong"}');
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
