// The catalogue's categories and subcategories, shared by the category screen, the product
// forms and the product filters (one cache entry each, refreshed after every change).
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api.js';
import { unwrapOr, type FailureTexts } from '../ui/notify.js';

/** Loading or saving categories and subcategories fails as 'Something went wrong!' (spec). */
export const categoryFailure: FailureTexts = {
  failed: 'Something went wrong!',
  unreachable: 'Something went wrong!',
};

const catalogueQueries = {
  categories: queryOptions({
    queryKey: ['categories'],
    queryFn: async () => unwrapOr(await api.categories.list(), categoryFailure).data ?? [],
  }),
  subcategories: queryOptions({
    queryKey: ['subcategories'],
    queryFn: async () => unwrapOr(await api.subcategories.list(), categoryFailure).data ?? [],
  }),
  /** Only the chosen category's subcategories; nothing is asked before a category is chosen. */
  subcategoriesOf: (categoryId: string) =>
    queryOptions({
      queryKey: ['subcategories', 'of', categoryId],
      queryFn: async () =>
        unwrapOr(await api.subcategories.byCategory({ id: categoryId }), categoryFailure).data ??
        [],
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
