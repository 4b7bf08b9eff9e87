// Server load as the top bar shows it: percentages measured from this machine.
import type { ServerLoad } from '@dealdesk/core';
import { statfs } from 'node:fs/promises';
import { cpus, freemem, totalmem } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/** How long CPU time is sampled: short enough for a poll every 2 seconds. */
export const cpuSampleMs = 200;

const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;

function cpuTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** Share of CPU time spent busy, across all cores, over a short window. */
export async function cpuLoad(windowMs = cpuSampleMs): Promise<number> {
  const before = cpuTimes();
  await sleep(windowMs);
  const after = cpuTimes();
  return percent(after.busy - before.busy, after.total - before.total);
}

/** Memory in use (not free nor reclaimable) as a share of the total. */
export function ramUsage(): number {
  const total = totalmem();
  return percent(total - freemem(), total);
}

/** Used share of the disk holding the data folder, as `df` counts it. */
export async function storageUsage(dataDir: string): Promise<number> {
  const disk = await statfs(dataDir);
  const used = disk.blocks - disk.bfree;
  return percent(used, used + disk.bavail);
}

export async function measureServerLoad(dataDir: string): Promise<ServerLoad> {
  const [cpu, storage] = await Promise.all([cpuLoad(), storageUsage(dataDir)]);
  return { cpuLoad: cpu, ramUsage: ramUsage(), storageUsage: storage };
}
