import { textLimits } from '@dealdesk/core';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { FormEvent, ReactNode, RefObject } from 'react';
import type { FieldErrors } from '../../ui/form.js';
import { DraftNotice, type DraftOffer } from '../../ui/useUnsavedChanges.js';
import { CatalogueImageField } from './CatalogueImageField.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

/** What the frame reads and sets of useCatalogueForm's state: the name and the main image. */
export interface CatalogueFormState {
  draft: { name: string; image: File | null };
  errors: FieldErrors;
  set: { (key: 'name', value: string): void; (key: 'image', value: File | null): void };
  slotKey: number;
  reset: () => void;
  save: { isPending: boolean };
  kept: DraftOffer | null;
}

/**
 * The form both catalogue halves share: 'Add <what>' or 'Edit <name>', the name and the main
 * image (the form's own fields before and after them), and while editing a note that empty
 * images are kept, Cancel and Update.
 */
export function CatalogueFormFrame({
  what,
  editing,
  form,
  nameRef,
  mainImageWords,
  keepImagesNote,
  onSubmit,
  leading,
  children,
}: {
  what: 'Category' | 'Subcategory';
  editing: { name: string; main_image: string } | null;
  form: CatalogueFormState;
  /** The name field, which the pencil focuses. */
  nameRef: RefObject<HTMLInputElement | null>;
  /** How the current main image is named while editing: 'Current <words> of <name>'. */
  mainImageWords: string;
  keepImagesNote: string;
  onSubmit: (event: FormEvent) => void;
  leading?: ReactNode;
  children?: ReactNode;
}) {
  const { draft, errors, set, slotKey, reset, save, kept } = form;
  return (
    <WritesFieldset>
      <Paper
        p="md"
        component="form"
        onSubmit={onSubmit}
        noValidate
        aria-label={editing === null ? `Add ${what}` : `Edit ${what}`}
      >
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {editing === null ? `Add ${what}` : `Edit ${editing.name}`}
          </Title>
          <DraftNotice offer={kept} />
          {leading}
          <TextInput
            ref={nameRef}
            label={`${what} name`}
            maxLength={textLimits.name}
            required
            value={draft.name}
            error={errors.name}
            onChange={(event) => set('name', event.currentTarget.value)}
          />
          <CatalogueImageField
            key={`image-${slotKey}`}
            label="Main image"
            file={draft.image}
            onFile={(file) => set('image', file)}
            error={errors.image}
            current={
              editing === null
                ? undefined
                : {
                    image: editing.main_image,
                    label: `Current ${mainImageWords} of ${editing.name}`,
                  }
            }
          />
          {children}
          {editing === null ? null : (
            <Text size="xs" c="dimmed">
              {keepImagesNote}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            {editing === null ? null : (
              <Button variant="default" onClick={reset} disabled={save.isPending}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={save.isPending}>
              {editing === null ? `Add ${what}` : 'Update'}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </WritesFieldset>
  );
}
