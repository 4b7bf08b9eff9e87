// Node accepts one new connection per turn of its event loop (libuv 1.45 and later make one
// accept() per poll). A turn that answers every request read in it, hundreds under a flood,
// leaves new connections waiting in the kernel's queue: under 500 connections the flood bench
// saw a new connection's first answer take up to 20 s (the admin list, a millisecond or more a
// request, none over 0.25 s once started) and 10 s (the app's home, from memory). So requests
// are answered in turns: those read in one poll wait in a queue, first come first served, and
// each turn answers them for at most `budgetMs`, then lets the loop turn (accept, read,
// write). Fastify's requests go on after their call, in promise jobs no budget can see: a turn
// starts at most `continuingPerTurn` of them (one a turn cost the list 13% of its answers a
// second at saturation, four 5%, against none in turns at all).

/** What starting a request did: answered it whole, or started work that goes on after. */
export type Started = 'answered' | 'continues';

interface TurnOptions {
  /** How long one turn may answer requests (at least one a turn). */
  budgetMs?: number;
  /** Requests whose work goes on after their call that one turn starts at most. */
  continuingPerTurn?: number;
  /** A monotonic clock in milliseconds (tests pass their own). */
  now?: () => number;
}

/** `start`, called in turns: each call is queued and run in order, a budget's worth a turn. */
export function takingTurns<Args extends unknown[]>(
  start: (...args: Args) => Started,
  { budgetMs = 1, continuingPerTurn = 4, now = () => performance.now() }: TurnOptions = {},
): (...args: Args) => void {
  const waiting: (Args | undefined)[] = [];
  let next = 0;
  let scheduled = false;

  const turn = () => {
    const began = now();
    let continuing = 0;
    try {
      do {
        const args = waiting[next] as Args;
        // Let go of the request at once: a long queue keeps no finished request alive.
        waiting[next] = undefined;
        next += 1;
        if (start(...args) === 'continues') continuing += 1;
      } while (continuing < continuingPerTurn && next < waiting.length && now() - began < budgetMs);
    } finally {
      if (next < waiting.length) {
        // A queue that never empties (a steady flood) drops what it has started now and then.
        if (next >= 1024) {
          waiting.splice(0, next);
          next = 0;
        }
        setImmediate(turn);
      } else {
        waiting.length = 0;
        next = 0;
        scheduled = false;
      }
    }
  };

  return (...args: Args) => {
    waiting.push(args);
    if (scheduled) return;
    scheduled = true;
    setImmediate(turn);
  };
}
