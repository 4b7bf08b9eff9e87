import {
  eventScreenLabel,
  productByEventPageSize,
  productEventUpdateSchema,
  productEvents,
  type Product,
  type ProductEvent,
} from '@dealdesk/core';
import { ActionIcon, Button, Group, Paper, Select, Stack } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { CountLink } from '../../ui/CountLink.js';
import type { Column } from '../../ui/DataTable.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { useFormState } from '../../ui/form.js';
import { useRowSelection } from '../../ui/useRowSelection.js';
import { FilterChip } from './FilterChip.js';
import { DateCell, EventBadge, PriceCell, ProductCell } from './columns.js';
import { ListSearchInput } from '../../ui/ListSearchInput.js';
import { ProductPages } from './ProductPages.js';
import { productQueries, useProductList } from './queries.js';
import { useListSearch } from '../../ui/useListSearch.js';
import { useApiMutation } from '../../ui/mutations.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

const allEvents = 'all';
/** The event screen's wording: All Events, Best Deals, Trending, Now Launch, None. */
const eventChoices = productEvents.map((event) => ({
  value: event,
  label: eventScreenLabel(event),
}));

const columns: Column<Product>[] = [
  { header: 'Product', cell: (product) => <ProductCell product={product} /> },
  { header: 'Price', width: 110, cell: (product) => <PriceCell product={product} /> },
  { header: 'Cat', cell: (product) => product.category.name },
  {
    header: 'Event',
    width: 120,
    cell: (product) => <EventBadge event={product.events} screen="events" />,
  },
  {
    header: 'Click',
    width: 70,
    cell: (product) => (
      <CountLink id={product._id} name={product.title} count={product.btn_click} what="clicks" />
    ),
  },
  { header: 'Date', width: 170, cell: (product) => <DateCell product={product} /> },
  {
    header: 'Actions',
    width: 80,
    cell: (product) => (
      <ActionIcon
        component={Link}
        to={paths.productDetails(product._id)}
        variant="subtle"
        title="View details"
        aria-label={`View details of ${product.title}`}
      >
        <IconEye size={18} aria-hidden />
      </ActionIcon>
    ),
  },
];

/** /show/Prodcut/event: products by event, and one event given to the checked products. */
export function ProductEventsPage() {
  const [page, setPage] = useState(1);
  const [shownEvent, setShownEvent] = useState<ProductEvent | typeof allEvents>(allEvents);
  const { typed, setTyped, search } = useListSearch(setPage);
  // The event to give: 'Please select an event' stays beside it until one is chosen.
  const form = useFormState<{ event: ProductEvent | '' }>({ event: '' });
  // As the spec's screen asks: the two other filters empty, the event or null.
  const list = useProductList({
    page,
    limit: productByEventPageSize,
    q: search,
    categories: '',
    subCategories: '',
    events: shownEvent === allEvents ? null : shownEvent,
  });

  const { selected, setSelected, clear } = useRowSelection(list.data?.products, {
    page,
    shownEvent,
    search,
  });

  const update = useApiMutation(
    (change: { id: string[]; event: ProductEvent }, client) => client.products.updateEvents(change),
    {
      refresh: productQueries.all,
      failure: {
        failed: 'Failed to update events',
        unreachable: 'An error occurred while updating events',
      },
      form,
    },
  );
  const hasRefusal = (form.refusal ?? form.errors.id) !== undefined;
  /** Checking products clears the refusal that none was checked. */
  const select = (next: Set<string>) => {
    setSelected(next);
    form.setErrors((current) => ({ ...current, id: undefined }));
  };
  const assign = () => {
    const checked = form.check(productEventUpdateSchema, {
      id: [...selected],
      event: form.values.event,
    });
    if (checked !== null)
      update.mutate(checked, {
        onSuccess: () => {
          clear();
          form.reset({ event: '' });
        },
      });
  };
  const showEvent = (event: string | null) => {
    setShownEvent((event ?? allEvents) as ProductEvent | typeof allEvents);
    setPage(1);
  };

  return (
    <Stack gap="md">
      <Paper p="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Event"
            data={[{ value: allEvents, label: 'All Events' }, ...eventChoices]}
            value={shownEvent}
            onChange={showEvent}
            allowDeselect={false}
            w={{ base: '100%', xs: 180 }}
          />
          <ListSearchInput
            typed={typed}
            setTyped={setTyped}
            label="Search"
            placeholder="Search products by title"
            style={{ flex: '1 1 220px' }}
          />
        </Group>
        {shownEvent === allEvents ? null : (
          <Group mt="sm" gap={6} role="group" aria-label="Active filters">
            <FilterChip
              label={`Event: ${eventScreenLabel(shownEvent)}`}
              onRemove={() => showEvent(null)}
            />
          </Group>
        )}
      </Paper>
      <WritesFieldset>
        <Paper p="sm" aria-label="Assign an event" role="group">
          {/* No product checked, or the server's refusal: until the selection or event changes. */}
          <FormRefusal message={form.refusal ?? form.errors.id} />
          <Group gap="sm" align="flex-end" wrap="wrap" mt={hasRefusal ? 'sm' : 0}>
            <Select
              label={`Event for the ${selected.size} checked ${selected.size === 1 ? 'product' : 'products'}`}
              placeholder="Choose an event"
              data={eventChoices}
              value={form.values.event === '' ? null : form.values.event}
              error={form.errors.event}
              onChange={(event) => form.set('event', (event ?? '') as ProductEvent | '')}
              w={{ base: '100%', xs: 280 }}
            />
            <Button onClick={assign} loading={update.isPending}>
              Update event
            </Button>
          </Group>
        </Paper>
      </WritesFieldset>
      <ProductPages
        caption="Products by event"
        list={list}
        page={page}
        pageSize={productByEventPageSize}
        onPage={setPage}
        columns={columns}
        selection={{ selected, onSelect: select }}
      />
    </Stack>
  );
}
