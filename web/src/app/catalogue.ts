// The catalogue's categories and subcategories, shared by the category screen, the product
// forms and the product filters (one cache entry each, refreshed after every change).
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from './api.js';
import { unwrap } from '../ui/notify.js';

export const catalogueKeys = {
  categories: ['categories'],
  subcategories: ['subcategories'],
  subcategoriesOf: (categoryId: string) => ['subcategories', 'of', categoryId],
} as const;

export function useCategories() {
  return useQuery({
    queryKey: catalogueKeys.categories,
    queryFn: async () => unwrap(await api.categories.list()).data ?? [],
  });
}

export function useSubcategories() {
  return useQuery({
    queryKey: catalogueKeys.subcategories,
    queryFn: async () => unwrap(await api.subcategories.list()).data ?? [],
  });
}

/** Only the chosen category's subcategories; nothing is asked before a category is chosen. */
export function useSubcategoriesOf(categoryId: string) {
  return useQuery({
    queryKey: catalogueKeys.subcategoriesOf(categoryId),
    queryFn: async () => unwrap(await api.subcategories.byCategory({ id: categoryId })).data ?? [],
    enabled: categoryId !== '',
  });
}

/** After any category or subcategory change: counts and names show everywhere. */
export function refreshCatalogue(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) =>
      queryKey[0] === 'categories' || queryKey[0] === 'subcategories' || queryKey[0] === 'products',
  });
}
