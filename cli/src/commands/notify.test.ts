import {
  maxPageSize,
  notificationIconRule,
  notificationPageSize,
  type Notification,
} from '@dealdesk/core';
import { formBody } from '@dealdesk/core/testing';
import { writeFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAgainstTestServer } from '../testing/fake-api.js';
import { exitCodes } from '../exit.js';
import { iconFileName, iconHint, iconTypeProblem, sendTimeOf } from './notify.js';

const { dealdesk, server, lastBody } = cliAgainstTestServer();

describe('--at', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const due = (at: string, timeZone = 'Asia/Kolkata') => sendTimeOf(at, now, timeZone);

  it('keeps a time with its offset as typed, and shows it in that offset', () => {
    expect(due('2026-12-01T10:00:00+05:30')).toMatchObject({
      sendAt: '2026-12-01T10:00:00+05:30',
      due: expect.stringMatching(/^2026-12-01 10:00 \+05:30/) as string,
    });
    expect(due(' 2026-12-01T13:00:00Z ')).toEqual({
      sendAt: '2026-12-01T13:00:00Z',
      due: '2026-12-01 13:00 +00:00 (UTC)',
    });
    expect(due('2026-12-01 10:00-0330').sendAt).toBe('2026-12-01T10:00:00-03:30');
  });

  it('reads a time without an offset in the business time zone, and names the zone', () => {
    expect(due('2026-12-01T18:30:00')).toEqual({
      sendAt: '2026-12-01T13:00:00.000Z',
      due: '2026-12-01 18:30 +05:30 (Asia/Kolkata)',
    });
    expect(due('2027-07-01T10:00', 'Europe/London')).toEqual({
      sendAt: '2027-07-01T09:00:00.000Z',
      due: '2027-07-01 10:00 +01:00 (Europe/London)',
    });
    // An offset of another zone is shown without a zone's name.
    expect(due('2026-12-01T10:00-03:30').due).toBe('2026-12-01 10:00 -03:30');
  });

  it('refuses a day or time that does not exist (exit 2, naming the flag)', () => {
    for (const impossible of [
      '2026-02-30T10:00',
      '2027-02-29T10:00:00Z',
      '2026-13-01T10:00',
      '2026-12-01T24:00',
      '2026-12-01T10:60+05:30',
      '2026-12-01T10:00+25:00',
    ])
      expect(() => due(impossible), impossible).toThrow(
        expect.objectContaining({
          exitCode: exitCodes.usage,
          message: `--at: no such date ${impossible}`,
        }),
      );
    expect(due('2028-02-29T10:00:00Z').sendAt).toBe('2028-02-29T10:00:00Z');
    // London's clock skips from 01:00 to 02:00 on 28 March 2027.
    expect(() => due('2027-03-28T01:30', 'Europe/London')).toThrow('--at: no such date');
  });

  it("refuses a time in the past, beyond the web app's minute of grace", () => {
    expect(() => due('2020-01-01T00:00:00Z')).toThrow(
      expect.objectContaining({
        exitCode: exitCodes.usage,
        message: '--at: 2020-01-01T00:00:00Z is in the past',
      }),
    );
    expect(due('2026-11-25T11:59:30Z').sendAt).toBe('2026-11-25T11:59:30Z');
  });

  it('refuses what is no ISO time', () => {
    expect(() => due('tomorrow-ish')).toThrow(/^--at: expected an ISO time/);
    expect(() => due('2026-12-01')).toThrow(/^--at: expected an ISO time/);
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
      payload: { status: true, message: 'Notification scheduled', data: sale },
    });
    const at = '2099-12-01T09:00:00+05:30';
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
      at,
      '--icon',
      icon,
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Notification scheduled (${sale._id})`);
    expect(result.stdout).toContain(`Scheduled for ${at.slice(0, 10)} 09:00 +05:30`);
    const form = await formBody(server().lastCall());
    expect(form).toMatchObject({
      title: ['Sale'],
      message: ['Half price today'],
      url: ['https://deals.example.test/sale'],
      sendAt: [at],
      image: [{ name: 'sale.png', type: 'image/png', text: 'png bytes' }],
    });
  });

  it("answers the new notification's id in --json", async () => {
    server().replyTo('POST /api/App/notification/send', {
      payload: { status: true, message: 'Notification sent successfully !', data: sale },
    });
    const result = await dealdesk(['--json', 'notify', 'send', '--title', 'a', '--message', 'b']);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      status: true,
      message: 'Notification sent successfully !',
      id: sale._id,
      sendAt: null,
    });
  });

  it('refuses --at in the past or on no such day before sending (exit 2)', async () => {
    const before = server().calls.length;
    const send = ['notify', 'send', '--title', 'a', '--message', 'b', '--at'];
    const past = await dealdesk([...send, '2020-01-01T00:00:00Z']);
    expect(past.exitCode).toBe(2);
    expect(past.stderr).toContain('--at: 2020-01-01T00:00:00Z is in the past');
    const noSuchDay = await dealdesk(['--json', ...send, '2026-02-30T10:00']);
    expect(noSuchDay.exitCode).toBe(2);
    expect(JSON.parse(noSuchDay.stdout)).toEqual({
      status: false,
      message: '--at: no such date 2026-02-30T10:00',
    });
    expect(server().calls).toHaveLength(before);
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

const notification = (id: string, title: string): Notification => ({
  _id: id,
  n_title: title,
  n_message: 'Half price today',
  n_url: 'https://deals.example.test/sale',
  n_icon: '/media/notifications/bell.png',
  createdAt: '2026-11-20T10:00:00.000Z',
  sendAt: null,
  delivery: { state: 'sent', detail: 'projects/p/messages/1', at: '2026-11-20T10:00:01.000Z' },
});
const sale = notification('0123456789abcdef01234567', 'Weekend sale');
const historyRoute = 'GET /api/App/notification/history';
const historyReply = (data: Notification[], totalRecord: number) => ({
  payload: { status: true, message: 'Notification history', data, totalRecord },
});

describe('dealdesk notify history', () => {
  it('asks for a page of the size and search given, and says where it is', async () => {
    server().replyTo(historyRoute, historyReply([sale], 120));
    const result = await dealdesk([
      'notify',
      'history',
      '--page',
      '3',
      '--limit',
      '50',
      '-s',
      'sale',
    ]);
    expect(result.exitCode).toBe(0);
    expect(Object.fromEntries(server().lastCall().query)).toEqual({
      page: '3',
      limit: '50',
      q: 'sale',
    });
    expect(result.stdout).toContain('Weekend sale');
    expect(result.stderr).toContain('Showing 1 of 120 notifications (page 3 of 3)');
  });

  it('asks for the newest 50 unless told, and answers the page in --json', async () => {
    server().replyTo(historyRoute, historyReply([sale], 1));
    const result = await dealdesk(['notify', 'history', '--json']);
    expect(result.exitCode).toBe(0);
    expect(server().lastCall().query.get('page')).toBe('1');
    expect(server().lastCall().query.get('limit')).toBe(String(notificationPageSize));
    expect(JSON.parse(result.stdout)).toEqual({
      status: true,
      data: [sale],
      totalRecord: 1,
      page: 1,
      pages: 1,
    });
  });

  it('refuses a limit beyond the largest page before calling', async () => {
    const before = server().calls.length;
    const result = await dealdesk(['notify', 'history', '--limit', String(maxPageSize + 1)]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`expected a whole number from 1 to ${maxPageSize}`);
    expect(server().calls).toHaveLength(before);
  });
});

describe('dealdesk notify resend', () => {
  it('finds the notification in the history and sends its texts and icon again', async () => {
    server().replyTo(historyRoute, historyReply([sale], 1));
    server().replyTo('POST /api/App/notification/resend', {
      payload: { status: true, message: 'Notification sent successfully !' },
    });
    const result = await dealdesk(['notify', 'resend', sale._id]);
    expect(result.exitCode).toBe(0);
    expect(lastBody()).toEqual({
      title: sale.n_title,
      message: sale.n_message,
      url: sale.n_url,
      fileName: 'bell.png',
    });
  });

  it('looks through every page of the history, the largest page at a time', async () => {
    const others = Array.from({ length: maxPageSize }, (_, index) =>
      notification(index.toString(16).padStart(24, 'a'), `Deal ${index}`),
    );
    server().replyTo(historyRoute, historyReply(others, maxPageSize + 200));
    const before = server().calls.length;
    const result = await dealdesk(['notify', 'resend', sale._id]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(`No notification ${sale._id} in the history`);
    const asked = server()
      .calls.slice(before)
      .map((call) => [call.query.get('page'), call.query.get('limit')]);
    expect(asked).toEqual([
      ['1', String(maxPageSize)],
      ['2', String(maxPageSize)],
    ]);
  });
});

describe('dealdesk notify resend --json', () => {
  it("answers the new notification's id, not the original's", async () => {
    const copy = { ...sale, _id: 'fedcba9876543210fedcba98' };
    server().replyTo(historyRoute, historyReply([sale], 1));
    server().replyTo('POST /api/App/notification/resend', {
      payload: { status: true, message: 'Notification sent successfully !', data: copy },
    });
    const result = await dealdesk(['--json', 'notify', 'resend', sale._id]);
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      status: true,
      message: 'Notification sent successfully !',
      id: copy._id,
      resentFrom: sale._id,
    });
  });
});

describe('icon types', () => {
  it('names exactly the types the core accepts for a notification icon, gif included', () => {
    expect(iconHint).toBe('icon image: png, jpg, jpeg or gif, at most 2 MB');
    for (const extension of notificationIconRule.extensions) expect(iconHint).toContain(extension);
    expect(iconTypeProblem({ name: 'sale.gif', size: 10, type: 'image/gif' })).toBeNull();
    expect(iconTypeProblem({ name: 'notes.txt', size: 10, type: '' })).toBe(
      `Please select a valid image file. Allowed types: ${notificationIconRule.extensions.join(', ')}`,
    );
  });
});
