import { productPageSize, wrongAnswerMessages, type Product } from '@dealdesk/core';
import { Button, Group, Paper, Skeleton, Stack, TextInput } from '@mantine/core';
import { IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { confirmWithCaptcha } from '../../ui/captcha.js';
import { CountLink } from '../../ui/CountLink.js';
import { toastSuccess, unwrap } from '../../ui/notify.js';
import { CategoryCell, DateCell, EventBadge, PriceCell, ProductCell } from './columns.js';
import { noFilter, ProductFilters, type ProductFilter } from './ProductFilters.js';
import { ProductPager } from './ProductPager.js';
import { SelectableRows, type RowColumn } from './SelectableRows.js';
import { pageCount, productKeys, useProductList } from './queries.js';
import { useListSearch } from './useListSearch.js';

const columns: RowColumn<Product>[] = [
  { header: 'Product', cell: (product) => <ProductCell product={product} /> },
  { header: 'Price', width: 110, cell: (product) => <PriceCell product={product} /> },
  { header: 'Category', cell: (product) => <CategoryCell product={product} /> },
  { header: 'Event', width: 130, cell: (product) => <EventBadge event={product.events} /> },
  {
    header: 'Views',
    width: 70,
    cell: (product) => <CountLink id={product._id} count={product.view} what="views" />,
  },
  {
    header: 'Clicks',
    width: 70,
    cell: (product) => <CountLink id={product._id} count={product.btn_click} what="clicks" />,
  },
  { header: 'Date', width: 170, cell: (product) => <DateCell product={product} /> },
];

/** /show/Product: filters, search, pages of 100, and bulk delete. */
export function ProductListPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<ProductFilter>(noFilter);
  const { typed, setTyped, search } = useListSearch(setPage);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const list = useProductList({ page, limit: productPageSize, q: search, ...filter });
  const total = list.data?.total ?? 0;

  const remove = useMutation({
    mutationFn: async (ids: string[]) => unwrap(await api.products.remove({ id: ids })).message,
    onSuccess: async (message) => {
      toastSuccess(message);
      setSelected(new Set());
      await queryClient.invalidateQueries({ queryKey: productKeys.all });
    },
    // A failed delete leaves the list for the error page; the query client's toast stays
    // its 2 seconds there.
    onError: () => void navigate(paths.error),
  });
  const askToDelete = async () => {
    const ids = [...selected];
    const solved = await confirmWithCaptcha({
      title: ids.length === 1 ? 'Delete this product?' : `Delete ${ids.length} products?`,
      detail: 'Their images are deleted too. This cannot be undone.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer: wrongAnswerMessages.catalogue,
    });
    if (solved) remove.mutate(ids);
  };
  const changeFilter = (next: ProductFilter) => {
    setFilter(next);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          aria-label="Search products"
          placeholder="Search products by title"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          w={{ base: '100%', sm: 360 }}
        />
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrash size={18} aria-hidden />}
          disabled={selected.size === 0}
          loading={remove.isPending}
          onClick={() => void askToDelete()}
        >
          Delete selected{selected.size === 0 ? '' : ` (${selected.size})`}
        </Button>
      </Group>
      <ProductFilters value={filter} onChange={changeFilter} />
      <Paper p={{ base: 0, sm: 'xs' }} withBorder={false} bg="transparent">
        {list.data === undefined ? (
          <Skeleton h={320} aria-label="Loading products" />
        ) : (
          <Stack gap="sm" opacity={list.isPlaceholderData ? 0.6 : 1}>
            <ProductPager
              shown={list.data.products.length}
              total={total}
              page={page}
              pages={pageCount(total)}
              onPage={setPage}
            />
            <SelectableRows
              caption="Products"
              rows={list.data.products}
              rowLabel={(product) => product.title}
              empty={{ title: 'No products', hint: 'No product matches the search and filters.' }}
              firstNumber={(page - 1) * productPageSize + 1}
              columns={columns}
              selection={{ selected, onSelect: setSelected }}
            />
            <ProductPager total={total} page={page} pages={pageCount(total)} onPage={setPage} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
