// Group commit: items handed in by concurrent callers are written together, in one call to
// `commit` (one transaction), and each caller's promise settles only once its items are
// written. A group is written once it is full or its first item has waited `maxWaitMs`; one
// commit runs at a time and whatever arrives meanwhile forms the next group. A commit has a
// fixed cost that the items of a group share, so under load groups grow and each item costs
// less.

export interface GroupCommitOptions<T> {
  /** Writes one group, all or nothing. */
  commit(items: readonly T[]): Promise<void>;
  /** A group is committed as soon as it holds this many items... */
  maxGroup: number;
  /** ...or once its first item has waited this long, gathering the items of other callers. */
  maxWaitMs: number;
  /** Items waiting or being written beyond this many are refused (back-pressure). */
  maxPending: number;
}

export interface GroupCommit<T> {
  /** Resolves once the items are committed; rejects when their group's commit failed. */
  add(items: readonly T[]): Promise<void>;
  /** Commits whatever waits, without waiting for company, and resolves when all is written. */
  drain(): Promise<void>;
  /** Items handed in and not yet written. */
  readonly pending: number;
}

/** Thrown by `add` when `maxPending` items are already waiting. */
export class GroupCommitFull extends Error {
  constructor() {
    super('too many items waiting to be committed');
    this.name = 'GroupCommitFull';
  }
}

interface Group<T> {
  items: T[];
  settle: { resolve: () => void; reject: (error: unknown) => void }[];
  /** Full, or its first item has waited long enough. */
  due: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

export function createGroupCommit<T>(options: GroupCommitOptions<T>): GroupCommit<T> {
  const emptyGroup = (): Group<T> => ({ items: [], settle: [], due: false, timer: null });
  let open = emptyGroup();
  let writing: Promise<void> | null = null;
  let writingCount = 0;

  const markDue = () => {
    open.due = true;
    if (open.timer !== null) clearTimeout(open.timer);
    open.timer = null;
  };

  async function write(group: Group<T>): Promise<void> {
    let failure: { error: unknown } | null = null;
    try {
      await options.commit(group.items);
    } catch (error) {
      failure = { error };
    }
    writing = null;
    writingCount = 0;
    // What arrived meanwhile goes as soon as it is full or its wait is over (it may be already).
    startNext();
    for (const waiter of group.settle) {
      if (failure === null) waiter.resolve();
      else waiter.reject(failure.error);
    }
  }

  function startNext(): void {
    if (writing !== null || !open.due || open.items.length === 0) return;
    const group = open;
    open = emptyGroup();
    writingCount = group.items.length;
    // Started from a callback, so `writing` is set before the commit can end, even at once.
    writing = Promise.resolve(group).then(write);
  }

  return {
    add(items) {
      if (items.length === 0) return Promise.resolve();
      if (open.items.length + writingCount + items.length > options.maxPending) {
        return Promise.reject(new GroupCommitFull());
      }
      const committed = new Promise<void>((resolve, reject) => {
        open.settle.push({ resolve, reject });
      });
      open.items.push(...items);
      if (open.items.length >= options.maxGroup) markDue();
      else if (!open.due && open.timer === null) {
        const group = open;
        group.timer = setTimeout(() => {
          group.timer = null;
          group.due = true;
          startNext();
        }, options.maxWaitMs);
      }
      startNext();
      return committed;
    },

    async drain() {
      while (writing !== null || open.items.length > 0) {
        markDue();
        startNext();
        await writing;
      }
    },

    get pending() {
      return open.items.length + writingCount;
    },
  };
}
