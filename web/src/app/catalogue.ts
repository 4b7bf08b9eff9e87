// The catalogue's categories and subcategories, shared by the category screen, the product
// forms and the product filters (one cache entry each, refreshed after every change).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api.js';
import { unwrap } from '../ui/notify.js';

const catalogueQueries = {
  categories: queryOptions({
    queryKey: ['categories'],
    queryFn: async () => unwrap(await api.categories.list()).data ?? [],
  }),
  subcategories: queryOptions({
    queryKey: ['subcategories'],
    queryFn: async () => unwrap(await api.subcategories.list()).data ?? [],
  }),
  /** Only the chosen category's subcategories; nothing is asked before a category is chosen. */
  subcategoriesOf: (categoryId: string) =>
    queryOptions({
      queryKey: ['subcategories', 'of', categoryId],
      queryFn: async () =>
        unwrap(await api.subcategories.byCategory({ id: categoryId })).data ?? [],
      enabled: categoryId !== '',
    }),
};

export const useCategories = () => useQuery(catalogueQueries.categories);
export const useSubcategories = () => useQuery(catalogueQueries.subcategories);
export const useSubcategoriesOf = (categoryId: string) =>
  useQuery(catalogueQueries.subcategoriesOf(categoryId));

/** After any category or subcategory change: counts and names show everywhere. */
export function refreshCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'categories' || queryKey[0] === 'subcategories' || queryKey[0] === 'products',
  });
}
