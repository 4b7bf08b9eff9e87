import { productPageSize, type ProductListRequest } from '@dealdesk/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap, unwrapOr } from '../../ui/notify.js';

const productsKey = ['products'] as const;

export const productQueries = {
  /** Every list page and product, for a refresh after a change. */
  all: productsKey,
  /** One page of products; the previous page stays on screen while the next one loads. */
  list: (query: ProductListRequest) =>
    queryOptions({
      queryKey: [...productsKey, 'list', query],
      queryFn: async () => {
        const answer = unwrap(await api.products.list(query));
        return { products: answer.data ?? [], total: answer.totalRecord ?? 0 };
      },
      placeholderData: keepPreviousData,
    }),
  one: (id: string) =>
    queryOptions({
      queryKey: [...productsKey, 'one', id],
      queryFn: async () =>
        unwrapOr(await api.products.get({ id }), {
          failed: 'Failed to fetch product data',
          unreachable: 'An error occurred while fetching product data',
        }).data ?? null,
    }),
};

export const useProductList = (query: ProductListRequest) => useQuery(productQueries.list(query));

/** Pages of 100: total over 100 rounded up, at least one page (spec section 9). */
export function pageCount(total: number, pageSize: number = productPageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
