import type { Product } from '@dealdesk/core';
import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProductPager } from './ProductPager.js';
import { pageCount, type useProductList } from './queries.js';
import type { Column, Sorting } from '../../ui/DataTable.js';
import { LoadError } from '../../ui/LoadError.js';
import { SelectableRows, type Selection } from '../../ui/SelectableRows.js';

/**
 * One page of products between two pagers, the top one saying how many show: a skeleton
 * until the first answer, then the page dimmed while the next one loads.
 */
export function ProductPages({
  caption,
  list,
  page,
  pageSize,
  onPage,
  columns,
  selection,
  sorting,
  card,
}: {
  caption: string;
  list: ReturnType<typeof useProductList>;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  columns: readonly Column<Product>[];
  selection: Selection;
  sorting?: Sorting;
  card?: (product: Product) => ReactNode;
}) {
  if (list.data === undefined)
    return list.isError ? (
      <LoadError what="products" retry={() => void list.refetch()} />
    ) : (
      <Skeleton h={320} aria-label="Loading products" />
    );
  const { products, total } = list.data;
  const pages = pageCount(total, pageSize);
  return (
    <Stack gap="sm" opacity={list.isPlaceholderData ? 0.6 : 1}>
      <ProductPager
        shown={products.length}
        total={total}
        page={page}
        pages={pages}
        onPage={onPage}
      />
      <SelectableRows
        caption={caption}
        rows={products}
        rowLabel={(product) => product.title}
        empty={{ title: 'No products', hint: 'No product matches the search and filters.' }}
        firstNumber={(page - 1) * pageSize + 1}
        columns={columns}
        selection={selection}
        sorting={sorting}
        card={card}
      />
      <ProductPager total={total} page={page} pages={pages} onPage={onPage} />
    </Stack>
  );
}
