import { endpoints } from '@dealdesk/core';
import type { Module } from '../../context.js';
import { requiredFile } from '../../http/uploads.js';
import { categoriesService } from './service.js';

/** Categories and subcategories of the catalogue (spec part 2, sections 3, 5 and 7). */
export const categoriesModule: Module = (api, context) => {
  const categories = categoriesService(context);

  api.implement(endpoints.categories.list, {
    handler: async () => ({ data: await categories.categories() }),
  });

  api.implement(endpoints.categories.add, {
    handler: async ({ body, form }) => ({
      data: await categories.addCategory({
        name: body.name,
        image: requiredFile(form.files.image),
        bg_image: requiredFile(form.files.bg_image),
      }),
    }),
  });

  api.implement(endpoints.categories.edit, {
    handler: async ({ body, form }) => ({
      data: await categories.updateCategory({
        id: body.id,
        name: body.name,
        image: form.files.image,
        bg_image: form.files.bg_image,
      }),
    }),
  });

  api.implement(endpoints.categories.remove, {
    handler: async ({ params }) => {
      await categories.deleteCategory(params.id);
      return {};
    },
  });

  api.implement(endpoints.subcategories.list, {
    handler: async () => ({ data: await categories.subcategories() }),
  });

  api.implement(endpoints.subcategories.byCategory, {
    handler: async ({ params }) => ({ data: await categories.subcategoriesOf(params.id) }),
  });

  api.implement(endpoints.subcategories.add, {
    handler: async ({ body, form }) => ({
      data: await categories.addSubcategory({
        name: body.name,
        categoryId: body.categoryId,
        image: requiredFile(form.files.image),
      }),
    }),
  });

  api.implement(endpoints.subcategories.edit, {
    handler: async ({ body, form }) => ({
      data: await categories.updateSubcategory({
        id: body.id,
        name: body.name,
        categoryId: body.categoryId,
        image: form.files.image,
      }),
    }),
  });

  api.implement(endpoints.subcategories.remove, {
    handler: async ({ params }) => {
      await categories.deleteSubcategory(params.id);
      return {};
    },
  });
};
