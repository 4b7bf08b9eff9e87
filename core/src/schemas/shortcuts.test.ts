import { describe, expect, it } from 'vitest';
import { imageMaxBytes } from '../constants.js';
import { shortcutAddSchema, shortcutEditSchema, shortcutListQuerySchema } from './shortcuts.js';
import { uploadMessages } from './uploads.js';

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const logo = { name: 'logo.gif', size: 2_000, type: 'image/gif' };
const add = { name: 'Myntra', url: 'https://www.myntra.com', image: logo };

const messageOf = (schema: typeof shortcutAddSchema | typeof shortcutEditSchema, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('shortcutAddSchema', () => {
  it('takes a title, a link and a GIF or PNG logo; the number may be left to the server', () => {
    expect(shortcutAddSchema.parse({ ...add, name: ' Myntra ' })).toEqual(add);
    expect(shortcutAddSchema.parse({ ...add, s_no: '4' }).s_no).toBe(4);
  });

  it.each([
    [{ ...add, name: '' }, 'Enter a title'],
    [{ ...add, url: 'myntra' }, 'Enter a valid URL'],
    [{ ...add, url: undefined }, 'Enter a valid URL'],
    [{ ...add, image: undefined }, uploadMessages.missingImage],
    [{ ...add, image: { ...logo, name: 'logo.jpg', type: 'image/jpeg' } }, uploadMessages.gifOrPng],
    [{ ...add, image: { ...logo, size: imageMaxBytes + 1 } }, uploadMessages.imageSize],
  ])('refuses %#', (value, message) => {
    expect(messageOf(shortcutAddSchema, value)).toBe(message);
  });
});

describe('shortcutEditSchema', () => {
  const edit = {
    _id: id,
    name: 'Myntra',
    url: 'https://www.myntra.com',
    s_no: '0',
    clickCount: '12',
  };

  it('takes the fields as a multipart body sends them; the image is optional', () => {
    expect(shortcutEditSchema.parse(edit)).toEqual({ ...edit, s_no: 0, clickCount: 12 });
    expect(shortcutEditSchema.parse({ ...edit, image: logo }).image).toBe(logo);
  });

  it.each([[{ s_no: '-1' }], [{ clickCount: -1 }], [{ clickCount: 'many' }], [{ s_no: '' }]])(
    'refuses a negative or missing number: %j',
    (change) => {
      expect(messageOf(shortcutEditSchema, { ...edit, ...change })).toBe(
        'Enter only positive numbers',
      );
    },
  );

  it('still checks a new image', () => {
    expect(messageOf(shortcutEditSchema, { ...edit, image: { name: 'a.webp', size: 10 } })).toBe(
      uploadMessages.gifOrPng,
    );
  });
});

describe('shortcutListQuerySchema', () => {
  it('asks 100 a page by default', () => {
    expect(shortcutListQuerySchema.parse({ a: 'true' })).toEqual({ page: 1, limit: 100, q: '' });
  });
});
