import { textLimits } from '@dealdesk/core';
import {
  Button,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../app/paths.js';
import { FormRefusal } from '../../ui/FormRefusal.js';
import { shownInForm, useFormState } from '../../ui/form.js';
import { toastSuccess } from '../../ui/notify.js';
import { Page } from '../../ui/Page.js';
import { DraftNotice, useUnsavedChanges } from '../../ui/useUnsavedChanges.js';
import {
  privacyPolicy,
  termsAndConditions,
  type LegalDocument,
  type LegalText,
} from './documents.js';
import { RichText } from './RichText.js';
import { legalTextQuery } from './queries.js';
import { useAction } from '../../ui/mutations.js';
import { WritesFieldset } from '../../ui/WritesFieldset.js';

function LegalTextEditor({ document, saved }: { document: LegalDocument; saved: LegalText }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const form = useFormState<LegalText>(saved);
  const draft = useUnsavedChanges(
    `policy:${document.kind}`,
    form.values,
    editing && form.dirty,
    (kept) => {
      form.setValues(kept);
      setEditing(true);
    },
  );
  const save = useAction({
    mutationFn: document.save,
    onSuccess: (message, text) => {
      toastSuccess(message);
      queryClient.setQueryData(legalTextQuery(document).queryKey, text);
      setEditing(false);
    },
    onError: (error) => form.refused(error),
    meta: shownInForm,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = document.check(form.values);
    if (errors === null) save.mutate(form.values);
    else form.setErrors(errors);
  };
  const edit = () => {
    form.reset(saved);
    setEditing(true);
  };

  return (
    <WritesFieldset>
      <Paper p={{ base: 'md', sm: 'xl' }} component="form" onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormRefusal message={form.refusal} />
          <DraftNotice offer={draft} />
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz="h3">
              {document.heading}
            </Title>
            <Group gap="xs" wrap="nowrap">
              {editing ? (
                <>
                  <Button
                    variant="default"
                    onClick={() => setEditing(false)}
                    disabled={save.isPending}
                  >
                    Cancel
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    Save
                  </Button>
                </>
              ) : (
                <Button onClick={edit}>Edit</Button>
              )}
            </Group>
          </Group>
          {editing ? (
            <>
              <TextInput
                label="Title"
                maxLength={textLimits.name}
                required
                {...form.textField('title')}
              />
              <Textarea
                label="Text"
                maxLength={textLimits.policyText}
                description="Line breaks are kept. Basic HTML formatting (paragraphs, lists, bold, links) is shown as formatting."
                required
                autosize
                minRows={12}
                maxRows={40}
                {...form.textField('description')}
              />
            </>
          ) : (
            <article aria-label={document.heading}>
              {saved.title === '' && saved.description === '' ? (
                <Text c="dimmed">
                  Nothing written yet. Choose Edit to write the {document.heading}.
                </Text>
              ) : (
                <Stack gap="sm">
                  <Title order={3} fz="h4">
                    {saved.title}
                  </Title>
                  <RichText text={saved.description} />
                </Stack>
              )}
            </article>
          )}
        </Stack>
      </Paper>
    </WritesFieldset>
  );
}

const documents: Record<LegalDocument['kind'], { path: string; document: LegalDocument }> = {
  policy: { path: paths.policy, document: privacyPolicy },
  terms: { path: paths.terms, document: termsAndConditions },
};

/** /site/policy and /site/policy/terms: read the text, Edit, then Save. */
export function PolicyPage({ kind }: { kind: LegalDocument['kind'] }) {
  const navigate = useNavigate();
  const { document } = documents[kind];
  const text = useQuery(legalTextQuery(document));
  return (
    <Page title="Policy" description="The texts the app shows as its privacy policy and its terms.">
      <SegmentedControl
        value={kind}
        onChange={(value) => void navigate(documents[value as LegalDocument['kind']].path)}
        data={Object.entries(documents).map(([value, { document }]) => ({
          value,
          label: document.heading,
        }))}
        aria-label="Policy texts"
        style={{ alignSelf: 'flex-start' }}
      />
      {text.data === undefined ? (
        <Skeleton h={320} radius="md" aria-label={`Loading ${document.heading}`} />
      ) : (
        <LegalTextEditor
          key={`${kind}:${text.dataUpdatedAt}`}
          document={document}
          saved={text.data}
        />
      )}
    </Page>
  );
}
