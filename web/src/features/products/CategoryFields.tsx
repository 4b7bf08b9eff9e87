import { productMessages } from '@dealdesk/core';
import { Select } from '@mantine/core';
import { useCategories, useSubcategoriesOf } from '../../app/catalogue.js';

/**
 * Category, then subcategory: the subcategory stays disabled until a category is chosen and
 * lists only that category's subcategories; changing the category clears it.
 */
export function CategoryFields({
  category,
  subcategory,
  onChange,
  errors = {},
}: {
  category: string;
  subcategory: string;
  onChange: (choice: { category: string; subcategory: string }) => void;
  errors?: { category?: string | boolean; subcategory?: string | boolean };
}) {
  const categories = useCategories();
  const subcategories = useSubcategoriesOf(category);
  return (
    <>
      <Select
        label="Category"
        required
        searchable
        placeholder="Select a category"
        nothingFoundMessage="No category matches"
        data={(categories.data ?? []).map(({ _id, name }) => ({ value: _id, label: name }))}
        value={category === '' ? null : category}
        onChange={(value) => onChange({ category: value ?? '', subcategory: '' })}
        error={errors.category}
      />
      <Select
        label="Subcategory"
        required
        searchable
        disabled={category === ''}
        placeholder={category === '' ? productMessages.selectCategoryFirst : 'Select a subcategory'}
        nothingFoundMessage="This category has no subcategory yet"
        data={(subcategories.data ?? []).map(({ _id, name }) => ({ value: _id, label: name }))}
        value={subcategory === '' ? null : subcategory}
        onChange={(value) => onChange({ category, subcategory: value ?? '' })}
        error={errors.subcategory}
      />
    </>
  );
}
