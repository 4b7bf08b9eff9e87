import {
  categoryImageRule,
  subcategoryAddSchema,
  subcategoryUpdateSchema,
  type Subcategory,
} from '@dealdesk/core';
import { Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent, RefObject } from 'react';
import { api } from '../../app/api.js';
import { validate } from '../../ui/form.js';
import { uploadOf } from '../../ui/upload.js';
import { UploadField } from '../../ui/UploadField.js';
import { MediaThumb } from '../stories/MediaThumb.js';
import { useCategories } from './queries.js';
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
  const { draft, set, errors, setErrors, slotKey, reset, save } = useCatalogueForm<Draft>(
    blank,
    editing === null
      ? blank
      : { name: editing.name, categoryId: editing.category._id, image: null },
    onDone,
  );

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
        send: () => api.subcategories.add({ name, categoryId, image: uploadOf(image) }),
        success: 'Subcategory added',
      });
      return;
    }
    const verdict = validate(subcategoryUpdateSchema, { id: editing._id, ...fields });
    if (!verdict.ok) return setErrors(verdict.errors);
    const { name, categoryId } = verdict.data;
    save.mutate({
      send: () =>
        api.subcategories.edit({
          id: editing._id,
          name,
          categoryId,
          ...(draft.image === null ? {} : { image: uploadOf(draft.image) }),
        }),
      success: 'Subcategory updated',
    });
  };

  return (
    <Paper
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={editing === null ? 'Add Subcategory' : 'Edit Subcategory'}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {editing === null ? 'Add Subcategory' : `Edit ${editing.name}`}
        </Title>
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
        <TextInput
          ref={nameRef}
          label="Subcategory name"
          required
          value={draft.name}
          error={errors.name}
          onChange={(event) => set('name', event.currentTarget.value)}
        />
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <UploadField
              key={`image-${slotKey}`}
              label="Main image"
              rule={categoryImageRule}
              file={draft.image}
              onFile={(file) => set('image', file)}
              required={editing === null}
              error={errors.image}
              description="PNG, GIF, JPG or JPEG, at most 1 MB"
            />
          </div>
          {editing === null ? null : (
            <MediaThumb image={editing.main_image} label={`Current image of ${editing.name}`} />
          )}
        </Group>
        {editing === null ? null : (
          <Text size="xs" c="dimmed">
            Leave the image empty to keep the current one.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {editing === null ? null : (
            <Button variant="default" onClick={reset} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {editing === null ? 'Add Subcategory' : 'Update'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
