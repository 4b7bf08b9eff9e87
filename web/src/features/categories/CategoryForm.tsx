import { categoryAddSchema, categoryUpdateSchema, type Category } from '@dealdesk/core';
import type { FormEvent, RefObject } from 'react';
import { validate } from '../../ui/form.js';
import { uploadOf } from '../../ui/upload.js';
import { CatalogueFormFrame } from './CatalogueFormFrame.js';
import { CatalogueImageField } from './CatalogueImageField.js';
import { useCatalogueForm } from './useCatalogueForm.js';

interface Draft {
  name: string;
  image: File | null;
  bg_image: File | null;
}

const blank: Draft = { name: '', image: null, bg_image: null };

/**
 * Adds a category, or edits the one the pencil chose (editing is then set): images are
 * required to add and optional to update. Update or Cancel return to adding.
 */
export function CategoryForm({
  editing,
  onDone,
  nameRef,
}: {
  editing: Category | null;
  onDone: () => void;
  /** The name field, which the pencil focuses. */
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const form = useCatalogueForm<Draft>(
    blank,
    { ...blank, name: editing?.name ?? '' },
    onDone,
    `category:${editing?._id ?? 'new'}`,
  );
  const { draft, set, errors, setErrors, slotKey, save } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const files = {
      image: draft.image ?? undefined,
      bg_image: draft.bg_image ?? undefined,
    };
    if (editing === null) {
      const verdict = validate(categoryAddSchema, { name: draft.name, ...files });
      if (!verdict.ok) return setErrors(verdict.errors);
      const { image, bg_image } = draft;
      // Already refused by the schema; this only tells TypeScript.
      if (image === null || bg_image === null) return;
      const { name } = verdict.data;
      save.mutate({
        send: (client) =>
          client.categories.add({ name, image: uploadOf(image), bg_image: uploadOf(bg_image) }),
        success: 'Category added',
      });
      return;
    }
    const verdict = validate(categoryUpdateSchema, { id: editing._id, name: draft.name, ...files });
    if (!verdict.ok) return setErrors(verdict.errors);
    save.mutate({
      send: (client) =>
        client.categories.edit({
          id: editing._id,
          name: verdict.data.name,
          ...(draft.image === null ? {} : { image: uploadOf(draft.image) }),
          ...(draft.bg_image === null ? {} : { bg_image: uploadOf(draft.bg_image) }),
        }),
      success: 'Category updated',
    });
  };

  return (
    <CatalogueFormFrame
      what="Category"
      editing={editing}
      form={form}
      nameRef={nameRef}
      mainImageWords="main image"
      keepImagesNote="Leave an image empty to keep the current one."
      onSubmit={submit}
    >
      <CatalogueImageField
        key={`bg-${slotKey}`}
        label="Background image"
        file={draft.bg_image}
        onFile={(file) => set('bg_image', file)}
        error={errors.bg_image}
        current={
          editing === null
            ? undefined
            : { image: editing.bg_image, label: `Current background image of ${editing.name}` }
        }
      />
    </CatalogueFormFrame>
  );
}
