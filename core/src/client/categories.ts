import type { Category, Subcategory } from '../entities/catalogue.js';
import type {
  CategoryAddInput,
  CategoryUpdateInput,
  SubcategoryAddInput,
  SubcategoryUpdateInput,
} from '../schemas/index.js';
import { command, multipart, segment } from './command.js';
import type { ClientInput } from './inputs.js';

const categoryPath = '/api/App/product/category';
const subcategoryPath = '/api/App/product/subcategory';

export const categories = {
  list: () => command<{ data: Category[] }>({ method: 'GET', path: categoryPath, auth: 'bearer' }),
  add: (input: ClientInput<CategoryAddInput>) =>
    command({ method: 'POST', path: categoryPath, body: multipart(input), auth: 'bearer' }),
  edit: (input: ClientInput<CategoryUpdateInput>) =>
    command({ method: 'PUT', path: categoryPath, body: multipart(input), auth: 'bearer' }),
  remove: (id: string) =>
    command({ method: 'DELETE', path: `${categoryPath}/${segment(id)}`, auth: 'bearer' }),
};

export const subcategories = {
  list: () =>
    command<{ data: Subcategory[] }>({ method: 'GET', path: subcategoryPath, auth: 'bearer' }),
  add: (input: ClientInput<SubcategoryAddInput>) =>
    command({ method: 'POST', path: subcategoryPath, body: multipart(input), auth: 'bearer' }),
  edit: (input: ClientInput<SubcategoryUpdateInput>) =>
    command({ method: 'PUT', path: subcategoryPath, body: multipart(input), auth: 'bearer' }),
  remove: (id: string) =>
    command({ method: 'DELETE', path: `${subcategoryPath}/${segment(id)}`, auth: 'bearer' }),
  byCategory: (categoryId: string) =>
    command<{ data: Subcategory[] }>({
      method: 'GET',
      path: `${subcategoryPath}/by-category/${segment(categoryId)}`,
      auth: 'bearer',
    }),
};
