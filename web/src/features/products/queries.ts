import { productPageSize, type ProductListRequest } from '@dealdesk/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api.js';
import { unwrap } from '../../ui/notify.js';

export const productKeys = {
  all: ['products'],
  list: (query: ProductListRequest) => ['products', 'list', query],
  one: (id: string) => ['products', 'one', id],
} as const;

/** One page of products; the previous page stays on screen while the next one loads. */
export function useProductList(query: ProductListRequest) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: async () => {
      const answer = unwrap(await api.products.list(query));
      return { products: answer.data ?? [], total: answer.totalRecord ?? 0 };
    },
    placeholderData: keepPreviousData,
  });
}

/** Pages of 100: total over 100 rounded up, at least one page (spec section 9). */
export function pageCount(total: number, pageSize: number = productPageSize): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
