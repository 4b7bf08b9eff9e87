import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  categoryAddSchema,
  categoryUpdateSchema,
  subcategoryAddSchema,
  subcategoryUpdateSchema,
} from './categories.js';

const id = '65f1c2a9e4b0a1b2c3d4e5f6';
const categoryId = '65f1c2a9e4b0a1b2c3d4e5f7';
const image = { name: 'shoes.png', size: 1_048_576, type: 'image/png' };
const background = { name: 'bg.jpg', size: 20_000, type: 'image/jpeg' };

const messageOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message ?? null;

describe('categoryAddSchema', () => {
  const add = { name: 'Shoes', image, bg_image: background };

  it('takes a name, a main image and a background image', () => {
    expect(categoryAddSchema.parse({ ...add, name: ' Shoes ' })).toEqual(add);
  });

  it.each([
    [{ ...add, name: ' ' }, 'Enter category name'],
    [{ ...add, image: undefined }, 'Please upload main image'],
    [{ ...add, bg_image: undefined }, 'Please upload background image'],
    [{ ...add, image: { ...image, size: 1_048_577 } }, 'Image size must be less than 1MB'],
    [
      { ...add, bg_image: { name: 'bg.webp', size: 10 } },
      'Only PNG, GIF, JPG, JPEG images are allowed',
    ],
  ])('refuses %#', (value, message) => {
    expect(messageOf(categoryAddSchema, value)).toBe(message);
  });
});

describe('categoryUpdateSchema', () => {
  it('needs the name; the images are optional but checked', () => {
    expect(categoryUpdateSchema.parse({ id, name: 'Shoes' })).toEqual({ id, name: 'Shoes' });
    expect(messageOf(categoryUpdateSchema, { id, name: '' })).toBe('Enter category name');
    expect(
      messageOf(categoryUpdateSchema, {
        id,
        name: 'Shoes',
        bg_image: { ...background, size: 2_000_000 },
      }),
    ).toBe('Image size must be less than 1MB');
  });
});

describe('subcategoryAddSchema', () => {
  const add = { name: 'Sneakers', categoryId, image };

  it('takes a name, its category and a main image', () => {
    expect(subcategoryAddSchema.parse(add)).toEqual(add);
  });

  it.each([
    [{ ...add, name: '' }, 'Select category and name'],
    [{ ...add, categoryId: '' }, 'Select category and name'],
    [{ ...add, categoryId: undefined }, 'Select category and name'],
    [{ ...add, image: undefined }, 'Please upload subcategory main image'],
  ])('refuses %#', (value, message) => {
    expect(messageOf(subcategoryAddSchema, value)).toBe(message);
  });
});

describe('subcategoryUpdateSchema', () => {
  const update = { id, name: 'Sneakers', categoryId };

  it('needs the name and category; the image is optional', () => {
    expect(subcategoryUpdateSchema.parse(update)).toEqual(update);
    expect(messageOf(subcategoryUpdateSchema, { ...update, name: ' ' })).toBe(
      'Enter subcategory name',
    );
    expect(messageOf(subcategoryUpdateSchema, { ...update, categoryId: '' })).toBe(
      'Select a category',
    );
  });
});
