// The product list's search, filters, sort and page live in the address
// (?q=&category=&event=&sort=&order=&page=), so Back from a product returns to the same
// filtered page, and a link or a reload shows it again. The search is written 500 ms after typing stops (replacing the entry: no history step
// per keystroke) and goes back to page 1, as the spec's search does.
import {
  productEvents,
  productSortFields,
  searchDebounceMs,
  type ProductEvent,
  type ProductSortField,
  type SortOrder,
} from '@dealdesk/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useAddressQuery } from '../../ui/useAddressQuery.js';
import { paths } from '../../app/paths.js';
import type { ProductFilter } from './ProductFilters.js';

const isEvent = (value: string): value is ProductEvent =>
  (productEvents as readonly string[]).includes(value);
export const isSortField = (value: string | null): value is ProductSortField =>
  (productSortFields as readonly (string | null)[]).includes(value);

/** Newest first unless asked; a new sort starts A to Z for titles, highest first otherwise. */
const defaultSort = { sort: 'date', order: 'desc' } as const;
const firstOrder = (field: ProductSortField): SortOrder => (field === 'title' ? 'asc' : 'desc');

/** Where the product list was last left (this tab), for the detail's Back link. */
const lastListKey = 'dealdesk.products.list';

export function lastProductList(): string {
  return sessionStorage.getItem(lastListKey) ?? paths.products;
}

/** Kept as the address changes, not after React renders it: a click may come first. */
function remember(params: URLSearchParams): URLSearchParams {
  const query = params.toString();
  sessionStorage.setItem(lastListKey, `${paths.products}${query === '' ? '' : `?${query}`}`);
  return params;
}

export function useProductListUrl() {
  const [params, changeQuery] = useAddressQuery();
  const setParams = (change: (next: URLSearchParams) => void, options?: { replace: boolean }) =>
    remember(changeQuery(change, options));
  const address = params.toString();
  // Arriving at the list (a link, Back, a reload) is where it was left too.
  useEffect(() => void remember(new URLSearchParams(address)), [address]);
  const search = params.get('q') ?? '';
  const page = Math.max(1, Math.floor(Number(params.get('page') ?? '1')) || 1);
  const requested = params.get('sort');
  const sort = isSortField(requested) ? requested : defaultSort.sort;
  const order: SortOrder = params.get('order') === 'asc' ? 'asc' : 'desc';
  const filter: ProductFilter = {
    categories: params.getAll('category'),
    subCategories: params.getAll('subcategory'),
    events: params.getAll('event').filter(isEvent),
  };

  const [typed, setTyped] = useState(search);
  const [debounced] = useDebouncedValue(typed.trim(), searchDebounceMs);
  /** The search this box last wrote to the address. */
  const written = useRef(search);
  useEffect(() => {
    if (debounced === search) return;
    written.current = debounced;
    setParams(
      (next) => {
        if (debounced === '') next.delete('q');
        else next.set('q', debounced);
        next.delete('page');
      },
      { replace: true },
    );
    // Only a new typed search writes; the address changing (Back) must not write it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  // Back or a link to another search: the box shows what the address asks. Its own search
  // arriving changes nothing: what was typed since (a space, more letters) stays.
  useEffect(() => {
    if (search !== written.current) setTyped(search);
  }, [search]);

  const setPage = (next: number) =>
    setParams((updated) => {
      if (next <= 1) updated.delete('page');
      else updated.set('page', String(next));
    });
  const setFilter = (next: ProductFilter) =>
    setParams((updated) => {
      for (const key of ['category', 'subcategory', 'event', 'page']) updated.delete(key);
      for (const id of next.categories) updated.append('category', id);
      for (const id of next.subCategories) updated.append('subcategory', id);
      for (const event of next.events) updated.append('event', event);
    });
  /** A header click: the same column turns the order round, another starts its own. */
  const setSort = (field: ProductSortField) =>
    setParams((updated) => {
      const nextOrder = field === sort ? (order === 'asc' ? 'desc' : 'asc') : firstOrder(field);
      for (const key of ['sort', 'order', 'page']) updated.delete(key);
      if (field !== defaultSort.sort || nextOrder !== defaultSort.order) {
        updated.set('sort', field);
        updated.set('order', nextOrder);
      }
    });
  return { page, setPage, filter, setFilter, typed, setTyped, search, sort, order, setSort };
}
