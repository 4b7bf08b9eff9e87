// What the tests of the built server's process see of it (Linux: /proc).
import { readdirSync, readFileSync } from 'node:fs';

/** The ids of the processes `pid` started: a server's cluster workers. */
export const childProcessesOf = (pid: number): string[] =>
  readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean),
  );
