import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { categoryImageMaxBytes, imageMaxBytes, MB, videoMaxBytes } from '../constants.js';
import {
  bannerImageAddRule,
  bannerImageUpdateRule,
  categoryImageRule,
  checkMedia,
  checkUpload,
  extensionOf,
  fileSlot,
  imageRule,
  mediaSlots,
  notificationIconRule,
  optionalFileSlot,
  productImageRule,
  shortcutImageRule,
  uploadMessages,
  videoRule,
} from './uploads.js';

const file = (name: string, size = 1_000, type?: string) => ({ name, size, type });

describe('the spec messages', () => {
  it('are verbatim', () => {
    expect(uploadMessages).toEqual({
      imageType: 'Please select a valid image file. Allowed types: png, jpg, jpeg',
      imageSize: 'The image file size should not exceed 2 MB.',
      videoType: 'Please select a valid video file. Allowed types: mp4',
      videoSize: 'The video file size should not exceed 30 MB.',
      gifOrPng: 'Only GIF and PNG files are allowed. Please select an image with a valid format.',
      pngOnly: 'Only PNG files are allowed. Please select an image with a valid format.',
      categoryImageType: 'Only PNG, GIF, JPG, JPEG images are allowed',
      categoryImageSize: 'Image size must be less than 1MB',
      productImageType: 'Only PNG, JPG, JPEG, and GIF files are allowed',
      missingImage: 'Please select a valid image to upload.',
      inHouseMissingFiles: 'select valid image , video and icon file',
    });
  });
});

describe('extensionOf', () => {
  it.each([
    ['photo.PNG', 'png'],
    ['archive.tar.gz', 'gz'],
    ['noext', ''],
    ['.hidden', 'hidden'],
  ])('%s -> %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });
});

describe('checkUpload', () => {
  describe('images', () => {
    it.each(['a.png', 'a.jpg', 'a.jpeg', 'A.JPG'])('accepts %s', (name) => {
      expect(checkUpload(file(name), imageRule)).toBeNull();
    });

    it.each(['a.gif', 'a.webp', 'a.mp4', 'png', 'a.png.exe'])('refuses %s', (name) => {
      expect(checkUpload(file(name), imageRule)).toBe(uploadMessages.imageType);
    });

    it('accepts exactly 2,097,152 bytes and refuses one more', () => {
      expect(imageMaxBytes).toBe(2_097_152);
      expect(checkUpload(file('a.png', 2_097_152), imageRule)).toBeNull();
      expect(checkUpload(file('a.png', 2_097_153), imageRule)).toBe(uploadMessages.imageSize);
    });

    it('checks the type before the size', () => {
      expect(checkUpload(file('a.gif', 10 * MB), imageRule)).toBe(uploadMessages.imageType);
    });

    it('checks a known MIME type against the extension', () => {
      expect(checkUpload(file('a.png', 10, 'image/png'), imageRule)).toBeNull();
      expect(checkUpload(file('a.jpg', 10, 'IMAGE/JPEG'), imageRule)).toBeNull();
      expect(checkUpload(file('a.png', 10, ''), imageRule)).toBeNull();
      expect(checkUpload(file('a.png', 10, 'text/html'), imageRule)).toBe(uploadMessages.imageType);
    });

    it('refuses an empty file', () => {
      expect(checkUpload(file('a.png', 0), imageRule)).toBe(uploadMessages.imageType);
    });
  });

  describe('videos', () => {
    it('accepts mp4 only', () => {
      expect(checkUpload(file('clip.mp4', 10, 'video/mp4'), videoRule)).toBeNull();
      expect(checkUpload(file('clip.mov'), videoRule)).toBe(uploadMessages.videoType);
      expect(checkUpload(file('clip.png'), videoRule)).toBe(uploadMessages.videoType);
    });

    it('accepts exactly 31,457,280 bytes and refuses one more', () => {
      expect(videoMaxBytes).toBe(31_457_280);
      expect(checkUpload(file('clip.mp4', 31_457_280), videoRule)).toBeNull();
      expect(checkUpload(file('clip.mp4', 31_457_281), videoRule)).toBe(uploadMessages.videoSize);
    });
  });

  it('shortcut logos: GIF and PNG, shared image size', () => {
    expect(checkUpload(file('logo.gif', 10, 'image/gif'), shortcutImageRule)).toBeNull();
    expect(checkUpload(file('logo.png'), shortcutImageRule)).toBeNull();
    expect(checkUpload(file('logo.jpg'), shortcutImageRule)).toBe(uploadMessages.gifOrPng);
    expect(checkUpload(file('logo.png', imageMaxBytes + 1), shortcutImageRule)).toBe(
      uploadMessages.imageSize,
    );
  });

  it('banner images: PNG only, worded per screen', () => {
    expect(checkUpload(file('b.png'), bannerImageAddRule)).toBeNull();
    expect(checkUpload(file('b.jpg'), bannerImageAddRule)).toBe(uploadMessages.pngOnly);
    expect(checkUpload(file('b.png'), bannerImageUpdateRule)).toBeNull();
    expect(checkUpload(file('b.gif'), bannerImageUpdateRule)).toBe(uploadMessages.gifOrPng);
    expect(checkUpload(file('b.png', imageMaxBytes + 1), bannerImageAddRule)).toBe(
      uploadMessages.imageSize,
    );
  });

  it('category images: PNG, GIF, JPG, JPEG; exactly 1 MB accepted, one byte more refused', () => {
    for (const name of ['c.png', 'c.gif', 'c.jpg', 'c.jpeg']) {
      expect(checkUpload(file(name), categoryImageRule)).toBeNull();
    }
    expect(checkUpload(file('c.webp'), categoryImageRule)).toBe(uploadMessages.categoryImageType);
    expect(categoryImageMaxBytes).toBe(1_048_576);
    expect(checkUpload(file('c.png', 1_048_576), categoryImageRule)).toBeNull();
    expect(checkUpload(file('c.png', 1_048_577), categoryImageRule)).toBe(
      uploadMessages.categoryImageSize,
    );
  });

  it('product images: png, jpg, jpeg, gif within 2 MB', () => {
    for (const name of ['p.png', 'p.jpg', 'p.jpeg', 'p.gif']) {
      expect(checkUpload(file(name), productImageRule)).toBeNull();
    }
    expect(checkUpload(file('p.bmp'), productImageRule)).toBe(uploadMessages.productImageType);
    expect(checkUpload(file('p.gif', imageMaxBytes + 1), productImageRule)).toBe(
      uploadMessages.imageSize,
    );
  });

  it('notification icons: png, jpg, jpeg, gif within 2 MB, shared messages', () => {
    for (const name of ['n.png', 'n.jpg', 'n.jpeg', 'n.gif']) {
      expect(checkUpload(file(name), notificationIconRule)).toBeNull();
    }
    expect(checkUpload(file('n.svg'), notificationIconRule)).toBe(uploadMessages.imageType);
    expect(checkUpload(file('n.gif', imageMaxBytes + 1), notificationIconRule)).toBe(
      uploadMessages.imageSize,
    );
  });
});

describe('file slots', () => {
  const messageOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error?.issues[0]?.message ?? null;

  it('keep the file object itself', () => {
    class Picked {
      constructor(
        readonly name: string,
        readonly size: number,
      ) {}
    }
    const picked = new Picked('a.png', 10);
    expect(fileSlot(imageRule).parse(picked)).toBe(picked);
  });

  it('give the missing message when empty, the rule message when refused', () => {
    const slot = fileSlot(categoryImageRule, 'Please upload main image');
    expect(messageOf(slot, undefined)).toBe('Please upload main image');
    expect(messageOf(slot, 'a.png')).toBe('Please upload main image');
    expect(messageOf(slot, file('a.webp'))).toBe(uploadMessages.categoryImageType);
    expect(messageOf(fileSlot(imageRule), undefined)).toBe(uploadMessages.missingImage);
  });

  it('optional slots accept nothing but still check a file', () => {
    expect(optionalFileSlot(imageRule).parse(undefined)).toBeUndefined();
    expect(messageOf(optionalFileSlot(imageRule), file('a.png', imageMaxBytes + 1))).toBe(
      uploadMessages.imageSize,
    );
  });
});

describe('media pairs', () => {
  const media = (required: boolean) =>
    z
      .object(mediaSlots(imageRule))
      .superRefine((value, context) => checkMedia(value, context, required));
  const issue = (required: boolean, value: unknown) =>
    media(required).safeParse(value).error?.issues[0];

  it('take an image or a video', () => {
    expect(media(true).safeParse({ image: file('a.png') }).success).toBe(true);
    expect(media(true).safeParse({ video: file('a.mp4') }).success).toBe(true);
  });

  it('never both', () => {
    expect(issue(false, { image: file('a.png'), video: file('a.mp4') })).toMatchObject({
      message: 'Select either an image or a video, not both',
      path: ['video'],
    });
  });

  it('need one where a file is required', () => {
    expect(issue(true, {})).toMatchObject({
      message: uploadMessages.missingImage,
      path: ['image'],
    });
    expect(media(false).safeParse({}).success).toBe(true);
  });

  it('check each file against its slot', () => {
    expect(issue(true, { video: file('a.png') })?.message).toBe(uploadMessages.videoType);
    expect(issue(true, { image: file('a.mp4') })?.message).toBe(uploadMessages.imageType);
  });
});
