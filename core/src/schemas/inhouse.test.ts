import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { imageMaxBytes, videoMaxBytes } from '../constants.js';
import {
  inHouseAdCreateSchema,
  inHouseAdEditSchema,
  inHouseListQuerySchema,
  inHouseMessages,
} from './inhouse.js';
import { uploadMessages } from './uploads.js';

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const icon = { name: 'icon.png', size: 4_000, type: 'image/png' };
const image = { name: 'ad.jpg', size: 40_000, type: 'image/jpeg' };
const video = { name: 'ad.mp4', size: 400_000, type: 'video/mp4' };
/** As the multipart body carries them: every field is text. */
const fields = {
  mainTitle: 'Big sale',
  subTitle: 'Up to 70% off',
  description: 'Shoes, bags and more',
  callToAction: 'https://shop.example.com/sale',
  btnName: 'Visit',
};
const create = { ...fields, icon, image };

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0];
const messageOf = (schema: z.ZodType, value: unknown) => issueOf(schema, value)?.message ?? null;

describe('inHouseAdCreateSchema', () => {
  it('defaults to a native image ad without limits', () => {
    expect(inHouseAdCreateSchema.parse(create)).toEqual({
      ...create,
      ad_type: 'NTV',
      medType: 'image',
      maxviewLimit: 0,
      maxviewStatus: false,
      maxclickLimit: 0,
      maxclickStatus: false,
    });
  });

  it('takes a full screen video ad, also with blank selects', () => {
    expect(
      inHouseAdCreateSchema.parse({ ...fields, icon, video, ad_type: 'FS', medType: 'video' }),
    ).toMatchObject({ ad_type: 'FS', medType: 'video', video });
    expect(inHouseAdCreateSchema.parse({ ...create, ad_type: '', medType: '' })).toMatchObject({
      ad_type: 'NTV',
      medType: 'image',
    });
  });

  it.each([
    ['mainTitle', 'Enter the title'],
    ['subTitle', 'Enter the subtitle'],
    ['description', 'Enter the details'],
    ['callToAction', 'Enter a valid CTA link'],
    ['btnName', 'Enter the button text'],
  ])('needs the %s', (field, message) => {
    expect(messageOf(inHouseAdCreateSchema, { ...create, [field]: ' ' })).toBe(message);
  });

  it('needs a link for the CTA', () => {
    expect(messageOf(inHouseAdCreateSchema, { ...create, callToAction: 'shop now' })).toBe(
      'Enter a valid CTA link',
    );
  });

  it('refuses unknown ad and media types', () => {
    expect(messageOf(inHouseAdCreateSchema, { ...create, ad_type: 'Native' })).toBe(
      'The ad type must be NTV or FS',
    );
    expect(messageOf(inHouseAdCreateSchema, { ...create, medType: 'gif' })).toBe(
      'The media type must be image or video',
    );
  });

  it('needs the icon and the media file', () => {
    expect(issueOf(inHouseAdCreateSchema, { ...fields, image })).toMatchObject({
      message: 'select valid image , video and icon file',
      path: ['icon'],
    });
    expect(issueOf(inHouseAdCreateSchema, { ...fields, icon })).toMatchObject({
      message: 'select valid image , video and icon file',
      path: ['image'],
    });
    expect(issueOf(inHouseAdCreateSchema, { ...fields, icon, medType: 'video' })).toMatchObject({
      message: 'select valid image , video and icon file',
      path: ['video'],
    });
  });

  it('puts the media file in the slot of its type', () => {
    expect(issueOf(inHouseAdCreateSchema, { ...create, video })).toMatchObject({
      message: inHouseMessages.mediaMismatch,
      path: ['video'],
    });
    expect(messageOf(inHouseAdCreateSchema, { ...fields, icon, image, medType: 'video' })).toBe(
      inHouseMessages.mediaMismatch,
    );
  });

  it('checks each file within the shared limits', () => {
    expect(
      messageOf(inHouseAdCreateSchema, { ...create, icon: { ...icon, name: 'icon.gif' } }),
    ).toBe(uploadMessages.imageType);
    expect(
      messageOf(inHouseAdCreateSchema, { ...create, image: { ...image, size: imageMaxBytes + 1 } }),
    ).toBe(uploadMessages.imageSize);
    expect(
      messageOf(inHouseAdCreateSchema, {
        ...fields,
        icon,
        medType: 'video',
        video: { ...video, size: videoMaxBytes + 1 },
      }),
    ).toBe(uploadMessages.videoSize);
  });

  describe('limits', () => {
    it('View: the view limit only', () => {
      expect(
        inHouseAdCreateSchema.parse({
          ...create,
          maxviewLimit: '500',
          maxviewStatus: 'true',
          maxclickLimit: '9',
        }),
      ).toMatchObject({
        maxviewLimit: 500,
        maxviewStatus: true,
        maxclickLimit: 0,
        maxclickStatus: false,
      });
    });

    it('Click wins when both are set', () => {
      expect(
        inHouseAdCreateSchema.parse({
          ...create,
          maxviewLimit: '500',
          maxviewStatus: 'true',
          maxclickLimit: '9',
          maxclickStatus: 'true',
        }),
      ).toMatchObject({
        maxviewLimit: 0,
        maxviewStatus: false,
        maxclickLimit: 9,
        maxclickStatus: true,
      });
    });

    it('non-numeric counts as 0, negative is refused', () => {
      expect(
        inHouseAdCreateSchema.parse({ ...create, maxclickLimit: 'ten', maxclickStatus: 'true' }),
      ).toMatchObject({ maxclickLimit: 0, maxclickStatus: true });
      expect(
        messageOf(inHouseAdCreateSchema, { ...create, maxviewLimit: '-1', maxviewStatus: 'true' }),
      ).toBe('Maximum views and clicks must be whole numbers, 0 or more');
    });
  });
});

describe('inHouseAdEditSchema', () => {
  const edit = { ...fields, id, status: 'true' };

  it('takes the id and status; the files are optional', () => {
    expect(inHouseAdEditSchema.parse(edit)).toMatchObject({ id, status: true, ad_type: 'NTV' });
    expect(inHouseAdEditSchema.parse({ ...edit, icon, image })).toMatchObject({ icon, image });
  });

  it('needs the id and a status', () => {
    expect(messageOf(inHouseAdEditSchema, { ...fields, status: true })).toBe('Invalid id');
    expect(messageOf(inHouseAdEditSchema, { ...fields, id })).toBe('Status must be true or false');
  });

  it('still puts a new media file in the slot of its type', () => {
    expect(messageOf(inHouseAdEditSchema, { ...edit, video })).toBe(inHouseMessages.mediaMismatch);
  });
});

describe('inHouseListQuerySchema', () => {
  it('asks 100 a page by default', () => {
    expect(inHouseListQuerySchema.parse({ a: 'true', q: 'sale' })).toEqual({
      page: 1,
      limit: 100,
      q: 'sale',
    });
  });
});
