import type { Category, Subcategory } from '@dealdesk/core';
import { Grid, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { api } from '../../app/api.js';
import { confirmWithCaptcha } from '../../ui/captcha.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import type { ListQuery } from '../../ui/LoadError.js';
import { toastSuccess, unwrapOr } from '../../ui/notify.js';
import { RowActions } from '../../ui/RowActions.js';
import { CategoryForm } from './CategoryForm.js';
import { MediaThumb } from '../../ui/MediaThumb.js';
import { categoryWrongAnswer } from './messages.js';
import {
  categoryFailure,
  refreshCatalogue,
  useCategories,
  useSubcategories,
} from '../../app/catalogue.js';
import { matchingCategories, matchingSubcategories } from './search.js';
import { SubcategoryForm } from './SubcategoryForm.js';
import { useAction } from '../../ui/mutations.js';

type Half = 'all' | 'categories' | 'subcategories';

/** Deletes one category or subcategory after the catalogue's captcha. */
function useCatalogueDelete() {
  const queryClient = useQueryClient();
  const remove = useAction({
    mutationFn: async ({
      send,
    }: {
      send: () => ReturnType<typeof api.categories.remove>;
      success: string;
    }) => unwrapOr(await send(), categoryFailure),
    onSuccess: async (_answer, { success }) => {
      toastSuccess(success);
      await refreshCatalogue(queryClient);
    },
  });
  return async (
    what: string,
    send: () => ReturnType<typeof api.categories.remove>,
    success: string,
  ) => {
    const solved = await confirmWithCaptcha({
      title: `Delete ${what}?`,
      detail: 'Its images are deleted too. This cannot be undone.',
      confirmLabel: 'Delete',
      danger: true,
      wrongAnswer: categoryWrongAnswer,
    });
    if (solved) remove.mutate({ send, success });
  };
}

function SearchBox({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextInput
      type="search"
      size="xs"
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={14} aria-hidden />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: 220 }}
    />
  );
}

/** The pencil's effect: the form shows the item, comes into view and takes the focus. */
function useEditTarget<Item>(
  form: RefObject<HTMLDivElement | null>,
  name: RefObject<HTMLInputElement | null>,
) {
  const [editing, setEditing] = useState<Item | null>(null);
  const edit = (item: Item) => {
    setEditing(item);
    // After the form has re-rendered with the item.
    requestAnimationFrame(() => {
      form.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      name.current?.focus({ preventScroll: true });
    });
  };
  return { editing, edit, done: () => setEditing(null) };
}

interface CatalogueRow {
  _id: string;
  name: string;
  main_image: string;
}

/** A half's columns: its image and name, its own counts, and the pencil and bin. */
function catalogueColumns<Row extends CatalogueRow>(
  counts: Column<Row>[],
  onEdit: (row: Row) => void,
  onDelete: (row: Row) => void,
): Column<Row>[] {
  return [
    {
      header: 'Image',
      width: 64,
      cell: (row) => <MediaThumb image={row.main_image} label={row.name} />,
    },
    { header: 'Name', cell: (row) => row.name },
    ...counts,
    {
      header: 'Actions',
      width: 96,
      cell: (row) => (
        <RowActions name={row.name} onEdit={() => onEdit(row)} onDelete={() => onDelete(row)} />
      ),
    },
  ];
}

/**
 * One half of the screen: its form (the pencil scrolls to it), then its list with a search
 * box. Under md only the half the switch shows is displayed.
 */
function CatalogueHalf<Row extends CatalogueRow>({
  shown,
  formRef,
  form,
  caption,
  items,
  matching,
  columns,
  empty,
}: {
  shown: boolean;
  formRef: RefObject<HTMLDivElement | null>;
  form: ReactNode;
  caption: 'Categories' | 'Subcategories';
  items: ListQuery & { data: Row[] | undefined };
  matching: (rows: readonly Row[], search: string) => Row[];
  columns: Column<Row>[];
  empty: { title: string; hint: string };
}) {
  const [search, setSearch] = useState('');
  return (
    <Grid.Col span={{ base: 12, md: 6 }} display={{ base: shown ? 'block' : 'none', md: 'block' }}>
      <Stack gap="md">
        <div ref={formRef} style={{ scrollMarginTop: 80 }}>
          {form}
        </div>
        <DataTable
          caption={caption}
          rows={items.data === undefined ? undefined : matching(items.data, search)}
          columns={columns}
          query={items}
          empty={empty}
          rowLabel={(row) => row.name}
          // Two halves side by side from 992 px: a narrower table fits its half without
          // hiding Products, Edit and Delete behind a sideways scroll.
          minWidth={480}
          toolbar={
            <SearchBox
              label={`Search ${caption.toLowerCase()}`}
              value={search}
              onChange={setSearch}
            />
          }
        />
      </Stack>
    </Grid.Col>
  );
}

/** /add/Product/category: categories and subcategories, each with its form and its list. */
export function CategoriesPage() {
  const categories = useCategories();
  const subcategories = useSubcategories();
  const askToDelete = useCatalogueDelete();
  const [half, setHalf] = useState<Half>('all');
  const categoryForm = useRef<HTMLDivElement>(null);
  const categoryName = useRef<HTMLInputElement>(null);
  const subcategoryForm = useRef<HTMLDivElement>(null);
  const subcategoryName = useRef<HTMLInputElement>(null);
  const category = useEditTarget<Category>(categoryForm, categoryName);
  const subcategory = useEditTarget<Subcategory>(subcategoryForm, subcategoryName);

  const categoryColumns = catalogueColumns<Category>(
    [
      { header: 'Subcategories', width: 120, cell: (row) => row.total_sub },
      { header: 'Products', width: 100, cell: (row) => row.total_products },
    ],
    category.edit,
    (row) =>
      void askToDelete(
        `category '${row.name}'`,
        () => api.categories.remove({ id: row._id }),
        'Category deleted',
      ),
  );
  const subcategoryColumns = catalogueColumns<Subcategory>(
    [
      { header: 'Category', cell: (row) => row.category.name },
      { header: 'Products', width: 100, cell: (row) => row.total_products },
    ],
    subcategory.edit,
    (row) =>
      void askToDelete(
        `subcategory '${row.name}'`,
        () => api.subcategories.remove({ id: row._id }),
        'Subcategory deleted',
      ),
  );

  return (
    <Stack gap="md">
      <SegmentedControl
        hiddenFrom="md"
        fullWidth
        aria-label="Show"
        value={half}
        onChange={(value) => setHalf(value as Half)}
        data={[
          { value: 'all', label: 'All' },
          { value: 'categories', label: 'Categories' },
          { value: 'subcategories', label: 'Subcategories' },
        ]}
      />
      <Grid gutter="md" align="flex-start">
        <CatalogueHalf
          shown={half !== 'subcategories'}
          formRef={categoryForm}
          form={
            <CategoryForm
              key={category.editing?._id ?? 'new'}
              editing={category.editing}
              onDone={category.done}
              nameRef={categoryName}
            />
          }
          caption="Categories"
          items={categories}
          matching={matchingCategories}
          columns={categoryColumns}
          empty={{ title: 'No categories', hint: 'Add the first category with the form above.' }}
        />
        <CatalogueHalf
          shown={half !== 'categories'}
          formRef={subcategoryForm}
          form={
            <SubcategoryForm
              key={subcategory.editing?._id ?? 'new'}
              editing={subcategory.editing}
              onDone={subcategory.done}
              nameRef={subcategoryName}
            />
          }
          caption="Subcategories"
          items={subcategories}
          matching={matchingSubcategories}
          columns={subcategoryColumns}
          empty={{
            title: 'No subcategories',
            hint: 'Add one to a category with the form above.',
          }}
        />
      </Grid>
    </Stack>
  );
}
