// Runs a step every so often, one run at a time; stop() waits for a run in progress, so the
// database is never closed under it. Background work of the modules (scheduled notifications,
// the audit log's pruning) runs through this.
import type { FastifyBaseLogger } from 'fastify';

export interface Poller {
  stop(): Promise<void>;
}

/** `work` names the step in the log when a run fails. */
export function startPoller(
  step: () => Promise<void>,
  everyMs: number,
  log: FastifyBaseLogger,
  work: string,
): Poller {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running !== null) return;
    running = step()
      .catch((error: unknown) => log.error({ err: error }, `${work}: run failed`))
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
