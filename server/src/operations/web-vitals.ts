// POST /web-vitals: the web app's Core Web Vitals, one per beacon (web/src/app/web-vitals.ts),
// counted in /metrics per metric and screen. navigator.sendBeacon sends no header of ours, so
// the route is open like /health: it stores nothing, reads at most DEALDESK_WEB_VITALS_MAX_BYTES,
// checks the report with the core's schema, and counts unknown screens as `other`, so no sender
// can grow the label set. Refusals are counted too.
import { webVitalReportSchema, webVitalScreen } from '@dealdesk/core';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from '../http/errors.js';
import type { Metrics } from './metrics.js';

/** Bytes a report may take: one is under 150. */
export const defaultWebVitalsMaxBytes = 1024;

const notJsonMessage = 'A web vitals report must be JSON';
const tooLargeMessage = (maxBytes: number) =>
  `A web vitals report must be at most ${maxBytes} bytes`;

export async function serveWebVitals(
  app: FastifyInstance,
  metrics: Metrics,
  maxBytes: number,
): Promise<void> {
  await app.register(async (scope) => {
    // A beacon's text comes as text/plain; any type is read as text and parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: maxBytes },
      (_request, body, done) => done(null, body),
    );
    // Plain JSON, never the envelope: the beacon's sender reads no answer, a person might.
    scope.setErrorHandler<FastifyError>((error, _request, reply) => {
      // Anything but a refusal is the server's own failure: the app's handler answers it.
      if (error.statusCode === undefined || error.statusCode >= 500) throw error;
      const tooLarge = error.statusCode === 413;
      metrics.webVitalRefused(tooLarge ? 'too_large' : 'invalid');
      const message = tooLarge ? tooLargeMessage(maxBytes) : error.message;
      return reply
        .code(tooLarge ? 413 : 400)
        .type('application/json')
        .send(JSON.stringify({ status: false, message }));
    });
    scope.post('/web-vitals', async (request, reply) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(request.body ?? ''));
      } catch {
        throw new HttpError(400, notJsonMessage);
      }
      const report = webVitalReportSchema.safeParse(parsed);
      if (!report.success)
        throw new HttpError(400, report.error.issues[0]?.message ?? notJsonMessage);
      const { name, value, screen } = report.data;
      metrics.webVital(name, webVitalScreen(screen), value);
      return reply.code(204).send();
    });
  });
}
