import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.js';

function deferred() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks at once and starts the others in order', async () => {
    const limit = createLimiter(2);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    const results = gates.map((gate, index) =>
      limit(async () => {
        started.push(index);
        await gate.promise;
        return index;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.resolve();
    gates[2]?.resolve();
    gates[3]?.resolve();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('frees the slot of a task that fails', async () => {
    const limit = createLimiter(1);
    const failing = limit(() => Promise.reject(new Error('shop down')));
    const next = limit(() => Promise.resolve('next'));
    await expect(failing).rejects.toThrow('shop down');
    expect(await next).toBe('next');
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a concurrency of %d', (concurrency) => {
    expect(() => createLimiter(concurrency)).toThrow(RangeError);
  });
});
