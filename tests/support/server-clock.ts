// The e2e server's time: the test clock the global setup starts it on (tests never read the wall
// clock). Browser test files read and move it through a route that only this harness adds to
// the server it starts: buildApp has no such route, so no production server answers it.
import type { TestServer } from '@dealdesk/server/testing';
import { e2e } from './browser.js';

const clockPath = '/test-harness/clock';

/**
 * The global setup's `extend`: GET answers the server's time (ISO text); POST with `advanceMs`
 * moves it forward and answers the new time. Forward only: the files run one after another on
 * this server, and time going back would date their rows before earlier ones.
 */
export function serveClock(server: Pick<TestServer, 'app' | 'clock'>, apiKey: string): void {
  server.app.route<{ Querystring: { advanceMs?: string } }>({
    method: ['GET', 'POST'],
    url: clockPath,
    handler: async (request, reply) => {
      reply.type('text/plain');
      if (request.headers['x-api-key'] !== apiKey) return reply.code(403).send('Invalid API key');
      if (request.method === 'POST') {
        const advanceMs = Number(request.query.advanceMs);
        if (!Number.isSafeInteger(advanceMs) || advanceMs < 0)
          return reply
            .code(400)
            .send('advanceMs must be a whole number of milliseconds, 0 or more');
        server.clock.advance(advanceMs);
      }
      return reply.send(server.clock.now().toISOString());
    },
  });
}

async function clockCall(method: 'GET' | 'POST', query = ''): Promise<Date> {
  const { baseUrl, apiKey } = e2e();
  const answer = await fetch(new URL(`${clockPath}${query}`, baseUrl), {
    method,
    headers: { 'x-api-key': apiKey },
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${clockPath}: ${String(answer.status)} ${text}`);
  return new Date(text);
}

/** The e2e server's time now. */
export const serverNow = (): Promise<Date> => clockCall('GET');

/**
 * Moves the e2e server's time forward by `ms` and answers the new time. Every later file sees
 * it: move it only by what the test needs (sessions and codes of other files stay valid, and
 * "today" stays today but for a moment before midnight).
 */
export const advanceServerClock = (ms: number): Promise<Date> =>
  clockCall('POST', `?advanceMs=${String(ms)}`);
