// Node accepts one new connection per turn of its event loop (libuv 1.45 and later make one
// accept() per poll). A turn that runs every request read in it, hundreds under a flood at a
// millisecond or more each, leaves new connections waiting in the kernel's queue: under 500
// connections the flood bench saw a new connection's first answer take up to 20 s, while no
// request took over 0.25 s once started. So the requests Fastify answers are started one a
// turn: those read in one poll wait in a queue, first come first served, and the loop turns
// (accepts, reads, writes) between one and the next. One, not a time budget: a request's work
// runs mostly in the promise jobs after its call returns, where no budget can see it.

/** `handle`, called in turns: each call is queued and run in order, one a turn of the loop. */
export function takingTurns<Args extends unknown[]>(
  handle: (...args: Args) => void,
): (...args: Args) => void {
  const waiting: (Args | undefined)[] = [];
  let next = 0;
  let scheduled = false;

  const turn = () => {
    const args = waiting[next] as Args;
    // Let go of the request at once: a long queue keeps no finished request alive.
    waiting[next] = undefined;
    next += 1;
    try {
      handle(...args);
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
