import {
  byIdSchema,
  categoryAddSchema,
  categoryImageRule,
  categoryUpdateSchema,
  subcategoryAddSchema,
  subcategoryUpdateSchema,
} from '@dealdesk/core';
import type { Module } from '../../context.js';
import { readForm, requiredFile } from '../../http/uploads.js';
import { categoryAnswers } from './messages.js';
import { categoriesService } from './service.js';

const categoryImages = { image: categoryImageRule, bg_image: categoryImageRule };
const subcategoryImages = { image: categoryImageRule };

/** Categories and subcategories of the catalogue (spec part 2, sections 3, 5 and 7). */
export const categoriesModule: Module = (api, context) => {
  const categories = categoriesService(context);
  const path = '/api/App/product/category';
  const subPath = '/api/App/product/subcategory';

  api.get(path, {
    access: 'admin',
    handler: async () => ({
      status: true,
      message: categoryAnswers.categories,
      data: await categories.categories(),
    }),
  });

  api.post(path, {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, categoryImages);
      const { name } = categoryAddSchema.parse(form.input);
      const data = await categories.addCategory({
        name,
        image: requiredFile(form.files.image),
        bg_image: requiredFile(form.files.bg_image),
      });
      return { status: true, message: categoryAnswers.categoryAdded, data };
    },
  });

  api.put(path, {
    access: 'admin',
    handler: async ({ request }) => {
      const form = await readForm(request, categoryImages);
      const { id, name } = categoryUpdateSchema.parse(form.input);
      const data = await categories.updateCategory({
        id,
        name,
        image: form.files.image,
        bg_image: form.files.bg_image,
      });
      return { status: true, message: categoryAnswers.categoryUpdated, data };
    },
  });

  api.delete(`${path}/:id`, {
    access: 'admin',
    params: byIdSchema,
    handler: async ({ params }) => {
      await categories.deleteCategory(params.id);
      return { status: true, message: categoryAnswers.categoryDeleted };
    },
  });

  api.get(subPath, {
    access: 'admin',
    handler: async () => ({
      status: true,
      message: categoryAnswers.subcategories,
      data: await categories.subcategories(),
    }),
  });

  api.get(`${subPath}/by-category/:id`, {
    access: 'admin',
    params: byIdSchema,
    handler: async ({ params }) => ({
      status: true,
      message: categoryAnswers.subcategories,
      data: await categories.subcategoriesOf(params.id),
    }),
  });

  api.post(subPath, {
    access: 'admin',
    idempotent: true,
    handler: async ({ request }) => {
      const form = await readForm(request, subcategoryImages);
      const { name, categoryId } = subcategoryAddSchema.parse(form.input);
      const data = await categories.addSubcategory({
        name,
        categoryId,
        image: requiredFile(form.files.image),
      });
      return { status: true, message: categoryAnswers.subcategoryAdded, data };
    },
  });

  api.put(subPath, {
    access: 'admin',
    handler: async ({ request }) => {
      const form = await readForm(request, subcategoryImages);
      const { id, name, categoryId } = subcategoryUpdateSchema.parse(form.input);
      const data = await categories.updateSubcategory({
        id,
        name,
        categoryId,
        image: form.files.image,
      });
      return { status: true, message: categoryAnswers.subcategoryUpdated, data };
    },
  });

  api.delete(`${subPath}/:id`, {
    access: 'admin',
    params: byIdSchema,
    handler: async ({ params }) => {
      await categories.deleteSubcategory(params.id);
      return { status: true, message: categoryAnswers.subcategoryDeleted };
    },
  });
};
