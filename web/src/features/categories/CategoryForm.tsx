import {
  categoryAddSchema,
  categoryImageRule,
  categoryUpdateSchema,
  type Category,
} from '@dealdesk/core';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent, RefObject } from 'react';
import { api } from '../../app/api.js';
import { validate } from '../../ui/form.js';
import { UploadField } from '../../ui/UploadField.js';
import { uploadOf } from '../../ui/upload.js';
import { MediaThumb } from '../stories/MediaThumb.js';
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
  const { draft, set, errors, setErrors, slotKey, reset, save } = useCatalogueForm<Draft>(
    blank,
    { ...blank, name: editing?.name ?? '' },
    onDone,
  );

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
        send: () =>
          api.categories.add({ name, image: uploadOf(image), bg_image: uploadOf(bg_image) }),
        success: 'Category added',
      });
      return;
    }
    const verdict = validate(categoryUpdateSchema, { id: editing._id, name: draft.name, ...files });
    if (!verdict.ok) return setErrors(verdict.errors);
    save.mutate({
      send: () =>
        api.categories.edit({
          id: editing._id,
          name: verdict.data.name,
          ...(draft.image === null ? {} : { image: uploadOf(draft.image) }),
          ...(draft.bg_image === null ? {} : { bg_image: uploadOf(draft.bg_image) }),
        }),
      success: 'Category updated',
    });
  };

  return (
    <Paper
      p="md"
      component="form"
      onSubmit={submit}
      noValidate
      aria-label={editing === null ? 'Add Category' : 'Edit Category'}
    >
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {editing === null ? 'Add Category' : `Edit ${editing.name}`}
        </Title>
        <TextInput
          ref={nameRef}
          label="Category name"
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
            <MediaThumb
              image={editing.main_image}
              label={`Current main image of ${editing.name}`}
            />
          )}
        </Group>
        <Group align="flex-end" gap="sm" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <UploadField
              key={`bg-${slotKey}`}
              label="Background image"
              rule={categoryImageRule}
              file={draft.bg_image}
              onFile={(file) => set('bg_image', file)}
              required={editing === null}
              error={errors.bg_image}
              description="PNG, GIF, JPG or JPEG, at most 1 MB"
            />
          </div>
          {editing === null ? null : (
            <MediaThumb
              image={editing.bg_image}
              label={`Current background image of ${editing.name}`}
            />
          )}
        </Group>
        {editing === null ? null : (
          <Text size="xs" c="dimmed">
            Leave an image empty to keep the current one.
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          {editing === null ? null : (
            <Button variant="default" onClick={reset} disabled={save.isPending}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {editing === null ? 'Add Category' : 'Update'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
