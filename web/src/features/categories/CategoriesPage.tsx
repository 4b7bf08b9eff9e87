import type { Category, Subcategory } from '@dealdesk/core';
import {
  ActionIcon,
  Grid,
  Group,
  SegmentedControl,
  Stack,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconSearch, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode, type RefObject } from 'react';
import { api } from '../../app/api.js';
import { confirmWithCaptcha } from '../../ui/captcha.js';
import { DataTable, type Column } from '../../ui/DataTable.js';
import { toastSuccess } from '../../ui/notify.js';
import { unwrapOr } from '../products/answers.js';
import { CategoryForm } from './CategoryForm.js';
import { MediaThumb } from '../stories/MediaThumb.js';
import { categoryFailure, categoryWrongAnswer } from './messages.js';
import { refreshCatalogue, useCategories, useSubcategories } from './queries.js';
import { matchingCategories, matchingSubcategories } from './search.js';
import { SubcategoryForm } from './SubcategoryForm.js';

type Half = 'all' | 'categories' | 'subcategories';

/** Deletes one category or subcategory after the catalogue's captcha. */
function useCatalogueDelete() {
  const queryClient = useQueryClient();
  const remove = useMutation({
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

function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
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

function HalfColumn({ shown, children }: { shown: boolean; children: ReactNode }) {
  return (
    <Grid.Col span={{ base: 12, md: 6 }} display={{ base: shown ? 'block' : 'none', md: 'block' }}>
      <Stack gap="md">{children}</Stack>
    </Grid.Col>
  );
}

/** /add/Product/category: categories and subcategories, each with its form and its list. */
export function CategoriesPage() {
  const categories = useCategories();
  const subcategories = useSubcategories();
  const askToDelete = useCatalogueDelete();
  const [half, setHalf] = useState<Half>('all');
  const [categorySearch, setCategorySearch] = useState('');
  const [subcategorySearch, setSubcategorySearch] = useState('');
  const categoryForm = useRef<HTMLDivElement>(null);
  const categoryName = useRef<HTMLInputElement>(null);
  const subcategoryForm = useRef<HTMLDivElement>(null);
  const subcategoryName = useRef<HTMLInputElement>(null);
  const category = useEditTarget<Category>(categoryForm, categoryName);
  const subcategory = useEditTarget<Subcategory>(subcategoryForm, subcategoryName);

  const categoryColumns: Column<Category>[] = [
    {
      header: 'Image',
      width: 64,
      cell: (row) => <MediaThumb image={row.main_image} label={row.name} />,
    },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Subcategories', width: 120, cell: (row) => row.total_sub },
    { header: 'Products', width: 100, cell: (row) => row.total_products },
    {
      header: 'Actions',
      width: 96,
      cell: (row) => (
        <RowActions
          name={row.name}
          onEdit={() => category.edit(row)}
          onDelete={() =>
            void askToDelete(
              `the category ${row.name}`,
              () => api.categories.remove(row._id),
              'Category deleted',
            )
          }
        />
      ),
    },
  ];
  const subcategoryColumns: Column<Subcategory>[] = [
    {
      header: 'Image',
      width: 64,
      cell: (row) => <MediaThumb image={row.main_image} label={row.name} />,
    },
    { header: 'Name', cell: (row) => row.name },
    { header: 'Category', cell: (row) => row.category.name },
    { header: 'Products', width: 100, cell: (row) => row.total_products },
    {
      header: 'Actions',
      width: 96,
      cell: (row) => (
        <RowActions
          name={row.name}
          onEdit={() => subcategory.edit(row)}
          onDelete={() =>
            void askToDelete(
              `the subcategory ${row.name}`,
              () => api.subcategories.remove(row._id),
              'Subcategory deleted',
            )
          }
        />
      ),
    },
  ];

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
        <HalfColumn shown={half !== 'subcategories'}>
          <div ref={categoryForm} style={{ scrollMarginTop: 80 }}>
            <CategoryForm
              key={category.editing?._id ?? 'new'}
              editing={category.editing}
              onDone={category.done}
              nameRef={categoryName}
            />
          </div>
          <DataTable
            caption="Categories"
            rows={
              categories.data === undefined
                ? undefined
                : matchingCategories(categories.data, categorySearch)
            }
            columns={categoryColumns}
            loading={categories.isPending}
            empty={{ title: 'No categories', hint: 'Add the first category with the form above.' }}
            rowLabel={(row) => row.name}
            toolbar={
              <SearchBox
                label="Search categories"
                value={categorySearch}
                onChange={setCategorySearch}
              />
            }
          />
        </HalfColumn>
        <HalfColumn shown={half !== 'categories'}>
          <div ref={subcategoryForm} style={{ scrollMarginTop: 80 }}>
            <SubcategoryForm
              key={subcategory.editing?._id ?? 'new'}
              editing={subcategory.editing}
              onDone={subcategory.done}
              nameRef={subcategoryName}
            />
          </div>
          <DataTable
            caption="Subcategories"
            rows={
              subcategories.data === undefined
                ? undefined
                : matchingSubcategories(subcategories.data, subcategorySearch)
            }
            columns={subcategoryColumns}
            loading={subcategories.isPending}
            empty={{
              title: 'No subcategories',
              hint: 'Add one to a category with the form above.',
            }}
            rowLabel={(row) => row.name}
            toolbar={
              <SearchBox
                label="Search subcategories"
                value={subcategorySearch}
                onChange={setSubcategorySearch}
              />
            }
          />
        </HalfColumn>
      </Grid>
    </Stack>
  );
}
