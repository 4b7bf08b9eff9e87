import { describe, expect, it } from 'vitest';
import { takingTurns, type Started } from './taking-turns.js';

/** One turn of the event loop: the immediates queued before this one have run. */
const aTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('requests answered in turns', () => {
  it('answers what one poll read in order, a budget of time a turn, and lets the loop turn between', async () => {
    let time = 0;
    const started: number[] = [];
    // Each answer takes 0.4 ms of the fake clock: three fill a 1 ms budget.
    const inTurn = takingTurns(
      (id: number): Started => {
        started.push(id);
        time += 0.4;
        return 'answered';
      },
      { budgetMs: 1, now: () => time },
    );
    for (let id = 1; id <= 7; id += 1) inTurn(id);
    expect(started).toEqual([]);
    await aTurn();
    expect(started).toEqual([1, 2, 3]);
    // One read in a later poll waits behind those read before it.
    inTurn(8);
    await aTurn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    await aTurn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    // Emptied, it starts again with the next request.
    inTurn(9);
    await aTurn();
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('starts at most so many requests whose work goes on after their call a turn, whatever the clock says', async () => {
    const started: string[] = [];
    const inTurn = takingTurns(
      (name: string): Started => {
        started.push(name);
        return name.startsWith('cached') ? 'answered' : 'continues';
      },
      { budgetMs: 1, continuingPerTurn: 2, now: () => 0 },
    );
    for (const name of ['cached 1', 'list 1', 'cached 2', 'list 2', 'list 3', 'cached 3'])
      inTurn(name);
    await aTurn();
    expect(started).toEqual(['cached 1', 'list 1', 'cached 2', 'list 2']);
    await aTurn();
    expect(started).toEqual(['cached 1', 'list 1', 'cached 2', 'list 2', 'list 3', 'cached 3']);
  });

  it('starts each request once, in order, however long the queue', async () => {
    const started: number[] = [];
    const count = 2_500;
    const inTurn = takingTurns(
      (id: number): Started => {
        started.push(id);
        return 'continues';
      },
      { continuingPerTurn: 1 },
    );
    for (let id = 0; id < count; id += 1) inTurn(id);
    // Past the queue's trim (every 1,024 started), still each once, in order.
    for (let turn = 0; turn < count; turn += 1) await aTurn();
    expect(started).toEqual([...Array(count).keys()]);
  });
});
