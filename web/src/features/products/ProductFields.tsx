import { productEvents, productMessages, type ProductEvent, textLimits } from '@dealdesk/core';
import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldErrors } from '../../ui/form.js';
import { markOf } from '../../ui/validation.js';
import { CategoryFields } from './CategoryFields.js';
import type { ProductFormValues } from './product-form.js';

interface ProductForm {
  values: ProductFormValues;
  errors: FieldErrors;
  set: <Key extends keyof ProductFormValues>(key: Key, value: ProductFormValues[Key]) => void;
}

/**
 * The product's own fields, shared by Add Product and the detail edit. Price starts at 0 and
 * the original price at the price; blank required fields are only marked (the form says
 * 'All required fields must be filled' once).
 */
export function ProductFields({ form, sizes }: { form: ProductForm; sizes: ReactNode }) {
  const { values, errors, set } = form;
  const mark = (field: string) => markOf(errors[field], productMessages.required);
  const text = (
    key: 'title' | 'rating' | 'ratingsAndReviews' | 'deliveryInfo' | 'og_url' | 'btn_url',
  ) => ({
    value: values[key],
    error: mark(key),
    onChange: (event: { currentTarget: { value: string } }) => set(key, event.currentTarget.value),
  });
  const price = typeof values.price === 'number' ? values.price : 0;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput
        label="Title"
        maxLength={textLimits.productTitle}
        required
        {...text('title')}
        style={{ gridColumn: '1 / -1' }}
      />
      <NumberInput
        label="Price"
        required
        min={0}
        decimalScale={2}
        value={values.price}
        error={mark('price')}
        onChange={(value) => set('price', value)}
      />
      <NumberInput
        label="Original price"
        description="The price before discount, at least the price"
        required
        min={price}
        decimalScale={2}
        value={values.og_price}
        error={mark('og_price')}
        onChange={(value) => set('og_price', value)}
      />
      <TextInput
        label="Rating"
        maxLength={textLimits.shortText}
        placeholder="0"
        {...text('rating')}
      />
      <TextInput
        label="Ratings and reviews"
        maxLength={textLimits.shortText}
        placeholder="0 Ratings, 0 Reviews"
        {...text('ratingsAndReviews')}
      />
      <TextInput
        label="Delivery info"
        maxLength={textLimits.shortText}
        placeholder="Standard Delivery"
        {...text('deliveryInfo')}
      />
      <Select
        label="Event"
        required
        placeholder="Select an event"
        data={[...productEvents]}
        value={values.events === '' ? null : values.events}
        onChange={(value) => set('events', (value ?? '') as ProductEvent | '')}
        error={mark('events')}
      />
      <TextInput
        label="Original URL"
        maxLength={textLimits.url}
        required
        type="url"
        placeholder="https://..."
        {...text('og_url')}
      />
      <TextInput
        label="Button URL"
        maxLength={textLimits.url}
        description="Where the app's button leads; the original URL when left blank"
        type="url"
        placeholder="https://..."
        {...text('btn_url')}
      />
      <CategoryFields
        category={values.category}
        subcategory={values.subcategory}
        onChange={({ category, subcategory }) => {
          set('category', category);
          set('subcategory', subcategory);
        }}
        errors={{ category: mark('category'), subcategory: mark('subcategory') }}
      />
      <div style={{ gridColumn: '1 / -1' }}>{sizes}</div>
    </SimpleGrid>
  );
}
