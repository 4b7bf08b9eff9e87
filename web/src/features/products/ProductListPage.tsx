import {
  mobileBreakpointPx,
  productPageSize,
  productPhonePageSize,
  wrongAnswerMessages,
  type Product,
} from '@dealdesk/core';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { api } from '../../app/api.js';
import { paths } from '../../app/paths.js';
import { confirmWithCaptcha, typedConfirmationAbove } from '../../ui/captcha.js';
import { CountLink } from '../../ui/CountLink.js';
import type { Column } from '../../ui/DataTable.js';
import { toastSuccess, unwrap } from '../../ui/notify.js';
import { deleteTitle, useAction } from '../../ui/mutations.js';
import { useRowSelection } from '../../ui/useRowSelection.js';
import {
  CategoryCell,
  DateCell,
  EventBadge,
  PriceCell,
  ProductCard,
  ProductCell,
} from './columns.js';
import { DeleteSelectedButton } from '../../ui/DeleteSelectedButton.js';
import { ExportButton } from '../../ui/ExportButton.js';
import { ListSearchInput } from '../../ui/ListSearchInput.js';
import { ProductFilters } from './ProductFilters.js';
import { ProductPages } from './ProductPages.js';
import { productQueries, useProductList } from './queries.js';
import { isSortField, useProductListUrl } from './useProductListUrl.js';

const columns: Column<Product>[] = [
  { header: 'Product', sortKey: 'title', cell: (product) => <ProductCell product={product} /> },
  {
    header: 'Price',
    width: 110,
    sortKey: 'price',
    cell: (product) => <PriceCell product={product} />,
  },
  { header: 'Category', cell: (product) => <CategoryCell product={product} /> },
  { header: 'Event', width: 130, cell: (product) => <EventBadge event={product.events} /> },
  {
    header: 'Views',
    width: 80,
    sortKey: 'views',
    cell: (product) => (
      <CountLink id={product._id} name={product.title} count={product.view} what="views" />
    ),
  },
  {
    header: 'Clicks',
    width: 80,
    sortKey: 'clicks',
    cell: (product) => (
      <CountLink id={product._id} name={product.title} count={product.btn_click} what="clicks" />
    ),
  },
  {
    header: 'Date',
    width: 170,
    sortKey: 'date',
    cell: (product) => <DateCell product={product} />,
  },
];

const phoneQuery = `(max-width: ${mobileBreakpointPx - 1}px)`;
const productCard = (product: Product) => <ProductCard product={product} />;

/** /show/Product: filters, search, pages of 100 (20 on a phone), and bulk delete. */
export function ProductListPage() {
  // Read at once, not after a first render: the first page asked is the phone's.
  const phone = useMediaQuery(phoneQuery, window.matchMedia(phoneQuery).matches, {
    getInitialValueInEffect: false,
  });
  const pageSize = phone ? productPhonePageSize : productPageSize;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { page, setPage, filter, setFilter, typed, setTyped, search, sort, order, setSort } =
    useProductListUrl();
  const list = useProductList({ page, limit: pageSize, q: search, ...filter, sort, order });
  const { selected, setSelected, clear } = useRowSelection(list.data?.products, {
    page,
    filter,
    search,
    sort,
    order,
  });

  const remove = useAction({
    mutationFn: async (ids: string[]) => unwrap(await api.products.remove({ id: ids })).message,
    onSuccess: async (message) => {
      toastSuccess(message);
      clear();
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
    },
    // Any failed delete (spec part 2, section 8), not only an unreachable one, leaves the list
    // for the error page; the query client's toast stays its 2 seconds there.
    onError: () => void navigate(paths.error),
    meta: { stayOnFailure: true },
  });
  const askToDelete = async () => {
    const ids = [...selected];
    const solved = await confirmWithCaptcha({
      title: deleteTitle(
        'product',
        ids,
        (id) => list.data?.products.find((p) => p._id === id)?.title,
      ),
      detail: 'Their images are deleted too. This cannot be undone.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer: wrongAnswerMessages.catalogue,
      typeAdmin: ids.length > typedConfirmationAbove,
    });
    if (solved) remove.mutate(ids);
  };

  return (
    <Stack gap="md">
      <ListSearchInput
        typed={typed}
        setTyped={setTyped}
        aria-label="Search products"
        placeholder="Search products by title"
        w={{ base: '100%', sm: 360 }}
      />
      {/* The bulk actions stay in view under the top bar while ticked rows scroll by. */}
      <Group
        justify="flex-end"
        gap="sm"
        py={6}
        role="toolbar"
        aria-label="Product actions"
        style={{
          position: 'sticky',
          top: 'var(--app-shell-header-offset, 0px)',
          zIndex: 3,
          background: 'var(--mantine-color-body)',
        }}
      >
        {selected.size === 0 ? null : (
          <Text size="sm" mr="auto">
            {selected.size} selected
          </Text>
        )}
        <ExportButton
          exportCsv={() => api.products.export({ q: search, ...filter, sort, order })}
          what="products"
        />
        <DeleteSelectedButton
          count={selected.size}
          loading={remove.isPending}
          onClick={() => void askToDelete()}
        />
      </Group>
      <ProductFilters value={filter} onChange={setFilter} />
      <Paper p={{ base: 0, sm: 'xs' }} withBorder={false} bg="transparent">
        <ProductPages
          caption="Products"
          list={list}
          page={page}
          pageSize={pageSize}
          onPage={setPage}
          columns={columns}
          card={productCard}
          selection={{ selected, onSelect: setSelected }}
          sorting={{
            by: sort,
            order,
            onSort: (key) => {
              if (isSortField(key)) setSort(key);
            },
          }}
        />
      </Paper>
    </Stack>
  );
}
