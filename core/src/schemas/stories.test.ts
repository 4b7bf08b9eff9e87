import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  storyAddSchema,
  storyEditFieldsSchema,
  storyEditSchema,
  storyInsertSchema,
  storyListQuerySchema,
  storyMessages,
} from './stories.js';
import { oneMediaMessage, uploadMessages } from './uploads.js';

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const image = { name: 'story.jpg', size: 5_000, type: 'image/jpeg' };
const video = { name: 'story.mp4', size: 5_000_000, type: 'video/mp4' };
const noLimits = { maxviewLimit: 0, maxviewStatus: false, maxclickLimit: 0, maxclickStatus: false };
const story = { btnName: 'Shop now', btnUrl: 'https://shop.example.com/sale' };

const issueOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0];
const messageOf = (schema: z.ZodType, value: unknown) => issueOf(schema, value)?.message ?? null;

describe('storyInsertSchema', () => {
  it('fills the defaults of a story video', () => {
    expect(storyInsertSchema.parse(story)).toEqual({
      ...story,
      storyTime: 10,
      adsStory: false,
      NTV: false,
      NTV_ID: '',
      ...noLimits,
    });
  });

  it('reads a story time typed as text; 0 is allowed, below is not', () => {
    expect(storyInsertSchema.parse({ ...story, storyTime: '0' }).storyTime).toBe(0);
    expect(storyInsertSchema.parse({ ...story, storyTime: '' }).storyTime).toBe(10);
    expect(messageOf(storyInsertSchema, { ...story, storyTime: -1 })).toBe(
      'Story time must be 0 or more',
    );
    expect(messageOf(storyInsertSchema, { ...story, storyTime: 'soon' })).toBe(
      'Story time must be 0 or more',
    );
  });

  it('takes a story without a button link, and refuses a link that is not valid', () => {
    expect(storyInsertSchema.parse({ storyTime: 5 })).toMatchObject({ btnName: '', btnUrl: '' });
    expect(issueOf(storyInsertSchema, { btnName: 'Go', btnUrl: 'sale' })).toMatchObject({
      message: storyMessages.buttonUrl,
      path: ['btnUrl'],
    });
    expect(messageOf(storyInsertSchema, { ...story, btnUrl: 'sale' })).toBe(
      storyMessages.buttonUrl,
    );
  });

  describe('limit types', () => {
    it('None: both limits 0 and both statuses off', () => {
      expect(storyInsertSchema.parse({ ...story, maxviewLimit: '40' })).toMatchObject(noLimits);
    });

    it('View: the entered view limit, clicks cleared', () => {
      expect(
        storyInsertSchema.parse({
          ...story,
          maxviewLimit: '40',
          maxviewStatus: true,
          maxclickLimit: 3,
        }),
      ).toMatchObject({
        maxviewLimit: 40,
        maxviewStatus: true,
        maxclickLimit: 0,
        maxclickStatus: false,
      });
    });

    it('Click: the entered click limit, views cleared', () => {
      expect(
        storyInsertSchema.parse({
          ...story,
          maxclickLimit: 3,
          maxclickStatus: 'true',
          maxviewLimit: 9,
        }),
      ).toMatchObject({
        maxviewLimit: 0,
        maxviewStatus: false,
        maxclickLimit: 3,
        maxclickStatus: true,
      });
    });

    it('a non-numeric maximum becomes 0', () => {
      expect(
        storyInsertSchema.parse({ ...story, maxclickLimit: 'abc', maxclickStatus: true }),
      ).toMatchObject({ maxclickLimit: 0, maxclickStatus: true });
    });

    it('a negative maximum is refused', () => {
      expect(
        messageOf(storyInsertSchema, { ...story, maxviewLimit: -5, maxviewStatus: true }),
      ).toBe('Maximum views and clicks must be whole numbers, 0 or more');
    });
  });

  describe('story ads', () => {
    it('need the button text and link unless native', () => {
      expect(storyInsertSchema.parse({ ...story, adsStory: true }).adsStory).toBe(true);
      expect(issueOf(storyInsertSchema, { ...story, adsStory: true, btnName: ' ' })).toMatchObject({
        message: storyMessages.buttonText,
        path: ['btnName'],
      });
      expect(messageOf(storyInsertSchema, { adsStory: true, btnName: 'Go' })).toBe(
        storyMessages.buttonUrl,
      );
    });

    it('native ads need the ad unit id, not the button', () => {
      expect(
        storyInsertSchema.parse({ adsStory: true, NTV: true, NTV_ID: ' ca-app-pub-1/2 ' }),
      ).toMatchObject({
        adsStory: true,
        NTV: true,
        NTV_ID: 'ca-app-pub-1/2',
        btnUrl: '',
      });
      expect(issueOf(storyInsertSchema, { adsStory: true, NTV: true })).toMatchObject({
        message: storyMessages.nativeAdId,
        path: ['NTV_ID'],
      });
    });

    it('a story that is not an ad cannot be native', () => {
      expect(messageOf(storyInsertSchema, { ...story, NTV: true, NTV_ID: 'x' })).toBe(
        storyMessages.nativeOnlyForAds,
      );
    });

    it('only a native ad keeps an ad unit id', () => {
      expect(storyInsertSchema.parse({ ...story, adsStory: true, NTV_ID: 'stale' }).NTV_ID).toBe(
        '',
      );
    });
  });
});

describe('storyEditSchema', () => {
  it('adds the status and, for ads, the counts', () => {
    expect(
      storyEditSchema.parse({
        ...story,
        status: 'false',
        adsStory: true,
        view: '12',
        clickBtnCount: 3,
      }),
    ).toMatchObject({ status: false, view: 12, clickBtnCount: 3, adsStory: true });
    expect(storyEditSchema.parse({ ...story, status: true })).not.toHaveProperty('view');
  });

  it('needs the status and refuses negative counts', () => {
    expect(messageOf(storyEditSchema, story)).toBe('Must be true or false');
    expect(messageOf(storyEditSchema, { ...story, status: true, view: -1 })).toBe(
      'Enter only positive numbers',
    );
  });

  it('applies the same story rules', () => {
    expect(messageOf(storyEditSchema, { status: true, adsStory: true, NTV: true })).toBe(
      storyMessages.nativeAdId,
    );
  });
});

describe('storyAddSchema (multipart)', () => {
  const insertData = JSON.stringify(story);

  it('takes insertData as JSON text with an image or a video', () => {
    expect(storyAddSchema.parse({ insertData, image })).toMatchObject({
      insertData: { ...story, storyTime: 10 },
      image,
    });
    expect(storyAddSchema.parse({ insertData, video }).video).toBe(video);
  });

  it('needs a file, and only one', () => {
    expect(issueOf(storyAddSchema, { insertData })).toMatchObject({
      message: uploadMessages.missingImage,
      path: ['image'],
    });
    expect(messageOf(storyAddSchema, { insertData, image, video })).toBe(oneMediaMessage);
  });

  it('checks the file against its slot', () => {
    expect(messageOf(storyAddSchema, { insertData, image: { name: 'a.gif', size: 10 } })).toBe(
      uploadMessages.imageType,
    );
    expect(
      messageOf(storyAddSchema, { insertData, video: { name: 'a.mp4', size: 31_457_281 } }),
    ).toBe(uploadMessages.videoSize);
  });

  it('takes no file for a native story ad', () => {
    const native = JSON.stringify({ adsStory: true, NTV: true, NTV_ID: 'unit-1' });
    expect(storyAddSchema.parse({ insertData: native }).insertData.NTV).toBe(true);
    expect(messageOf(storyAddSchema, { insertData: native, image })).toBe(
      storyMessages.nativeTakesNoFile,
    );
  });

  it('reports the rules of insertData', () => {
    expect(issueOf(storyAddSchema, { insertData: '{"btnUrl":"x"}', image })).toMatchObject({
      message: storyMessages.buttonUrl,
      path: ['insertData', 'btnUrl'],
    });
  });
});

describe('storyEditFieldsSchema (multipart)', () => {
  const insertData = JSON.stringify({ ...story, status: true });

  it('takes _id and insertData; the file is optional', () => {
    expect(storyEditFieldsSchema.parse({ _id: id, insertData })).toMatchObject({
      _id: id,
      insertData: { status: true },
    });
    expect(storyEditFieldsSchema.parse({ _id: id, insertData, video }).video).toBe(video);
  });

  it('refuses a missing id or two files', () => {
    expect(messageOf(storyEditFieldsSchema, { insertData })).toBe('Invalid id');
    expect(messageOf(storyEditFieldsSchema, { _id: id, insertData, image, video })).toBe(
      oneMediaMessage,
    );
  });
});

describe('storyListQuerySchema', () => {
  it('asks 200 a page by default', () => {
    expect(storyListQuerySchema.parse({})).toEqual({ page: 1, limit: 200, q: '' });
  });
});
