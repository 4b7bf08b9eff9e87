import { api as calls } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { requiredFile } from '../../http/uploads.js';
import { categoriesService } from './service.js';

/** Categories and subcategories of the catalogue (spec part 2, sections 3, 5 and 7). */
export const categoriesModule: Module = (api, context) => {
  const categories = categoriesService(context);

  api.implement(calls.categories.list, {
    handler: async () => ({ data: await categories.categories() }),
  });

  api.implement(calls.categories.add, {
    handler: async ({ body, form }) => ({
      data: await categories.addCategory({
        name: body.name,
        image: requiredFile(form.files.image),
        bg_image: requiredFile(form.files.bg_image),
      }),
    }),
  });

  api.implement(calls.categories.edit, {
    handler: async ({ body, form }) => ({
      data: await categories.updateCategory({
        id: body.id,
        name: body.name,
        image: form.files.image,
        bg_image: form.files.bg_image,
      }),
    }),
  });

  api.implement(calls.categories.remove, {
    handler: async ({ params }) => {
      await categories.deleteCategory(params.id);
      return {};
    },
  });

  api.implement(calls.subcategories.list, {
    handler: async () => ({ data: await categories.subcategories() }),
  });

  api.implement(calls.subcategories.byCategory, {
    handler: async ({ params }) => ({ data: await categories.subcategoriesOf(params.id) }),
  });

  api.implement(calls.subcategories.add, {
    handler: async ({ body, form }) => ({
      data: await categories.addSubcategory({
        name: body.name,
        categoryId: body.categoryId,
        image: requiredFile(form.files.image),
      }),
    }),
  });

  api.implement(calls.subcategories.edit, {
    handler: async ({ body, form }) => ({
      data: await categories.updateSubcategory({
        id: body.id,
        name: body.name,
        categoryId: body.categoryId,
        image: form.files.image,
      }),
    }),
  });

  api.implement(calls.subcategories.remove, {
    handler: async ({ params }) => {
      await categories.deleteSubcategory(params.id);
      return {};
    },
  });
};
