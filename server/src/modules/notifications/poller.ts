// Runs a step every so often, one run at a time; stop() waits for a run in progress, so the
// database is never closed under it.
import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  stop(): Promise<void>;
}

export function startPoller(
  step: () => Promise<void>,
  everyMs: number,
  log: FastifyBaseLogger,
): Poller {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running !== null) return;
    running = step()
      .catch((error: unknown) => log.error({ err: error }, 'scheduled notifications: poll failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  // A waiting poll never keeps the process alive on its own.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
