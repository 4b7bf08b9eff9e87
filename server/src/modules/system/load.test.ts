import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { cpuLoad, measureServerLoad, ramUsage, storageUsage } from './load.js';

const isPercent = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100;

describe('server load', () => {
  it('measures CPU over the sampling window', async () => {
    const started = performance.now();
    const load = await cpuLoad(100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    expect(isPercent(load)).toBe(true);
  });

  it('sees a busy CPU as busier than an idle one', async () => {
    const busy = cpuLoad(150);
    const until = performance.now() + 140;
    while (performance.now() < until) Math.sqrt(Math.random());
    expect(await busy).toBeGreaterThan(0);
  });

  it('reports memory and the data folder disk as percentages with one decimal', async () => {
    const ram = ramUsage();
    const disk = await storageUsage(tmpdir());
    for (const value of [ram, disk]) {
      expect(isPercent(value)).toBe(true);
      expect(Math.round(value * 10)).toBeCloseTo(value * 10, 6);
    }
    expect(ram).toBeGreaterThan(0);
  });

  it('answers the three fields of the spec', async () => {
    const load = await measureServerLoad(tmpdir());
    expect(Object.keys(load).sort()).toEqual(['cpuLoad', 'ramUsage', 'storageUsage']);
    expect(Object.values(load).every(isPercent)).toBe(true);
  });
});
