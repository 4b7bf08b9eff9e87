import { productEvents, type ProductEvent } from '@dealdesk/core';
import { Button, Collapse, Group, MultiSelect, Paper, SimpleGrid, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconFilter } from '@tabler/icons-react';
import { useCategories, useSubcategories } from '../../app/catalogue.js';
import { FilterChip } from './FilterChip.js';

export interface ProductFilter {
  categories: string[];
  subCategories: string[];
  events: ProductEvent[];
}

const noFilter: ProductFilter = { categories: [], subCategories: [], events: [] };

/**
 * The filter panel of the product list: categories, subcategories (those of the chosen
 * categories, or all) and events, with a removable chip for each active filter.
 */
export function ProductFilters({
  value,
  onChange,
}: {
  value: ProductFilter;
  onChange: (filter: ProductFilter) => void;
}) {
  const [opened, panel] = useDisclosure(false);
  const categories = useCategories();
  const subcategories = useSubcategories();
  const categoryName = new Map((categories.data ?? []).map(({ _id, name }) => [_id, name]));
  const subcategoryName = new Map((subcategories.data ?? []).map(({ _id, name }) => [_id, name]));
  const offered = (subcategories.data ?? []).filter(
    (subcategory) =>
      value.categories.length === 0 || value.categories.includes(subcategory.category._id),
  );

  const chooseCategories = (chosen: string[]) => {
    // Subcategories of categories no longer chosen go with them.
    const stillOffered = new Set(
      (subcategories.data ?? [])
        .filter((subcategory) => chosen.length === 0 || chosen.includes(subcategory.category._id))
        .map(({ _id }) => _id),
    );
    onChange({
      ...value,
      categories: chosen,
      subCategories: value.subCategories.filter((id) => stillOffered.has(id)),
    });
  };
  const chips = [
    ...value.categories.map((id) => ({
      key: `c-${id}`,
      label: `Category: ${categoryName.get(id) ?? id}`,
      remove: () => chooseCategories(value.categories.filter((other) => other !== id)),
    })),
    ...value.subCategories.map((id) => ({
      key: `s-${id}`,
      label: `Subcategory: ${subcategoryName.get(id) ?? id}`,
      remove: () =>
        onChange({ ...value, subCategories: value.subCategories.filter((other) => other !== id) }),
    })),
    ...value.events.map((event) => ({
      key: `e-${event}`,
      label: `Event: ${event}`,
      remove: () => onChange({ ...value, events: value.events.filter((other) => other !== event) }),
    })),
  ];

  return (
    <Paper p="sm">
      <Group justify="space-between" gap="xs">
        <Button
          variant={opened ? 'light' : 'default'}
          leftSection={<IconFilter size={16} aria-hidden />}
          onClick={panel.toggle}
          aria-expanded={opened}
        >
          Filters{chips.length === 0 ? '' : ` (${chips.length})`}
        </Button>
        {chips.length === 0 ? (
          <Text size="sm" c="dimmed">
            No filter: every product
          </Text>
        ) : (
          <Button variant="subtle" size="xs" onClick={() => onChange(noFilter)}>
            Clear filters
          </Button>
        )}
      </Group>
      <Collapse in={opened}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          <MultiSelect
            label="Categories"
            placeholder="Any category"
            searchable
            clearable
            data={(categories.data ?? []).map(({ _id, name }) => ({ value: _id, label: name }))}
            value={value.categories}
            onChange={chooseCategories}
          />
          <MultiSelect
            label="Subcategories"
            placeholder="Any subcategory"
            searchable
            clearable
            data={offered.map(({ _id, name, category }) => ({
              value: _id,
              label: `${name} (${category.name})`,
            }))}
            value={value.subCategories}
            onChange={(chosen) => onChange({ ...value, subCategories: chosen })}
          />
          <MultiSelect
            label="Events"
            placeholder="Any event"
            clearable
            data={[...productEvents]}
            value={value.events}
            onChange={(chosen) => onChange({ ...value, events: chosen as ProductEvent[] })}
          />
        </SimpleGrid>
      </Collapse>
      {chips.length === 0 ? null : (
        <Group gap={6} mt="sm" aria-label="Active filters" role="group">
          {chips.map((chip) => (
            <FilterChip key={chip.key} label={chip.label} onRemove={chip.remove} />
          ))}
        </Group>
      )}
    </Paper>
  );
}
