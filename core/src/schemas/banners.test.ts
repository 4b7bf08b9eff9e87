import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { videoMaxBytes } from '../constants.js';
import {
  bannerAddSchema,
  bannerEditInsertSchema,
  bannerEditSchema,
  bannerInsertSchema,
  bannerListQuerySchema,
} from './banners.js';
import { maxPageSize } from '../constants.js';
import { oneMediaMessage, uploadMessages } from './uploads.js';

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const png = { name: 'sale.png', size: 10_000, type: 'image/png' };
const mp4 = { name: 'sale.mp4', size: 10_000, type: 'video/mp4' };

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('bannerInsertSchema', () => {
  it('needs a name; the link is optional', () => {
    expect(bannerInsertSchema.parse({ name: ' Diwali sale ' })).toEqual({
      name: 'Diwali sale',
      url: '',
    });
    expect(bannerInsertSchema.parse({ name: 'Sale', url: 'https://a.in/s' }).url).toBe(
      'https://a.in/s',
    );
    expect(messageOf(bannerInsertSchema, { url: 'https://a.in' })).toBe('Enter a banner name');
    expect(messageOf(bannerInsertSchema, { name: 'Sale', url: 'a.in' })).toBe('Enter a valid URL');
  });
});

describe('bannerEditInsertSchema', () => {
  it('adds a click count that is not negative', () => {
    expect(
      bannerEditInsertSchema.parse({ name: 'Sale', url: '', clickCount: '7' }).clickCount,
    ).toBe(7);
    expect(messageOf(bannerEditInsertSchema, { name: 'Sale', clickCount: -1 })).toBe(
      'Enter only positive numbers',
    );
  });
});

describe('bannerAddSchema (multipart)', () => {
  const insertData = '{"name":"Sale","url":""}';

  it('takes a PNG image or an mp4 video', () => {
    expect(bannerAddSchema.parse({ insertData, image: png }).image).toBe(png);
    expect(bannerAddSchema.parse({ insertData, video: mp4 }).video).toBe(mp4);
  });

  it('refuses other images with the add screen wording', () => {
    expect(messageOf(bannerAddSchema, { insertData, image: { name: 'a.jpg', size: 10 } })).toBe(
      uploadMessages.pngOnly,
    );
  });

  it('keeps videos within 30 MB', () => {
    expect(
      messageOf(bannerAddSchema, { insertData, video: { ...mp4, size: videoMaxBytes + 1 } }),
    ).toBe(uploadMessages.videoSize);
  });

  it('needs a name first, then one file', () => {
    expect(messageOf(bannerAddSchema, { insertData: '{"name":""}', image: png })).toBe(
      'Enter a banner name',
    );
    expect(messageOf(bannerAddSchema, { insertData })).toBe(uploadMessages.missingImage);
    expect(messageOf(bannerAddSchema, { insertData, image: png, video: mp4 })).toBe(
      oneMediaMessage,
    );
  });
});

describe('bannerEditSchema (multipart)', () => {
  const insertData = { name: 'Sale', url: '', clickCount: 3 };

  it('takes _id and insertData; the file is optional', () => {
    expect(bannerEditSchema.parse({ _id: id, insertData })).toEqual({ _id: id, insertData });
  });

  it('words a refused image as the update screen does', () => {
    expect(
      messageOf(bannerEditSchema, { _id: id, insertData, image: { name: 'a.gif', size: 10 } }),
    ).toBe(uploadMessages.gifOrPng);
  });
});

describe('bannerListQuerySchema', () => {
  it('answers every banner by default, and takes page, limit and a search', () => {
    expect(bannerListQuerySchema.parse({ a: 'true' })).toEqual({
      page: 1,
      limit: maxPageSize,
      q: '',
    });
    expect(bannerListQuerySchema.parse({ page: '2', limit: '5', q: ' sale ' })).toEqual({
      page: 2,
      limit: 5,
      q: 'sale',
    });
    expect(bannerListQuerySchema.safeParse({ limit: String(maxPageSize + 1) }).success).toBe(false);
  });
});
