import { subcategoryAddSchema, subcategoryUpdateSchema, type Subcategory } from '@dealdesk/core';
import { Select } from '@mantine/core';
import type { FormEvent, RefObject } from 'react';
import { validate } from '../../ui/form.js';
import { uploadOf } from '../../ui/upload.js';
import { CatalogueFormFrame } from './CatalogueFormFrame.js';
import { useCategories } from '../../app/catalogue.js';
import { useCatalogueForm } from './useCatalogueForm.js';

interface Draft {
  name: string;
  categoryId: string;
  image: File | null;
}

const blank: Draft = { name: '', categoryId: '', image: null };

/**
 * Adds a subcategory to a category, or edits the one the pencil chose: the image is required
 * to add and optional to update.
 */
export function SubcategoryForm({
  editing,
  onDone,
  nameRef,
}: {
  editing: Subcategory | null;
  onDone: () => void;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const categories = useCategories();
  const form = useCatalogueForm<Draft>(
    blank,
    editing === null
      ? blank
      : { name: editing.name, categoryId: editing.category._id, image: null },
    onDone,
    `subcategory:${editing?._id ?? 'new'}`,
  );
  const { draft, set, errors, setErrors, save } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name: draft.name,
      categoryId: draft.categoryId,
      image: draft.image ?? undefined,
    };
    if (editing === null) {
      const verdict = validate(subcategoryAddSchema, fields);
      if (!verdict.ok) return setErrors(verdict.errors);
      const { image } = draft;
      // Already refused by the schema; this only tells TypeScript.
      if (image === null) return;
      const { name, categoryId } = verdict.data;
      save.mutate({
        send: (client) => client.subcategories.add({ name, categoryId, image: uploadOf(image) }),
        success: 'Subcategory added',
      });
      return;
    }
    const verdict = validate(subcategoryUpdateSchema, { id: editing._id, ...fields });
    if (!verdict.ok) return setErrors(verdict.errors);
    const { name, categoryId } = verdict.data;
    save.mutate({
      send: (client) =>
        client.subcategories.edit({
          id: editing._id,
          name,
          categoryId,
          ...(draft.image === null ? {} : { image: uploadOf(draft.image) }),
        }),
      success: 'Subcategory updated',
    });
  };

  return (
    <CatalogueFormFrame
      what="Subcategory"
      editing={editing}
      form={form}
      nameRef={nameRef}
      mainImageWords="image"
      keepImagesNote="Leave the image empty to keep the current one."
      onSubmit={submit}
      leading={
        <Select
          label="Category"
          required
          searchable
          placeholder="Select a category"
          data={(categories.data ?? []).map(({ _id, name }) => ({ value: _id, label: name }))}
          value={draft.categoryId === '' ? null : draft.categoryId}
          onChange={(value) => set('categoryId', value ?? '')}
          error={errors.categoryId}
        />
      }
    />
  );
}
