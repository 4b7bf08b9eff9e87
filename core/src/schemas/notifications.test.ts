import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { imageMaxBytes } from '../constants.js';
import { pushTooLongMessage } from './text-limits.js';
import {
  notificationMessages,
  notificationResendSchema,
  notificationSendSchema,
} from './notifications.js';
import { uploadMessages } from './uploads.js';

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

const send = { title: 'Diwali sale', message: 'Up to 70% off today' };

describe('notificationSendSchema', () => {
  it('needs a title and a message; link, time and icon are optional', () => {
    expect(notificationSendSchema.parse(send)).toEqual({ ...send, url: '' });
    expect(messageOf(notificationSendSchema, { message: 'x' })).toBe('Enter a title');
    expect(messageOf(notificationSendSchema, { title: 'x', message: ' ' })).toBe('Enter a message');
  });

  it('checks a given link', () => {
    expect(notificationSendSchema.parse({ ...send, url: 'https://a.in/s' }).url).toBe(
      'https://a.in/s',
    );
    expect(messageOf(notificationSendSchema, { ...send, url: 'a.in' })).toBe('Enter a valid URL');
  });

  it('takes a send time with its offset; blank means now', () => {
    expect(
      notificationSendSchema.parse({ ...send, sendAt: '2026-01-31T18:30:00+05:30' }).sendAt,
    ).toBe('2026-01-31T18:30:00+05:30');
    expect(
      notificationSendSchema.parse({ ...send, sendAt: '2026-01-31T13:00:00.000Z' }).sendAt,
    ).toBe('2026-01-31T13:00:00.000Z');
    expect(notificationSendSchema.parse({ ...send, sendAt: '' }).sendAt).toBeUndefined();
    expect(messageOf(notificationSendSchema, { ...send, sendAt: '2026-01-31T18:30' })).toBe(
      notificationMessages.sendAt,
    );
    expect(messageOf(notificationSendSchema, { ...send, sendAt: 'tomorrow' })).toBe(
      notificationMessages.sendAt,
    );
  });

  it('takes png, jpg, jpeg and gif icons within the image limit', () => {
    const icon = { name: 'bell.gif', size: imageMaxBytes, type: 'image/gif' };
    expect(notificationSendSchema.parse({ ...send, image: icon }).image).toBe(icon);
    expect(
      messageOf(notificationSendSchema, { ...send, image: { ...icon, size: imageMaxBytes + 1 } }),
    ).toBe(uploadMessages.imageSize);
    expect(
      messageOf(notificationSendSchema, { ...send, image: { name: 'bell.svg', size: 10 } }),
    ).toBe(uploadMessages.imageType);
  });
});

describe('the length of a push', () => {
  it('takes a title of 200 and a message of 2,000 characters, and says when one is longer', () => {
    const longest = { title: 't'.repeat(200), message: 'm'.repeat(2000) };
    expect(notificationSendSchema.parse(longest)).toMatchObject(longest);
    expect(messageOf(notificationSendSchema, { ...longest, title: 't'.repeat(201) })).toBe(
      'Title must be at most 200 characters',
    );
    expect(messageOf(notificationResendSchema, { ...longest, message: 'm'.repeat(2001) })).toBe(
      'Message must be at most 2,000 characters',
    );
  });

  it('refuses what would not fit in one FCM message, counting bytes as FCM does', () => {
    // 1,200 Devanagari letters are 3,600 bytes: within the message's characters, not FCM's 4 KB.
    const hindi = { title: 'दिवाली', message: 'ब'.repeat(1200) };
    for (const schema of [notificationSendSchema, notificationResendSchema]) {
      expect(schema.safeParse(hindi).error?.issues).toEqual([
        expect.objectContaining({ path: ['message'], message: pushTooLongMessage }),
      ]);
      expect(schema.safeParse({ ...hindi, message: 'ब'.repeat(1000) }).success).toBe(true);
    }
    const url = `https://deals.example/${'p'.repeat(2000)}`;
    expect(messageOf(notificationSendSchema, { ...send, message: 'm'.repeat(1600), url })).toBe(
      pushTooLongMessage,
    );
  });
});

describe('notificationResendSchema', () => {
  it('takes the texts and the stored icon name when there is one', () => {
    expect(notificationResendSchema.parse({ ...send, url: '', fileName: '65f1c2a9.png' })).toEqual({
      ...send,
      url: '',
      fileName: '65f1c2a9.png',
    });
    expect(notificationResendSchema.parse({ ...send, fileName: '' }).fileName).toBeUndefined();
    expect(notificationResendSchema.parse(send).fileName).toBeUndefined();
  });

  it('takes the icon as the history answers it, /media/ and all', () => {
    expect(notificationResendSchema.parse({ ...send, fileName: '/media/65f1c2a9.png' })).toEqual({
      ...send,
      url: '',
      fileName: '65f1c2a9.png',
    });
  });

  it.each(['../secret.png', 'icons/a.png', '..', '.env', 'a\\b.png', '/media/../x.png', '/etc/x'])(
    'refuses the file name %j',
    (fileName) => {
      expect(messageOf(notificationResendSchema, { ...send, fileName })).toBe(
        'The icon file name cannot contain folders',
      );
    },
  );
});
