import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batches, mapConcurrent } from './concurrency.js';

describe('mapConcurrent', () => {
  it('keeps the input order and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapConcurrent([30, 5, 20, 1, 10, 2, 8], 3, async (delay, index) => {
      running += 1;
      most = Math.max(most, running);
      await sleep(delay);
      running -= 1;
      return `${index}:${delay}`;
    });
    expect(results).toEqual(['0:30', '1:5', '2:20', '3:1', '4:10', '5:2', '6:8']);
    expect(most).toBe(3);
  });

  it('answers an empty list without calling work', async () => {
    let calls = 0;
    expect(await mapConcurrent([], 4, async () => (calls += 1))).toEqual([]);
    expect(calls).toBe(0);
  });

  it('stops starting items after a rejection and rejects with it', async () => {
    const started: number[] = [];
    const run = mapConcurrent([1, 2, 3, 4, 5, 6], 2, async (item) => {
      started.push(item);
      await sleep(5);
      if (item === 2) throw new Error('server unreachable');
      return item;
    });
    await expect(run).rejects.toThrow('server unreachable');
    expect(started).toEqual([1, 2, 3]);
  });
});

describe('batches', () => {
  it('slices at the size, the last slice holding the rest', () => {
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(batches([1, 2], 2)).toEqual([[1, 2]]);
    expect(batches([], 1000)).toEqual([]);
  });
});
