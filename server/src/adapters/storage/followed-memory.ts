// Rows a server process keeps in memory, following their table's change log (change-counters.ts
// createChangeLog): loaded in the background when the server starts, then brought up to the
// change counter's value (read by the caller before it answers) by rereading the rows the log
// names since. So no instance answers from memory what another one (or the CLI through it)
// changed before. Until it is loaded, and while a change the log cannot follow row by row has
// it loaded again, there is no memory and the database answers.
import type { FastifyBaseLogger } from 'fastify';

/** How a memory is read, followed and kept. */
export interface FollowedRows<Memory, Read> {
  /** What the log messages call it. */
  what: string;
  /** The change counter's value now. */
  version(): Promise<number>;
  /** How many rows there are, and how many at most are kept (memory grows with them; 0: none). */
  count(): Promise<number>;
  limit: number;
  /** How many rows a memory holds. */
  size(memory: Memory): number;
  /** Reads every row into a fresh memory, stopping (null) once `closed()`. */
  load(closed: () => boolean): Promise<Memory | null>;
  /**
   * The keys logged since counter value `known` (about `limit` of them, whole values) and the
   * value they reach; null: load again.
   */
  changesSince(known: number, limit: number): Promise<{ version: number; items: string[] } | null>;
  /** Reads the rows of the keys changed. */
  read(items: readonly string[]): Promise<Read>;
  /** Applies them to the memory (at once: nothing answers from it in between). */
  apply(memory: Memory, items: readonly string[], read: Read): void;
  /** Forgets the log's entries more than `kept` values behind its newest. */
  prune(kept: number): Promise<void>;
}

/** How often each process prunes the log, whether or not anything follows it meanwhile. */
const pruneEveryMs = 10_000;

/** Changed rows read and applied at once when following the log. */
const appliedPerPart = 10_000;

/** Log entries kept behind the newest, for instances that are behind (further: they reload). */
const keptChanges = 100_000;

export function followedMemory<Memory, Read>(
  rows: FollowedRows<Memory, Read>,
  log: FastifyBaseLogger,
) {
  /** The memory and the counter value it reflects; null until loaded or while out of step. */
  let held: { memory: Memory; version: number } | null = null;
  let loading: Promise<void> | null = null;
  let following: Promise<void> | null = null;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> | null = null;
  let closed = false;
  /** Too large to keep: the database answers, and nothing is loading. */
  let tooLarge = false;
  /** Loads completed: one at start, one more for each change the log could not follow. */
  let loads = 0;

  /**
   * The limit, one rule wherever rows come from (the table at start, a load, the rows followed
   * since): more than `limit` rows are the database's until the process starts again. A limit
   * of 0 keeps nothing, not even an empty table that would then grow by following.
   */
  const keptWithin = (count: number): boolean => {
    if (rows.limit !== 0 && count <= rows.limit) return true;
    tooLarge = true;
    held = null;
    log.warn(
      { rows: count, limit: rows.limit },
      `${rows.what} too large to keep in memory: the database answers`,
    );
    return false;
  };

  /** Reads the counter first, then everything: the log is followed from that value. */
  async function load(): Promise<void> {
    const version = await rows.version();
    if (!keptWithin(await rows.count())) return;
    const memory = await rows.load(() => closed);
    if (memory !== null && !closed && keptWithin(rows.size(memory))) {
      held = { memory, version };
      loads += 1;
    }
  }

  /** Loads in the background unless a load is under way; failures leave the database answering. */
  function reload(): void {
    held = null;
    if (loading !== null || closed || tooLarge) return;
    loading = load()
      .catch((error: unknown) =>
        log.error({ err: error }, `loading the ${rows.what} into memory failed`),
      )
      .finally(() => {
        loading = null;
      });
  }

  /** Applies the changes the log holds since the memory's version, a part at a time. */
  async function follow(memory: { memory: Memory; version: number }, current: number) {
    // A large change (an import of 900,000 followed at once) is read and applied a part at a
    // time, each part's keys in order (new products append): what is read is garbage once
    // applied, so the process's memory does not grow by a copy of the change, nor by its log,
    // and the limit stops it past one part. Meanwhile answers for the version before may show
    // some of it: newer, never older, than asked.
    while (memory.version < current) {
      const changes = await rows.changesSince(memory.version, appliedPerPart);
      // Short of `current`: the counter moved without a log entry.
      if (changes === null || changes.version === memory.version) {
        reload();
        return;
      }
      const part = changes.items.sort();
      const read = await rows.read(part);
      if (held !== memory) return;
      rows.apply(memory.memory, part, read);
      if (!keptWithin(rows.size(memory.memory))) return;
      memory.version = changes.version;
    }
  }

  return {
    /** Starts loading, and pruning the log now and then. */
    start(): void {
      reload();
      pruneTimer = setInterval(() => {
        pruning ??= rows
          .prune(keptChanges)
          .catch((error: unknown) =>
            log.warn({ err: error }, `pruning the ${rows.what} log failed`),
          )
          .finally(() => {
            pruning = null;
          });
      }, pruneEveryMs).unref();
    },

    /**
     * The memory brought up to counter value `current` (read by the caller), or null when the
     * database must answer.
     */
    async at(current: number): Promise<Memory | null> {
      const memory = held;
      if (memory === null) return null;
      if (memory.version < current) {
        following ??= follow(memory, current).finally(() => {
          following = null;
        });
        await following;
      }
      return held !== null && held.version >= current ? held.memory : null;
    },

    /**
     * Whether it answers: 'loaded', 'loading' (or loading again after a gap in the log), or
     * 'database' when it is too large to keep and the database answers by design.
     */
    state(): 'loaded' | 'loading' | 'database' {
      if (held !== null) return 'loaded';
      return tooLarge ? 'database' : 'loading';
    },

    /** The memory as it is now, for its size (null when there is none). */
    peek: (): Memory | null => held?.memory ?? null,

    /** How many times it was loaded whole. */
    loads: () => loads,

    /** Waits for a load, follow or prune under way and starts no other. */
    async stop(): Promise<void> {
      closed = true;
      clearInterval(pruneTimer);
      await Promise.all([loading, following, pruning]);
    },
  };
}
