import { endpoints } from '@dealdesk/core';
import { describe, expect, it } from 'vitest';
import { ansi, plain } from '../terminal/paint.js';
import { cliAgainstTestServer, token } from '../testing/fake-api.js';
import { readingsAbove, renderLoad } from './load.js';

const load = { cpuLoad: 42, ramUsage: 80, storageUsage: 80.1 };
const { dealdesk, server } = cliAgainstTestServer();

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

describe('dealdesk load', () => {
  const high = { cpuLoad: 12.5, ramUsage: 40, storageUsage: 91 };

  it('writes the readings as JSON on stdout, sent with the token it was given', async () => {
    server().replyTo('GET /api/App/server/load/check', {
      payload: { status: true, message: endpoints.system.serverLoad.message, ...high },
    });
    const result = await dealdesk(['load', '--json']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    expect(JSON.parse(result.stdout)).toEqual({ status: true, ...high, above: [] });
    expect(server().lastCall().headers.authorization).toBe(`Bearer ${token}`);
  });

  it('draws meters for a person and fails a cron check above its threshold', async () => {
    const result = await dealdesk(['load', '--fail-above', '90']);
    expect(result.exitCode).toBe(5);
    expect(result.stdout).toContain('Storage  [##################--]  91.0%');
    expect(result.stderr).toContain('Above 90%: Storage 91.0%');
  });

  it('refuses a threshold that is no percentage (exit 2)', async () => {
    const result = await dealdesk(['load', '--fail-above', '120']);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('expected a percentage from 0 to 100');
  });
});
