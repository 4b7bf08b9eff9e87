import { z } from 'zod';
import { idSchema } from './common.js';
import { requiredText } from './fields.js';
import { atMost } from './limits.js';
import { textLimits } from './text-limits.js';
import { categoryImageRule, fileSlot, optionalFileSlot } from './uploads.js';

export const categoryMessages = {
  categoryName: 'Enter category name',
  mainImage: 'Please upload main image',
  backgroundImage: 'Please upload background image',
  subcategoryCategoryAndName: 'Select category and name',
  subcategoryImage: 'Please upload subcategory main image',
  subcategoryName: 'Enter subcategory name',
  subcategoryCategory: 'Select a category',
} as const;

/** A category chosen from a list: blank means none was chosen. */
const chosenCategory = (message: string) =>
  requiredText(message, atMost('Category', textLimits.code)).pipe(idSchema);

const categoryName = (message: string) =>
  requiredText(message, atMost('Category name', textLimits.name));
const subcategoryName = (message: string) =>
  requiredText(message, atMost('Subcategory name', textLimits.name));

/** POST /api/App/product/category (multipart): name, main image and background image. */
export const categoryAddSchema = z.object({
  name: categoryName(categoryMessages.categoryName),
  image: fileSlot(categoryImageRule, categoryMessages.mainImage),
  bg_image: fileSlot(categoryImageRule, categoryMessages.backgroundImage),
});

/** PUT /api/App/product/category (multipart): the images are optional. */
export const categoryUpdateSchema = z.object({
  id: idSchema,
  name: categoryName(categoryMessages.categoryName),
  image: optionalFileSlot(categoryImageRule),
  bg_image: optionalFileSlot(categoryImageRule),
});

/** POST /api/App/product/subcategory (multipart): name, parent category and main image. */
export const subcategoryAddSchema = z.object({
  name: subcategoryName(categoryMessages.subcategoryCategoryAndName),
  categoryId: chosenCategory(categoryMessages.subcategoryCategoryAndName),
  image: fileSlot(categoryImageRule, categoryMessages.subcategoryImage),
});

/** PUT /api/App/product/subcategory (multipart): the image is optional. */
export const subcategoryUpdateSchema = z.object({
  id: idSchema,
  name: subcategoryName(categoryMessages.subcategoryName),
  categoryId: chosenCategory(categoryMessages.subcategoryCategory),
  image: optionalFileSlot(categoryImageRule),
});
