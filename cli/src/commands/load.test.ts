import { describe, expect, it } from 'vitest';
import { ansi, plain } from '../terminal/paint.js';
import { readingsAbove, renderLoad } from './load.js';

const load = { cpuLoad: 42, ramUsage: 80, storageUsage: 80.1 };

describe('server load', () => {
  it('draws a meter per reading in the green, yellow and red bands', () => {
    expect(renderLoad(load, plain)).toEqual([
      'CPU      [########------------]  42.0%',
      'RAM      [################----]  80.0%',
      'Storage  [################----]  80.1%',
    ]);
    const [cpu, ram, storage] = renderLoad(load, ansi);
    expect(cpu).toContain('\u001b[32m');
    expect(ram).toContain('\u001b[33m');
    expect(storage).toContain('\u001b[31m');
  });

  it('names the readings strictly above --fail-above', () => {
    expect(readingsAbove(load, 80)).toEqual(['Storage 80.1%']);
    expect(readingsAbove(load, 0)).toHaveLength(3);
    expect(readingsAbove(load, 100)).toEqual([]);
    expect(readingsAbove(load, undefined)).toEqual([]);
  });
});
