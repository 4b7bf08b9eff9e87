import {
  formatCount,
  formatDisplayTime,
  productMessages,
  productUpdateSchema,
  type Product,
} from '@dealdesk/core';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { api } from '../../app/api.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { shownInForm, useFormState } from '../../ui/form.js';
import { DraftNotice, hasDraft, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { HistoryLink } from '../../ui/HistoryLink.js';
import { EventBadge, PriceCell } from './columns.js';
import { lastProductList } from './useProductListUrl.js';
import {
  formErrorsOf,
  formValuesOf,
  productDataOf,
  type ProductFormValues,
} from './product-form.js';
import { ProductFields } from './ProductFields.js';
import { productQueries } from './queries.js';
import { SpecificationsEditor, SpecificationsView } from './SpecificationsEditor.js';
import { useAction } from '../../ui/mutations.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </div>
  );
}

function ExternalLink({ href }: { href: string }) {
  return href === '' ? (
    <Text size="sm">—</Text>
  ) : (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {href}
    </Anchor>
  );
}

function ProductView({ product }: { product: Product }) {
  return (
    <Stack gap="md">
      <Paper p="md">
        <Stack gap="md">
          <Title order={2} fz="h3">
            {product.title}
          </Title>
          {product.images.length === 0 ? null : (
            <Group gap="xs" aria-label="Images" role="list">
              {product.images.map((image, index) => (
                <Image
                  key={`${image.url}-${index}`}
                  role="listitem"
                  src={image.url}
                  alt={`Image ${index + 1} of ${product.title}`}
                  w={96}
                  h={96}
                  radius="sm"
                  fit="contain"
                  bg="gray.0"
                />
              ))}
            </Group>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
            <Fact label="Price">
              <PriceCell product={product} />
            </Fact>
            <Fact label="Rating">{product.rating}</Fact>
            <Fact label="Ratings and reviews">{product.ratingsAndReviews}</Fact>
            <Fact label="Delivery">{product.deliveryInfo}</Fact>
            <Fact label="Category">{product.category.name}</Fact>
            <Fact label="Subcategory">{product.subcategory.name}</Fact>
            <Fact label="Event">
              <EventBadge event={product.events} />
            </Fact>
            <Fact label="Sizes">
              {product.availableSizes.length === 0 ? (
                '—'
              ) : (
                <Group gap={4}>
                  {product.availableSizes.map((size) => (
                    <Badge key={size} variant="outline" color="gray">
                      {size}
                    </Badge>
                  ))}
                </Group>
              )}
            </Fact>
            <Fact label="Views">{formatCount(product.view)}</Fact>
            <Fact label="Clicks">{formatCount(product.btn_click)}</Fact>
            <Fact label="Added">{formatDisplayTime(product.createdAt)}</Fact>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Fact label="Original URL">
              <ExternalLink href={product.og_url} />
            </Fact>
            <Fact label="Button URL">
              <ExternalLink href={product.btn_url} />
            </Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
      <Paper p="md">
        <Title order={3} fz="h5" mb="sm">
          Specifications
        </Title>
        <SpecificationsView specifications={product.specifications} />
      </Paper>
    </Stack>
  );
}

const draftKeyOf = (id: string) => `product:${id}`;

/** The edit mode: sizes as comma-separated text; Save goes back to the view with the new data. */
function ProductEdit({ product, onDone }: { product: Product; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useFormState<ProductFormValues>(() => formValuesOf(product));
  const savedSizes = product.availableSizes.join(', ');
  const [sizes, setSizes] = useState(savedSizes);
  const draft = useUnsavedChanges(
    draftKeyOf(product._id),
    { fields: form.values, sizes },
    form.dirty || sizes !== savedSizes,
    (kept) => {
      form.setValues(kept.fields);
      setSizes(kept.sizes);
    },
  );
  const save = useAction({
    mutationFn: async (change: Parameters<typeof api.products.update>[0]) =>
      unwrapOr(await api.products.update(change), {
        failed: 'Failed to update product',
        unreachable: 'An error occurred while updating the product',
      }),
    onSuccess: async (answer) => {
      toastSuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: productQueries.all });
      onDone();
    },
    onError: (error) => form.refused(error, formErrorsOf),
    meta: shownInForm,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { id: product._id, productData: productDataOf(form.values, sizes) };
    const checked = form.checkAll(
      productUpdateSchema,
      input,
      productMessages.required,
      formErrorsOf,
    );
    if (checked !== null) save.mutate(checked);
  };

  return (
    <WritesFieldset>
      <form onSubmit={submit} noValidate aria-label="Edit Product">
        <Stack gap="md">
          <FormRefusal message={form.refusal} />
          <DraftNotice offer={draft} />
          <Paper p="md">
            <ProductFields
              form={form}
              sizes={
                <TextInput
                  label="Available sizes"
                  description="Comma-separated, e.g. S, M, L"
                  value={sizes}
                  error={form.errors.availableSizes}
                  onChange={(event) => {
                    setSizes(event.currentTarget.value);
                    form.setErrors((current) => ({ ...current, availableSizes: undefined }));
                  }}
                />
              }
            />
          </Paper>
          <Paper p="md">
            <Title order={3} fz="h5" mb="sm">
              Specifications
            </Title>
            <SpecificationsEditor
              value={form.values.specifications}
              onChange={(specifications) => form.set('specifications', specifications)}
            />
          </Paper>
          <Group justify="flex-end">
            <Button variant="default" onClick={onDone} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </WritesFieldset>
  );
}

/** /show/product/product-details/{id}: the product, then Edit Product. */
export function ProductDetailPage() {
  const { id = '' } = useParams();
  // A draft kept from an edit the tab was sent away from reopens the edit to offer it back.
  const [editing, setEditing] = useState(() => hasDraft(draftKeyOf(id)));
  const product = useQuery(productQueries.one(id));
  const data = product.data;
  const backTo = lastProductList();

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Group justify="space-between" align="center">
        <Anchor component={Link} to={backTo} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            Back to products
          </Group>
        </Anchor>
        <Group gap="md">
          <HistoryLink kind="product" id={id} />
          {data === null || data === undefined || editing ? null : (
            <Button
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              Edit Product
            </Button>
          )}
        </Group>
      </Group>
      <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
        {editing ? 'Edit Product' : 'Product details'}
      </Title>
      {product.isError || data === null ? (
        <EmptyState
          title="Product not found"
          hint="It may have been deleted. Go back to the product list."
        />
      ) : data === undefined ? (
        <Skeleton h={420} aria-label="Loading the product" />
      ) : editing ? (
        <ProductEdit key={product.dataUpdatedAt} product={data} onDone={() => setEditing(false)} />
      ) : (
        <ProductView product={data} />
      )}
    </Stack>
  );
}
