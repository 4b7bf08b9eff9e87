import { describe, expect, it } from 'vitest';
import { takingTurns } from './taking-turns.js';

/** One turn of the event loop: the immediates queued before this one have run. */
const aTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('requests started in turns', () => {
  it('starts the requests one poll read one a turn, in order, and starts again once emptied', async () => {
    const started: number[] = [];
    const inTurn = takingTurns((id: number) => started.push(id));
    for (let id = 1; id <= 3; id += 1) inTurn(id);
    expect(started).toEqual([]);
    await aTurn();
    expect(started).toEqual([1]);
    // One read in a later poll waits behind those read before it.
    inTurn(4);
    await aTurn();
    expect(started).toEqual([1, 2]);
    await aTurn();
    await aTurn();
    expect(started).toEqual([1, 2, 3, 4]);
    await aTurn();
    inTurn(5);
    await aTurn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('starts each request once, in order, however long the queue', async () => {
    const started: number[] = [];
    const count = 2_500;
    const inTurn = takingTurns((id: number) => started.push(id));
    for (let id = 0; id < count; id += 1) inTurn(id);
    // Past the queue's trim (every 1,024 started), still each once, in order.
    for (let turn = 0; turn < count; turn += 1) await aTurn();
    expect(started).toEqual([...Array(count).keys()]);
  });
});
