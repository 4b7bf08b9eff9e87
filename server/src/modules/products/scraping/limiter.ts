/** Runs tasks with at most `concurrency` of them in flight; the others wait their turn in order. */
export function createLimiter(concurrency: number): <T>(task: () => Promise<T>) => Promise<T> {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new RangeError(`concurrency must be a whole number of at least 1, not ${concurrency}`);
  }
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing task hands over its slot
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };
}
