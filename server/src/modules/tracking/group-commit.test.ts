import { describe, expect, it } from 'vitest';
import { createGroupCommit, GroupCommitFull, type GroupCommitOptions } from './group-commit.js';

/** A commit the test finishes by hand, recording every group it was given. */
function manualCommit() {
  const groups: number[][] = [];
  const finish: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const commit = (items: readonly number[]) => {
    groups.push([...items]);
    return new Promise<void>((resolve, reject) => finish.push({ resolve, reject }));
  };
  return { groups, finish, commit };
}

/** Lets every queued callback run (a finished commit starts the next one in a callback). */
const callbacksRun = () => new Promise((resolve) => setImmediate(resolve));

const settled = async (promise: Promise<void>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await callbacksRun();
  return state;
};

const hour = 3_600_000;
const options = (
  commit: GroupCommitOptions<number>['commit'],
  overrides: Partial<GroupCommitOptions<number>> = {},
): GroupCommitOptions<number> => ({
  commit,
  maxGroup: 100,
  maxWaitMs: 1,
  maxPending: 1_000,
  ...overrides,
});

describe('createGroupCommit', () => {
  it('commits items of concurrent callers together, and answers each once written', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(options(manual.commit, { maxWaitMs: 5 }));
    const first = batcher.add([1, 2]);
    const second = batcher.add([3]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(manual.groups).toEqual([[1, 2, 3]]);
    expect(await settled(first)).toBe('pending');
    expect(batcher.pending).toBe(3);

    manual.finish[0]?.resolve();
    await Promise.all([first, second]);
    expect(batcher.pending).toBe(0);
  });

  it('commits a full group at once, without waiting for company', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(options(manual.commit, { maxGroup: 3, maxWaitMs: hour }));
    const early = batcher.add([1, 2]);
    expect(manual.groups).toEqual([]);
    const filling = batcher.add([3, 4]);
    await callbacksRun();
    expect(manual.groups).toEqual([[1, 2, 3, 4]]);
    manual.finish[0]?.resolve();
    await Promise.all([early, filling]);
  });

  it('writes one group at a time; what arrives meanwhile waits to be full or its time', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(options(manual.commit, { maxGroup: 2, maxWaitMs: hour }));
    const first = batcher.add([1, 2]);
    const during = batcher.add([3]);
    await callbacksRun();
    expect(manual.groups).toEqual([[1, 2]]);

    manual.finish[0]?.resolve();
    await first;
    await callbacksRun();
    expect(manual.groups).toEqual([[1, 2]]);
    const filling = batcher.add([4]);
    await callbacksRun();
    expect(manual.groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    manual.finish[1]?.resolve();
    await Promise.all([during, filling]);
  });

  it('commits a group whose time ran out during the running commit as soon as that ends', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(options(manual.commit, { maxGroup: 2, maxWaitMs: 5 }));
    const first = batcher.add([1, 2]);
    const during = batcher.add([3]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(manual.groups).toEqual([[1, 2]]);
    manual.finish[0]?.resolve();
    await first;
    await callbacksRun();
    expect(manual.groups).toEqual([[1, 2], [3]]);
    manual.finish[1]?.resolve();
    await during;
  });

  it('fails only the callers of the group whose commit failed', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(options(manual.commit, { maxGroup: 1 }));
    const failing = batcher.add([1]);
    const next = batcher.add([2]);
    await callbacksRun();
    manual.finish[0]?.reject(new Error('disk full'));
    await expect(failing).rejects.toThrow('disk full');
    manual.finish[1]?.resolve();
    await expect(next).resolves.toBeUndefined();
    expect(manual.groups).toEqual([[1], [2]]);
  });

  it('keeps going after a commit that throws before returning a promise', async () => {
    let calls = 0;
    const commit = () => {
      calls += 1;
      if (calls === 1) throw new Error('bad statement');
      return Promise.resolve();
    };
    const batcher = createGroupCommit(options(commit, { maxGroup: 1 }));
    await expect(batcher.add([1])).rejects.toThrow('bad statement');
    await expect(batcher.add([2])).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });

  it('refuses items beyond maxPending, counting the group being written', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(
      options(manual.commit, { maxGroup: 2, maxPending: 4, maxWaitMs: hour }),
    );
    const writing = batcher.add([1, 2]);
    const waiting = batcher.add([3, 4]);
    await callbacksRun();
    await expect(batcher.add([5])).rejects.toBeInstanceOf(GroupCommitFull);
    expect(batcher.pending).toBe(4);
    manual.finish[0]?.resolve();
    await writing;
    await callbacksRun();
    manual.finish[1]?.resolve();
    await waiting;
    const accepted = batcher.add([5]);
    expect(batcher.pending).toBe(1);
    const drained = batcher.drain();
    await callbacksRun();
    manual.finish[2]?.resolve();
    await Promise.all([accepted, drained]);
  });

  it('drain commits what waits at once and resolves when everything is written', async () => {
    const groups: number[][] = [];
    const batcher = createGroupCommit(
      options(
        async (items) => {
          groups.push([...items]);
        },
        { maxWaitMs: hour },
      ),
    );
    const waiting = batcher.add([1]);
    await batcher.drain();
    expect(groups).toEqual([[1]]);
    await waiting;
    expect(batcher.pending).toBe(0);
    await batcher.drain();
  });

  it('answers an empty hand-in at once, committing nothing', async () => {
    const manual = manualCommit();
    const batcher = createGroupCommit(options(manual.commit));
    await batcher.add([]);
    expect(manual.groups).toEqual([]);
  });
});
