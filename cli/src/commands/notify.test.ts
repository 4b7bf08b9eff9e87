import { formBody } from '@dealdesk/core/testing';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';
import { iconFileName, sendAtOf } from './notify.js';

const { dealdesk, server } = cliAgainstTestServer();

describe('--at', () => {
  it('keeps a time with its offset as typed', () => {
    expect(sendAtOf('2026-01-31T18:30:00+05:30')).toBe('2026-01-31T18:30:00+05:30');
    expect(sendAtOf(' 2026-01-31T13:00:00Z ')).toBe('2026-01-31T13:00:00Z');
  });

  it("reads a time without an offset in the machine's zone", () => {
    const local = '2026-01-31T18:30:00';
    expect(sendAtOf(local)).toBe(new Date(local).toISOString());
  });

  it('passes what is no time to the schema, and nothing when left out', () => {
    expect(sendAtOf('tomorrow-ish')).toBe('tomorrow-ish');
    expect(sendAtOf(undefined)).toBeUndefined();
  });
});

describe('icon of a resend', () => {
  it('is the bare file name of the stored icon, or none', () => {
    expect(iconFileName('/media/notifications/0a1b2c.png')).toBe('0a1b2c.png');
    expect(iconFileName('https://deals.example.test/media/icon.gif?v=2')).toBe('icon.gif');
    expect(iconFileName('')).toBeUndefined();
    expect(iconFileName('/media/')).toBeUndefined();
  });
});

describe('dealdesk notify send', () => {
  it('sends title, message, link, time and icon as the web form does', async () => {
    server().replyTo('POST /api/App/notification/send', {
      payload: { status: true, message: 'Notification scheduled' },
    });
    const icon = join(await mkdtemp(join(tmpdir(), 'dealdesk-icon-')), 'sale.png');
    await writeFile(icon, 'png bytes');
    const result = await dealdesk([
      'notify',
      'send',
      '--title',
      'Sale',
      '--message',
      'Half price today',
      '--url',
      'https://deals.example.test/sale',
      '--at',
      '2026-12-01T09:00:00+05:30',
      '--icon',
      icon,
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Notification scheduled');
    const form = await formBody(server().lastCall());
    expect(form).toMatchObject({
      title: ['Sale'],
      message: ['Half price today'],
      url: ['https://deals.example.test/sale'],
      sendAt: ['2026-12-01T09:00:00+05:30'],
      image: [{ name: 'sale.png', type: 'image/png', text: 'png bytes' }],
    });
  });

  it('needs --title and --message, and refuses an icon of another type', async () => {
    const missing = await dealdesk(['notify', 'send', '--title', 'Sale']);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain("required option '--message <text>' not specified");
    const text = join(await mkdtemp(join(tmpdir(), 'dealdesk-icon-')), 'notes.txt');
    await writeFile(text, 'hello');
    const before = server().calls.length;
    const wrongType = await dealdesk([
      'notify',
      'send',
      '--title',
      'a',
      '--message',
      'b',
      '--icon',
      text,
    ]);
    expect(wrongType.exitCode).toBe(2);
    expect(server().calls).toHaveLength(before);
  });
});
